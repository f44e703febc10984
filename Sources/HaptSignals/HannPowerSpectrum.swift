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

  /// Whether bin `k` is scaled as an edge bin (DC, or Nyquist of an even length), whose
  /// amplitude is `|X_k| / sum(w)` rather than twice that.
  package func isEdge(_ k: Int) -> Bool { Spectra.isEdgeBin(k, length: length) }

  /// The frequency of bin `k`, `k * fs / length` Hz (the full spectrum's, bit for bit).
  package func frequency_Hz(_ k: Int) -> Double { Double(k) * sampleRate_Hz / Double(length) }
}
