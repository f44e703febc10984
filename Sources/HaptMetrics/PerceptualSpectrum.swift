import HaptCore
/// The perceptual spectrum of ST-SIM and SPQI: per 512-sample block, the orthonormal
/// DCT-II magnitude in dB minus a vibrotactile threshold curve (Docs/Model.md §6.2).
///
/// `P[i] = 20 log10 |DCT-II_ortho(block)[i]| - T(f_i)`, with `f_i = linspace(0, 8000, 2L)[i]`
/// for i < L and `T(f) = |62 / log10(b)^2 * log10(f/550 + b)^2| - 77`, `b = 1 - 250/550`,
/// held constant from the first f where T > 0 onward. A zero coefficient gives
/// `P = -infinity` (as numpy's `log10(0)`), whose spectral support and power are 0.
///
/// Sources: Hassen & Steinbach, "Subjective evaluation of the spectral temporal similarity
/// (ST-SIM) measure for vibrotactile quality assessment", IEEE ToH 2020; vibromaf 0.0.8
/// `signal/perception.py` (`PerceptualThreshold`) and `signal/transform.py`
/// (`compute_block_dct`, `PerceptualSpectrumBuilder`), which this follows operation by
/// operation.
package enum PerceptualSpectrum {
  /// Block length L of ST-SIM and SPQI, in samples (vibromaf's `BlockBuilder(512)`).
  package static let blockLength = 512

  /// The sample rate the metrics are defined for, in Hz (vibromaf's
  /// `PerceptualThreshold(8000)`).
  package static let sampleRate_Hz = 8000.0

  /// The threshold curve T(f_i), in dB, for the L coefficients of a block, computed as
  /// vibromaf does (including its frequency grid `linspace(0, fs, 2L)[:L]`, spaced
  /// fs/(2L-1), not fs/(2L)).
  package static let threshold_dB: [Double] = threshold_dB(
    blockLength: blockLength, sampleRate_Hz: sampleRate_Hz)

  /// The threshold curve for `blockLength` coefficients at `sampleRate_Hz`, in dB.
  ///
  /// If T never exceeds 0 the whole curve is held at T(0), as numpy's `argmax` of an
  /// all-false mask returns 0.
  static func threshold_dB(blockLength: Int, sampleRate_Hz: Double) -> [Double] {
    let xScaler = 62.0
    let yScaler = 1.0 / 550.0
    let xOffset = 1.0 - 250.0 * yScaler
    let yOffset = 77.0
    let count = 2 * blockLength
    let step = sampleRate_Hz / Double(count - 1)  // numpy linspace: arange(num) * (delta/div) + start
    let scale = xScaler / pow(log10(xOffset), 2)
    var curve = (0..<blockLength).map { i -> Double in
      let frequency = Double(i) * step
      let l = log10(yScaler * frequency + xOffset)
      return Swift.abs(scale * (l * l)) - yOffset
    }
    let limit = curve.firstIndex(where: { $0 > 0 }) ?? 0
    let held = curve[limit]
    for i in limit..<curve.count { curve[i] = held }
    return curve
  }

  /// The frequency of DCT-II coefficient `k` of a block, in Hz: k cycles per 2L samples,
  /// `k * fs / (2L)` (the physical frequency; vibromaf's threshold grid uses fs/(2L-1)).
  package static func frequency_Hz(ofCoefficient k: Int) -> Double {
    Double(k) * sampleRate_Hz / Double(2 * blockLength)
  }

  /// Turns the orthonormal DCT-II of a block into its perceptual spectrum, in place:
  /// `P = 2 * (10 log10 |X|) - T` (vibromaf's `mag2db(abs(dct(block, norm="ortho")))`
  /// minus the threshold).
  ///
  /// - Parameter coefficients: the block's L orthonormal DCT-II coefficients; on return,
  ///   its perceptual spectrum in dB above threshold.
  /// - Complexity: O(L).
  static func applyThreshold(to coefficients: UnsafeMutableBufferPointer<Double>) {
    threshold_dB.withUnsafeBufferPointer { threshold in
      for i in 0..<min(coefficients.count, threshold.count) {
        coefficients[i] = 2 * (10.0 * log10(Swift.abs(coefficients[i]))) - threshold[i]
      }
    }
  }

  /// The spectral support of a perceptual spectrum value: `Phi(P / 12)` (vibromaf's
  /// `norm.cdf(P, scale=12)`), in 0...1.
  @inline(__always)
  static func support(_ p_dB: Double) -> Double {
    SimilarityNumerics.normalCDF(p_dB / 12)
  }

  /// The power of a perceptual spectrum value: `10^(P/10)` (vibromaf's `db2pow`).
  @inline(__always)
  static func power(_ p_dB: Double) -> Double {
    pow(10.0, p_dB / 10.0)
  }
}
