/// hapt's one definition of a signal's peak (`peak_g` in every output).
///
/// The peak is the largest |sample| of the acceleration at the rate it was produced: the
/// device's sample rate for a render, the file's own rate for a recording, before any
/// resampling. It is not the peak of the analytic envelope (which is slightly higher
/// between samples) and not the peak after resampling to the metrics' 8 kHz (which can
/// overshoot or miss the sample peak); those are internal to the metrics.
package enum PeakLevel {
  /// The largest |x| of `samples`, in their unit (g for acceleration); 0 when empty.
  ///
  /// - Complexity: O(n).
  package static func peak_g(_ samples: [Double]) -> Double {
    var peak = 0.0
    for x in samples { peak = max(peak, abs(x)) }
    return peak
  }
}
