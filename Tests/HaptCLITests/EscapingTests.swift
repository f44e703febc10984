import HaptTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Nothing let in (issue 6, part 4): text from input files (file names, metadata, keys,
/// waveform paths) reaches HTML, CSV and JUnit XML only as inert text; waveform paths
/// outside the pattern's folder are never followed; hapt writes only under `--out`.
@Suite(.tags(.endToEnd), .slow, .serialized) struct EscapingTests {
  static let script = "<script>document.title='pwned'</script>"
  static let image = "<img src=x onerror=\"document.title='pwned'\">"

  /// File name -> AHAP text. File names carry markup, quotes, commas and formula triggers.
  static func hostileCorpus() -> [(String, String)] {
    func pattern(
      description: String, extraKey: String = "x", waveform: String? = nil, intensity: Double = 0.8
    ) -> String {
      let quotedDescription = jsonString(description)
      var events = """
        {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \(intensity)}]}}
        """
      if let waveform {
        events +=
          ", {\"Event\": {\"Time\": 0.1, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \(jsonString(waveform))}}"
      }
      return """
        {"Version": 1, "Metadata": {"Description": \(quotedDescription), "Project": \(jsonString(script)), \(jsonString(extraKey)): \(jsonString(image))},
         \(jsonString(script)): 1, "Pattern": [\(events)]}
        """
    }
    return [
      ("=cmd.ahap", pattern(description: "\"=cmd|' /C calc'!A0", intensity: 0.9)),
      ("\(image).ahap", pattern(description: script, intensity: 0.5)),
      ("+plus, \"quoted\" name.ahap", pattern(description: "@SUM(1+1)*cmd|' /C calc'!A0", intensity: 0.7)),
      ("-minus.ahap", pattern(description: "-2+3+cmd|' /C calc'!A0", waveform: "../../etc/passwd", intensity: 0.6)),
      ("@at.ahap", pattern(description: "]]><evil/>&amp;", waveform: "/etc/passwd", intensity: 0.4)),
    ]
  }

  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Fails if `text` contains a live tag or attribute built from the hostile input.
  static func expectInertHTML(_ text: String, _ label: String) {
    for needle in ["<script>document", "<img src=x", "onerror=\"", "<evil", "<script>alert"] {
      #expect(!text.contains(needle), "\(label) contains \(needle)")
    }
  }

  @Test func hostileNamesAndMetadataAreInertInEveryOutput() throws {
    let scratch = try ScratchFolder("escaping")
    defer { scratch.remove() }
    for (name, text) in Self.hostileCorpus() { try scratch.write("corpus/\(name)", text) }
    let before = Set(scratch.listing())
    let tmpBefore = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
    let options = ["--device", "erm-phone", "--state", "prepared", "--set", "=cmd,-minus,@at"]
    let report = try HaptBinary.run(
      ["report", scratch.file("corpus"), "--out", scratch.file("out/report"), "--title", Self.script] + options,
      in: scratch.url, timeout_s: 120)
    #expect([0, 1, 65].contains(report.status), "\(report.stderr)")
    #expect(report.signal == nil)

    // HTML: no live markup from the input, but the text is there, escaped.
    let html = try String(contentsOfFile: scratch.file("out/report/index.html"), encoding: .utf8)
    Self.expectInertHTML(html, "index.html")
    #expect(html.contains("&lt;img src=x") || html.contains("&lt;img"), "the hostile file name is not shown")
    #expect(html.contains("=cmd"))
    // Every other text output of the report.
    for name in scratch.listing("out/report") where name.hasSuffix(".svg") || name.hasSuffix(".html") {
      Self.expectInertHTML(try String(contentsOfFile: scratch.file("out/report/\(name)"), encoding: .utf8), name)
    }
    // CSV: no cell begins with a formula trigger.
    for name in scratch.listing("out/report") where name.hasSuffix(".csv") {
      let csv = try String(contentsOfFile: scratch.file("out/report/\(name)"), encoding: .utf8)
      for cell in Self.cells(csv) where !Double(cell).isNotNil {
        if let first = cell.first, "=+-@\t\r".contains(first) {
          Issue.record("\(name): cell begins with a formula trigger: \(cell)")
        }
      }
      if name == "patterns.csv" {
        #expect(csv.contains("'=cmd") && csv.contains("'-minus") && csv.contains("'@at"))
      }
    }

    // Waveform paths outside the folder: flagged, never followed.
    let lint = try HaptInProcess.run(["lint", scratch.file("corpus"), "--format", "json"], in: scratch.url)
    #expect(lint.stdout.contains("../../etc/passwd") && lint.stdout.contains("/etc/passwd"))
    #expect(!lint.stdout.contains("root:x:0"))
    // Not even looked up: a followed "../../etc/passwd" would be reported missing.
    #expect(!lint.stdout.contains("not found"), "\(lint.stdout)")
    #expect(lint.stdout.contains("unsafe-waveform-path") || lint.stdout.contains("AHAP010"))
    #expect(!html.contains("root:x:0"))

    // JUnit XML from a baseline check: parses, and holds the text escaped.
    let record = try HaptInProcess.run(
      ["baseline", "record", scratch.file("corpus"), "--out", scratch.file("out/baseline")] + options.prefix(4),
      in: scratch.url)
    #expect([0, 65].contains(record.status), "\(record.stderr)")
    try scratch.write("corpus/=cmd.ahap", Self.hostileCorpus()[0].1.replacingOccurrences(of: "0.9", with: "0.2"))
    let junit = scratch.file("out/junit.xml")
    let check = try HaptInProcess.run(
      ["baseline", "check", scratch.file("corpus"), "--baseline", scratch.file("out/baseline"), "--junit", junit]
        + options.prefix(4), in: scratch.url)
    #expect([1, 65].contains(check.status), "\(check.stdout)\(check.stderr)")
    let xml = try Data(contentsOf: URL(fileURLWithPath: junit))
    let parser = XMLParser(data: xml)
    let collector = TextCollector()
    parser.delegate = collector
    #expect(parser.parse(), "JUnit XML does not parse: \(String(describing: parser.parserError))")
    #expect(collector.text.contains("=cmd") || collector.attributes.contains { $0.contains("=cmd") })
    #expect(
      collector.elements.allSatisfy {
        [
          "testsuites", "testsuite", "testcase", "failure", "error", "skipped", "system-out", "system-err",
          "properties", "property",
        ].contains($0)
      },
      "unexpected elements \(collector.elements)")

    // hapt wrote only under --out (and nowhere else in the temporary folder).
    let after = Set(scratch.listing())
    let outside = after.subtracting(before).filter { !$0.hasPrefix("out/") && $0 != "out" }
    #expect(outside.isEmpty, "written outside --out: \(outside.sorted())")
    let tmpAfter = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
    // Other processes share the temporary folder, so only hapt's own naming is checked there.
    let newInTmp = tmpAfter.subtracting(tmpBefore).filter { !$0.hasPrefix("hapt-") }
    #expect(
      !newInTmp.contains { $0.contains(".tmp-") || $0.hasSuffix(".csv") || $0.hasSuffix(".html") },
      "\(newInTmp.sorted())")

    try Self.checkInChromium(scratch.file("out/report/index.html"))
  }

  /// Opens the report in headless Chromium (if installed) and checks no script ran.
  static func checkInChromium(_ htmlPath: String) throws {
    let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
    guard let browser = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      print("escaping: Chromium check skipped: no chromium, chromium-browser or google-chrome installed")
      return
    }
    let profile = try ScratchFolder("chromium-profile")
    defer { profile.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--virtual-time-budget=2000",
      "--dump-dom", URL(fileURLWithPath: htmlPath).absoluteString,
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(dom.contains("<title>"), "Chromium dumped no DOM")
    #expect(!dom.contains("pwned</title>") && !dom.contains("<title>pwned"), "a script ran: the title changed")
    print("escaping: Chromium (\(browser)) ran the report; no script ran")
  }

  /// The cells of a CSV text (RFC 4180 quoting).
  static func cells(_ text: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var iterator = Array(text).makeIterator()
    var pending: Character? = nil
    while let c = pending ?? iterator.next() {
      pending = nil
      if quoted {
        if c == "\"" {
          if let next = iterator.next() {
            if next == "\"" { cell.append("\"") } else { quoted = false; pending = next }
          } else {
            quoted = false
          }
        } else {
          cell.append(c)
        }
      } else if c == "\"" && cell.isEmpty {
        quoted = true
      } else if c == "," || c == "\n" || c == "\r\n" {
        cells.append(cell)
        cell = ""
      } else {
        cell.append(c)
      }
    }
    if !cell.isEmpty { cells.append(cell) }
    return cells
  }
}

extension Optional {
  var isNotNil: Bool { self != nil }
}

/// Collects element names, attribute values and text of an XML document.
final class TextCollector: NSObject, XMLParserDelegate, @unchecked Sendable {
  var elements: Set<String> = []
  var attributes: [String] = []
  var text = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    elements.insert(elementName)
    attributes += attributeDict.values
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}
