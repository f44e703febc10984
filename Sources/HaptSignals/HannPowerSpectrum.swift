/// The Hann-windowed spectrum of a signal (``Spectra/hannMagnitudes(_:paddedToFastLength:)``)
/// kept as each bin's `|X_k|^2` before the amplitude scaling, for a caller that needs the
/// amplitudes of a few bins only: the square root and the division of every bin are left
/// out until asked for (``magnitude(_:)``, the same bits as the full spectrum's).
package struct HannPowerSpectrum: Sendable {
  /// `|X_k|^2` of bins `k = 0 ... length/2` (unscaled: see ``magnitude(_:)``).
  package let squaredModuli: [Double]
  /// The transform's length in points (the signal's, or the fast length it was padded to).
  package let length: Int
  /// The signal's sample rate, Hz.
  package let sampleRate_Hz: Double
  /// The sum of the window's points (the amplitude scale).
  let windowSum: Double

  /// The spectrum of `signal`, zero-padded to a fast length when `paddedToFastLength`
  /// (as ``Spectra/hannMagnitudes(_:paddedToFastLength:)`` does).
  /// - Complexity: O(M log M) for a transform of M points.
  package init(_ signal: Signal, paddedToFastLength: Bool) {
    let n = signal.count
    sampleRate_Hz = signal.sampleRate_Hz
    guard n > 0 else {
      (squaredModuli, length, windowSum) = ([], 0, 0)
      return
    }
    let m = paddedToFastLength ? FFTWPlanner.fastLength(atLeast: n) : n
    let window = Spectra.hann(count: n)
    length = m
    windowSum = window.sum
    squaredModuli = Spectra.squaredModuli(of: signal.samples, offset: 0, window: window, length: m) { squared, bins in
      Array(UnsafeBufferPointer(start: squared, count: bins))
    }
  }

  /// The amplitude of bin `k` in the signal's units (see ``Spectra``), bit for bit the
  /// full spectrum's `magnitudes[k]`.
  package func magnitude(_ k: Int) -> Double {
    Spectra.binMagnitude(squaredModulus: squaredModuli[k], bin: k, length: length, windowSum: windowSum)
  }

  /// The frequency of bin `k`, `k * fs / length` Hz (the full spectrum's, bit for bit).
  package func frequency_Hz(_ k: Int) -> Double {
    Spectra.binFrequency_Hz(k, sampleRate_Hz: sampleRate_Hz, length: length)
  }

  /// The largest `|X_k|^2` between DC and Nyquist (``SquaredModulusPeak``).
  package var peak: SquaredModulusPeak {
    squaredModuli.withUnsafeBufferPointer { SquaredModulusPeak($0, length: length) }
  }
}

/// The largest `|X_k|^2` of a spectrum's bins between DC and Nyquist, and which bins can
/// reach a given share of the largest amplitude: what lets the dominant and the
/// perceived frequency make the amplitude (a square root and a division) of a few bins
/// only, with the same bits as from every bin.
///
/// Why that is exact: apart from the edge bins (scaled by 1, not 2), a bin's amplitude,
/// and its square, grow with its `|X_k|^2`, each step a correctly rounded monotonic
/// operation. A bin whose `|X_k|^2` is under the share of the largest by more than a
/// margin of 1e-9 (a million times the rounding of those steps) therefore cannot reach the
/// share. The bound holds for finite spectra whose largest `|X_k|^2` is 0 or within
/// 1e-250 ... 1e250 (``isReliable``); callers take the full path otherwise.
package struct SquaredModulusPeak: Sendable {
  /// The largest `|X_k|^2` (0 when none is above 0).
  package let value: Double
  /// Its bin (the first of equals), nil when no bin is above 0.
  package let bin: Int?
  /// The Nyquist bin, or the bin count when the length is odd (no such bin).
  package let nyquist: Int
  /// Whether every bin is finite and ``value`` is 0 or within 1e-250 ... 1e250.
  package let isReliable: Bool

  /// The peak of the bins `squared` of a `length`-point transform.
  init(_ squared: UnsafeBufferPointer<Double>, length: Int) {
    let bins = squared.count
    nyquist = bins > 1 && Spectra.isEdgeBin(bins - 1, length: length) ? bins - 1 : bins
    var (largest, largestBin, finite) = (0.0, Int?.none, true)
    for k in 1..<max(1, nyquist) {
      if !squared[k].isFinite { finite = false }
      if squared[k] > largest { (largest, largestBin) = (squared[k], k) }
    }
    if nyquist < bins, !squared[nyquist].isFinite { finite = false }
    (value, bin) = (largest, largestBin)
    isReliable = finite && (largest == 0 || (largest > 1e-250 && largest < 1e250))
  }

  /// The least `|X_k|^2` a bin other than Nyquist needs for its amplitude squared to
  /// reach `fraction` of the largest bin's: `fraction` of ``value``, less the margin.
  package func candidateFloor(fraction: Double) -> Double { value * fraction * (1 - 1e-9) }
}
