import Foundation
import HaptCore
import HaptTestSupport
import Testing

@testable import HaptFormats
@testable import HaptLint
@testable import HaptPatterns

/// Hostile input at scale: seeded mutations of inputs large enough that a quadratic step
/// would not finish (a quadratic step was measured at 22 s for 1 MB and over 300 s for
/// 4 MB, and nested IVS repeats overflowed the stack at 10,000 levels). Each case is
/// linted from a file, as `hapt lint` does (decode, the lint rules, a line and column for
/// every finding), and must end with findings or one clean line naming the file.
///
/// - IVS timelines of 40,000 nested repeat events (each starting inside the previous one,
///   2.4 MB), mutated as the IVS fuzzing does (cuts, byte flips, token insertions);
/// - one-line (minified) AHAP and `.haps` files of 20,000 events (1.8 MB, a misspelled key
///   in each AHAP event), mutated as the JSON fuzzing does.
///
/// 4 cases per input in CI; `HAPT_FUZZ_CASES=N` (Scripts/fuzz) runs N / 1,000 of them.
@Suite(.tags(.fuzz), .slow) struct LargeInputFuzzTests {
  static var cases: Int { max(4, FuzzCases.perFormat(default: 0) / 1_000) }

  static let nestedDepth = 40_000
  static let oneLineEvents = 20_000

  /// One line of `events` AHAP events, each with a misspelled key (`EventParameter`).
  static func oneLineAHAP(events: Int) -> String {
    var text = "{\"Version\":1,\"Metadata\":{\"Project\":\"é\"},\"Pattern\":["
    for i in 0..<events {
      if i > 0 { text += "," }
      text += "{\"Event\":{\"Time\":\(Double(i) * 0.01),\"EventType\":\"HapticTransient\",\"EventParameter\":[]}}"
    }
    return text + "]}"
  }

  /// One line of a `.haps` file with `events` transients in its vibration track, each with
  /// an unknown key (`m_colour`).
  static func oneLineHaps(events: Int) -> String {
    let notes = (0..<events).map { i in
      "{\"m_gain\":1.0,\"m_hapticEffect\":{\"m_type\":0},\"m_length\":0.022,\"m_priority\":0,"
        + "\"m_startingPoint\":\(Double(i) * 0.01),\"m_colour\":\"é\"}"
    }
    return "{\"m_version\":\"5\",\"m_description\":\"one line\",\"m_time_unit\":0,\"m_length_unit\":7,\"m_gain\":1.0,"
      + "\"m_vibration\":{\"m_gain\":1.0,\"m_loop\":0,\"m_maximum\":1.0,\"m_melodies\":[{\"m_gain\":1.0,\"m_mute\":0,"
      + "\"m_notes\":[" + notes.joined(separator: ",") + "]}],\"m_signalEvaluationMethod\":3}}"
  }

  /// Lints `bytes` from a file named `name`, as `hapt lint` does.
  static func lint(_ bytes: [UInt8], name: String) throws -> LintReport {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-large-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return LintReport.lint(paths: [file])
  }

  /// Every file of `report` linted or failed with one clean line naming it.
  static func expectClean(_ report: LintReport, name: String) {
    #expect(report.files.count == 1)
    for failure in report.failures {
      #expect(failure.file?.hasSuffix(name) == true)
      #expect(!failure.description.contains("\n"))
    }
    for finding in report.findings { #expect(finding.position == nil || finding.position!.line >= 1) }
  }

  @Test func unmutatedInputsAreAsLargeAsStated() throws {
    let ivs = IVSTimelineScaleTests.nested(depth: Self.nestedDepth, count: 0)
    #expect(ivs.utf8.count > 2_000_000)
    let ahap = Self.oneLineAHAP(events: Self.oneLineEvents)
    #expect(ahap.utf8.count > 1_500_000 && !ahap.contains("\n"))
    let misspelled = try Self.lint(Array(ahap.utf8), name: "one-line.ahap").findings.filter {
      $0.ruleID == LintRule.misspelledKey.id
    }
    #expect(misspelled.count == Self.oneLineEvents)
    #expect(misspelled.last?.position?.line == 1)
    let haps = Self.oneLineHaps(events: Self.oneLineEvents)
    #expect(haps.utf8.count > 1_500_000 && !haps.contains("\n"))
    #expect(try Self.lint(Array(haps.utf8), name: "one-line.haps").failures.isEmpty)
    #expect(try Self.lint(Array(ivs.utf8), name: "deep.ivs").failures.isEmpty)
  }

  @Test func mutatedDeepTimelinesLintCleanly() throws {
    let original = Array(IVSTimelineScaleTests.nested(depth: Self.nestedDepth, count: 0).utf8)
    var random = SplitMix64(seed: 0x1D5)
    for _ in 0..<Self.cases {
      let bytes = HertzFormatFuzzTests.mutateXML(original, &random)
      Self.expectClean(try Self.lint(bytes, name: "deep.ivs"), name: "deep.ivs")
    }
  }

  @Test(arguments: ["one-line.ahap", "one-line.haps"])
  func mutatedOneLineFilesLintCleanly(name: String) throws {
    let text =
      name.hasSuffix(".ahap")
      ? Self.oneLineAHAP(events: Self.oneLineEvents) : Self.oneLineHaps(events: Self.oneLineEvents)
    let original = Array(text.utf8)
    var random = SplitMix64(seed: DecoderFuzzTests.seed(name, .truncation))
    for k in 0..<Self.cases {
      let mutation = DecoderFuzzTests.Mutation.allCases[k % DecoderFuzzTests.Mutation.allCases.count]
      let bytes = DecoderFuzzTests.mutate(original, mutation, &random)
      Self.expectClean(try Self.lint(bytes, name: name), name: name)
    }
  }
}
