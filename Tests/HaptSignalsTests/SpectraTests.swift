import Foundation
import Testing

import HaptSignals

@Suite struct SpectraTests {
  @Test func hannWindowIsPeriodic() {
    let w = Spectra.hannWindow(count: 8)
    #expect(w[0] == 0)
    #expect(abs(w[4] - 1) < 1e-15)
    #expect(abs(w[1] - w[7]) < 1e-15)
    #expect(Spectra.hannWindow(count: 1) == [1])
    #expect(Spectra.hannWindow(count: 0).isEmpty)
  }

  /// The window's points turned from point to point are a `cos` per point to 1e-14, at
  /// every length a render has (a few samples to ten seconds at 8 kHz) and on each side of
  /// an anchor.
  @Test func hannWindowMatchesACosinePerPoint() {
    var worst = 0.0
    for count in [2, 3, 7, 63, 64, 65, 129, 1000, 6561, 7919, 8000, 80_000] {
      let window = Spectra.hannWindow(count: count)
      #expect(window.count == count)
      let step = 2 * Double.pi / Double(count)
      for (n, point) in window.enumerated() {
        worst = max(worst, abs(point - (0.5 - 0.5 * cos(step * Double(n)))))
      }
    }
    #expect(worst <= 1e-14, "largest difference \(worst)")
  }

  @Test func sineOnABinReadsItsAmplitude() {
    // 0.2 s at 8 kHz: 5 Hz bins; 170 Hz is bin 34.
    let x = sine(frequency_Hz: 170, amplitude: 0.6, count: 1600, sampleRate_Hz: 8000)
    let (frequencies, magnitudes) = Spectra.hannMagnitude(Signal(samples: x, sampleRate_Hz: 8000))
    #expect(magnitudes.count == 801)
    #expect(frequencies[34] == 170)
    #expect(abs(magnitudes[34] - 0.6) < 1e-12)
    // The Hann main lobe: the neighbours read half, everything else (nearly) nothing.
    #expect(abs(magnitudes[33] - 0.3) < 1e-12)
    #expect(magnitudes[40] < 1e-12)
  }

  /// Zero-padding to a fast length samples the same spectrum on a finer grid: each bin is
  /// the windowed signal's DTFT at k fs / M, computed here term by term.
  @Test func paddedSpectrumIsTheWindowedSignalsTransformOnAFinerGrid() {
    // 1009 samples (a prime) pad to 1024 (2^10).
    let n = 1009
    let x = (0..<n).map { 0.4 * sin(2 * Double.pi * 170.3 * Double($0) / 8000) + 0.05 * Double($0 % 7) }
    let signal = Signal(samples: x, sampleRate_Hz: 8000)
    let (frequencies, magnitudes) = Spectra.hannMagnitude(signal, paddedToFastLength: true)
    #expect(magnitudes.count == 513 && frequencies.count == 513)
    #expect(frequencies[1] == 8000.0 / 1024)
    let window = Spectra.hannWindow(count: n)
    let windowSum = window.reduce(0, +)
    for k in [1, 20, 21, 22, 200, 511] {
      var re = 0.0
      var im = 0.0
      for j in 0..<n {
        let angle = -2 * Double.pi * Double(k) * Double(j) / 1024
        re += x[j] * window[j] * cos(angle)
        im += x[j] * window[j] * sin(angle)
      }
      let expected = (re * re + im * im).squareRoot() * 2 / windowSum
      #expect(abs(magnitudes[k] - expected) < 1e-12, "bin \(k)")
    }
    // Unpadded, the same signal keeps its own length's grid.
    let plain = Spectra.hannMagnitude(signal)
    #expect(plain.magnitudes.count == 505 && plain.frequencies_Hz[1] == 8000.0 / 1009)
    // The frequencies of the array form and of the function form are the same numbers.
    let split = Spectra.hannMagnitudes(signal, paddedToFastLength: true)
    #expect(split.magnitudes == magnitudes)
    #expect((0..<513).map(split.frequency_Hz) == frequencies)
  }

  @Test func dcReadsItsValue() {
    let (_, magnitudes) = Spectra.hannMagnitude(
      Signal(samples: Array(repeating: 0.25, count: 64), sampleRate_Hz: 100))
    #expect(abs(magnitudes[0] - 0.25) < 1e-15)
  }

