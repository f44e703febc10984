import Foundation
import HaptCore
import HaptMetrics
import HaptSignals

/// Benchmarks of the perception model: per-signal features and pairwise d'.
enum PerceptionBenchmarks {
  /// 1000 seeded half-second 8 kHz signals: bursts and trains of taps of varied
  /// frequency, level and timing.
  static func signals(count: Int = 1000) -> [Signal] {
    var rng = SplitMix64(seed: 0xD1)
    let rate = 8000.0
    return (0..<count).map { _ in
      var samples = [Double](repeating: 0, count: 4000)
      let frequency = 80 + rng.nextUnit() * 220
      let amplitude = 0.01 + rng.nextUnit() * 1.5
      let events = 1 + Int(rng.next() % 4)
      let length = Int((0.005 + rng.nextUnit() * 0.1) * rate)
      for e in 0..<events {
        let start = 200 + e * 900
        for n in 0..<length where start + n < samples.count {
          samples[start + n] = amplitude * sin(2 * Double.pi * frequency * Double(n) / rate)
        }
      }
      return Signal(samples: samples, sampleRate_Hz: rate)
    }
  }

  static var all: [Bench.Case] {
    [
      Bench.Case(
        name: "perception.features.1000", summary: "PerceptualFeatures of 1000 0.5 s signals",
        setUp: {
          let inputs = signals()
          return {
            var events = 0
            for signal in inputs { events += PerceptualFeatures(signal).events.count }
            precondition(events > 0)
            return inputs.count
          }
        }),
      Bench.Case(
        name: "perception.dprime.pairwise.1000",
        summary: "d' for all 499500 pairs of 1000 signals (features precomputed), all cores",
        setUp: {
          let features = signals().map { PerceptualFeatures($0) }
          let threads = ProcessInfo.processInfo.activeProcessorCount
          return {
            let m = Distinguishability.matrix(features, threads: threads)
            return m.count * (m.count - 1) / 2
          }
        }),
      Bench.Case(
        name: "perception.confusion.1000",
        summary: "predicted confusion matrix and IT of a 1000-pattern d' matrix",
        setUp: {
          let d = Distinguishability.matrix(signals().map { PerceptualFeatures($0) }, threads: 2)
          return {
            let p = ConfusionModel.predict(dPrime: d)
            precondition(InformationTransfer.bits(counts: p) >= 0)
            return p.count * p.count
          }
        }),
    ]
  }
}
