import HaptMetrics
import HaptSignals
import HaptWorkflows

/// The per-pattern figures of the report: waveform with envelope and markers, and a
/// spectrogram, of the pattern's body acceleration on the primary device.
enum PatternFigures {
  /// Spectrogram window, samples (32 ms at 8 kHz: 31.25 Hz bins).
  static let window = 256
  /// Spectrogram hop, samples (8 ms at 8 kHz).
  static let hop = 64

  static func blocks(_ rendered: RenderedPattern, measurement m: PatternMeasurement) -> [ReportBlock] {
    let acceleration = rendered.rendering.acceleration_g
    var blocks: [ReportBlock] = [.heading(rendered.name)]
    if let reason = rendered.rendering.silenceReason {
      blocks.append(.note("Silent on \(rendered.device): \(reason)."))
      return blocks
    }
    let envelope = EnvelopeMarkers.causalEnvelope(acceleration)
    let markers = ChartMarker.latencyMarkers(
      detect_s: m.markers.detect_s, t10_s: m.markers.t10_s, t50_s: m.markers.t50_s, t90_s: m.markers.t90_s,
      stop_s: m.markers.stop_s)
    let dominant = m.dominantFrequency_Hz.map { String(format: "%.0f Hz", $0) } ?? "–"
    blocks.append(
      .chart(
        WaveformChart.render(
          title: "\(rendered.name): body acceleration", acceleration_g: acceleration.samples,
          sampleRate_Hz: acceleration.sampleRate_Hz, envelope_g: envelope, markers: markers, height: 260),
        caption: String(
          format: "Peak %.3f g, RMS %.3f g, dominant %@, detect %@ ms after the trigger (%@, %@).", m.peak_g, m.rms_g, dominant,
          m.markers.detect_s.map { String(format: "%.1f", $0 * 1000) } ?? "never", rendered.device, rendered.state.rawValue)))
    if acceleration.count >= window {
      let spectrogram = Spectra.spectrogram(acceleration, window: window, hop: hop)
      let binSpacing = spectrogram.frequencies_Hz.count > 1 ? spectrogram.frequencies_Hz[1] - spectrogram.frequencies_Hz[0] : 1
      let frameStep = spectrogram.times_s.count > 1 ? (spectrogram.times_s[1] - spectrogram.times_s[0]) * 1000 : 1
      blocks.append(
        .chart(
          SpectrogramChart.render(
            title: "\(rendered.name): spectrogram", decibels: spectrogram.levels_dB, frameStep_ms: frameStep,
            firstFrame_ms: (spectrogram.times_s.first ?? 0) * 1000, binSpacing_Hz: binSpacing, maxFrequency_Hz: 500,
            height: 220),
          caption: "Hann window of \(window) samples (\(window * 1000 / Int(acceleration.sampleRate_Hz)) ms), hop \(hop); dB re 1 g, 60 dB range."))
    }
    return blocks
  }
}

import Foundation
