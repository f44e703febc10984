import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptCore

/// What hapt measures of one pattern on one device in one engine state: the latency
/// markers, the level and the dominant frequency of the rendered body acceleration.
package struct PatternMeasurement: Sendable, Equatable {
  /// The pattern's short name in its corpus.
  package var pattern: String
  /// The device profile's name.
  package var device: String
  package var state: EngineState
  /// Trigger -> first drive sample (engine latency), seconds.
  package var engineLatency_s: Double
  /// Trigger -> end of the drive, seconds.
  package var driveEnd_s: Double
  /// Envelope markers of the body acceleration (Docs/Model.md §4).
  package var markers: EnvelopeMarkers
  /// Largest |acceleration| at the device's rate, g (``PeakLevel``).
  package var peak_g: Double
  /// Root-mean-square acceleration over the pattern's own extent (``PatternExtent``: t10
  /// to stop, so the engine latency before it and the silent tail do not count), g; 0
  /// when silent.
  package var rms_g: Double
  /// Peak of the Hann-windowed spectrum, Hz (nil when silent).
  package var dominantFrequency_Hz: Double?
  /// Why the render is silent (no actuator, haptics off), if it is.
  package var silenceReason: SilenceReason?
  /// The latency verdict against the budget.
  package var verdict: LatencyVerdict
  /// Whether the render was cut at the renderer's length limit (the pattern is longer
  /// than `RenderOptions.maxDuration_s`): markers describe only the part rendered.
  package var isTruncated: Bool

  /// Measures a rendering.
  package init(
    pattern: String, device: String, state: EngineState, rendering: Rendering, budget: LatencyBudget
  ) {
    self.init(
      pattern: pattern, device: device, state: state, rendering: rendering,
      analysis: RenderAnalysis(rendering.acceleration_g), leadingZeros: 0, budget: budget)
  }

  /// Measures `rendering`, whose body acceleration is `leadingZeros` zeros followed by
  /// the signal `analysis` was made of (a cold render is the prepared one delayed by the
  /// engine: ``RenderAnalysis/leadingZeros(of:before:)``); the result is bit for bit what
  /// analysing `rendering` itself gives.
  package init(
    pattern: String, device: String, state: EngineState, rendering: Rendering, analysis: RenderAnalysis,
    leadingZeros: Int, budget: LatencyBudget
  ) {
    self.pattern = pattern
    self.device = device
    self.state = state
    engineLatency_s = rendering.latency_s
    driveEnd_s = rendering.driveEnd_s
    markers = EnvelopeMarkers.measure(
      envelope: analysis.envelope, sampleRate_Hz: analysis.sampleRate_Hz,
      dominantFrequency_Hz: analysis.dominantFrequency_Hz, driveEnd_s: rendering.driveEnd_s,
      leadingZeros: leadingZeros)
    let peak = analysis.peak_g
    peak_g = peak
    rms_g = analysis.rms_g
    // The markers found the dominant frequency already (their detection threshold needs it).
    dominantFrequency_Hz = peak > 0 ? markers.dominantFrequency_Hz : nil
    verdict = budget.verdict(detect_s: markers.detect_s)
    silenceReason =
      rendering.silenceReason
      ?? (verdict == .silent
        ? .belowDetectionThreshold(peak_g: peak) : nil)
    isTruncated = rendering.isTruncated
  }

  /// The pattern's own onset: detect minus the engine latency, seconds (the time from the
  /// engine's first drive sample until the vibration is felt; what the pattern's author
  /// can change). Nil when silent.
  package var onset_s: Double? { markers.detect_s.map { $0 - engineLatency_s } }

  /// Whether this row fails its latency check: felt too late, or never felt on a device
  /// that could play it (a silent row on a device with no actuator, or with haptics off,
  /// is information, not a failure).
  package var isFailure: Bool {
    verdict == .fail || (verdict == .silent && !Renderer.isDeviceSilence(silenceReason))
  }

  /// Peak level in dB re 1 g (−∞ when silent).
  package var peak_dB: Double { 20 * log10(peak_g) }
}
