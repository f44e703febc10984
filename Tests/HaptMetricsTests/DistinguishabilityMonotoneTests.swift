import Foundation
import HaptSignals
import Testing

import HaptMetrics

/// One difference grown step by step from zero: d' must never fall (Docs/Model.md §7).
struct Sweep: Sendable, CustomTestStringConvertible {
  let name: String
  let reference: Signal
  /// The swept signals, in order of growing difference from the reference.
  let steps: [Signal]
  var testDescription: String { name }
}

@Suite struct DistinguishabilityMonotoneTests {
  typealias S = PerceptionSignals

  static func atLevel(_ level_dB: Double, _ f: Double, _ d: Double = 0.2) -> Signal {
    S.burst(
      frequency_Hz: f, amplitude_g: S.amplitude_g(sensationLevel_dB: level_dB, frequency_Hz: f), duration_s: d
    )
  }

  static let sweeps: [Sweep] = [
    Sweep(
      name: "amplitude up 0...12 dB from 0.5 g",
      reference: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      steps: stride(from: 0.0, through: 12, by: 1).map {
        S.burst(frequency_Hz: 170, amplitude_g: 0.5 * pow(10, $0 / 20), duration_s: 0.2)
      }),
    Sweep(
      name: "amplitude down 0...40 dB from 0.5 g (through threshold)",
      reference: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      steps: stride(from: 0.0, through: 40, by: 2).map {
        S.burst(frequency_Hz: 170, amplitude_g: 0.5 * pow(10, -$0 / 20), duration_s: 0.2)
      }),
    Sweep(
      name: "frequency up 150...300 Hz at 20 dB SL",
      reference: atLevel(20, 150),
      steps: stride(from: 150.0, through: 300, by: 10).map { atLevel(20, $0) }),
    Sweep(
      name: "frequency down 150...60 Hz at 20 dB SL",
      reference: atLevel(20, 150),
      steps: stride(from: 150.0, through: 60, by: -10).map { atLevel(20, $0) }),
    Sweep(
      name: "duration up 200...500 ms",
      reference: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      steps: stride(from: 0.2, through: 0.5, by: 0.02).map {
        S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: $0)
      }),
    Sweep(
      name: "duration down 200...40 ms",
      reference: S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.2),
      steps: stride(from: 0.2, through: 0.04, by: -0.01).map {
        S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: $0)
      }),
    Sweep(
      name: "interval between two taps 100...300 ms",
      reference: S.taps(onsets_s: [0, 0.1], amplitudes_g: [0.8, 0.8]),
      steps: stride(from: 0.1, through: 0.3, by: 0.01).map {
        S.taps(onsets_s: [0, $0], amplitudes_g: [0.8, 0.8])
      }),
    Sweep(
      name: "third tap growing from -10 to +30 dB SL",
      reference: S.taps(onsets_s: [0, 0.1], amplitudes_g: [0.8, 0.8]),
      steps: stride(from: -10.0, through: 30, by: 2).map {
        S.taps(
          onsets_s: [0, 0.1, 0.2],
          amplitudes_g: [0.8, 0.8, S.amplitude_g(sensationLevel_dB: $0, frequency_Hz: 170)])
      }),
  ]

  @Test(arguments: sweeps)
  func nonDecreasing(_ sweep: Sweep) {
    let reference = PerceptualFeatures(sweep.reference)
    let values = sweep.steps.map { Distinguishability.dPrime(reference, PerceptualFeatures($0)) }
    for (k, pair) in zip(values, values.dropFirst()).enumerated() {
      #expect(pair.1 >= pair.0 - 1e-9, "step \(k + 1): \(pair.0) -> \(pair.1)")
    }
    #expect(values.last ?? 0 > (values.first ?? 0) + 1, "the sweep must matter: \(values)")
  }
}
