import HaptCore
import Foundation
import HaptSignals
import Testing

import HaptMetrics

@Suite struct EnvelopeMarkersTests {
  typealias S = PerceptionSignals
  /// "Within a sample or two" at 8 kHz.
  static let tolerance_s = 2 / 8000.0

  /// A sine whose amplitude rises linearly to 0.5 g over 30 ms, holds until 150 ms,
  /// then decays exponentially (tau 10 ms): t_q = q * 30 ms.
  @Test(arguments: [170.0, 200, 250])
  func linearRamp(frequency_Hz: Double) throws {
    let ramp = 0.03
    let signal = S.modulated(
      frequency_Hz: frequency_Hz, duration_s: 0.15, tail_s: 0.15,
      envelope: { 0.5 * min($0 / ramp, 1) }, decay: { 0.5 * exp(-$0 / 0.01) })
    let m = EnvelopeMarkers.measure(signal, driveEnd_s: 0.15)
    #expect(abs(m.peak_g - 0.5) < 0.005)
    #expect(abs(try #require(m.t10_s) - 0.1 * ramp) < Self.tolerance_s)
    #expect(abs(try #require(m.t50_s) - 0.5 * ramp) < Self.tolerance_s)
    #expect(abs(try #require(m.t90_s) - 0.9 * ramp) < Self.tolerance_s)
    #expect(abs(try #require(m.rise_s) - 0.8 * ramp) < Self.tolerance_s)
    // Threshold at f: 0.5 g * t / ramp = 10^(T/20).
    let detect = DetectionThreshold.threshold_g(at: frequency_Hz) / 0.5 * ramp
    #expect(abs(try #require(m.detect_s) - detect) < Self.tolerance_s)
    #expect(abs(try #require(m.stop_s) - (0.15 + 0.01 * log(10))) < Self.tolerance_s)
    #expect(abs(try #require(m.dominantFrequency_Hz) - frequency_Hz) < 2)
  }

  /// Exponential rise 1 - exp(-t/tau) (tau 5 ms, 0.8 g) for 150 ms, then an exponential
  /// decay (tau2 20 ms): t10 = tau ln(10/9), t50 = tau ln 2, t90 = tau ln 10,
  /// stop = driveEnd + tau2 ln 10 (relative to the peak, which the drive end reaches).
  /// (The analytic envelope overshoots the kink at the drive end by about A / (tau2 2 pi f);
  /// with a faster decay the peak reads high and t90, where the rise is flat, late.)
  @Test(arguments: [170.0, 200, 250])
  func exponentialRiseAndDecay(frequency_Hz: Double) throws {
    let tau = 0.005
    let tau2 = 0.02
    let driveEnd = 0.15
    let top = 0.8 * (1 - exp(-driveEnd / tau))
    let signal = S.modulated(
      frequency_Hz: frequency_Hz, duration_s: driveEnd, tail_s: 0.15,
      envelope: { 0.8 * (1 - exp(-$0 / tau)) }, decay: { top * exp(-$0 / tau2) })
    let m = EnvelopeMarkers.measure(signal, driveEnd_s: driveEnd)
    #expect(abs(try #require(m.t10_s) - tau * log(10.0 / 9)) < Self.tolerance_s)
    #expect(abs(try #require(m.t50_s) - tau * log(2)) < Self.tolerance_s)
    #expect(abs(try #require(m.t90_s) - tau * log(10)) < Self.tolerance_s)
    // rise is the difference of two markers: their errors can add.
    #expect(abs(try #require(m.rise_s) - tau * log(9)) < 2 * Self.tolerance_s)
    #expect(abs(try #require(m.stop_s) - (driveEnd + tau2 * log(10))) < Self.tolerance_s)
  }

  /// A delayed start shifts every marker by the delay.
  @Test func delayShiftsMarkers() throws {
    let ramp = 0.02
    func make(_ delay: Double) -> Signal {
      S.modulated(
        frequency_Hz: 200, duration_s: 0.2, tail_s: 0.15,
        envelope: { 0.4 * min(max($0 - delay, 0) / ramp, 1) }, decay: { 0.4 * exp(-$0 / 0.01) })
    }
    let a = EnvelopeMarkers.measure(make(0.01), driveEnd_s: 0.2)
    let b = EnvelopeMarkers.measure(make(0.06), driveEnd_s: 0.2)
    for (x, y) in [(a.detect_s, b.detect_s), (a.t10_s, b.t10_s), (a.t50_s, b.t50_s), (a.t90_s, b.t90_s)] {
      #expect(abs(try #require(y) - (try #require(x)) - 0.05) < Self.tolerance_s)
    }
    #expect(abs(try #require(a.stop_s) - (try #require(b.stop_s))) < Self.tolerance_s)
  }

