import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// `--format xcode|github|sarif|markdown`: findings on their file, line and column, in
/// AHAP, `.haptic` and Android XML files whose places are known.
@Suite(.tags(.endToEnd), .slow) struct ReporterFormatTests {
  static let fixtures = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptPatternsTests/Fixtures").path
  static let android = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptPatternsTests/AndroidFixtures").path
  static let ahap = fixtures + "/lenient-breaks.ahap"
  static let haptic = fixtures + "/lofelt-invalid.haptic"
  static let xml = android + "/predefined-texture-tick-hidden.xml"

  /// Two transients at the same time: PAT003 names the model's events[1], which is the
  /// third entry (line 6, its Event object at column 15).
  static let simultaneous = """
    {
      "Version": 1,
      "Pattern": [
        {"Event": {"Time": 0, "EventType": "HapticTransient"}},
        {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 1}},
        {"Event": {"Time": 0, "EventType": "HapticTransient"}}
      ]
    }

    """

  func lines(_ run: HaptRun) -> [String] { run.stdout.split(separator: "\n").map(String.init) }

  @Test func xcodeLinesCarryFileLineAndColumn() throws {
    let run = try HaptInProcess.run(["lint", Self.ahap, Self.haptic, Self.xml, "--format", "xcode"])
    #expect(run.status == 0, "\(run.stderr)")
    let out = lines(run)
    // AHAP: JSON paths to the value's place.
    #expect(out.contains("\(Self.ahap):3:81: warning: unknown key \"Colour\" ignored [AHAP002]"), "\(out)")
    #expect(out.contains("\(Self.ahap):6:43: error: unknown event parameter \"Wobble\" has no effect [AHAP005]"))
    #expect(out.contains("\(Self.ahap):7:24: error: negative Time -0.5; 0 is used [AHAP006]"))
    // A missing key: the object that lacks it.
    #expect(out.contains("\(Self.ahap):7:15: warning: no \"EventParameters\"; defaults are used [AHAP003]"))
    // .haptic: JSON paths too.
    #expect(out.contains("\(Self.haptic):8:38: warning: amplitude 1.4 outside 0...1; 1 is used [HAP004]"))
    #expect(out.contains { $0.hasPrefix("\(Self.haptic):9:20: error: ") && $0.hasSuffix("[HAP002]") })
    // Android XML: the line, at its first non-blank column.
    #expect(out.contains { $0.hasPrefix("\(Self.xml):2:5: warning: predefined effect \"texture_tick\"") })
    // Only findings: no summary line.
    #expect(out.allSatisfy { $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: ") })
  }

  @Test func modelPlacesMapToTheEntryInTheFile() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("simultaneous.ahap").path
    try Self.simultaneous.write(toFile: file, atomically: true, encoding: .utf8)
    let run = try HaptInProcess.run(["lint", file, "--format", "xcode"])
    #expect(
      lines(run).contains { $0.hasPrefix("\(file):6:15: warning: transient at") && $0.hasSuffix("[PAT003]") },
      "\(run.stdout)")
  }

  @Test func githubAnnotationsCarryFileLineAndColumn() throws {
    let run = try HaptInProcess.run(["lint", Self.ahap, Self.haptic, Self.xml, "--format", "github"])
    #expect(run.status == 0)
    let out = lines(run)
    #expect(
      out.contains(
        "::warning file=\(Self.ahap),line=3,col=81,title=AHAP002 unknown-key::unknown key \"Colour\" ignored"),
      "\(out)")
    #expect(
      out.contains { $0.hasPrefix("::error file=\(Self.haptic),line=9,col=20,title=HAP002 haptic-decreasing-time::") })
    #expect(out.contains { $0.hasPrefix("::warning file=\(Self.xml),line=2,col=5,title=AND002 android-hidden-api::") })
    // info is a notice.
    #expect(out.contains { $0.hasPrefix("::notice file=\(Self.ahap),") && $0.contains("AHAP015") })
  }

  @Test func unreadableFilesAreErrorFindingsAtTheirPlace() throws {
    let broken = Self.fixtures + "/broken-type.ahap"
    let run = try HaptInProcess.run(["lint", broken, "--format", "xcode"])
    #expect(run.status == 65)
    #expect(lines(run) == ["\(broken):9:80: error: expected a number, found a string [FILE001]"], "\(run.stdout)")
    #expect(run.stderr.isEmpty, "the finding is not printed twice")
  }

  @Test func sarifValidatesAgainstTheSchema() throws {
    let run = try HaptInProcess.run([
      "lint", Self.ahap, Self.haptic, Self.xml, Self.fixtures + "/broken-type.ahap", "--format", "sarif",
    ])
    #expect(run.status == 65)
    let log = try JSONParser.parse(run.stdout).root.value
    let schema = try MiniJSONSchema(json: SARIFSchemaSubset.json)
    #expect(schema.validate(log) == [])

    // Rule metadata and a result's place.
    guard case .array(let runs)? = log["runs"], let first = runs.first?.value,
      case .array(let rules)? = first["tool"]?["driver"]?["rules"], case .array(let results)? = first["results"]
    else {
      Issue.record("no run, rules or results")
      return
    }
    #expect(rules.count > 30)
    for rule in rules.map(\.value) {
      for key in ["shortDescription", "fullDescription", "help"] {
        guard case .string(let text)? = rule[key]?["text"] else {
          Issue.record("rule without \(key)")
          continue
        }
        #expect(!text.isEmpty)
      }
      #expect(rule["defaultConfiguration"]?["level"] != nil)
    }
    let colour = results.map(\.value).first {
      if case .string(let text)? = $0["message"]?["text"] { return text.contains("Colour") }
      return false
    }
    guard case .array(let locations)? = colour?["locations"],
      let region = locations.first?.value["physicalLocation"]?["region"]
    else {
      Issue.record("the Colour finding has no region")
      return
    }
    #expect(region["startLine"] == .number(3) && region["startColumn"] == .number(81))
  }

  @Test func theSchemaCheckRejectsWhatTheSchemaRejects() throws {
    let schema = try MiniJSONSchema(json: SARIFSchemaSubset.json)
    func errors(_ json: String) throws -> [String] { schema.validate(try JSONParser.parse(json).root.value) }
    let valid = """
      {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "hapt", "rules": [{"id": "A"}]}},
        "results": [{"ruleId": "A", "level": "error", "message": {"text": "m"},
          "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.ahap"},
            "region": {"startLine": 1, "startColumn": 1}}}]}]}]}
      """
    #expect(try errors(valid) == [])
    #expect(try !errors(valid.replacingOccurrences(of: "\"2.1.0\"", with: "\"2.0.0\"")).isEmpty)
    #expect(try !errors(valid.replacingOccurrences(of: "\"error\"", with: "\"fatal\"")).isEmpty)
    #expect(try !errors(valid.replacingOccurrences(of: "\"startLine\": 1", with: "\"startLine\": 0")).isEmpty)
    #expect(try !errors(valid.replacingOccurrences(of: "\"startColumn\": 1", with: "\"startColumn\": 1.5")).isEmpty)
    #expect(try !errors(valid.replacingOccurrences(of: "{\"text\": \"m\"}", with: "{}")).isEmpty)
    #expect(try !errors(valid.replacingOccurrences(of: "\"ruleId\"", with: "\"rule\"")).isEmpty)
    #expect(try !errors(valid.replacingOccurrences(of: "{\"name\": \"hapt\", ", with: "{")).isEmpty)
    #expect(
      try !errors(valid.replacingOccurrences(of: "[{\"id\": \"A\"}]", with: "[{\"id\": \"A\"}, {\"id\": \"A\"}]"))
        .isEmpty)
  }

  @Test func markdownSummarisesLintWithCounts() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let summary = folder.appendingPathComponent("summary.md").path
    let run = try HaptInProcess.run(["lint", Self.ahap, "--format", "markdown", "--summary", summary])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("### hapt lint: passed\n"))
    #expect(run.stdout.contains("1 file(s) checked, 3 error(s), 10 warning(s), 2 info, 0 unreadable."), "\(run.stdout)")
    #expect(run.stdout.contains("| \(Self.ahap) | 3:81 | warning | AHAP002 | unknown key \"Colour\" ignored |"))
    // The file is the same summary, ending in the mark by which hapt knows it wrote it.
    #expect(try String(contentsOfFile: summary, encoding: .utf8) == run.stdout + "<!-- written by hapt -->\n")
  }

  @Test func latencyFindingsFailOnTheirFile() throws {
    let file = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/ui-long-press.ahap").path
    let run = try HaptInProcess.run(["latency", file, "--budget", "1ms", "--warn", "1ms", "--format", "github"])
    #expect(run.status == 1)
    let out = lines(run)
    #expect(!out.isEmpty)
    #expect(
      out.allSatisfy {
        $0.hasPrefix("::error file=\(file),line=1,col=1,title=LAT001 over-budget::ui-long-press.ahap on ")
      })
  }
}
