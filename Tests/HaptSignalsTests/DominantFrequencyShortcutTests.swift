import Foundation
import Testing

@testable import HaptSignals

/// ``Spectra/dominantFrequency_Hz(_:)`` finds its peak bin from `|X_k|^2` and makes the
/// amplitudes of a few bins only; it must give what scanning every amplitude gives, bit
/// for bit.
@Suite struct DominantFrequencyShortcutTests {
  /// The dominant frequency the slow way: every bin's amplitude, the first largest.
  static func full(_ signal: Signal) -> Double? {
    guard let centred = Spectra.centredSpan(signal) else { return nil }
    let n = centred.count
    let length = FFTWPlanner.fastLength(atLeast: n)
    let magnitudes = Spectra.amplitudeSpectrum(of: centred, offset: 0, window: Spectra.hann(count: n), length: length)
    var peak = 1
    for k in 1..<magnitudes.count where magnitudes[k] > magnitudes[peak] { peak = k }
    guard magnitudes[peak] > 0, magnitudes[peak].isFinite else { return nil }
    var offset = 0.0
    if peak + 1 < magnitudes.count, magnitudes[peak - 1] > 0, magnitudes[peak + 1] > 0 {
      let a = log(magnitudes[peak - 1])
      let b = log(magnitudes[peak])
      let c = log(magnitudes[peak + 1])
      let curvature = a - 2 * b + c
      if curvature < 0 { offset = min(max(0.5 * (a - c) / curvature, -0.5), 0.5) }
    }
    return (Double(peak) + offset) * signal.sampleRate_Hz / Double(length)
  }

  @Test func sameBitsAsScanningEveryAmplitude() {
    var state: UInt64 = 7
    func random() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 52) - 1
    }
    for seed in 1...60 {
      let count = 2 + seed * 131 % 2500
      let scale = pow(10, Double(seed % 11) - 5)
      let f1 = 40 + Double(seed) * 5.1
      let samples = (0..<count).map { n -> Double in
        let t = Double(n) / 8000
        switch seed % 4 {
        case 0: return scale * sin(2 * .pi * f1 * t)
        case 1: return scale * (sin(2 * .pi * f1 * t) + sin(2 * .pi * (f1 + 0.5) * t))  // two equal peaks
        case 2: return scale * random()
        default: return n % 300 < 8 ? scale : 0
        }
      }
      let signal = Signal(samples: samples, sampleRate_Hz: 8000)
      #expect(Spectra.dominantFrequency_Hz(signal)?.bitPattern == Self.full(signal)?.bitPattern, "seed \(seed)")
    }
  }

  @Test func edgeCases() {
    let cases: [[Double]] = [
      [], [0, 0], [1, 1, 1], [1, -1], [0, 1, 0], [1, 0, -1, 0], [1e-200, -1e-200, 5e-201],
      [1e200, -1e200, 1e199], [.infinity, 0, 1], [1, .nan],
    ]
    for samples in cases {
      let signal = Signal(samples: samples, sampleRate_Hz: 1000)
      #expect(Spectra.dominantFrequency_Hz(signal)?.bitPattern == Self.full(signal)?.bitPattern, "\(samples)")
    }
  }
}
