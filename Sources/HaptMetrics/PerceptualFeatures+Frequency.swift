import HaptCore
import HaptSignals
extension PerceptualFeatures {
  /// Spectral bins at least this fraction of the peak power count towards the
  /// perceived frequency (1/4: within 6 dB).
  static let frequencyBandPowerFraction = 0.25

  /// The perceived frequency of a signal from its magnitude spectrum, in Hz.
  ///
  /// The power-weighted geometric mean of the frequencies of the bins (DC excluded)
  /// whose power is at least a quarter of the largest bin's (within 6 dB of the peak).
  /// For a pure tone this is the peak, interpolated between bins by the main lobe, and it
  /// grows strictly with the tone's frequency; for a train of taps, whose spectrum is a
  /// comb under the tap's broad lobe, it is the centre of the lobe and does not jump from
  /// tooth to tooth as the rhythm changes (the plain peak does, by 10 Hz or more).
  ///
  /// - Parameters:
  ///   - frequencies_Hz: bin frequencies, increasing (``Spectra/hannMagnitude(_:paddedToFastLength:)``).
  ///   - magnitudes: bin magnitudes, the same length.
  /// - Returns: the frequency, or nil if every bin above DC is zero.
  /// - Complexity: O(bins).
  package static func perceivedFrequency_Hz(
    frequencies_Hz: [Double], magnitudes: [Double]
  )
    -> Double?
  {
    let count = min(frequencies_Hz.count, magnitudes.count)
    // Increasing frequencies: the bins above DC are a suffix.
    let first = frequencies_Hz.prefix(count).firstIndex { $0 > 0 } ?? count
    return perceivedFrequency_Hz(magnitudes: magnitudes[first..<count]) { frequencies_Hz[$0] }
  }

  /// ``perceivedFrequency_Hz(frequencies_Hz:magnitudes:)`` of the bins `magnitudes`
  /// holds (indices above DC), whose frequencies `frequencyOf(k)` gives; asked only of the
  /// few bins near the peak, so a spectrum needs no array of frequencies.
  static func perceivedFrequency_Hz(
    magnitudes: ArraySlice<Double>, frequencyOf: (Int) -> Double
  ) -> Double? {
    var peakPower = 0.0
    for k in magnitudes.indices {
      let power = magnitudes[k] * magnitudes[k]
      if power.isFinite && power > peakPower { peakPower = power }
    }
    guard peakPower > 0, peakPower.isFinite else { return nil }
    let floor = peakPower * frequencyBandPowerFraction
    var weight = 0.0
    var logSum = 0.0
    for k in magnitudes.indices {
      let power = magnitudes[k] * magnitudes[k]
      guard power >= floor, power.isFinite else { continue }
      let frequency = frequencyOf(k)
      guard frequency.isFinite else { continue }
      weight += power
      logSum += power * log(frequency)
    }
    return exp(logSum / weight)
  }

  /// ``perceivedFrequency_Hz(magnitudes:frequencyOf:)`` of `spectrum`'s bins above DC,
  /// the same bits, with the amplitude (a square root and a division) made only of the bins
  /// that can be within 6 dB of the peak (``SquaredModulusPeak``): the peak power is the
  /// largest `|X_k|^2`'s or Nyquist's, and a bin under
  /// ``SquaredModulusPeak/candidateFloor(fraction:)`` of the band's fraction has a power
  /// under the floor. Spectra where that bound does not hold take the full path.
  package static func perceivedFrequency_Hz(_ spectrum: HannPowerSpectrum) -> Double? {
    let bins = spectrum.squaredModuli.count
    guard bins > 1 else { return nil }
    let largest = spectrum.peak
    guard largest.isReliable else {
      let magnitudes = (0..<bins).map { spectrum.magnitude($0) }
      return perceivedFrequency_Hz(magnitudes: magnitudes.dropFirst(), frequencyOf: spectrum.frequency_Hz)
    }
    func power(_ k: Int) -> Double {
      let magnitude = spectrum.magnitude(k)
      return magnitude * magnitude
    }
    var peakPower = 0.0
    for k in [largest.bin, largest.nyquist < bins ? largest.nyquist : nil].compactMap({ $0 }) {
      let p = power(k)
      if p.isFinite && p > peakPower { peakPower = p }
    }
    guard peakPower > 0, peakPower.isFinite else { return nil }
    let floor = peakPower * frequencyBandPowerFraction
    let candidate = largest.candidateFloor(fraction: frequencyBandPowerFraction)
    return spectrum.squaredModuli.withUnsafeBufferPointer { squared in
      var weight = 0.0
      var logSum = 0.0
      for k in 1..<bins where squared[k] >= candidate || k == largest.nyquist {
        let p = power(k)
        guard p >= floor, p.isFinite else { continue }
        let frequency = spectrum.frequency_Hz(k)
        guard frequency.isFinite else { continue }
        weight += p
        logSum += p * log(frequency)
      }
      return exp(logSum / weight)
    }
  }
}
