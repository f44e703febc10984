import Foundation
import HaptSignals

@testable import HaptMetrics

// TEMPORARY until HaptSignals' Spectra lands on main: a naive Hann DFT over 10...1000 Hz.
extension PerceptualFeatures {
  init(_ signal: Signal) {
    self.init(samples: signal.samples, sampleRate_Hz: signal.sampleRate_Hz) { samples in
      Self.naiveFrequency(Signal(samples: samples, sampleRate_Hz: signal.sampleRate_Hz))
    }
  }

  static func naiveFrequency(_ signal: Signal) -> Double? {
    let n = signal.count
    var freqs: [Double] = []
    var mags: [Double] = []
    var x = [Double](repeating: 0, count: n)
    for k in 0..<n {
      let window: Double = 0.5 * (1 - cos(2 * Double.pi * Double(k) / Double(n)))
      x[k] = signal.samples[k] * window
    }
    var bin = 1
    while Double(bin) * signal.sampleRate_Hz / Double(n) < 1000 {
      let f = Double(bin) * signal.sampleRate_Hz / Double(n)
      var re = 0.0
      var im = 0.0
      let w = 2 * Double.pi * Double(bin) / Double(n)
      for k in 0..<n where x[k] != 0 {
        re += x[k] * cos(w * Double(k))
        im -= x[k] * sin(w * Double(k))
      }
      freqs.append(f)
      mags.append((re * re + im * im).squareRoot())
      bin += 1
    }
    return PerceptualFeatures.perceivedFrequency_Hz(frequencies_Hz: freqs, magnitudes: mags)
  }
}
