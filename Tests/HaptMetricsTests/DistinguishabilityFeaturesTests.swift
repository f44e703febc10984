import HaptCore
import Foundation
import HaptSignals
import Testing

@testable import HaptMetrics

/// The per-signal features behind d'.
@Suite struct DistinguishabilityFeaturesTests {
  typealias S = PerceptionSignals

  @Test func burstFeatures() throws {
    let f = PerceptualFeatures(S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2))
    let event = try #require(f.events.first)
    #expect(f.events.count == 1)
    #expect(abs(try #require(f.frequency_Hz) - 170) < 1)
    let sl = DetectionThreshold.sensationLevel_dB(amplitude_g: 0.5, frequency_Hz: 170)
    #expect(abs(event.peakLevel_dB - sl) < 0.1)
    #expect(abs(f.peakLevel_dB - sl) < 0.1)
    #expect(abs(event.duration_s - 0.2) < 0.007)  // + one window at most
    #expect(event.onset_s == 0)
    #expect(event.shape_dB.count == PerceptualFeatures.shapePoints)
    #expect(event.shape_dB.allSatisfy { abs($0) < 0.1 })  // flat
  }

  @Test func tapsAreSeparateEventsUnlessFused() {
    let apart = PerceptualFeatures(S.taps(onsets_s: [0, 0.1, 0.25], amplitudes_g: [0.8, 0.8, 0.8]))
    #expect(apart.events.count == 3)
    #expect(abs(apart.events[1].onset_s - 0.1) < 0.001)
    #expect(abs(apart.events[2].onset_s - 0.25) < 0.001)
    let fused = PerceptualFeatures(S.taps(onsets_s: [0, 0.02], amplitudes_g: [0.8, 0.8]))
    #expect(fused.events.count == 1)
  }

  @Test func silentAndImperceptibleSignalsHaveNoEvents() {
    let silent = PerceptualFeatures(Signal(zeros: 1000, sampleRate_Hz: 8000))
    #expect(!silent.isPerceptible && silent.frequency_Hz == nil && silent.peakLevel_dB == -.infinity)
    let empty = PerceptualFeatures(Signal(samples: [], sampleRate_Hz: 8000))
    #expect(!empty.isPerceptible)
    let faint = PerceptualFeatures(
      S.burst(
        frequency_Hz: 150, amplitude_g: S.amplitude_g(sensationLevel_dB: -2, frequency_Hz: 150),
        duration_s: 0.2))
    #expect(!faint.isPerceptible)
    #expect(faint.peakLevel_dB < 0 && faint.peakLevel_dB > -3)
    var broken = S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.1)
    broken.samples[10] = .nan
    #expect(!PerceptualFeatures(broken).isPerceptible)
    #expect(!PerceptualFeatures(Signal(samples: [1, 0, -1], sampleRate_Hz: 0)).isPerceptible)
  }

  /// A constant offset (gravity in a recording) changes nothing.
  @Test func offsetIsRemoved() {
    let plain = S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2)
    let offset = Signal(samples: plain.samples.map { $0 + 1 }, sampleRate_Hz: plain.sampleRate_Hz)
    #expect(Distinguishability.dPrime(PerceptualFeatures(plain), PerceptualFeatures(offset)) < 1e-6)
  }

  /// A pure delay is not a difference.
  @Test func delayIsNotADifference() {
    let early = S.taps(onsets_s: [0, 0.1], amplitudes_g: [0.8, 0.8])
    let late = S.taps(onsets_s: [0.2, 0.3], amplitudes_g: [0.8, 0.8])
    #expect(Distinguishability.dPrime(PerceptualFeatures(early), PerceptualFeatures(late)) < 0.05)
  }

  @Test func perceivedFrequencyGrowsWithToneFrequency() throws {
    var previous = 0.0
    for f in stride(from: 60.0, through: 350, by: 2.3) {
      let s = S.burst(frequency_Hz: f, amplitude_g: 0.5, duration_s: 0.2)
      let spectrum = Spectra.hannMagnitude(s)
      let estimate = try #require(
        PerceptualFeatures.perceivedFrequency_Hz(
          frequencies_Hz: spectrum.frequencies_Hz, magnitudes: spectrum.magnitudes))
      #expect(estimate > previous)
      #expect(abs(estimate - f) < 1)
      previous = estimate
    }
  }

  @Test func perceivedFrequencyIsStableForTapTrains() throws {
    var estimates: [Double] = []
    for interval in stride(from: 0.1, through: 0.3, by: 0.01) {
      estimates.append(
        try #require(
          PerceptualFeatures(S.taps(onsets_s: [0, interval], amplitudes_g: [0.8, 0.8])).frequency_Hz))
    }
    let spread = (estimates.max() ?? 0) - (estimates.min() ?? 0)
    #expect(spread < 2, "\(estimates)")
  }

  @Test func perceivedFrequencyEdgeCases() {
    #expect(PerceptualFeatures.perceivedFrequency_Hz(frequencies_Hz: [], magnitudes: []) == nil)
    #expect(
      PerceptualFeatures.perceivedFrequency_Hz(frequencies_Hz: [0, 1, 2], magnitudes: [5, 0, 0]) == nil)
    #expect(
      PerceptualFeatures.perceivedFrequency_Hz(frequencies_Hz: [0, 10, 20], magnitudes: [0, .nan, 1]).map {
        abs($0 - 20) < 1e-9
      } == true)
  }

  @Test func eventCountIsBounded() {
    // 300 pulses of 5 samples, 40 ms apart at 1 kHz: only the first maxEvents are kept.
    var envelope = [Double](repeating: 0, count: 300 * 45)
    for p in 0..<300 { for k in 0..<5 { envelope[p * 45 + k] = 1 } }
    let ranges = PerceptualFeatures.eventRanges(envelope, threshold_g: 0.5, sampleRate_Hz: 1000)
    #expect(ranges.count == PerceptualFeatures.maxEvents)
    #expect(ranges.first == 0..<5 && ranges.last == 255 * 45..<(255 * 45 + 5))
    // Gaps of 29 samples (29 ms) fuse; 31 do not.
    let pulses = { (gap: Int) -> [Double] in
      [1, 1] + [Double](repeating: 0, count: gap) + [1, 1]
    }
    #expect(PerceptualFeatures.eventRanges(pulses(29), threshold_g: 0.5, sampleRate_Hz: 1000) == [0..<33])
    #expect(PerceptualFeatures.eventRanges(pulses(31), threshold_g: 0.5, sampleRate_Hz: 1000).count == 2)
  }
}
