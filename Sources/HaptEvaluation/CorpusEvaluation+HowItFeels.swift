import HaptExplanation

extension CorpusEvaluation {
  /// How pattern `j` feels against pattern `i` on the primary device and first state, the
  /// one line every explanation gives ("ui-toggle-on.ahap feels stronger and shorter than
  /// ui-drag-snap.ahap"; `compare` of the two files and `confusion` say the same).
  package func howItFeels(_ j: Int, against i: Int) -> String {
    Explanation.howItFeels(
      perceptualFeatures[j], against: perceptualFeatures[i], corpus.entries[j].name,
      against: corpus.entries[i].name)
  }
}
