import Foundation
import Testing

import HaptSignals

@Suite struct EnvelopeTests {
  @Test func matchesScipyHilbert() {
    let odd = Envelope.analytic(ScipyFixtures.hilbertInput(count: 9))
    #expect(maxAbsDifference(odd, ScipyFixtures.hilbertOdd9) < 1e-12)
    let even = Envelope.analytic(ScipyFixtures.hilbertInput(count: 10))
    #expect(maxAbsDifference(even, ScipyFixtures.hilbertEven10) < 1e-12)
  }

  @Test func emptyAndSingleSample() {
    #expect(Envelope.analytic([]).isEmpty)
    #expect(Envelope.analytic([-2.5]) == [2.5])
  }

  /// 200 ms of 170 Hz with 10 ms raised-cosine ramps, inside 600 ms of silence at 8 kHz.
  private func burst(amplitude: Double) -> [Double] {
    let fs = 8000.0
    var x = [Double](repeating: 0, count: 4800)
    let ramp = 80
    for i in 0..<1600 {
      let gate: Double
      if i < ramp {
        gate = 0.5 - 0.5 * cos(Double.pi * Double(i) / Double(ramp))
      } else if i >= 1600 - ramp {
        gate = 0.5 - 0.5 * cos(Double.pi * Double(1600 - i) / Double(ramp))
      } else {
        gate = 1
      }
      x[1600 + i] = gate * amplitude * sin(2 * Double.pi * 170 * Double(i) / fs)
    }
    return x
  }

  @Test(arguments: [0.3, 1.0, 2.7])
  func sineBurstHasItsAmplitudeInTheMiddle(amplitude: Double) {
    let envelope = Envelope.analytic(burst(amplitude: amplitude))
    // The flat part (after the ramps, plus 10 ms) reads the amplitude within 1e-3.
    for n in stride(from: 1600 + 160, to: 3200 - 160, by: 3) {
      #expect(abs(envelope[n] - amplitude) < 1e-3 * amplitude, "n = \(n)")
    }
    // Far from the burst the envelope is small.
    #expect(envelope[400] < 1e-3 * amplitude)
    #expect(envelope[4400] < 1e-3 * amplitude)
  }

  @Test func hardGatedBurstIsCloseButNotExact() {
    // Documented limitation: a rectangular gate reads about 0.5 % off in the middle.
    var x = [Double](repeating: 0, count: 4800)
    x.replaceSubrange(1600..<3200, with: sine(frequency_Hz: 170, count: 1600, sampleRate_Hz: 8000))
    let envelope = Envelope.analytic(x)
    let middle = envelope[2000..<2800]
    #expect(middle.allSatisfy { abs($0 - 1) < 0.01 })
  }

  @Test func recoversAmplitudeModulation() {
    // Carrier 200 Hz, modulation 1 + 0.5 sin(2 pi 5 t); whole periods so the DFT wraps cleanly.
    let fs = 8000.0
    let n = 8000
    let x = (0..<n).map { i -> Double in
      let t = Double(i) / fs
      return (1 + 0.5 * sin(2 * Double.pi * 5 * t)) * sin(2 * Double.pi * 200 * t)
    }
    let envelope = Envelope.analytic(x)
    let expected = (0..<n).map { 1 + 0.5 * sin(2 * Double.pi * 5 * Double($0) / fs) }
    #expect(maxAbsDifference(envelope, expected) < 1e-9)
  }
}
