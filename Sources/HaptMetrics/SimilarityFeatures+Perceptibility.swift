import HaptCore
extension SimilarityFeatures {
  /// Whether a block counts as perceptible for the ``SilenceConvention/perceptibleBlocks``
  /// convention.
  ///
  /// A block is perceptible when its peak absolute acceleration, in dB re 1 g, exceeds the
  /// detection threshold (Docs/Model.md §5, ``DetectionThreshold``) at the block's
  /// dominant frequency: `20 log10(max|x|) - T(f) > 0`, where f is the frequency of the block's largest
  /// orthonormal DCT-II coefficient, `k * 8000 / 1024` Hz. The peak (not the RMS) is used
  /// so that a short tap inside a 64 ms block counts; the dominant DCT frequency is the
  /// block's strongest component. A silent block (all zeros) is never perceptible.
  ///
  /// - Parameters:
  ///   - peak_g: the block's largest absolute sample, in g.
  ///   - frequency_Hz: the block's dominant frequency, in Hz.
  static func isPerceptible(peak_g: Double, frequency_Hz: Double) -> Bool {
    guard peak_g > 0 else { return false }
    return DetectionThreshold.sensationLevel_dB(amplitude_g: peak_g, frequency_Hz: frequency_Hz) > 0
  }
}
