import HaptExplanation
import HaptMetrics

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
  /// What a person would feel differ, largest first, when the check compared two signals:
  /// the terms of d' (`event 2: 6.0 dB weaker (2.6 JND)`), the second signal relative to
  /// the first (for a baseline, the new render relative to the recorded one).
  public var changes: [PerceptualChange]
  /// The lines under the summary: the sentences of ``changes``, or for a set of patterns
  /// one line per pair that failed.
  public var details: [String]

  /// The explanation the details were written from, when the check compared two
  /// renders: the same one `compare` and `baseline check` print.
  package var explanation: Explanation?

  public init(passed: Bool, summary: String, changes: [PerceptualChange] = [], details: [String]? = nil) {
    self.passed = passed
    self.summary = summary
    self.changes = changes
    self.details = details ?? changes.map(\.sentence)
  }

  /// A result whose details are `explanation` as every view words it: how the second
  /// feels against the first, the file's edits, the felt changes, the edits not felt.
  package init(passed: Bool, summary: String, explanation story: Explanation, names: (String, String)) {
    let (nameA, nameB) = names
    let same = story.felt.isEmpty && story.lines.isEmpty && story.edits?.isEmpty != false
    self.init(
      passed: passed, summary: summary, changes: story.felt, details: same ? [] : story.textLines(nameA, nameB))
    self.explanation = story
  }

  /// At most this many detail lines are listed in ``message``.
  public static let listedDetails = 12

  /// The summary and, one per line, the first details.
  public var message: String {
    guard !details.isEmpty else { return summary }
    var lines = [summary]
    lines += details.prefix(Self.listedDetails).map { "  \($0)" }
    if details.count > Self.listedDetails {
      lines.append("  ... and \(details.count - Self.listedDetails) more")
    }
    return lines.joined(separator: "\n")
  }

  public var description: String { message }
}
