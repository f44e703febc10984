/// A latency budget: how soon after the touch a pattern must be felt.
///
/// Defaults from Docs/Model.md §4: trigger -> `detect` within 50 ms passes, 50-70 ms warns,
/// over 70 ms fails (Kaaresoja, Brewster & Lantz 2014: tactile feedback 5-50 ms
/// recommended, quality falls between 70 and 100 ms; Vogels 2004: visual-haptic
/// asynchrony detected near 45 ms).
package struct LatencyBudget: Equatable, Sendable {
  /// Latest detection time that passes, in seconds after the trigger.
  package var pass_s: Double
  /// Latest detection time that only warns, in seconds after the trigger.
  package var warn_s: Double

  package static let `default` = LatencyBudget(pass_s: 0.050, warn_s: 0.070)

  package init(pass_s: Double, warn_s: Double) {
    self.pass_s = pass_s
    self.warn_s = max(warn_s, pass_s)
  }

  /// The verdict for a detection time (nil: never felt).
  package func verdict(detect_s: Double?) -> LatencyVerdict {
    guard let detect_s else { return .silent }
    if detect_s <= pass_s { return .pass }
    if detect_s <= warn_s { return .warn }
    return .fail
  }
}

/// The verdict of one latency check.
package enum LatencyVerdict: String, CaseIterable, Sendable, Comparable {
  /// Felt within the budget.
  case pass
  /// Felt after the budget but within the warning limit.
  case warn
  /// Felt too late.
  case fail
  /// Never felt: below the detection threshold throughout (or no actuator, haptics off).
  case silent

  private var rank: Int {
    switch self {
    case .pass: 0
    case .silent: 1
    case .warn: 2
    case .fail: 3
    }
  }

  package static func < (a: LatencyVerdict, b: LatencyVerdict) -> Bool { a.rank < b.rank }
}
