import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats
import HaptLint

@Suite struct LintTests {
  static func rules(_ pattern: HapticPattern) -> Set<String> {
    Set(PatternLint.check(pattern, file: "t").map(\.ruleID))
  }

  @Test func cleanPatternHasNoFindings() {
    #expect(Self.rules(HapticPattern(events: [.transient(at: 0, intensity: 0.8, sharpness: 0.5)])).isEmpty)
  }

  @Test(arguments: [
    (
      "PAT001",
      HapticPattern(events: [
        .continuous(at: 0, duration_s: 0.5, intensity: 0.4, sharpness: 0.5),
        .continuous(at: 0.3, duration_s: 0.5, intensity: 0.4, sharpness: 0.5),
      ])
    ),
    (
      "PAT002",
      HapticPattern(
        events: [.transient(at: 0, intensity: 0.5, sharpness: 0.5)],
        parameterSteps: [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.5, value: 0.5)],
        parameterCurves: [
          ParameterCurve(
            parameterID: .hapticIntensityControl, time_s: 0,
            controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 1, value: 0)])
        ])
    ),
    (
      "PAT003",
      HapticPattern(events: [
        .transient(at: 0.1, intensity: 0.5, sharpness: 0.5), .transient(at: 0.1, intensity: 0.6, sharpness: 0.5),
      ])
    ),
    ("PAT004", HapticPattern(events: [HapticEvent(type: .audioContinuous, time_s: 0, duration_s: 1)])),
    (
      "UX001",
      HapticPattern(events: [
        .transient(at: 0, intensity: 0.5, sharpness: 0.5), .transient(at: 2.5, intensity: 0.5, sharpness: 0.5),
      ])
    ),
    (
      "UX002",
      HapticPattern(events: [
        .continuous(at: 0, duration_s: 2, intensity: 0.6, sharpness: 0.5),
        .continuous(at: 2, duration_s: 2, intensity: 0.7, sharpness: 0.5),
      ])
    ),
    (
      "UX003", HapticPattern(events: (0..<12).map { .transient(at: Double($0) * 0.04, intensity: 0.5, sharpness: 0.5) })
    ),
    (
      "UX004",
      HapticPattern(events: [
        .transient(at: 0, intensity: 0.5, sharpness: 0.5), .transient(at: 0.02, intensity: 0.5, sharpness: 0.5),
      ])
    ),
    (
      "UX005",
      HapticPattern(events: [
        .transient(at: 0, intensity: 1, sharpness: 0.5), .transient(at: 0.2, intensity: 1, sharpness: 0.5),
      ])
    ),
  ])
  func ruleFires(rule: String, pattern: HapticPattern) {
    #expect(Self.rules(pattern).contains(rule))
  }

  static func zeroCurve(from start: Double, to end: Double) -> ParameterCurve {
    ParameterCurve(
      parameterID: .hapticIntensityControl, time_s: start,
      controlPoints: [.init(time_s: 0, value: 0), .init(time_s: end - start, value: 0)])
  }

  @Test func patternSilentThroughTheIntensityControlIsFlagged() {
    var silent = HapticPattern(events: [.continuous(at: 0, duration_s: 0.5, intensity: 0.8, sharpness: 0.5)])
    silent.parameterCurves = [Self.zeroCurve(from: 0, to: 0.5)]
    #expect(Self.rules(silent).contains("PAT005"))
    #expect(Self.rules(HapticPattern(events: [.transient(at: 0, intensity: 0, sharpness: 0.5)])).contains("PAT005"))
  }

  @Test func patternFeltAnywhereIsNotSilent() {
    // The control rises above 0 at the end of the continuous event: it is felt there.
    var rising = HapticPattern(events: [.continuous(at: 0, duration_s: 0.5, intensity: 0.8, sharpness: 0.5)])
    rising.parameterCurves = [
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0,
        controlPoints: [.init(time_s: 0, value: 0), .init(time_s: 0.3, value: 0), .init(time_s: 0.5, value: 0.4)])
    ]
    #expect(!Self.rules(rising).contains("PAT005"))
    // One felt transient among silent ones.
    var mixed = HapticPattern(events: [
      .transient(at: 0, intensity: 0, sharpness: 0.5), .transient(at: 0.2, intensity: 0.6, sharpness: 0.5),
    ])
    mixed.parameterCurves = [Self.zeroCurve(from: 0, to: 0.1)]
    // The curve holds its last value (0) after its end, so the second transient is silent too...
    #expect(Self.rules(mixed).contains("PAT005"))
    // ...until a step brings the control back.
    mixed.parameterSteps = [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.15, value: 1)]
    #expect(!Self.rules(mixed).contains("PAT005"))
  }

  @Test func curvesThatMeetWithinRoundingDoNotCutEachOtherShort() {
    // 0.1 + 0.32 is 0.42000000000000004: the next curve starts at 0.42 as written.
    var pattern = HapticPattern(events: [.continuous(at: 0, duration_s: 1, intensity: 0.5, sharpness: 0.5)])
    pattern.parameterCurves = [
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0.1,
        controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 0.32, value: 0.5)]),
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0.42,
        controlPoints: [.init(time_s: 0, value: 0.5), .init(time_s: 0.3, value: 1)]),
    ]
    #expect(0.1 + 0.32 > 0.42)
    #expect(!Self.rules(pattern).contains("PAT002"))
    // A real overlap (1 ms) is still found.
    pattern.parameterCurves[1].time_s = 0.419
    #expect(Self.rules(pattern).contains("PAT002"))
  }

  @Test func fullIntensityWithALoweringCurveIsFine() {
    var pattern = HapticPattern(events: [
      .transient(at: 0, intensity: 1, sharpness: 0.5), .transient(at: 0.2, intensity: 1, sharpness: 0.5),
    ])
    pattern.parameterSteps.append(ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.1, value: 0.5))
    #expect(!Self.rules(pattern).contains("UX005"))
  }

  @Test func ruleIDsAreUnique() {
    #expect(Set(LintRule.all.map(\.id)).count == LintRule.all.count)
  }

  @Test func reportContinuesPastUnreadableFiles() {
    let report = LintReport.lint(paths: [
      Fixtures.path("broken-type.ahap"), Fixtures.path("nope.ahap"), Fixtures.path("lenient-breaks.ahap"),
    ])
    #expect(report.files.count == 3)
    #expect(report.failures.count == 2)
    #expect(report.files[2].findings.contains { $0.severity == .error })
  }

  @Test func folderIsWalkedRecursively() {
    let report = LintReport.lint(paths: [Fixtures.folder.path])
    #expect(report.files.count == Fixtures.all.count)
    #expect(
      report.files.first { $0.file.hasSuffix("audio-custom-missing-wav.ahap") }?.findings.map(\.ruleID).contains(
        "AHAP013") == true)
    #expect(
      report.files.first { $0.file.hasSuffix("audio-custom-missing-wav.ahap") }?.findings.map(\.ruleID).contains(
        "AHAP010") == true)
  }

  @Test func rhythmShiftsSortsAndDrops() {
    let (pattern, dropped) = Rhythm.pattern(taps_s: [1.5, 1.0, 1.21, 6.0, .nan])
    #expect(dropped == 2)
    #expect(pattern.events.map(\.time_s) == [0, 0.21, 0.5])
    #expect(pattern.events.allSatisfy { $0.intensity == 0.9 && $0.sharpness == 0.5 && $0.type == .hapticTransient })
    #expect(Rhythm.pattern(taps_s: []).pattern.events.isEmpty)
    #expect(pattern.metadata.description?.contains("2 taps dropped") == true)
  }

  @Test func rhythmDescriptionMentionsDroppedTapsOnlyWhenSomeWere() {
    let kept = Rhythm.pattern(taps_s: [0, 0.25, 0.5]).pattern
    #expect(kept.metadata.description?.contains("dropped") == false)
    #expect(kept.metadata.description?.hasPrefix("3 tapped transients") == true)
    #expect(Rhythm.pattern(taps_s: [0, 9]).pattern.metadata.description?.contains("1 tap dropped") == true)
  }
}

@Suite struct PatternsDocTests {
  /// Docs/Patterns.md lists every rule with its severity.
  @Test func docListsEveryRule() throws {
    let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs/Patterns.md")
    let text = String(decoding: try InputFile.read(doc.path), as: UTF8.self)
    for rule in LintRule.all {
      #expect(text.contains("| \(rule.id) | \(rule.severity.rawValue) | `\(rule.name)` |"), "\(rule.id)")
    }
  }
}
