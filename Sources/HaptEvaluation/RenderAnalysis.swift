import HaptCore
import HaptMetrics
import HaptSignals

/// The analyses of a render that a delay does not change: its causal envelope (from its
/// first non-zero sample on), dominant frequency, peak and root-mean-square level. A render
/// that is another one with zeros in front (a cold render is the prepared one delayed by
/// the engine's extra latency) is measured from these, shifted, with no second analysis
/// (``PatternMeasurement/init(pattern:device:state:rendering:analysis:leadingZeros:budget:)``).
package struct RenderAnalysis: Sendable {
  /// The causal envelope of the body acceleration (``EnvelopeMarkers/causalEnvelope(_:)``), g.
  package var envelope: [Double]
  /// Samples per second of the signal.
  package var sampleRate_Hz: Double
  /// Peak of the Hann spectrum of the signal's non-zero span, Hz (nil when silent).
  package var dominantFrequency_Hz: Double?
  /// Largest |acceleration|, g.
  package var peak_g: Double
  /// Root-mean-square acceleration over the pattern's own extent, g (0 when silent).
  package var rms_g: Double

  /// Analyses `acceleration` (body acceleration in g).
  /// - Complexity: O(n log n): the analytic envelope and a Hann spectrum.
  package init(_ acceleration: Signal) {
    envelope = EnvelopeMarkers.causalEnvelope(acceleration)
    sampleRate_Hz = acceleration.sampleRate_Hz
    dominantFrequency_Hz = Spectra.dominantFrequency_Hz(acceleration)
    peak_g = PeakLevel.peak_g(acceleration.samples)
    rms_g = PatternExtent(envelope: envelope)?.rms(acceleration.samples) ?? 0
  }

  /// How many zeros stand in `delayed` before an exact copy of `base` (same rate, same
  /// samples bit for bit, nothing after), or nil if `delayed` is not `base` delayed.
  /// Every analysis above is then the same for both (they start at the first non-zero
  /// sample), and the markers move by exactly that many samples.
  /// - Complexity: O(n).
  package static func leadingZeros(of delayed: Signal, before base: Signal) -> Int? {
    let k = delayed.samples.count - base.samples.count
    guard k >= 0, delayed.sampleRate_Hz == base.sampleRate_Hz else { return nil }
    return delayed.samples.withUnsafeBufferPointer { d in
      base.samples.withUnsafeBufferPointer { b -> Int? in
        for n in 0..<k where d[n] != 0 { return nil }
        // Bit for bit: -0.0 and 0.0, or two NaNs, are not taken as equal or unequal by ==.
        for n in 0..<b.count where d[k + n].bitPattern != b[n].bitPattern { return nil }
        return k
      }
    }
  }
}
