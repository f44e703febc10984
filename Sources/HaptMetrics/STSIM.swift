import HaptCore
/// Spectral-temporal similarity (ST-SIM), exactly as the reference package computes it.
///
/// `ST-SIM = temporal^(2/3) * spectral^(1/3)` over 512-sample blocks of 8 kHz signals
/// (Docs/Model.md §6.3): the spectral term compares the spectral supports
/// `Phi(P / 12)` of the perceptual spectra, the temporal term the z-normalised block
/// samples, each as the block mean of `sum(R*D) / (sum(R^2) + eps)` with R the reference.
/// Identical inputs give exactly 1. Values usually lie in 0...1 but are not bounded above
/// (a distorted signal with more spectral support than the reference can exceed 1).
///
/// One deviation, forced by the return type: when the mean temporal similarity is
/// negative (anti-correlated signals), vibromaf's Python `pow` returns a complex number;
/// hapt returns 0 ("no similarity") and ``components(distorted:reference:)`` gives both
/// terms.
///
/// Sources: H. Hassen and E. Steinbach, "Subjective evaluation of the spectral temporal
/// similarity (ST-SIM) measure for vibrotactile quality assessment", IEEE Transactions on
/// Haptics 13(1), 2020; vibromaf 0.0.8 `metrics/stsim.py`, followed step by step.
package enum STSIM {
  /// ST-SIM of `distorted` against `reference` (vibromaf's `st_sim(distorted, reference)`).
  ///
  /// A longer distorted signal is cut to the reference's length; the samples after the
  /// last whole 512-sample block are dropped; signals equal sample for sample score 1.
  ///
  /// - Parameters:
  ///   - distorted: the signal under test, 8 kHz samples.
  ///   - reference: the reference signal, 8 kHz samples.
  /// - Returns: the score, 1 for identical signals.
  /// - Throws: ``InputError`` if `distorted` is shorter than `reference`, or if the
  ///   signals differ and are shorter than one block (512 samples, 64 ms).
  /// - Complexity: O(n log n) for n samples.
  package static func score(distorted: [Double], reference: [Double]) throws -> Double {
    try SimilarityReference.stsim(
      distorted: distorted, reference: reference, transform: SimilarityDCT.transform)
  }

  /// The block means of the temporal and spectral similarities that ST-SIM combines
  /// (both 1 for identical signals). Same rules and errors as
  /// ``score(distorted:reference:)``.
  package static func components(
    distorted: [Double], reference: [Double]
  ) throws -> (temporal: Double, spectral: Double) {
    try SimilarityReference.stsimComponents(
      distorted: distorted, reference: reference, transform: SimilarityDCT.transform)
  }
}
