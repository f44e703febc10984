import Foundation
import HaptCore
import Testing

import HaptReports
import HaptCharts

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects elements and attributes from an XML document.
final class XMLCollector: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []
  var text = ""
  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append((name, attributes))
  }
  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  static func collect(_ xml: String) -> (ok: Bool, collector: XMLCollector) {
    let parser = XMLParser(data: Data(xml.utf8))
    let collector = XMLCollector()
    parser.delegate = collector
    let ok = parser.parse()
    return (ok, collector)
  }
}

@Suite struct JUnitReportTests {
  static func sample(message: String = "detect latency 83.6 ms > 70 ms") -> JUnitReport {
    JUnitReport(
      name: "hapt latency",
      suites: [
        JUnitSuite(
          name: "latency.iphone-15",
          cases: [
            JUnitCase(
              classname: "latency.iphone-15", name: "success/prepared", time_s: 0.012,
              systemOut: "detect_ms=12.4", file: "Corpora/system/success.ahap"),
            JUnitCase(
              classname: "latency.iphone-15", name: "warning/cold", time_s: 0.0131,
              outcome: .failed(message: message, details: "budget 70 ms\nmeasured 83.6 ms")),
            JUnitCase(
              classname: "latency.iphone-15", name: "broken/prepared",
              outcome: .error(message: "broken.ahap: Pattern[0]: expected an object")),
            JUnitCase(
              classname: "latency.iphone-15", name: "none/cold",
              outcome: .skipped(message: "device has no actuator")),
          ],
          properties: [JUnitProperty("device", "iphone-15")]),
        JUnitSuite(name: "empty", cases: []),
      ])
  }

  @Test func countsAndLayoutParse() throws {
    let (ok, collector) = XMLCollector.collect(Self.sample().xmlText)
    #expect(ok)
    let root = try #require(collector.elements.first)
    #expect(root.name == "testsuites")
    #expect(root.attributes["tests"] == "4")
    #expect(root.attributes["failures"] == "1")
    #expect(root.attributes["errors"] == "1")
    #expect(root.attributes["skipped"] == "1")
    #expect(root.attributes["time"] == "0.025")
    let suites = collector.elements.filter { $0.name == "testsuite" }
    #expect(suites.map { $0.attributes["name"] } == ["latency.iphone-15", "empty"])
    #expect(suites[0].attributes["tests"] == "4")
    let cases = collector.elements.filter { $0.name == "testcase" }
    #expect(
      cases.map { $0.attributes["name"] } == [
        "success/prepared", "warning/cold", "broken/prepared", "none/cold",
      ])
    #expect(
      cases.allSatisfy { $0.attributes["classname"] == "latency.iphone-15" && $0.attributes["time"] != nil })
    #expect(
      collector.elements.filter { $0.name == "failure" }.first?.attributes["message"]
        == "detect latency 83.6 ms > 70 ms")
    #expect(
      collector.elements.contains {
        $0.name == "skipped" && $0.attributes["message"] == "device has no actuator"
      })
    #expect(collector.text.contains("budget 70 ms\nmeasured 83.6 ms"))
    #expect(cases[0].attributes["file"] == "Corpora/system/success.ahap")
    #expect(cases[1].attributes["file"] == nil)
  }

  static let hostileMessages = [
    "<script>alert(1)</script> & \"quotes\" 'single'",
    "ANSI \u{1B}[31mred\u{1B}[0m and NUL \u{0} and bell \u{07}",
    "]]> end of CDATA",
    "line one\nline two\ttab",
    "\u{FFFE}\u{FFFF} non-characters",
  ]

  @Test(arguments: hostileMessages)
  func hostileTextParsesAndRoundTrips(message: String) throws {
    let report = Self.sample(message: message)
    let (ok, collector) = XMLCollector.collect(report.xmlText)
    #expect(ok, "\(report.xmlText)")
    let failure = try #require(collector.elements.first { $0.name == "failure" })
    let expected = String(
      String.UnicodeScalarView(
        message.unicodeScalars.map { MarkupEscaping.isAllowedInXML($0) ? $0 : "\u{FFFD}" }))
    #expect(failure.attributes["message"] == expected)
  }

  @Test func golden() {
    expectGolden(Self.sample().xmlText, named: "junit.xml")
  }
}
