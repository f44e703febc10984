import HaptCore
import Foundation
import HaptMetrics
import HaptEvaluation
import HaptExplanation

/// One-line perceptual checks for tests: distinguishability, sameness, latency budget,
/// baseline.
///
/// Each returns a ``HaptCheckResult``; wrap it in `expectHaptic(...)` (Swift Testing) or
/// `XCTAssertHaptic(...)` (XCTest) to fail the test with its message:
///
/// ```swift
/// let success = try RenderedHaptic(preset: "uikit-notification-success")
/// let warning = try RenderedHaptic(preset: "uikit-notification-warning")
/// expectHaptic(HaptCheck.distinguishable(success, warning, atLeast: 2))
/// ```
///
/// d' is hapt's perceptual distance in JND units (Docs/Perception.md): below 1 a person
/// usually cannot tell two patterns apart, from 2 they reliably can.
public enum HaptCheck {
  /// Passes when a person can tell `a` and `b` apart: d' at least `minimum_JND`.
  ///
  /// - Parameters:
  ///   - a: one render.
  ///   - b: the render to tell it from.
  ///   - minimum_JND: the least d' that passes, JND units (default 2: `distinct`).
  public static func distinguishable(
    _ a: RenderedHaptic, _ b: RenderedHaptic, atLeast minimum_JND: Double = distinct_JND
  ) -> HaptCheckResult {
    let dPrime = Distinguishability.dPrime(a.features, b.features)
    let passed = dPrime >= minimum_JND
    let shown = jnd(dPrime, minimum_JND)
    let head = "\(pairLabel(a, b)): d' \(shown.value), \(PairVerdict(dPrime: dPrime).rawValue)"
    let tail = passed ? "at least \(shown.limit)" : "need at least \(shown.limit)"
    return HaptCheckResult(
      passed: passed, summary: "\(head); \(tail)", explanation: explanation(a, b), names: names(a, b))
  }

  /// Passes when a person would not tell `a` from `b`: d' below `maximum_JND`. For
  /// "this refactor feels the same"; the message lists what would be felt otherwise.
  ///
  /// - Parameters:
  ///   - a: one render.
  ///   - b: the render that should feel the same.
  ///   - maximum_JND: d' at or above this fails, JND units (default 1: one JND).
  public static func indistinguishable(
    _ a: RenderedHaptic, _ b: RenderedHaptic, below maximum_JND: Double = confusable_JND
  ) -> HaptCheckResult {
    let dPrime = Distinguishability.dPrime(a.features, b.features)
    let passed = dPrime < maximum_JND
    let shown = jnd(dPrime, maximum_JND)
    let tail = passed ? "below \(shown.limit)" : "must stay below \(shown.limit)"
    return HaptCheckResult(
      passed: passed,
      summary: "\(pairLabel(a, b)): d' \(shown.value), \(PairVerdict(dPrime: dPrime).rawValue); \(tail)",
      explanation: explanation(a, b), names: names(a, b))
  }

  /// Passes when `haptic` is felt (its `detect` marker: the envelope crosses the
  /// detection threshold) no later than `budget_s` after the trigger.
  ///
  /// - Parameters:
  ///   - haptic: the render whose detection time is checked.
  ///   - budget_s: the latest detection time that passes, seconds (default 0.050:
  ///     tactile feedback is recommended within 50 ms of the touch).
  public static func felt(
    _ haptic: RenderedHaptic, within budget_s: Double = defaultBudget_s
  )
    -> HaptCheckResult
  {
    let m = haptic.measurement
    let budget = "the \(ms(budget_s)) budget"
    guard let detect = m.markers.detect_s else {
      let reason = m.silenceReason.map { ": \($0)" } ?? ": below the detection threshold throughout"
      return HaptCheckResult(
        passed: false, summary: "\(haptic.label): never felt\(reason); need to be felt within \(budget)")
    }
    let parts = "engine latency \(ms(m.engineLatency_s)), rise to threshold \(ms(detect - m.engineLatency_s))"
    if detect <= budget_s + 1e-12 {
      return HaptCheckResult(
        passed: true, summary: "\(haptic.label): felt at \(ms(detect)), within \(budget) (\(parts))")
    }
    return HaptCheckResult(
      passed: false,
      summary: "\(haptic.label): felt at \(ms(detect)), \(ms(detect - budget_s)) over \(budget) (\(parts))")
  }

  /// What changed from `a` to `b` and what a person would feel from it: the explanation
  /// `compare` and `baseline check` give (Docs/Explanations.md).
  static func explanation(_ a: RenderedHaptic, _ b: RenderedHaptic) -> Explanation {
    Explanation(from: a.explainedSide, to: b.explainedSide)
  }

  /// The names an explanation gives `a` and `b`: their pattern names, or their labels
  /// (with device and state) when the names are the same.
  static func names(_ a: RenderedHaptic, _ b: RenderedHaptic) -> (String, String) {
    a.name == b.name ? (a.label, b.label) : (a.name, b.name)
  }

  /// Changes smaller than this are not listed in messages, JND units (as in every view).
  public static let minimumListed_JND = Explanation.listedChange_JND

  /// The default least d' of ``distinguishable(_:_:atLeast:)``, JND units: 2, from where
  /// people reliably tell two patterns apart (the `distinct` verdict).
  public static let distinct_JND = PairVerdict.closeBelow

  /// The default largest d' of ``indistinguishable(_:_:below:)``, JND units: 1, below
  /// which a person usually cannot tell two patterns apart (the `confusable` verdict).
  public static let confusable_JND = PairVerdict.confusableBelow

  /// The default latency budget of ``felt(_:within:)``, seconds: 0.050, trigger to detect.
  public static let defaultBudget_s = LatencyBudget.default.pass_s

  static func pairLabel(_ a: RenderedHaptic, _ b: RenderedHaptic) -> String {
    if a.device.name == b.device.name, a.state == b.state {
      return "\(a.name) vs \(b.name) on \(a.device.name) (\(a.state.rawValue))"
    }
    return "\(a.label) vs \(b.label)"
  }

  static func jnd(_ value: Double) -> String { DecimalText.fixed(value, decimals: 1) + " JND" }

  /// `value` and `limit` in JND, with two decimals when one decimal would show them equal
  /// (a d' of 0.98 failing "at least 1.0" reads 0.98, not 1.0).
  static func jnd(_ value: Double, _ limit: Double) -> (value: String, limit: String) {
    let digits =
      DecimalText.fixed(value, decimals: 1) == DecimalText.fixed(limit, decimals: 1) && value != limit ? 2 : 1
    return (String(format: "%.\(digits)f JND", value), String(format: "%.\(digits)f JND", limit))
  }
  static func ms(_ seconds: Double) -> String { DecimalText.fixed(seconds * 1000, decimals: 1) + " ms" }
}
