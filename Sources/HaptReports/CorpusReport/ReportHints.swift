/// How a reader of the report asks for more: the words of the tool that writes the report,
/// which the report quotes where it says what else can be had. The library names no
/// command or option of its own; with the defaults (all nil) those sentences end without
/// a hint.
package struct ReportHints: Sendable, Equatable {
  /// How to get every pair in pairs.csv, not only the close ones and the neighbours.
  package var allPairs: String?
  /// How to choose the design review's patterns.
  package var reviewSet: String?
  /// Where the raw directional ST-SIM and SPQI scores are.
  package var rawScores: String?
  /// What reads the counts of a user test.
  package var userTestCounts: String?
  /// What gates a build on the latency checks the report counts.
  package var latencyGate: String?

  package init(
    allPairs: String? = nil, reviewSet: String? = nil, rawScores: String? = nil, userTestCounts: String? = nil,
    latencyGate: String? = nil
  ) {
    self.allPairs = allPairs
    self.reviewSet = reviewSet
    self.rawScores = rawScores
    self.userTestCounts = userTestCounts
    self.latencyGate = latencyGate
  }
}