  @Test func silentSignalHasNoMarkers() {
    let m = EnvelopeMarkers.measure(Signal(zeros: 2000, sampleRate_Hz: 8000), driveEnd_s: 0.1)
    #expect(m == EnvelopeMarkers())
    #expect(m.peak_g == 0 && m.detect_s == nil && m.t10_s == nil && m.stop_s == nil)
    #expect(
      EnvelopeMarkers.measure(Signal(samples: [], sampleRate_Hz: 8000), driveEnd_s: nil) == EnvelopeMarkers())
  }

  @Test func subThresholdSignalIsNeverDetected() throws {
    let amplitude = S.amplitude_g(sensationLevel_dB: -6, frequency_Hz: 200)
    let signal = S.modulated(
      frequency_Hz: 200, duration_s: 0.1, tail_s: 0.1, envelope: { amplitude * min($0 / 0.01, 1) },
      decay: { amplitude * exp(-$0 / 0.01) })
    let m = EnvelopeMarkers.measure(signal, driveEnd_s: 0.1)
    #expect(m.detect_s == nil)
    #expect(m.t10_s != nil && m.t90_s != nil && m.stop_s != nil)
  }

  @Test func stopConventions() {
    // Envelope given directly: 1 Hz sample rate for readable numbers.
    let e: [Double] = [0, 5, 10, 10, 8, 4, 0.5, 0, 0, 0]
    // Above 1 (10 % of 10) until between samples 6 (0.5) and 5 (4): 5 + 3/3.5.
    let m = EnvelopeMarkers.measure(envelope: e, sampleRate_Hz: 1, dominantFrequency_Hz: nil, driveEnd_s: 3)
    #expect(abs((m.stop_s ?? 0) - (5 + 3 / 3.5)) < 1e-12)
    #expect(m.detect_s == nil)
    #expect(abs((m.t10_s ?? 0) - 0.2) < 1e-12)
    #expect(abs((m.t90_s ?? 0) - 1.8) < 1e-12)
    // Read on the signal alone (issue 24 item 15): a drive end after the vibration has
    // fallen below 10 %, or none at all (a recording), gives the same stop.
    let late = EnvelopeMarkers.measure(
      envelope: e, sampleRate_Hz: 1, dominantFrequency_Hz: nil, driveEnd_s: 7.5)
    #expect(late.stop_s == m.stop_s)
    let recording = EnvelopeMarkers.measure(
      envelope: e, sampleRate_Hz: 1, dominantFrequency_Hz: nil, driveEnd_s: nil)
    #expect(recording.stop_s == m.stop_s)
    // Still ringing at the last sample, or a drive end past the end (a cut render): nil.
    let ringing = EnvelopeMarkers.measure(
      envelope: [0, 10, 10, 9], sampleRate_Hz: 1, dominantFrequency_Hz: nil, driveEnd_s: 1)
    #expect(ringing.stop_s == nil)
    #expect(
      EnvelopeMarkers.measure(envelope: e, sampleRate_Hz: 1, dominantFrequency_Hz: nil, driveEnd_s: 20).stop_s
        == nil)
    // Non-finite envelope: no markers.
    #expect(
      EnvelopeMarkers.measure(
        envelope: [0, .nan, 1], sampleRate_Hz: 1, dominantFrequency_Hz: 100, driveEnd_s: 0)
        == EnvelopeMarkers())
  }

  @Test func detectUsesThresholdAtDominantFrequency() throws {
    // Same envelope, 60 Hz (threshold -31.8 dB) vs 400 Hz (-19.8 dB): louder needed at 400.
    let e = (0..<1000).map { Double($0) / 1000 }  // 0 ... 0.999 g over 1 s
    let low = EnvelopeMarkers.measure(
      envelope: e, sampleRate_Hz: 1000, dominantFrequency_Hz: 60, driveEnd_s: nil)
    let high = EnvelopeMarkers.measure(
      envelope: e, sampleRate_Hz: 1000, dominantFrequency_Hz: 400, driveEnd_s: nil)
    #expect(abs(try #require(low.detect_s) - pow(10, -31.8 / 20)) < 1e-9)
    #expect(abs(try #require(high.detect_s) - pow(10, -19.8 / 20)) < 1e-9)
  }

  /// An abrupt onset at 10 ms: the analytic envelope leaks ahead of it, but no marker
  /// may precede the first non-zero sample (causality).
  @Test func noMarkerPrecedesTheSignal() throws {
    let onset = 80
    var samples = [Double](repeating: 0, count: 4000)
    for n in onset..<2000 { samples[n] = 0.5 * sin(2 * Double.pi * 170 * Double(n - onset) / 8000) }
    let m = EnvelopeMarkers.measure(Signal(samples: samples, sampleRate_Hz: 8000), driveEnd_s: 0.25)
    let first = Double(onset) / 8000
    for marker in [m.detect_s, m.t10_s, m.t50_s, m.t90_s] {
      #expect(try #require(marker) >= first - 1 / 8000.0)
    }
    // Without the causality floor the raw analytic envelope crosses the detection
    // threshold earlier: the test would fail on the old behaviour.
    let raw = Envelope.analytic(samples)
    let threshold = DetectionThreshold.threshold_g(at: 170)
    #expect(try #require(raw.firstIndex { $0 >= threshold }) < onset - 1)
  }
}
