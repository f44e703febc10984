import Foundation
import HaptCore
import HaptMetrics
import HaptSignals

/// ST-SIM and SPQI benchmarks: per-signal features, the full pairwise matrix, and the
/// direct two-signal API (for the comparison with the reference package per pair).
///
/// The matrix case is the target: 1,000 one-second 8 kHz signals, every pair,
/// both directions, on all cores, at most 20 s wall time and under 1 GB peak memory
/// (measure with `/usr/bin/time -v swift run -c release hapt-bench similarity.matrix.1000 --runs 1`;
/// the harness runs the body twice, warm-up and timed run, so the timed run's median is
/// the figure, and peak memory covers both).
enum SimilarityBenchmarks {
  static var all: [Bench.Case] {
    [
      Bench.Case(
        name: "similarity.features.1000x1s",
        summary: "SimilarityFeatures of 1,000 one-second 8 kHz signals, all cores (items: signals)",
        setUp: {
          let signals = renderedLikeSignals(count: 1000)
          return {
            let features = Parallel.map(count: signals.count) { SimilarityFeatures(signals[$0]) }
            return features.count
          }
        }),
      Bench.Case(
        name: "similarity.matrix.1000x1s",
        summary:
          "features + full pairwise ST-SIM/SPQI (both directions) and d' matrices, 1,000 x 1 s, all cores (items: pairs)",
        setUp: {
          let signals = renderedLikeSignals(count: 1000)
          return {
            let threads = Parallel.defaultThreadCount
            let features = Parallel.map(count: signals.count, threads: threads) {
              SimilarityFeatures(signals[$0])
            }
            let perceptual = Parallel.map(count: signals.count, threads: threads) {
              PerceptualFeatures(signals[$0])
            }
            let similarities = Pairwise.similarities(
              features, convention: .perceptibleBlocks, threads: threads)
            let dPrimes = Pairwise.map(count: perceptual.count, threads: threads) { i, j in
              Distinguishability.dPrime(perceptual[i], perceptual[j])
            }
            return min(similarities.count, dPrimes.count)
          }
        }),
      Bench.Case(
        name: "similarity.stsim-spqi-matrix.1000x1s",
        summary:
          "features + full pairwise ST-SIM/SPQI matrix (both directions) only, 1,000 x 1 s, all cores (items: pairs)",
        setUp: {
          let signals = renderedLikeSignals(count: 1000)
          return {
            let threads = Parallel.defaultThreadCount
            let features = Parallel.map(count: signals.count, threads: threads) {
              SimilarityFeatures(signals[$0])
            }
            return Pairwise.similarities(features, convention: .perceptibleBlocks, threads: threads).count
          }
        }),
      Bench.Case(
        name: "similarity.matrix-only.200x1s",
        summary: "pairwise ST-SIM/SPQI matrix from precomputed features, 200 x 1 s, all cores (items: pairs)",
        setUp: {
          let signals = renderedLikeSignals(count: 200)
          let features = Parallel.map(count: signals.count) { SimilarityFeatures(signals[$0]) }
          return {
            Pairwise.similarities(features, convention: .reference, threads: Parallel.defaultThreadCount)
              .count
          }
        }),
      Bench.Case(
        name: "similarity.map-only.200x1s",
        summary: "the same matrix as Pairwise.map over similarity(_:_:) (pair at a time, no block tiling)",
        setUp: {
          let signals = renderedLikeSignals(count: 200)
          let features = Parallel.map(count: signals.count) { SimilarityFeatures(signals[$0]) }
          return {
            Pairwise.map(count: features.count, threads: Parallel.defaultThreadCount) { i, j in
              similarity(features[i], features[j], convention: .reference)
            }.count
          }
        }),
      Bench.Case(
        name: "similarity.score-pair.1s",
        summary: "STSIM.score + SPQI.score of two one-second signals, from samples (items: pairs)",
        setUp: {
          let signals = renderedLikeSignals(count: 2)
          let a = signals[0].samples, b = signals[1].samples
          return {
            var total = 0.0
            for _ in 0..<100 {
              total += try STSIM.score(distorted: a, reference: b)
              total += try SPQI.score(distorted: a, reference: b)
            }
            return total.isNaN ? 0 : 100
          }
        }),
    ]
  }

  /// Deterministic one-second 8 kHz signals that look like rendered patterns: trains of
  /// damped sine taps (120-260 Hz, 5-30 ms decay, 40-200 ms apart, 0.05-1 g) plus a little
  /// sensor noise.
  static func renderedLikeSignals(count: Int) -> [Signal] {
    var rng = SplitMix64(seed: 0x5EED_51A1)
    return (0..<count).map { _ in
      let frequency_Hz = 120 + 140 * rng.nextUnit()
      let decay_s = 0.005 + 0.025 * rng.nextUnit()
      let period_s = 0.04 + 0.16 * rng.nextUnit()
      let amplitude_g = 0.05 + 0.95 * rng.nextUnit()
      let start_s = 0.05 * rng.nextUnit()
      var samples = [Double](repeating: 0, count: 8000)
      for n in 0..<samples.count {
        let t_s = Double(n) / 8000
        var value = 0.002 * rng.nextGaussian()
        if t_s >= start_s {
          let local_s = (t_s - start_s).truncatingRemainder(dividingBy: period_s)
          value += amplitude_g * exp(-local_s / decay_s) * sin(2 * Double.pi * frequency_Hz * local_s)
        }
        samples[n] = value
      }
      return Signal(samples: samples, sampleRate_Hz: 8000)
    }
  }
}
