/// ST-SIM and SPQI of a pair of signals, in both directions and their symmetric means.
///
/// "AB" is the reference package's call `st_sim(distorted: a, reference: b)`: how well
/// `a` reproduces `b`; "BA" the other way round. Both metrics are asymmetric (they divide
/// by the reference's energies), so pattern pairs report the mean of both directions
/// (Docs/Model.md §6.5).
package struct PairSimilarity: Sendable, Equatable {
  /// ST-SIM with `a` distorted and `b` reference.
  package var stsimAB: Double
  /// ST-SIM with `b` distorted and `a` reference.
  package var stsimBA: Double
  /// `(stsimAB + stsimBA) / 2`.
  package var stsimSymmetric: Double
  /// SPQI with `a` distorted and `b` reference.
  package var spqiAB: Double
  /// SPQI with `b` distorted and `a` reference.
  package var spqiBA: Double
  /// `(spqiAB + spqiBA) / 2`.
  package var spqiSymmetric: Double
  /// Number of blocks the means were taken over (all blocks of the padded pair in the
  /// reference convention, the perceptible ones in the other; 0 if none was).
  package var blocksCompared: Int

  package init(stsimAB: Double, stsimBA: Double, spqiAB: Double, spqiBA: Double, blocksCompared: Int) {
    self.stsimAB = stsimAB
    self.stsimBA = stsimBA
    self.stsimSymmetric = (stsimAB + stsimBA) / 2
    self.spqiAB = spqiAB
    self.spqiBA = spqiBA
    self.spqiSymmetric = (spqiAB + spqiBA) / 2
    self.blocksCompared = blocksCompared
  }

  /// The result for identical signals: exactly 1 everywhere.
  static func identical(blocks: Int) -> PairSimilarity {
    PairSimilarity(stsimAB: 1, stsimBA: 1, spqiAB: 1, spqiBA: 1, blocksCompared: blocks)
  }
}

/// Which blocks ST-SIM and SPQI average over (Docs/Model.md §6.6).
package enum SilenceConvention: String, Sendable, CaseIterable {
  /// Every block, as the reference package does: a block silent in both signals scores 0
  /// in ST-SIM (both spectral and temporal similarity are 0/eps = 0) and 1 in SPQI (the
  /// normalised difference is 10 log10(0) = -infinity). This is what agrees with vibromaf
  /// to 1e-9.
  case reference
  /// Only blocks in which at least one of the two signals is perceptible (peak above the
  /// detection threshold at the block's dominant frequency, see
  /// ``SimilarityFeatures/isPerceptible(peak_g:frequency_Hz:)``). Two short taps padded to
  /// a long common length are then compared on their taps, not on the shared silence. If
  /// neither signal has a perceptible block, the pair feels like nothing either way and
  /// every score is 1. The harness's default for pattern pairs; reports say so.
  case perceptibleBlocks = "perceptible-blocks"
}

/// ST-SIM and SPQI of two signals from their precomputed features, both directions.
///
/// The shorter signal is zero-padded to the longer one's block count (Docs/Model.md §6.1).
/// Identical signals (equal after padding) give exactly 1 in both conventions, as the
/// reference does. A negative mean temporal similarity (anti-correlated signals), for which
/// the reference returns a complex number, gives ST-SIM 0 (see ``STSIM``).
///
/// - Complexity: O(blocks * 512): two dot products and one L1 distance per block.
package func similarity(
  _ a: SimilarityFeatures, _ b: SimilarityFeatures, convention: SilenceConvention
) -> PairSimilarity {
  let identical = a.hasSameSamples(as: b)
  var sums = PairSums()
  for block in 0..<max(a.blockCount, b.blockCount) {
    sums.accumulate(block: block, a, b, identical: identical, convention: convention)
  }
  return sums.finish(identical: identical)
}
