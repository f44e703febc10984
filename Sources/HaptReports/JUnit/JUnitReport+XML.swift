import HaptCharts

extension JUnitReport {
  /// The report as an XML 1.0 document (UTF-8, `\n` line ends).
  ///
  /// All names, messages and details are escaped; characters XML 1.0 forbids (most C0
  /// controls, such as an ANSI escape) are replaced with U+FFFD, so the file always parses.
  /// Times are written in seconds with three decimals.
  package var xmlText: String {
    let all = suites.flatMap(\.cases)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<testsuites"
      + attributes([
        ("name", name), ("tests", String(all.count)),
        ("failures", String(suites.reduce(0) { $0 + $1.failures })),
        ("errors", String(suites.reduce(0) { $0 + $1.errors })),
        ("skipped", String(suites.reduce(0) { $0 + $1.skipped })),
        ("time", JUnitReport.seconds(suites.reduce(0) { $0 + $1.time_s })),
      ]) + ">\n"
    for suite in suites {
      out +=
        "  <testsuite"
        + attributes([
          ("name", suite.name), ("tests", String(suite.cases.count)),
          ("failures", String(suite.failures)), ("errors", String(suite.errors)),
          ("skipped", String(suite.skipped)), ("time", JUnitReport.seconds(suite.time_s)),
        ]) + ">\n"
      if !suite.properties.isEmpty {
        out += "    <properties>\n"
        for property in suite.properties {
          out +=
            "      <property" + attributes([("name", property.name), ("value", property.value)]) + "/>\n"
        }
        out += "    </properties>\n"
      }
      for testCase in suite.cases {
        var caseAttributes = [
          ("classname", testCase.classname), ("name", testCase.name),
          ("time", JUnitReport.seconds(testCase.time_s)),
        ]
        if let file = testCase.file { caseAttributes.append(("file", file)) }
        out += "    <testcase" + attributes(caseAttributes)
        let body = caseBody(testCase)
        out += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  private func caseBody(_ testCase: JUnitCase) -> String {
    var out = ""
    switch testCase.outcome {
    case .passed: break
    case .failed(let message, let details, let type):
      out += "      <failure" + attributes([("message", message), ("type", type)])
      out += details.isEmpty ? "/>\n" : ">" + MarkupEscaping.text(details) + "</failure>\n"
    case .error(let message, let details, let type):
      out += "      <error" + attributes([("message", message), ("type", type)])
      out += details.isEmpty ? "/>\n" : ">" + MarkupEscaping.text(details) + "</error>\n"
    case .skipped(let message):
      out += "      <skipped" + attributes([("message", message)]) + "/>\n"
    }
    if let systemOut = testCase.systemOut {
      out += "      <system-out>" + MarkupEscaping.text(systemOut) + "</system-out>\n"
    }
    return out
  }

  private func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(MarkupEscaping.attribute($0.1))\"" }.joined()
  }

  /// Seconds with three decimals; 0 for negative or non-finite durations.
  static func seconds(_ value: Double) -> String {
    CSVCell.fixed(value.isFinite ? max(value, 0) : 0, decimals: 3)
  }
}
