import HaptBaselines
import HaptAndroid

/// JUnit XML for `hapt baseline check`: one test case per pattern and device
/// (its states inside), failed when any state changed past tolerance.
package enum BaselineJUnit {
  package static func report(_ result: BaselineCheckResult) -> JUnitReport {
    var order: [String] = []
    var groups: [String: [BaselineComparison]] = [:]
    for c in result.comparisons {
      let key = "\(c.device)\u{0}\(c.pattern)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(c)
    }
    var suites: [String: [JUnitCase]] = [:]
    var suiteOrder: [String] = []
    for key in order {
      let rows = groups[key] ?? []
      guard let first = rows.first else { continue }
      let details = rows.map {
        "\($0.state.rawValue): \($0.status.rawValue)" + ($0.summary.isEmpty ? "" : " (\($0.summary))")
      }
      .joined(separator: "\n")
      let failing = rows.filter { $0.status != .unchanged }
      let outcome: JUnitCase.Outcome =
        failing.isEmpty
        ? .passed
        : .failed(
          message: "\(first.pattern) on \(first.device): "
            + failing.map {
              "\($0.state.rawValue) \($0.status.rawValue)" + ($0.summary.isEmpty ? "" : ": \($0.summary)")
            }
            .joined(separator: "; "),
          details: details)
      let suite = "hapt.baseline.\(first.device)"
      if suites[suite] == nil { suiteOrder.append(suite) }
      suites[suite, default: []].append(
        JUnitCase(classname: suite, name: first.pattern, outcome: outcome, systemOut: details))
    }
    var all = suiteOrder.map { JUnitSuite(name: $0, cases: suites[$0] ?? []) }
    if !result.problems.isEmpty || !result.failures.isEmpty {
      let cases =
        result.problems.map { JUnitCase(classname: "hapt.baseline", name: "baseline", outcome: .error(message: $0)) }
        + result.failures.map {
          JUnitCase(classname: "hapt.baseline", name: $0.path, outcome: .error(message: $0.error.description))
        }
      all.insert(JUnitSuite(name: "hapt.baseline", cases: cases), at: 0)
    }
    return JUnitReport(name: "hapt baseline check", suites: all)
  }

  /// The XML text.
  package static func xml(_ result: BaselineCheckResult) -> String { report(result).xmlText }
}
