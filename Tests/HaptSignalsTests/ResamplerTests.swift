import Foundation
import Testing

@testable import HaptSignals

@Suite struct ResamplerTests {
  /// RMS of `x[range]`.
  private func rms(_ x: ArraySlice<Double>) -> Double {
    (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot()
  }

  @Test func downsampledSineKeepsFrequencyAndAmplitude() {
    // 100 Hz at 48 kHz, 0.5 s, to 8 kHz.
    let input = Signal(
      samples: sine(frequency_Hz: 100, amplitude: 0.7, count: 24000, sampleRate_Hz: 48000),
      sampleRate_Hz: 48000)
    let output = Resampler.resample(input, to: 8000)
    #expect(output.sampleRate_Hz == 8000)
    #expect(output.count == 4000)
    let ideal = sine(frequency_Hz: 100, amplitude: 0.7, count: 4000, sampleRate_Hz: 8000)
    // Away from the zero-padded ends (kernel half-length 3.1 ms = 25 output samples).
    let middle = 100..<3900
    #expect(maxAbsDifference(Array(output.samples[middle]), Array(ideal[middle])) < 0.005 * 0.7)
    // In fact the passband is flat to far better than the 0.5 % asked for.
    #expect(maxAbsDifference(Array(output.samples[middle]), Array(ideal[middle])) < 1e-4)
  }

  @Test func toneAboveTheOutputNyquistIsRemoved() {
    // 6 kHz at 48 kHz would alias to 2 kHz at 8 kHz; the filter must take it down > 60 dB.
    let input = Signal(
      samples: sine(frequency_Hz: 6000, amplitude: 1, count: 24000, sampleRate_Hz: 48000),
      sampleRate_Hz: 48000)
    let output = Resampler.resample(input, to: 8000)
    let level_dB = 20 * log10(rms(output.samples[100..<3900]) / (1 / 2.0.squareRoot()))
    #expect(level_dB < -60, "residual \(level_dB) dB")
  }

  @Test(arguments: [4100.0, 5000.0, 10000.0, 20000.0])
  func everythingAboveTheLowerNyquistIsAttenuated(frequency_Hz: Double) {
    let input = Signal(
      samples: sine(frequency_Hz: frequency_Hz, count: 24000, sampleRate_Hz: 48000), sampleRate_Hz: 48000)
    let output = Resampler.resample(input, to: 8000)
    let level_dB = 20 * log10(rms(output.samples[100..<3900]) * 2.0.squareRoot())
    #expect(level_dB < -70, "\(frequency_Hz) Hz: \(level_dB) dB")
  }

  @Test func upsampledSineMatches() {
    let input = Signal(
      samples: sine(frequency_Hz: 170, amplitude: 1.2, count: 1600, sampleRate_Hz: 8000), sampleRate_Hz: 8000)
    let output = Resampler.resample(input, to: 48000)
    #expect(output.count == 9600)
    let ideal = sine(frequency_Hz: 170, amplitude: 1.2, count: 9600, sampleRate_Hz: 48000)
    #expect(maxAbsDifference(Array(output.samples[300..<9300]), Array(ideal[300..<9300])) < 1e-4)
  }

  @Test(arguments: [(44100.0, 8000.0), (8000.0, 44100.0), (8000.0, 7999.5)])
  func otherRatios(from: Double, to: Double) {
    let count = Int(from / 5)  // 0.2 s
    let input = Signal(
      samples: sine(frequency_Hz: 300, amplitude: 1, count: count, sampleRate_Hz: from), sampleRate_Hz: from)
    let output = Resampler.resample(input, to: to)
    #expect(output.count == Int((Double(count) * to / from - 1e-9).rounded(.up)))
    let ideal = sine(frequency_Hz: 300, amplitude: 1, count: output.count, sampleRate_Hz: to)
    let margin = Int(0.015 * to)
    let middle = margin..<(output.count - margin)
    #expect(maxAbsDifference(Array(output.samples[middle]), Array(ideal[middle])) < 1e-3)
  }

  @Test func tabulatedAndDirectWeightsAgree() {
    // 8000 -> 8001 has 8001 phases: too many to tabulate, so the direct path runs; its
    // weights must equal the table's for a ratio that is tabulated.
    let kernel = Kernel(inputRate_Hz: 48000, outputRate_Hz: 8000)
    var direct = [Double](repeating: 0, count: kernel.taps.count)
    direct.withUnsafeMutableBufferPointer { kernel.fill($0, fraction: 0.25) }
    #expect(direct == kernel.weights(fraction: 0.25))
    #expect(abs(direct.reduce(0, +) - 1) < 1e-14)
    // 8000 -> 8001 Hz has 8001 phases, too many to tabulate: the weights are computed per
    // output sample and must give what a tabulated phase gives.
    let x = sine(frequency_Hz: 170, count: 400, sampleRate_Hz: 8000)
    let direct8001 = Resampler.resample(Signal(samples: x, sampleRate_Hz: 8000), to: 8001)
    #expect(direct8001.count == 401)
    let ideal = sine(frequency_Hz: 170, count: 401, sampleRate_Hz: 8001)
    #expect(maxAbsDifference(Array(direct8001.samples[40..<360]), Array(ideal[40..<360])) < 1e-4)
  }

  @Test func edgeCases() {
    let x = Signal(samples: [1, 2, 3], sampleRate_Hz: 8000)
    #expect(Resampler.resample(x, to: 8000) == x)
    #expect(Resampler.resample(Signal(samples: [], sampleRate_Hz: 8000), to: 48000).count == 0)
    // A constant is kept exactly (weights sum to 1) away from the ends.
    let dc = Resampler.resample(
      Signal(samples: Array(repeating: 0.5, count: 4800), sampleRate_Hz: 48000), to: 8000)
    #expect(dc.samples[100..<700].allSatisfy { abs($0 - 0.5) < 1e-12 })
  }

  @Test func bessel() {
    // scipy.special.i0(1.0) and i0(7.857).
    #expect(abs(Kernel.besselI0(1) - 1.2660658777520082) < 1e-15)
    #expect(abs(Kernel.besselI0(7.857) - 374.0737108699652) / 374.0737108699652 < 1e-14)
    #expect(abs(Kernel.besselI0(0)) == 1)
  }
}
