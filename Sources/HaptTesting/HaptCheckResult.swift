/// The outcome of one ``HaptCheck``: whether it passed, and a message that reads like
/// hapt's verdicts whichever way it went.
///
/// Test-framework neutral: assert on ``passed`` and print ``message`` yourself, or hand
/// the result to `expectHaptic` (Swift Testing) or `XCTAssertHaptic` (XCTest), which
/// record a failure carrying the message.
public struct HaptCheckResult: Sendable, Equatable, CustomStringConvertible {
  /// Whether the check passed.
  public var passed: Bool
  /// One line: what was checked and the verdict, with numbers and units
  /// (`success vs warning on iphone-wideband-lra (prepared): d' 0.8 JND, confusable; need at least 2.0 JND`).
  public var summary: String
  /// What differs, largest first (`event 2: 6.0 dB weaker (2.6 JND)`), when the check
  /// compared two signals.
  public var differences: [PerceivedDifference]

  public init(passed: Bool, summary: String, differences: [PerceivedDifference] = []) {
    self.passed = passed
    self.summary = summary
    self.differences = differences
  }

  /// At most this many differences are listed in ``message``.
  public static let listedDifferences = 5

  /// The summary and, one per line, the largest differences.
  public var message: String {
    guard !differences.isEmpty else { return summary }
    var lines = [summary]
    lines += differences.prefix(Self.listedDifferences).map { "  \($0)" }
    if differences.count > Self.listedDifferences {
      lines.append("  ... and \(differences.count - Self.listedDifferences) smaller difference(s)")
    }
    return lines.joined(separator: "\n")
  }

  public var description: String { message }
}
