/// Spectral perceptual quality index (SPQI), exactly as the reference package computes it.
///
/// Per 512-sample block of 8 kHz signals (Docs/Model.md §6.4):
/// `ND = 10 log10(sum|10^(Pr/10) - 10^(Pd/10)| / (sum 10^(Pr/10) + eps))` on the perceptual
/// spectra of reference and distorted signal, block score `(1 - tanh(0.3 ND + 2)) / 2`,
/// SPQI the mean over blocks, in 0...1. Identical inputs give exactly 1; a block silent in
/// both signals scores 1 (ND = -infinity), a block silent only in the reference about 0.
///
/// Sources: A. Noll, M. Hofbauer, E. Steinbach et al., "Automated quality assessment for
/// compressed vibrotactile signals using multi-method assessment fusion", IEEE Haptics
/// Symposium 2022; vibromaf 0.0.8 `metrics/spqi.py`, followed step by step.
package enum SPQI {
  /// SPQI of `distorted` against `reference` (vibromaf's `spqi(distorted, reference)`).
  ///
  /// A longer distorted signal is cut to the reference's length; the samples after the
  /// last whole 512-sample block are dropped; signals equal sample for sample score 1.
  ///
  /// - Parameters:
  ///   - distorted: the signal under test, 8 kHz samples.
  ///   - reference: the reference signal, 8 kHz samples.
  /// - Returns: the score in 0...1, 1 for identical signals.
  /// - Throws: ``InputError`` if `distorted` is shorter than `reference`, or if the
  ///   signals differ and are shorter than one block (512 samples, 64 ms).
  /// - Complexity: O(n log n) for n samples.
  package static func score(distorted: [Double], reference: [Double]) throws -> Double {
    try SimilarityReference.spqi(
      distorted: distorted, reference: reference, transform: SimilarityDCT.transform)
  }
}