  @Test(arguments: [57.3, 100.0, 155.5, 172.3, 229.9, 1234.5])
  func dominantFrequencyOfASine(frequency_Hz: Double) throws {
    let x = sine(frequency_Hz: frequency_Hz, amplitude: 1, count: 1600, sampleRate_Hz: 8000, phase: 0.3)
    let f = try #require(Spectra.dominantFrequency_Hz(Signal(samples: x, sampleRate_Hz: 8000)))
    #expect(abs(f - frequency_Hz) < 0.1, "bins are 5 Hz; read \(f)")
  }

  @Test func dominantFrequencyIgnoresOffsetAndSmallerTones() throws {
    let a = sine(frequency_Hz: 170, amplitude: 1, count: 2000, sampleRate_Hz: 8000)
    let b = sine(frequency_Hz: 60, amplitude: 0.4, count: 2000, sampleRate_Hz: 8000)
    let x = zip(a, b).map { $0 + $1 + 3 }
    let f = try #require(Spectra.dominantFrequency_Hz(Signal(samples: x, sampleRate_Hz: 8000)))
    #expect(abs(f - 170) < 0.1)
  }

  @Test func dominantFrequencyOfSilenceIsNil() {
    #expect(Spectra.dominantFrequency_Hz(Signal(zeros: 800, sampleRate_Hz: 8000)) == nil)
    #expect(
      Spectra.dominantFrequency_Hz(Signal(samples: Array(repeating: 0.1, count: 99), sampleRate_Hz: 8000))
        == nil)
    #expect(Spectra.dominantFrequency_Hz(Signal(samples: [], sampleRate_Hz: 8000)) == nil)
    #expect(Spectra.dominantFrequency_Hz(Signal(samples: [0, .nan, 1], sampleRate_Hz: 8000)) == nil)
  }

  @Test func spectrogramTracksAFrequencyStep() {
    // 100 ms at 100 Hz then 100 ms at 300 Hz, 8 kHz; 256-sample windows, hop 128.
    let fs = 8000.0
    let x =
      sine(frequency_Hz: 100, amplitude: 0.5, count: 800, sampleRate_Hz: fs)
      + sine(frequency_Hz: 300, amplitude: 0.5, count: 800, sampleRate_Hz: fs)
    let s = Spectra.spectrogram(Signal(samples: x, sampleRate_Hz: fs), window: 256, hop: 128)
    #expect(s.frameCount == 1 + (1600 - 256 + 127) / 128)
    #expect(s.times_s.count == s.frameCount)
    #expect(s.frequencies_Hz.count == 129)
    #expect(abs(s.frequencies_Hz[1] - 31.25) < 1e-12)
    #expect(abs(s.times_s[0] - 0.016) < 1e-12)
    func peakFrequency(_ row: [Double]) -> Double {
      let k = row.indices.max { row[$0] < row[$1] }!
      return s.frequencies_Hz[k]
    }
    #expect(abs(peakFrequency(s.levels_dB[0]) - 100) < 31.25)
    #expect(abs(peakFrequency(s.levels_dB[s.frameCount - 2]) - 300) < 31.25)
    // 0.5 amplitude is -6 dB; between bins the Hann scalloping costs at most 1.42 dB.
    #expect(s.levels_dB[0].max()! <= 20 * log10(0.5) + 1e-9)
    #expect(s.levels_dB[0].max()! > 20 * log10(0.5) - 1.5)
  }

  @Test func spectrogramOfSilenceIsTheFloorAndShortSignalsArePadded() {
    let s = Spectra.spectrogram(Signal(zeros: 100, sampleRate_Hz: 8000), window: 256, hop: 64)
    #expect(s.frameCount == 1)
    #expect(s.levels_dB[0].allSatisfy { $0 == Spectrogram.floor_dB })
    #expect(s.maximumLevel_dB == Spectrogram.floor_dB)
    let empty = Spectra.spectrogram(Signal(samples: [], sampleRate_Hz: 8000), window: 0, hop: 0)
    #expect(empty.frameCount == 0)
  }
}
