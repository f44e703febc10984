import Foundation
import HaptSignals
import Testing

@testable import HaptMetrics

/// ``PerceptualFeatures/perceivedFrequency_Hz(_:)`` skips the amplitudes of bins far from
/// the peak; it must give the full spectrum's frequency bit for bit.
@Suite struct PerceivedFrequencyShortcutTests {
  /// The perceived frequency the slow way: every bin's amplitude.
  static func full(_ signal: Signal) -> Double? {
    let spectrum = Spectra.hannMagnitudes(signal, paddedToFastLength: true)
    return PerceptualFeatures.perceivedFrequency_Hz(
      magnitudes: spectrum.magnitudes.dropFirst(), frequencyOf: spectrum.frequency_Hz)
  }

  static func fast(_ signal: Signal) -> Double? {
    PerceptualFeatures.perceivedFrequency_Hz(HannPowerSpectrum(signal, paddedToFastLength: true))
  }

  /// Deterministic pseudo-random numbers in -1 ... 1 (a linear congruential generator).
  static func noise(_ count: Int, seed: UInt64) -> [Double] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 52) - 1
    }
  }

  @Test func sameBitsAsTheFullSpectrum() {
    var compared = 0
    for seed in UInt64(1)...40 {
      let count = 1 + Int(seed * 977 % 3000)
      let rate = 8000.0
      // Sines, taps, noise and their mixtures, at every scale from tiny to large.
      let noise = Self.noise(count, seed: seed)
      let scale = pow(10, Double(Int(seed % 9)) - 4)
      let samples = (0..<count).map { n -> Double in
        let t = Double(n) / rate
        let tone = sin(2 * .pi * (60 + Double(seed) * 7.3) * t)
        let tap = n % 400 < 12 ? 1.0 : 0
        return scale * (seed % 3 == 0 ? tone : seed % 3 == 1 ? tone * 0.3 + tap : noise[n])
      }
      let signal = Signal(samples: samples, sampleRate_Hz: rate)
      #expect(Self.fast(signal)?.bitPattern == Self.full(signal)?.bitPattern, "seed \(seed), \(count) samples")
      compared += 1
    }
    #expect(compared == 40)
  }

  @Test func edgeCasesTakeTheSamePath() {
    let cases: [[Double]] = [
      [], [0], [1], [1, -1], [0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, -1, 0],
      [1e-200, -1e-200, 1e-200], [1e200, -1e200, 3e199, 0], [.infinity, 1, 0],
      [Double](repeating: 0.5, count: 17),
    ]
    for samples in cases {
      let signal = Signal(samples: samples, sampleRate_Hz: 8000)
      #expect(Self.fast(signal)?.bitPattern == Self.full(signal)?.bitPattern, "\(samples)")
    }
  }

  @Test func aBinJustInsideTheBandCounts() {
    // Two tones, the second's bin a hair above a quarter of the peak's power: the
    // shortcut must not drop it (its frequency pulls the result up).
    let rate = 8000.0
    let count = 8000
    for ratio in [0.499, 0.5, 0.5000001, 0.501] {
      let samples = (0..<count).map { n -> Double in
        let t = Double(n) / rate
        return sin(2 * .pi * 100 * t) + ratio * sin(2 * .pi * 180 * t)
      }
      let signal = Signal(samples: samples, sampleRate_Hz: rate)
      #expect(Self.fast(signal)?.bitPattern == Self.full(signal)?.bitPattern, "ratio \(ratio)")
    }
  }
}
