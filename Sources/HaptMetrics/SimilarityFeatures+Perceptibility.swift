#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension SimilarityFeatures {
  /// Whether a block counts as perceptible for the ``SilenceConvention/perceptibleBlocks``
  /// convention.
  ///
  /// A block is perceptible when its peak absolute acceleration, in dB re 1 g, exceeds the
  /// detection threshold (MODEL.md section 5) at the block's dominant frequency:
  /// `20 log10(max|x|) > T(f)`, where f is the frequency of the block's largest
  /// orthonormal DCT-II coefficient, `k * 8000 / 1024` Hz. The peak (not the RMS) is used
  /// so that a short tap inside a 64 ms block counts; the dominant DCT frequency is the
  /// block's strongest component. A silent block (all zeros) is never perceptible.
  ///
  /// - Parameters:
  ///   - peak_g: the block's largest absolute sample, in g.
  ///   - frequency_Hz: the block's dominant frequency, in Hz.
  static func isPerceptible(peak_g: Double, frequency_Hz: Double) -> Bool {
    guard peak_g > 0 else { return false }
    return 20 * log10(peak_g) > detectionThreshold_dB(at: frequency_Hz)
  }

  /// The detection threshold for a phone in the hand, dB re 1 g, at `frequency_Hz`.
  ///
  /// TEMPORARY: a copy of the MODEL.md section 5 table (Android MIN_PERCEPTIBLE_CURVE,
  /// interpolated in log frequency, ends held) until the perception helper's
  /// `DetectionThreshold.threshold_dB(at:)` is on main; then this forwards to it.
  static func detectionThreshold_dB(at frequency_Hz: Double) -> Double {
    let table: [(hz: Double, dB: Double)] = [
      (10, -48.9), (20, -40.4), (40, -32.8), (60, -31.8), (100, -31.9),
      (150, -31.4), (200, -30.9), (250, -29.0), (300, -26.8), (400, -19.8),
    ]
    guard frequency_Hz > table[0].hz else { return table[0].dB }
    guard frequency_Hz < table[table.count - 1].hz else { return table[table.count - 1].dB }
    for k in 1..<table.count where frequency_Hz <= table[k].hz {
      let lo = table[k - 1], hi = table[k]
      let t = log(frequency_Hz / lo.hz) / log(hi.hz / lo.hz)
      return lo.dB + t * (hi.dB - lo.dB)
    }
    return table[table.count - 1].dB
  }
}
