import HaptCore
import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation

/// Android's haptics hardware assessment (source.android.com, "Assess the hardware",
/// "Analyze the waveforms", "Compare results using the performance map") run on a
/// simulated device: the three target effects rendered and measured on the rendered
/// acceleration instead of an accelerometer recording. Docs/Android.md gives each
/// measure's definition and source.
package struct AndroidAssessment: Sendable, Equatable {
  /// The assessment's three target effects.
  package enum Effect: String, Sendable, CaseIterable {
    /// Effect 1: `VibrationEffect.EFFECT_CLICK` (predefined click).
    case click
    /// Effect 2: `VibrationEffect.createOneShot(20, 255)`.
    case oneShot
    /// Effect 3: `createWaveform({500, 500}, {128, 255}, -1)`.
    case waveform

    /// The effect as vibration XML.
    package var vibration: AndroidVibration {
      switch self {
      case .click: AndroidVibration(.predefined(.click, fallback: true))
      case .oneShot: AndroidVibration(.waveform(AndroidWaveform(entries: [.init(duration_ms: 20, amplitude: 255)])))
      case .waveform:
        AndroidVibration(
          .waveform(
            AndroidWaveform(entries: [.init(duration_ms: 500, amplitude: 128), .init(duration_ms: 500, amplitude: 255)])
          ))
      }
    }

    /// How the Android documentation names it.
    package var title: String {
      switch self {
      case .click: "Effect 1: EFFECT_CLICK"
      case .oneShot: "Effect 2: createOneShot(20, 255)"
      case .waveform: "Effect 3: createWaveform({500, 500}, {128, 255})"
      }
    }
  }

  /// The assessment's failure codes (source.android.com, "Analyze the waveforms").
  package enum FailureCode: String, Sendable, CaseIterable {
    /// No output signal (Effect 1: the constant is not implemented).
    case f01 = "F01"
    /// The signal is too weak to analyse (Effects 1, 2): here, output that never reaches
    /// the perception threshold.
    case f02 = "F02"
    /// The peak-to-ring ratio is below 0 dB (Effects 1, 2).
    case f03_1 = "F03-1"
    /// The peak amplitude is below 0.1 g (Effects 1, 2).
    case f03_2 = "F03-2"
    /// Effect 3 lasts about 500 ms instead of 1000 ms (the 50 % half plays at 0), or
    /// starts more than 500 ms late.
    case f04 = "F04"
    /// Effect 3's halves do not differ in amplitude (no amplitude scaling).
    case f05 = "F05"

    /// What the code means, one sentence.
    package var meaning: String {
      switch self {
      case .f01: "no output signal"
      case .f02: "too weak to analyse: the output is never felt"
      case .f03_1: "peak-to-ring ratio below 0 dB: it rings or repeats stronger than its first peak"
      case .f03_2: "peak amplitude below 0.1 g"
      case .f04:
        "the 50 % half is missing (about 500 ms of output instead of 1000 ms) or output starts over 500 ms late"
      case .f05: "the 50 % and 100 % halves do not differ by an amplitude JND: no amplitude scaling"
      }
    }
  }

  /// The measures of one effect. Effects 1 and 2 fill the peak measures, Effect 3 the
  /// level measures; the rest stay nil.
  package struct Measurement: Sendable, Equatable {
    package var effect: Effect
    /// Largest |a| of the effect, g.
    package var peak_g: Double?
    /// How long the envelope stays at or above half its first peak, ms.
    package var peakDuration_ms: Double?
    /// Peak-to-ring ratio: 20 log10(first peak / ring), dB, where the ring is the largest
    /// envelope from one peak duration (at least 10 ms) after the envelope falls below
    /// half the first peak; 99 dB when nothing is left.
    package var peakRingRatio_dB: Double?
    /// Figure of merit for sharpness: PRR / peak duration, dB per ms.
    package var sharpnessFigureOfMerit_dB_per_ms: Double?
    /// Median envelope over the middle of the first (amplitude 128) half, g.
    package var level50_g: Double?
    /// Median envelope over the middle of the second (amplitude 255) half, g.
    package var level100_g: Double?
    /// level100 / level50 (255 / 128 = 1.99 for a drive proportional to amplitude).
    package var amplitudeRatio: Double?
    /// Trigger to the first sample at 10 % of the peak envelope, ms.
    package var onset_ms: Double?
    /// How long the envelope stays at or above 10 % of its peak, ms.
    package var outputDuration_ms: Double?
    /// The failure codes that apply; empty means it passes.
    package var failures: [FailureCode]
    /// Notes from the render (a fallback played, no amplitude control).
    package var notes: [String]

    /// Whether the effect passes (no failure code).
    package var passes: Bool { failures.isEmpty }
  }

  package var device: String
  package var measurements: [Measurement]
  /// Whether the device has an actuator at all (without one every effect is silent and
  /// fails for that reason, not for its shape).
  package var hasActuator: Bool

  /// Whether every effect passes.
  package var passes: Bool { measurements.allSatisfy(\.passes) }

  /// Runs the three effects on `device` with a prepared engine.
  package init(device profile: DeviceProfile) {
    device = profile.name
    hasActuator = profile.actuator != .none
    let renderer = Renderer(device: profile)
    measurements = Effect.allCases.map { effect in
      let rendering = renderer.render(
        effect.vibration.resolved().pattern, options: RenderOptions(state: .prepared, tail_s: 0.3))
      return Self.measure(effect, rendering)
    }
  }

  /// Minimum peak for Effects 1 and 2 (F03-2), g.
  package static let minimumPeak_g = 0.1
  /// Shortest wait after the peak before the ring is measured, s.
  package static let ringDelay_s = 0.010
  /// Longest acceptable start of Effect 3's output (F04), s.
  package static let maximumDelay_s = 0.5

  static func measure(_ effect: Effect, _ rendering: Rendering) -> Measurement {
    var result = Measurement(effect: effect, failures: [], notes: rendering.notes)
    var signal = rendering.acceleration_g
    if signal.sampleRate_Hz != SignalSource.metricRate_Hz {
      signal = Resampler.resample(signal, to: SignalSource.metricRate_Hz)
    }
    let fs = signal.sampleRate_Hz
    let envelope = EnvelopeMarkers.causalEnvelope(signal)
    let peak = envelope.max() ?? 0
    guard peak > 1e-9, rendering.silenceReason == nil else {
      result.failures = [effect == .waveform ? .f04 : (effect == .click ? .f01 : .f02)]
      if let reason = rendering.silenceReason { result.notes.append(reason.description) }
      return result
    }
    let markers = EnvelopeMarkers.measure(signal, driveEnd_s: rendering.driveEnd_s)
    result.peak_g = signal.samples.map(abs).max()
    result.onset_ms = markers.t10_s.map { $0 * 1000 }
    let above10 = envelope.filter { $0 >= 0.1 * peak }.count
    result.outputDuration_ms = Double(above10) / fs * 1000
    switch effect {
    case .click, .oneShot:
      if markers.detect_s == nil {
        result.failures.append(.f02)
        return result
      }
      // The first peak: the first local maximum reaching half the global peak.
      guard let firstHalf = envelope.firstIndex(where: { $0 >= 0.5 * peak }) else { return result }
      var top = firstHalf
      while top + 1 < envelope.count, envelope[top + 1] >= envelope[top] { top += 1 }
      let firstPeak = envelope[top]
      var end = top
      while end < envelope.count, envelope[end] >= 0.5 * firstPeak { end += 1 }
      var start = top
      while start > 0, envelope[start - 1] >= 0.5 * firstPeak { start -= 1 }
      let duration_ms = Double(end - start) / fs * 1000
      // The ring: the strongest envelope once the peak has had its own width again (at
      // least 10 ms) to die away: slow ringing and a second pulse both count.
      let ringStart = end + Swift.max(end - start, Int(ringDelay_s * fs))
      let ring = ringStart < envelope.count ? (envelope[ringStart...].max() ?? 0) : 0
      let prr = ring > 0 ? 20 * log10(firstPeak / ring) : 99
      result.peakDuration_ms = duration_ms
      result.peakRingRatio_dB = prr
      result.sharpnessFigureOfMerit_dB_per_ms = duration_ms > 0 ? prr / duration_ms : nil
      if prr < 0 { result.failures.append(.f03_1) }
      if (result.peak_g ?? 0) < minimumPeak_g { result.failures.append(.f03_2) }
    case .waveform:
      let start = rendering.latency_s
      func median(from a: Double, to b: Double) -> Double {
        let lo = Swift.max(0, Int((start + a) * fs))
        let hi = Swift.min(envelope.count, Int((start + b) * fs))
        guard lo < hi else { return 0 }
        let values = envelope[lo..<hi].sorted()
        return values[values.count / 2]
      }
      let low = median(from: 0.2, to: 0.45)
      let high = median(from: 0.7, to: 0.95)
      result.level50_g = low
      result.level100_g = high
      result.amplitudeRatio = low > 0 ? high / low : nil
      let onset = (markers.t10_s ?? 0)
      if (result.outputDuration_ms ?? 0) < 750 || low < 0.1 * peak || onset > maximumDelay_s {
        result.failures.append(.f04)
      } else if let ratio = result.amplitudeRatio,
        20 * log10(ratio) < Distinguishability.amplitudeJND_dB
      {
        result.failures.append(.f05)
      }
    }
    return result
  }
}
