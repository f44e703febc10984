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
/// MODEL §4 reads the latency markers (detect, t10, t50, t90, stop) on this envelope.
public enum Envelope {
  /// The magnitude of the analytic signal of `samples` (same length, same units).
  ///
  /// - Parameter samples: a real signal; an empty signal gives an empty envelope.
  /// - Returns: `|x_n + i H{x}_n|` for each n.
  /// - Complexity: O(N log N): one real FFT and one complex inverse FFT of length N, and
  ///   one aligned scratch buffer of about 5N doubles.
  public static func analytic(_ samples: [Double]) -> [Double] {
    let n = samples.count
    if n == 0 { return [] }
    let real = RealFFTPlan.shared(length: n)
    let complex = ComplexInverseFFTPlan.shared(length: n)
    return [Double](unsafeUninitializedCapacity: n) { envelope, count in
      count = 0
      samples.withUnsafeBufferPointer { input in
        guard let x = input.baseAddress else { return }
        let spectrumOffset = FFTWPlanner.alignedCount(n)
        let analyticOffset = spectrumOffset + FFTWPlanner.alignedCount(2 * n)
        FFTWPlanner.withAlignedScratch(analyticOffset + 2 * n) { scratch in
          let spectrum = scratch + spectrumOffset
          let analytic = scratch + analyticOffset
          scratch.initialize(from: x, count: n)
          // Bins 0 ... N/2 from the r2c transform; the negative frequencies are zero.
          real.forwardAligned(scratch, into: spectrum)
          let firstZero = 2 * real.binCount
          (spectrum + firstZero).initialize(repeating: 0, count: 2 * n - firstZero)
          // Positive frequencies 1 ..< (N+1)/2 are doubled; DC and (even N) Nyquist kept.
          var k = 1
          while k < (n + 1) / 2 {
            spectrum[2 * k] *= 2
            spectrum[2 * k + 1] *= 2
            k += 1
          }
          complex.inverse(spectrum, into: analytic)
          for j in 0..<n {
            let re = analytic[2 * j]
            let im = analytic[2 * j + 1]
            envelope[j] = (re * re + im * im).squareRoot()
          }
          count = n
        }
      }
    }
  }
}
