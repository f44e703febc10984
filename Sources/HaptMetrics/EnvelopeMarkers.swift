import HaptCore
import HaptSignals

/// Latency and shape markers read on the envelope of a rendered acceleration (Docs/Model.md §4).
///
/// All times are in seconds from the start of the signal (for a rendering, from the
/// trigger), found on the magnitude of the analytic signal (``Envelope/analytic(_:)``)
/// and interpolated linearly between samples:
///
/// - `detect`: first time the envelope reaches the detection threshold (Docs/Model.md §5) at the
///   signal's dominant frequency (peak of its Hann spectrum), `10^(T(f)/20)` g;
/// - `t10`, `t50`, `t90`: first time it reaches 10, 50, 90 % of its peak;
/// - `rise = t90 - t10`;
/// - `stop`: last time it is above 10 % of peak (TI's stop time is `stop - driveEnd`).
///
/// `t10` and `stop` bound the pattern's own extent (``PatternExtent``); both are read on
/// the signal alone, so a recording (no drive end known) and a render of the same
/// vibration have the same `stop`, and a prepared and a cold render differ only by the
/// engine latency.
///
/// A marker is nil where it is undefined: every marker of a silent signal; `detect` if the
/// envelope never reaches the threshold; `stop` while the envelope is still above 10 % at
/// the last sample (the signal ends before the vibration does), or for a render whose
/// drive ends after its last sample (cut at the length limit).
///
/// Approximation: the analytic envelope of a hard-gated burst rings near its edges and
/// wraps around the ends of the signal (see ``Envelope``); rendered signals, which start
/// and end in silence, read within a sample or two of the true envelope.
package struct EnvelopeMarkers: Sendable, Equatable {
  /// First time the envelope reaches the detection threshold, in seconds.
  package var detect_s: Double?
  /// First time the envelope reaches 10 % of its peak, in seconds.
  package var t10_s: Double?
  /// First time the envelope reaches 50 % of its peak, in seconds.
  package var t50_s: Double?
  /// First time the envelope reaches 90 % of its peak, in seconds.
  package var t90_s: Double?
  /// `t90 - t10`, in seconds.
  package var rise_s: Double?
  /// Last time the envelope is above 10 % of peak, seconds.
  package var stop_s: Double?
  /// Peak of the envelope, in g (0 for a silent signal).
  package var peak_g: Double
  /// Dominant frequency used for the detection threshold, in Hz (nil if silent).
  package var dominantFrequency_Hz: Double?

  package init(
    detect_s: Double? = nil, t10_s: Double? = nil, t50_s: Double? = nil, t90_s: Double? = nil,
    rise_s: Double? = nil, stop_s: Double? = nil, peak_g: Double = 0,
    dominantFrequency_Hz: Double? = nil
  ) {
    self.detect_s = detect_s
    self.t10_s = t10_s
    self.t50_s = t50_s
    self.t90_s = t90_s
    self.rise_s = rise_s
    self.stop_s = stop_s
    self.peak_g = peak_g
    self.dominantFrequency_Hz = dominantFrequency_Hz
  }

  /// The analytic-signal envelope (magnitude), set to zero before the signal's first
  /// non-zero sample.
  ///
  /// The analytic envelope is not causal: it leaks ahead of an abrupt onset. Nothing is
  /// felt before the signal starts, so no marker may precede it (an engine latency of
  /// 10 ms must never read 9.7 ms). The report draws this same envelope.
  package static func causalEnvelope(_ signal: Signal) -> [Double] {
    Envelope.causal(signal.samples)
  }

  /// Measures the markers of an acceleration signal.
  ///
  /// - Parameters:
  ///   - acceleration: body acceleration in g.
  ///   - driveEnd_s: end of the last drive sample, seconds from the signal's start
  ///     (`Rendering.driveEnd_s`), or nil for a recording; only a drive end past the last
  ///     sample (a cut render) changes a marker: it gives no `stop`.
  /// - Returns: the markers; nil where undefined (see ``EnvelopeMarkers``).
  /// - Complexity: O(n log n): the analytic envelope and a Hann spectrum.
  package static func measure(_ acceleration: Signal, driveEnd_s: Double?) -> EnvelopeMarkers {
    let envelope = causalEnvelope(acceleration)
    let frequency = Spectra.dominantFrequency_Hz(acceleration)
    return measure(
      envelope: envelope, sampleRate_Hz: acceleration.sampleRate_Hz,
      dominantFrequency_Hz: frequency, driveEnd_s: driveEnd_s)
  }

  /// The markers of an envelope already computed.
  ///
  /// - Parameters:
  ///   - envelope: envelope in g, sample n at `n / sampleRate_Hz` seconds.
  ///   - sampleRate_Hz: samples per second.
  ///   - dominantFrequency_Hz: frequency for the detection threshold; nil gives no
  ///     `detect`.
  ///   - driveEnd_s: end of the drive in seconds, or nil (see above).
  ///   - leadingZeros: zeros taken to stand before `envelope` (a render delayed by that
  ///     many whole samples, whose causal envelope is these zeros and then `envelope`):
  ///     the markers are those of the longer envelope, bit for bit, without building it.
  /// - Complexity: O(n).
  package static func measure(
    envelope: [Double], sampleRate_Hz: Double, dominantFrequency_Hz: Double?,
    driveEnd_s: Double?, leadingZeros: Int = 0
  ) -> EnvelopeMarkers {
    var peak = 0.0
    for value in envelope {
      guard value.isFinite else { return EnvelopeMarkers() }
      peak = max(peak, value)
    }
    guard peak > 0, sampleRate_Hz > 0, sampleRate_Hz.isFinite else { return EnvelopeMarkers() }
    var markers = EnvelopeMarkers(peak_g: peak, dominantFrequency_Hz: dominantFrequency_Hz)
    if let frequency = dominantFrequency_Hz {
      markers.detect_s = firstReach(
        envelope, level: DetectionThreshold.threshold_g(at: frequency), sampleRate_Hz: sampleRate_Hz,
        leadingZeros: leadingZeros)
    }
    markers.t10_s = firstReach(envelope, level: 0.1 * peak, sampleRate_Hz: sampleRate_Hz, leadingZeros: leadingZeros)
    markers.t50_s = firstReach(envelope, level: 0.5 * peak, sampleRate_Hz: sampleRate_Hz, leadingZeros: leadingZeros)
    markers.t90_s = firstReach(envelope, level: 0.9 * peak, sampleRate_Hz: sampleRate_Hz, leadingZeros: leadingZeros)
    if let t10 = markers.t10_s, let t90 = markers.t90_s { markers.rise_s = t90 - t10 }
    let lastIndex = envelope.count + leadingZeros - 1
    let cut = driveEnd_s.map { !$0.isFinite || $0 * sampleRate_Hz > Double(lastIndex) } ?? false
    if !cut {
      markers.stop_s = lastAbove(envelope, level: 0.1 * peak, sampleRate_Hz: sampleRate_Hz, leadingZeros: leadingZeros)
    }
    return markers
  }

  /// The first time `envelope`, after `leadingZeros` zeros, reaches `level` (linear
  /// interpolation), or nil.
  static func firstReach(_ envelope: [Double], level: Double, sampleRate_Hz: Double, leadingZeros: Int = 0) -> Double? {
    guard let found = envelope.firstIndex(where: { $0 >= level }) else { return nil }
    let n = found + leadingZeros
    guard n > 0 else { return 0 }
    let before = found > 0 ? envelope[found - 1] : 0
    let fraction = (level - before) / (envelope[found] - before)  // before < level <= envelope[n]
    return (Double(n - 1) + fraction) / sampleRate_Hz
  }

  /// The last time `envelope`, after `leadingZeros` zeros, is above `level`, interpolated
  /// to the downward crossing; nil if it is never above or is still above at the last
  /// sample.
  static func lastAbove(_ envelope: [Double], level: Double, sampleRate_Hz: Double, leadingZeros: Int = 0) -> Double? {
    guard let found = envelope.lastIndex(where: { $0 > level }), found + 1 < envelope.count else { return nil }
    let fraction = (envelope[found] - level) / (envelope[found] - envelope[found + 1])  // next <= level < this
    return (Double(found + leadingZeros) + fraction) / sampleRate_Hz
  }
}
