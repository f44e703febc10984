import Foundation
import HaptCore
import HaptSignals
import Testing

import HaptMetrics

/// One named pair of signals and the range its d' must fall in (Docs/Model.md §7).
struct CalibrationCase: Sendable, CustomTestStringConvertible {
  let name: String
  let a: Signal
  let b: Signal
  let range: ClosedRange<Double>
  var testDescription: String { name }
}

@Suite struct DistinguishabilityTests {
  typealias S = PerceptionSignals

  static func features(_ signal: Signal) -> PerceptualFeatures { PerceptualFeatures(signal) }

  static func dPrime(_ a: Signal, _ b: Signal) -> Double {
    Distinguishability.dPrime(features(a), features(b))
  }

  static let jnd: Double = pow(10, 2.3 / 20)
  static let oneAndAHalf: Double = pow(10, 6.9 / 20)

  /// Docs/Model.md §7 calibration properties, each a named case.
  static let calibration: [CalibrationCase] = [
    CalibrationCase(
      name: "amplitude 1 JND (0.5 g vs +2.3 dB, 170 Hz, 200 ms)",
      a: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      b: S.burst(frequency_Hz: 170, amplitude_g: 0.5 * jnd, duration_s: 0.2), range: 0.7...1.4),
    CalibrationCase(
      name: "amplitude 3 JND (0.5 g vs +6.9 dB, 170 Hz, 200 ms)",
      a: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      b: S.burst(frequency_Hz: 170, amplitude_g: 0.5 * oneAndAHalf, duration_s: 0.2),
      range: 2.1...4.2),
    CalibrationCase(
      name: "frequency 150 vs 180 Hz at equal sensation level (20 dB SL, 200 ms)",
      a: S.burst(
        frequency_Hz: 150, amplitude_g: S.amplitude_g(sensationLevel_dB: 20, frequency_Hz: 150),
        duration_s: 0.2),
      b: S.burst(
        frequency_Hz: 180, amplitude_g: S.amplitude_g(sensationLevel_dB: 20, frequency_Hz: 180),
        duration_s: 0.2), range: 0.7...1.4),
    CalibrationCase(
      name: "frequency 150 vs 180 Hz at equal sensation level (30 dB SL, 200 ms)",
      a: S.burst(
        frequency_Hz: 150, amplitude_g: S.amplitude_g(sensationLevel_dB: 30, frequency_Hz: 150),
        duration_s: 0.2),
      b: S.burst(
        frequency_Hz: 180, amplitude_g: S.amplitude_g(sensationLevel_dB: 30, frequency_Hz: 180),
        duration_s: 0.2), range: 0.7...1.4),
    CalibrationCase(
      name: "duration 200 vs 240 ms (170 Hz, 0.5 g)",
      a: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      b: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.24), range: 0.7...1.4),
    CalibrationCase(
      name: "imperceptible: 150 Hz at -3 dB SL vs 250 Hz at -10 dB SL, 200 vs 100 ms",
      a: S.burst(
        frequency_Hz: 150, amplitude_g: S.amplitude_g(sensationLevel_dB: -3, frequency_Hz: 150),
        duration_s: 0.2),
      b: S.burst(
        frequency_Hz: 250, amplitude_g: S.amplitude_g(sensationLevel_dB: -10, frequency_Hz: 250),
        duration_s: 0.1), range: 0...0.3),
    CalibrationCase(
      name: "imperceptible: two taps vs a long burst, both at -1 dB SL",
      a: S.taps(
        onsets_s: [0, 0.1], amplitudes_g: [S.amplitude_g(sensationLevel_dB: -1, frequency_Hz: 170)] * 2),
      b: S.burst(
        frequency_Hz: 80, amplitude_g: S.amplitude_g(sensationLevel_dB: -1, frequency_Hz: 80),
        duration_s: 0.4), range: 0...0.3),
    CalibrationCase(
      name: "imperceptible vs silence",
      a: S.burst(
        frequency_Hz: 200, amplitude_g: S.amplitude_g(sensationLevel_dB: -0.5, frequency_Hz: 200),
        duration_s: 0.3),
      b: Signal(zeros: 3000, sampleRate_Hz: 8000), range: 0...0.3),
    CalibrationCase(
      name: "success (2 taps) vs error (3 taps), same level and frequency",
      a: S.taps(onsets_s: [0, 0.1], amplitudes_g: [0.8, 0.8]),
      b: S.taps(onsets_s: [0, 0.1, 0.2], amplitudes_g: [0.8, 0.8, 0.8]), range: 3...(.infinity)),
    CalibrationCase(
      name: "taps 10 ms apart fuse: barely different from taps 15 ms apart",
      a: S.taps(onsets_s: [0, 0.010], amplitudes_g: [0.8, 0.8]),
      b: S.taps(onsets_s: [0, 0.015], amplitudes_g: [0.8, 0.8]), range: 0...1.4),
    CalibrationCase(
      name: "crescendo vs decrescendo, same peak and duration",
      a: S.modulated(frequency_Hz: 170, duration_s: 0.3, envelope: { 0.5 * $0 / 0.3 }),
      b: S.modulated(frequency_Hz: 170, duration_s: 0.3, envelope: { 0.5 * (1 - $0 / 0.3) }),
      range: 3...(.infinity)),
  ]

  @Test(arguments: calibration)
  func calibrated(_ c: CalibrationCase) {
    let d = Self.dPrime(c.a, c.b)
    #expect(c.range.contains(d), "d' = \(d)")
  }

  @Test(arguments: calibration)
  func symmetricAndZeroOnIdentity(_ c: CalibrationCase) {
    let fa = Self.features(c.a)
    let fb = Self.features(c.b)
    #expect(Distinguishability.dPrime(fa, fb) == Distinguishability.dPrime(fb, fa))
    #expect(Distinguishability.dPrime(fa, fa) == 0)
    #expect(Distinguishability.dPrime(fb, Self.features(c.b)) == 0)
  }

  /// Seeded random signals: identity, symmetry, non-negativity.
  @Test func propertiesOnRandomSignals() {
    var rng = SplitMix64(seed: 42)
    let signals = (0..<12).map { _ -> PerceptualFeatures in
      let f = 60 + rng.nextUnit() * 300
      let level = -10 + rng.nextUnit() * 40
      let duration = 0.01 + rng.nextUnit() * 0.4
      var s = S.burst(
        frequency_Hz: f, amplitude_g: S.amplitude_g(sensationLevel_dB: level, frequency_Hz: f),
        duration_s: duration)
      for k in s.samples.indices { s.samples[k] += 0.002 * rng.nextGaussian() }
      return Self.features(s)
    }
    for a in signals {
      #expect(Distinguishability.dPrime(a, a) == 0)
      for b in signals {
        let d = Distinguishability.dPrime(a, b)
        #expect(d >= 0 && d.isFinite)
        #expect(d == Distinguishability.dPrime(b, a))
      }
    }
  }
}

@Suite struct DistinguishabilityMatrixTests {
  @Test func matrixIsSymmetricAndThreadInvariant() {
    let features = DistinguishabilityTests.calibration.flatMap { [$0.a, $0.b] }.map {
      PerceptualFeatures($0)
    }
    let one = Distinguishability.matrix(features, threads: 1)
    let four = Distinguishability.matrix(features, threads: 4)
    #expect(one == four)
    for i in features.indices {
      #expect(one[i][i] == 0)
      for j in features.indices {
        #expect(one[i][j] == one[j][i])
        #expect(one[i][j] == Distinguishability.dPrime(features[i], features[j]))
      }
    }
    #expect(Distinguishability.matrix([]).isEmpty)
  }
}

extension Array {
  static func * (element: [Element], count: Int) -> [Element] {
    Array((0..<count).map { _ in element }.joined())
  }
}
