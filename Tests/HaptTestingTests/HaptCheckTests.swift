import Foundation
import HaptCore
import HaptExplanation
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptTesting
import Testing

/// HaptTesting's checks pass what a person would not notice and fail what they would,
/// with messages in hapt's words.
@Suite struct HaptCheckTests {
  static let device = try! DeviceProfile.load(nameOrPath: RenderedHaptic.defaultDevice)

  static func tap(intensity: Double, name: String = "tap") throws -> RenderedHaptic {
    try RenderedHaptic(
      HapticPattern(events: [.transient(at: 0, intensity: intensity, sharpness: 0.5)]), named: name,
      device: device)
  }

  @Test func distinctPresetsAreDistinguishable() throws {
    let success = try RenderedHaptic(preset: "uikit-notification-success")
    let error = try RenderedHaptic(preset: "uikit-notification-error")
    let result = HaptCheck.distinguishable(success, error, atLeast: 2)
    #expect(result.passed, "\(result)")
    #expect(
      result.summary.hasPrefix(
        "uikit-notification-success vs uikit-notification-error on iphone-wideband-lra (prepared): d' "))
    // Told on the file's matching: event 2 was added, event 3 moved.
    #expect(result.changes.contains { $0.cue == .added && $0.fileEvents == [2] }, "\(result)")
    // The details are the explanation `compare` prints: how it feels, the file's edits
    // by the file's own event numbers, then what is felt from them.
    #expect(result.details.first?.hasPrefix("how they feel: uikit-notification-error feels stronger") == true)
    #expect(result.details.contains { $0.hasPrefix("  event 3 (transient at 0.16 s): moved 40 ms later") })
    #expect(result.details.contains { $0.hasPrefix("  event 3 (transient at 0.16 s) starts 39 ms later") })
    #expect(result.details.contains { $0.hasPrefix("  event 2 (transient at 0.08 s) added (") })
    #expect(
      !result.details.contains { $0.hasPrefix("  event 3 ") && $0.contains("added (") },
      "a moved event is not an added one")
    #expect(
      !result.details.contains { $0.hasPrefix("  event 2 ") && $0.contains("earlier") }, "an added event has no move")
  }

  @Test func aPatternIsNotDistinguishableFromItself() throws {
    let success = try RenderedHaptic(preset: "uikit-notification-success")
    let result = HaptCheck.distinguishable(success, success, atLeast: 2)
    #expect(!result.passed)
    #expect(
      result.message
        == "uikit-notification-success vs uikit-notification-success on iphone-wideband-lra (prepared): d' 0.0 JND, confusable; need at least 2.0 JND"
    )
    #expect(HaptCheck.indistinguishable(success, success).passed)
  }

  @Test func halfIntensityReadsAsSixDecibelsWeaker() throws {
    let full = try Self.tap(intensity: 1)
    let half = try Self.tap(intensity: 0.5, name: "soft-tap")
    let same = HaptCheck.indistinguishable(full, half)
    #expect(!same.passed)
    // Half the intensity: about 6 dB less sensation level, 2.6 amplitude JNDs of 2.3 dB.
    #expect(
      same.message.contains(try Regex(#"\n    event 1 \(transient at 0\.00 s\): 6\.\d dB weaker \(2\.\d JND\)"#)),
      "\(same)")
    #expect(same.summary.contains("must stay below 1.0 JND"))
    #expect(HaptCheck.distinguishable(full, half, atLeast: 2).passed)
    #expect(!HaptCheck.distinguishable(full, half, atLeast: 4).passed)
    // A change well under one JND passes as the same.
    let nearly = try Self.tap(intensity: 0.95, name: "nearly")
    #expect(HaptCheck.indistinguishable(full, nearly).passed)
  }

  @Test func setsPassOnlyWhenEveryPairIsDistinct() throws {
    let names = ["uikit-notification-success", "uikit-notification-warning", "uikit-notification-error"]
    let set = try names.map { try RenderedHaptic(preset: $0) }
    let distinct = HaptCheck.distinguishable(set, atLeast: 2)
    #expect(distinct.passed, "\(distinct)")
    #expect(
      distinct.summary.contains(
        "3 patterns (uikit-notification-success, uikit-notification-warning, uikit-notification-error): every pair at least 2.0 JND; closest "
      ))
    let withTwin = set + [try RenderedHaptic(preset: "uikit-notification-success")]
    let twin = HaptCheck.distinguishable(withTwin, atLeast: 2)
    #expect(!twin.passed)
    #expect(twin.summary.hasSuffix("1 of 6 pairs under 2.0 JND"))
    #expect(
      twin.details == [
        "uikit-notification-success vs uikit-notification-success: d' 0.0 JND, confusable; "
          + "uikit-notification-success and uikit-notification-success feel the same (d' under one JND)"
      ])
    #expect(HaptCheck.distinguishable([set[0]]).passed)
  }

  /// The listed changes are d' term by term: largest first, none under a tenth of a JND,
  /// their squares adding up to at most d' squared, or, where they are told on the file's
  /// matching of events (a pair of preset files), to at most ``Explanation/fileMatchingSlack``
  /// more.
  @Test(arguments: [
    ("uikit-notification-success", "uikit-notification-error"),
    ("uikit-notification-success", "uikit-notification-warning"),
    ("swiftui-increase", "swiftui-decrease"), ("uikit-impact-light", "watchos-retry"),
  ])
  func changesAreTheTermsOfDPrime(_ first: String, _ second: String) throws {
    let a = try RenderedHaptic(preset: first)
    let b = try RenderedHaptic(preset: second)
    let result = HaptCheck.distinguishable(a, b)
    let terms = result.changes.map(\.dPrime_JND)
    let dPrime = Distinguishability.dPrime(a.features, b.features)
    #expect(terms.allSatisfy { $0 >= HaptCheck.minimumListed_JND })
    #expect(terms == terms.sorted(by: >))
    #expect(terms.map { $0 * $0 }.reduce(0, +).squareRoot() <= dPrime * (1 + Explanation.fileMatchingSlack + 1e-9))
    #expect(result.summary.contains(String(format: "d' %.1f JND", dPrime)))
  }

  @Test func aNearMissShowsTwoDecimals() throws {
    let full = try Self.tap(intensity: 1)
    let half = try Self.tap(intensity: 0.5, name: "soft-tap")
    let dPrime = Distinguishability.dPrime(full.features, half.features)
    // A limit just above d' that reads the same with one decimal.
    let limit = dPrime + 0.0001
    try #require(String(format: "%.1f", limit) == String(format: "%.1f", dPrime))
    let result = HaptCheck.distinguishable(full, half, atLeast: limit)
    #expect(!result.passed)
    #expect(result.summary.contains(String(format: "d' %.2f JND", dPrime)), "\(result)")
    #expect(result.summary.hasSuffix(String(format: "need at least %.2f JND", limit)), "\(result)")
    // Far from the limit, one decimal as usual.
    #expect(HaptCheck.distinguishable(full, half, atLeast: 4).summary.hasSuffix("need at least 4.0 JND"))
  }

  @Test func latencyBudget() throws {
    let tap = try Self.tap(intensity: 1)
    let felt = HaptCheck.felt(tap, within: 0.050)
    #expect(felt.passed, "\(felt)")
    #expect(felt.summary.hasPrefix("tap on iphone-wideband-lra (prepared): felt at "))
    let tight = HaptCheck.felt(tap, within: 0.001)
    #expect(!tight.passed)
    #expect(tight.summary.contains("over the 1.0 ms budget (engine latency "), "\(tight)")
    let none = try RenderedHaptic(preset: "uikit-impact-heavy", device: "tablet-none")
    let silent = HaptCheck.felt(none)
    #expect(!silent.passed)
    #expect(silent.summary.contains("never felt"), "\(silent)")
  }

  @Test func loadingErrorsNameTheFile() {
    #expect(throws: InputError.self) { try RenderedHaptic(file: "/nonexistent/tap.ahap") }
    #expect(throws: InputError.self) { try RenderedHaptic(preset: "no-such-preset") }
    #expect(throws: DeviceLookupError.self) {
      try RenderedHaptic(preset: "uikit-selection", device: "no-such-device")
    }
  }

  @Test func expectHapticRecordsTheMessage() throws {
    let success = try RenderedHaptic(preset: "uikit-notification-success")
    #expect(expectHaptic(HaptCheck.indistinguishable(success, success)))
    withKnownIssue {
      #expect(!expectHaptic(HaptCheck.distinguishable(success, success)))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("d' 0.0 JND, confusable") }
    }
    try withKnownIssue {
      expectHaptic(HaptCheck.felt(try RenderedHaptic(file: "/nonexistent/tap.ahap")))
    } matching: { issue in
      "\(issue)".contains("tap.ahap")
    }
  }
}
