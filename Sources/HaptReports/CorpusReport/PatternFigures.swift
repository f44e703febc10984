import HaptCore
import HaptMetrics
import HaptSignals
import HaptEvaluation
import HaptCharts

/// The per-pattern figures of the report: waveform with envelope and markers, and a
/// spectrogram below it on the same time axis, of the pattern's body acceleration on the
/// primary device.
enum PatternFigures {
  /// Spectrogram window, samples (32 ms at 8 kHz: 31.25 Hz bins).
  static let window = 256
  /// Spectrogram hop, samples (8 ms at 8 kHz).
  static let hop = 64

  static func blocks(_ rendered: RenderedPattern, measurement m: PatternMeasurement) -> [ReportBlock] {
    let acceleration = rendered.rendering.acceleration_g
    var blocks: [ReportBlock] = []
    if let reason = rendered.rendering.silenceReason {
      blocks.append(.note("Silent on \(rendered.device) (\(rendered.state.rawValue)): \(reason)."))
      return blocks
    }
    let envelope = EnvelopeMarkers.causalEnvelope(acceleration)
    let markers = ChartMarker.latencyMarkers(
      detect_s: m.markers.detect_s, t10_s: m.markers.t10_s, t50_s: m.markers.t50_s, t90_s: m.markers.t90_s,
      stop_s: m.markers.stop_s)
    let rate = acceleration.sampleRate_Hz > 0 ? acceleration.sampleRate_Hz : 8000
    let end_ms = Double(max(acceleration.count - 1, 0)) * 1000 / rate
    // One time axis for both figures, so the spectrogram's columns sit under the waveform.
    let domain = WaveformChart.timeDomain(start_ms: 0, end_ms: end_ms, markers: markers)
    let dominant = m.dominantFrequency_Hz.map { DecimalText.fixed($0, decimals: 0) + " Hz" } ?? "–"
    blocks.append(
      .chart(
        WaveformChart.render(
          title: "\(rendered.name): body acceleration", acceleration_g: acceleration.samples,
          sampleRate_Hz: acceleration.sampleRate_Hz, envelope_g: envelope, markers: markers, height: 260,
          rightMargin: SpectrogramChart.rightMargin, pixelGrid: true),
        caption: String(
          format: "Peak %.3f g, RMS %.3f g, dominant %@, detect %@ after the trigger (%@, %@).", m.peak_g, m.rms_g,
          dominant,
          m.markers.detect_s.map { DecimalText.fixed($0 * 1000, decimals: 1) + " ms" } ?? "never", rendered.device,
          rendered.state.rawValue)))
    if acceleration.count >= window {
      let spectrogram = Spectra.spectrogram(acceleration, window: window, hop: hop)
      // Two raster columns per window length at most: a column narrower than half the
      // window shows no detail the analysis has, and costs page bytes. (Rounded up: the
      // raster's blocks are equal, so one column too few would make every block wider.)
      let columns = min(120, max((spectrogram.times_s.count * hop * 2 + window - 1) / window, 1))
      blocks.append(
        .chart(
          SpectrogramChart.render(
            title: "\(rendered.name): spectrogram", spectrogram: spectrogram, maxFrequency_Hz: 500,
            timeDomain_ms: domain, maxColumns: columns, height: 220),
          caption:
            "Hann window of \(window) samples (\(Int((Double(window) * 1000 / rate).rounded())) ms), hop \(hop), shown as the maximum per two hops (half a window) or coarser; dB re 1 g, 60 dB range; the time axis is the waveform's."
        ))
    }
    return blocks
  }
}
