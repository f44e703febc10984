import HaptMetrics
import HaptPatterns
import HaptSimulation

extension PatternMeasurement {
  /// A measurement from its stored values (a shard's part).
  package init(
    pattern: String, device: String, state: EngineState, engineLatency_s: Double, driveEnd_s: Double,
    markers: EnvelopeMarkers, peak_g: Double, rms_g: Double, dominantFrequency_Hz: Double?,
    silenceReason: SilenceReason?,
    verdict: LatencyVerdict, isTruncated: Bool
  ) {
    self.pattern = pattern
    self.device = device
    self.state = state
    self.engineLatency_s = engineLatency_s
    self.driveEnd_s = driveEnd_s
    self.markers = markers
    self.peak_g = peak_g
    self.rms_g = rms_g
    self.dominantFrequency_Hz = dominantFrequency_Hz
    self.silenceReason = silenceReason
    self.verdict = verdict
    self.isTruncated = isTruncated
  }
}
