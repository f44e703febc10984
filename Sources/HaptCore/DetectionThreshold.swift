/// The vibrotactile detection threshold of a phone held in the hand (Docs/Model.md §5).
///
/// The table is Android's `MIN_PERCEPTIBLE_CURVE` (acceleration in dB re 1 g at which a
/// vibration of that frequency is just felt). Between table points the threshold is
/// interpolated linearly in log frequency; below 10 Hz and above 400 Hz the end values
/// are held.
///
/// Sources: Android's `MIN_PERCEPTIBLE_CURVE` (Android Open Source Project, vibrator
/// frequency-profile code), as restated in Docs/Model.md §5.
package enum DetectionThreshold {
  /// Table frequencies in Hz, strictly increasing.
  package static let frequencies_Hz: [Double] = [10, 20, 40, 60, 100, 150, 200, 250, 300, 400]
  /// Threshold at each table frequency, in dB re 1 g.
  package static let thresholds_dB: [Double] = [
    -48.9, -40.4, -32.8, -31.8, -31.9, -31.4, -30.9, -29.0, -26.8, -19.8,
  ]

  /// The detection threshold at `frequency_Hz`, in dB re 1 g.
  ///
  /// Linear interpolation in log10 frequency between table points; the first value is
  /// held at or below 10 Hz (including 0, negative and NaN frequencies), the last at or
  /// above 400 Hz (including +infinity).
  ///
  /// - Parameter frequency_Hz: vibration frequency in hertz.
  /// - Returns: threshold in dB re 1 g.
  /// - Complexity: O(table size), 10 points.
  package static func threshold_dB(at frequency_Hz: Double) -> Double {
    let f = frequencies_Hz
    let t = thresholds_dB
    guard frequency_Hz > f[0] else { return t[0] }  // also catches NaN
    guard frequency_Hz < f[f.count - 1] else { return t[t.count - 1] }
    var upper = 1
    while upper < f.count - 1 && f[upper] < frequency_Hz { upper += 1 }
    let lower = upper - 1
    let x = log10(frequency_Hz)
    let x0 = log10(f[lower])
    let x1 = log10(f[upper])
    let w = (x - x0) / (x1 - x0)
    return t[lower] + w * (t[upper] - t[lower])
  }

  /// The detection threshold at `frequency_Hz` as a linear acceleration amplitude, in g.
  ///
  /// `10^(threshold_dB / 20)`: an envelope at or above this level is felt (Docs/Model.md §4).
  package static func threshold_g(at frequency_Hz: Double) -> Double {
    pow(10, threshold_dB(at: frequency_Hz) / 20)
  }

  /// Sensation level of a vibration of amplitude `amplitude_g` at `frequency_Hz`, in dB.
  ///
  /// `SL = 20 log10(a / 1 g) - T(f)` (Docs/Model.md §5). Positive means perceptible. A zero
  /// amplitude gives `-infinity`.
  ///
  /// - Parameters:
  ///   - amplitude_g: peak acceleration amplitude (envelope) in g.
  ///   - frequency_Hz: vibration frequency in hertz.
  package static func sensationLevel_dB(amplitude_g: Double, frequency_Hz: Double) -> Double {
    20 * log10(amplitude_g) - threshold_dB(at: frequency_Hz)
  }
}
