import HaptExplanation

extension CorpusEvaluation {
  /// How pattern `j` feels against pattern `i` on the primary device and first state, the
  /// one line every explanation gives ("ui-toggle-on.ahap feels stronger and shorter than
  /// ui-drag-snap.ahap"; `compare` of the two files and `confusion` say the same).
  package func howItFeels(_ j: Int, against i: Int) -> String {
    Explanation(
      from: ExplainedSide(features: perceptualFeatures[i]), to: ExplainedSide(features: perceptualFeatures[j])
    )
    .summary(corpus.entries[i].name, corpus.entries[j].name)
  }
}
