import HaptCore
import HaptSignals

/// What the hand feels of a signal over time: its sensation level and felt magnitude at
/// the signal's sample rate (Docs/Perception.md §10). ``PerceptualAttributes`` are built
/// on it.
///
/// The perceived frequency of ``PerceptualFeatures`` sets the detection threshold `T(f)`
/// and the level envelope's window; `SL(t) = 20 log10(e(t) / 1 g) - T(f)` floored at 0 and
/// `m(t) = (10^(0.89 SL/20) - 1) / (10^0.89 - 1)` (0 at threshold, 1 at 20 dB SL).
package struct FeltEnvelope: Sendable {
  /// Samples per second of ``level_dB`` and ``magnitude``.
  package var sampleRate_Hz: Double
  /// Sensation level, dB above threshold, floored at 0.
  package var level_dB: [Double]
  /// Felt magnitude (felt-magnitude units).
  package var magnitude: [Double]
  /// First to last sample felt (`level_dB > 0`).
  package var span: ClosedRange<Int>

  /// Felt span in seconds.
  package var duration_s: Double { Double(span.count) / sampleRate_Hz }

  /// The felt envelope of an acceleration signal in g whose ``PerceptualFeatures`` are
  /// known; nil if nothing of it is felt.
  package init?(_ signal: Signal, features: PerceptualFeatures) {
    let rate = signal.sampleRate_Hz
    guard features.isPerceptible, let frequency = features.frequency_Hz, rate > 0, rate.isFinite,
      !signal.samples.isEmpty
    else { return nil }
    var samples = signal.samples
    let mean = samples.reduce(0, +) / Double(samples.count)
    for k in samples.indices { samples[k] -= mean }
    let threshold_dB = DetectionThreshold.threshold_dB(at: frequency)
    let envelope = PerceptualFeatures.levelEnvelope(
      samples, window: PerceptualFeatures.windowLength(frequency_Hz: frequency, sampleRate_Hz: rate))
    let level = envelope.map { max(20 * log10(max($0, .leastNormalMagnitude)) - threshold_dB, 0) }
    guard let first = level.firstIndex(where: { $0 > 0 }), let last = level.lastIndex(where: { $0 > 0 }) else {
      return nil
    }
    sampleRate_Hz = rate
    level_dB = level
    magnitude = level.map { PerceptualAttributes.feltMagnitude(sensationLevel_dB: $0) }
    span = first...last
  }
}
