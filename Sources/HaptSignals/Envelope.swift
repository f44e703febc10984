/// The amplitude envelope of a vibration: the magnitude of its analytic signal.
///
/// For a real signal x the analytic signal is `z = x + i H{x}` (H: the Hilbert
/// transform), computed as `scipy.signal.hilbert` does: take the DFT of x, keep bin 0
/// (DC) and, for even N, bin N/2 (Nyquist) as they are, double the positive-frequency
/// bins `1 ..< (N+1)/2`, zero the negative-frequency bins, and take the inverse DFT. The
/// envelope is `|z_n|`.
///
/// For `A(t) sin(2 pi f t)` with A smooth and slow against f the envelope is A(t). A
/// hard-gated burst is not band-limited: its Hilbert transform has a logarithmic tail
/// from each edge, so the envelope of a rectangular 200 ms, 170 Hz burst reads about
/// 0.5 % off even in its middle (a few per cent within 10 ms of an edge); the DFT's
/// periodic wrap also couples the two ends of the signal. Pad with silence and read
/// markers away from the ends.
///
/// Docs/Model.md §4 reads the latency markers (detect, t10, t50, t90, stop) on this envelope.
///
/// Computed without a complex transform: the real part of that analytic signal is x
/// itself, and its imaginary part is the Hilbert transform `H{x} = IDFT(Y)` with
/// `Y_k = -i X_k` for the doubled bins and `Y_k = 0` at DC and Nyquist, one real FFT and
/// one inverse real FFT of length N. Mathematically identical to the recipe above;
/// numerically within 1e-12 of SciPy on the stored fixtures.
package enum Envelope {
  /// The magnitude of the analytic signal of `samples` (same length, same units).
  ///
  /// - Parameter samples: a real signal; an empty signal gives an empty envelope.
  /// - Returns: `|x_n + i H{x}_n|` for each n.
  /// - Complexity: O(N log N): one real FFT and one inverse real FFT of length N, and one
  ///   aligned scratch buffer of about 3N doubles.
  package static func analytic(_ samples: [Double]) -> [Double] {
    let n = samples.count
    if n == 0 { return [] }
    let plan = RealFFTPlan.shared(length: n)
    let bins = plan.binCount
    return [Double](unsafeUninitializedCapacity: n) { envelope, count in
      count = 0
      samples.withUnsafeBufferPointer { input in
        guard let x = input.baseAddress else { return }
        let spectrumOffset = FFTWPlanner.alignedCount(n)
        let hilbertOffset = spectrumOffset + FFTWPlanner.alignedCount(2 * bins)
        FFTWPlanner.withAlignedScratch(hilbertOffset + n) { scratch in
          let spectrum = scratch + spectrumOffset
          let hilbert = scratch + hilbertOffset
          scratch.initialize(from: x, count: n)
          plan.forwardAligned(scratch, into: spectrum)
          // Y_k = -i X_k on the doubled bins 1 ..< (N+1)/2 (the factor 2 and the 1/2 of
          // taking the imaginary part cancel); DC and (even N) Nyquist contribute nothing.
          spectrum[0] = 0
          spectrum[1] = 0
          var k = 1
          while k < (n + 1) / 2 {
            let re = spectrum[2 * k]
            spectrum[2 * k] = spectrum[2 * k + 1]
            spectrum[2 * k + 1] = -re
            k += 1
          }
          if n % 2 == 0 {
            spectrum[n] = 0
            spectrum[n + 1] = 0
          }
          plan.inverseAligned(spectrum, into: hilbert)
          let scale = 1 / Double(n)
          for j in 0..<n {
            let h = hilbert[j] * scale
            envelope[j] = (x[j] * x[j] + h * h).squareRoot()
          }
          count = n
        }
      }
    }
  }
}
