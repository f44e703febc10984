import HaptCore
import HaptSignals

/// Benchmarks of the signal layer: the transforms the metrics run per block and per
/// signal, and the envelope and resampler.
enum SignalBenchmarks {
  static var all: [Bench.Case] {
    [
      Bench.Case(
        name: "signals.dct512", summary: "orthonormal DCT-II of 512 samples (ST-SIM block), per call"
      ) {
        let plan = DCT2Plan.shared(length: 512)
        let input = noise(512, seed: 1)
        var output = [Double](repeating: 0, count: 512)
        return {
          let calls = 20_000
          input.withUnsafeBufferPointer { x in
            output.withUnsafeMutableBufferPointer { y in
              for _ in 0..<calls { plan.transform(x, into: y) }
            }
          }
          return calls
        }
      },
      Bench.Case(name: "signals.fft8192", summary: "real FFT of 8192 samples to split spectrum, per call") {
        let plan = RealFFTPlan.shared(length: 8192)
        let input = noise(8192, seed: 2)
        var re = [Double](repeating: 0, count: plan.binCount)
        var im = re
        return {
          let calls = 2_000
          input.withUnsafeBufferPointer { x in
            re.withUnsafeMutableBufferPointer { r in
              im.withUnsafeMutableBufferPointer { i in
                for _ in 0..<calls { plan.forward(x, real: r, imaginary: i) }
              }
            }
          }
          return calls
        }
      },
      Bench.Case(
        name: "signals.envelope8000", summary: "analytic envelope of 8000 samples (1 s at 8 kHz), per call"
      ) {
        let input = noise(8000, seed: 3)
        _ = Envelope.analytic(input)
        return {
          let calls = 500
          var total = 0.0
          for _ in 0..<calls { total += Envelope.analytic(input)[4000] }
          return total.isNaN ? 0 : calls
        }
      },
      Bench.Case(name: "signals.resample48k-8k", summary: "resample 1 s from 48 kHz to 8 kHz, per call") {
        let input = Signal(samples: noise(48_000, seed: 4), sampleRate_Hz: 48_000)
        return {
          let calls = 5
          var total = 0.0
          for _ in 0..<calls { total += Resampler.resample(input, to: 8000).samples[100] }
          return total.isNaN ? 0 : calls
        }
      },
      Bench.Case(name: "signals.dominantFrequency", summary: "dominant frequency of 8000 samples, per call") {
        let input = Signal(samples: noise(8000, seed: 5), sampleRate_Hz: 8000)
        return {
          let calls = 200
          var total = 0.0
          for _ in 0..<calls { total += Spectra.dominantFrequency_Hz(input) ?? 0 }
          return total.isNaN ? 0 : calls
        }
      },
    ]
  }

  private static func noise(_ count: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in rng.nextGaussian() }
  }
}
