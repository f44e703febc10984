import HaptPatterns
import HaptSignals

/// The numbers `hapt render` prints about a rendering.
///
/// - `peak_g`: largest |a|, g.
/// - `rms_g`: root mean square of a over the pattern's own extent (``PatternExtent``: from
///   the first to the last sample where the envelope is at 10 % of its peak, so the same
///   for a prepared and a cold render and for a recording of the render), g; 0 if silent.
/// - `energy_g2s`: sum of a^2 / fs, g^2 s.
/// - `dominantFrequency_Hz`: peak of the Hann-windowed spectrum (``Spectra``); nil if silent.
/// - `onsetLatency_ms`: trigger to the first sample where |a| reaches 10 % of the peak
///   (sample time n/fs, no interpolation), ms; nil if silent. A raw-signal marker, not
///   the envelope-based t10 of Docs/Model.md §4.
package struct RenderSummary: Equatable, Sendable {
  package var peak_g: Double
  package var rms_g: Double
  package var energy_g2s: Double
  package var dominantFrequency_Hz: Double?
  package var onsetLatency_ms: Double?
  /// Engine latency used, ms.
  package var latency_ms: Double
  /// Trigger to the end of the drive (braking included), ms.
  package var driveEnd_ms: Double
  /// Render length, s.
  package var duration_s: Double
  /// Why the render is silent, if it is.
  package var silenceReason: SilenceReason?

  package init(_ rendering: Rendering) {
    let a = rendering.acceleration_g
    let peak = PeakLevel.peak_g(a.samples)
    var sum = 0.0
    for x in a.samples { sum += x * x }
    peak_g = peak
    rms_g = peak > 0 ? PatternExtent.rms(a.samples) : 0
    energy_g2s = sum / a.sampleRate_Hz
    dominantFrequency_Hz = peak > 0 ? Spectra.dominantFrequency_Hz(a) : nil
    if peak > 0, let first = a.samples.firstIndex(where: { abs($0) >= 0.1 * peak }) {
      onsetLatency_ms = Double(first) / a.sampleRate_Hz * 1000
    } else {
      onsetLatency_ms = nil
    }
    latency_ms = rendering.latency_s * 1000
    driveEnd_ms = rendering.driveEnd_s * 1000
    duration_s = a.duration_s
    silenceReason = rendering.silenceReason
  }
}

extension Rendering {
  /// The first line of ``csvText()``, by which a later run knows hapt wrote the file.
  package static let csvHeader = "time_s,drive_V,accel_g\n"

  /// The render as CSV: header `time_s,drive_V,accel_g`, one row per sample, every number
  /// in Swift's shortest round-trip form (reading it back gives the same doubles).

  package func csvText() -> String {
    var out = Self.csvHeader
    let count = Swift.min(drive_V.count, acceleration_g.count)
    out.reserveCapacity(count * 48 + 32)
    let fs = acceleration_g.sampleRate_Hz
    for n in 0..<count {
      out += "\(Double(n) / fs),\(drive_V.samples[n]),\(acceleration_g.samples[n])\n"
    }
    return out
  }
}
