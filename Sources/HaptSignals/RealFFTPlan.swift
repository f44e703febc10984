import CFFTW

/// A real-input discrete Fourier transform of one length, planned once with FFTW, with
/// the spectrum in split form (separate real and imaginary arrays).
///
/// ``forward(_:real:imaginary:)`` computes the unnormalised DFT
/// `X_k = sum_n x_n exp(-2 pi i k n / N)` for `k = 0 ... N/2` (the `N/2 + 1` non-redundant
/// bins; integer division), the same numbers as `numpy.fft.rfft(x)`.
/// ``inverse(real:imaginary:into:)`` is its inverse *including* the `1/N` factor, so
/// `inverse(forward(x)) == x` to rounding (`numpy.fft.irfft(X, N)`); the imaginary parts of
/// bin 0 and, for even N, of bin N/2 are ignored there.
///
/// Thread-safety: both directions may run concurrently on any number of threads (only
/// `fftw_execute_dft_r2c`/`_c2r` run outside the planner lock).
///
/// The inverse direction is planned on its first use: most lengths a report measures are
/// only ever transformed forward (the perceptual features' Hann magnitudes), and planning
/// both directions of every length spent about half the planner's time on plans never run.
package final class RealFFTPlan: @unchecked Sendable {
  /// The transform length N (number of real samples).
  package let length: Int
  /// The number of complex bins, `N/2 + 1`.
  package let binCount: Int
  private let forwardPlan: fftw_plan
  /// The c2r plan once made (``inversePlan``); read and written under the planner lock.
  private var plannedInverse: fftw_plan?

  /// Lengths kept: a report measures signals of every length its patterns render to (765
  /// lengths for 150 generated one-second patterns), and planning a length again takes
  /// longer than transforming it, under the planner lock; 4,096 keeps every length of a
  /// large report's run planned once.
  private static let cache = PlanCache<RealFFTPlan>(limit: 4096)

  /// The process-wide plan for `length`, created on first use and reused afterwards.
  ///
  /// - Parameter length: the transform length; must be at least 1 (a programming error
  ///   otherwise).
  package static func shared(length: Int) -> RealFFTPlan {
    precondition(
      length >= 1 && length <= Int(Int32.max), "RealFFTPlan length must be in 1 ... 2^31-1, got \(length)")
    return cache.plan(length: length) { RealFFTPlan(unlockedLength: $0) }
  }

  /// A plan for `length` outside the cache, destroyed when released (tests; lengths past
  /// the cache limit get the same).
  static func uncached(length: Int) -> RealFFTPlan {
    precondition(
      length >= 1 && length <= Int(Int32.max), "RealFFTPlan length must be in 1 ... 2^31-1, got \(length)")
    return FFTWPlanner.withLock { RealFFTPlan(unlockedLength: length) }
  }

  /// Plans the forward direction; the caller holds the planner lock.
  ///
  /// FFTW's split-array execute functions require the same distance between the real and
  /// imaginary arrays as at planning time, which callers' arrays cannot promise; so the
  /// plans are interleaved and the spectrum is (de)interleaved through an aligned scratch
  /// buffer.
  private init(unlockedLength length: Int) {
    self.length = length
    binCount = length / 2 + 1
    let planned = FFTWPlanner.withPlanningArrays([length, 2 * binCount]) { arrays in
      fftw_plan_dft_r2c_1d(Int32(length), arrays[0], complexPointer(arrays[1]), FFTWPlanner.alignedFlags)
    }
    guard let forward = planned else {
      fatalError("FFTW could not plan a real FFT of length \(length)")
    }
    forwardPlan = forward
  }

  /// The c2r plan, made under the planner lock on first use and kept with the forward one.
  private var inversePlan: fftw_plan {
    FFTWPlanner.withLock {
      if let plan = plannedInverse { return plan }
      let planned = FFTWPlanner.withPlanningArrays([length, 2 * binCount]) { arrays in
        fftw_plan_dft_c2r_1d(Int32(length), complexPointer(arrays[1]), arrays[0], FFTWPlanner.alignedFlags)
      }
      guard let plan = planned else { fatalError("FFTW could not plan an inverse real FFT of length \(length)") }
      plannedInverse = plan
      return plan
    }
  }

  deinit {
    FFTWPlanner.withLock {
      fftw_destroy_plan(forwardPlan)
      if let inverse = plannedInverse { fftw_destroy_plan(inverse) }
    }
  }

  /// Writes the DFT of `input` (``length`` samples) to `real` and `imaginary`
  /// (``binCount`` values each).
  ///
  /// The samples are copied into an aligned scratch buffer
  /// (``FFTWPlanner/withAlignedScratch(_:_:)``, on the stack when small) and the spectrum
  /// is de-interleaved from it; no other allocation.
  ///
  /// - Complexity: O(N log N).
  package func forward(
    _ input: UnsafeBufferPointer<Double>, real: UnsafeMutableBufferPointer<Double>,
    imaginary: UnsafeMutableBufferPointer<Double>
  ) {
    precondition(input.count == length, "RealFFTPlan.forward: input must have \(length) samples")
    precondition(
      real.count == binCount && imaginary.count == binCount,
      "RealFFTPlan.forward: outputs must have \(binCount) bins")
    guard let inBase = input.baseAddress else { return }
    FFTWPlanner.withAlignedScratch(FFTWPlanner.alignedCount(length) + 2 * binCount) { scratch in
      let spectrum = scratch + FFTWPlanner.alignedCount(length)
      scratch.initialize(from: inBase, count: length)
      forwardAligned(scratch, into: spectrum)
      for k in 0..<binCount {
        real[k] = spectrum[2 * k]
        imaginary[k] = spectrum[2 * k + 1]
      }
    }
  }

  /// The r2c transform of `input` (``length`` doubles) into the interleaved `spectrum`
  /// (`2 * binCount` doubles: re, im, ...); both must be aligned as
  /// ``FFTWPlanner/withAlignedScratch(_:_:)`` aligns. The input is preserved.
  func forwardAligned(_ input: UnsafeMutablePointer<Double>, into spectrum: UnsafeMutablePointer<Double>) {
    fftw_execute_dft_r2c(forwardPlan, input, complexPointer(spectrum))
  }

  /// The unscaled c2r transform of the interleaved half `spectrum` (`2 * binCount`
  /// doubles, destroyed) into `output` (``length`` doubles): `N` times the inverse DFT.
  /// Both must be aligned as ``FFTWPlanner/withAlignedScratch(_:_:)`` aligns.
  func inverseAligned(_ spectrum: UnsafeMutablePointer<Double>, into output: UnsafeMutablePointer<Double>) {
    fftw_execute_dft_c2r(inversePlan, complexPointer(spectrum), output)
  }

  /// Writes the inverse DFT (scaled by `1/N`) of the half spectrum `real` + i `imaginary`
  /// (``binCount`` values each) to `output` (``length`` samples). The inputs are not
  /// modified; one aligned scratch buffer as in ``forward(_:real:imaginary:)``.
  ///
  /// - Complexity: O(N log N).
  package func inverse(
    real: UnsafeBufferPointer<Double>, imaginary: UnsafeBufferPointer<Double>,
    into output: UnsafeMutableBufferPointer<Double>
  ) {
    precondition(output.count == length, "RealFFTPlan.inverse: output must have \(length) samples")
    precondition(
      real.count == binCount && imaginary.count == binCount,
      "RealFFTPlan.inverse: inputs must have \(binCount) bins")
    FFTWPlanner.withAlignedScratch(FFTWPlanner.alignedCount(2 * binCount) + length) { scratch in
      let samples = scratch + FFTWPlanner.alignedCount(2 * binCount)
      for k in 0..<binCount {
        scratch[2 * k] = real[k]
        scratch[2 * k + 1] = imaginary[k]
      }
      // c2r destroys its input: here that is only the scratch copy.
      fftw_execute_dft_c2r(inversePlan, complexPointer(scratch), samples)
      let factor = 1 / Double(length)
      for n in 0..<length { output[n] = samples[n] * factor }
    }
  }

  /// The DFT of `input` as two new arrays of ``binCount`` values (convenience).
  package func forward(_ input: [Double]) -> (real: [Double], imaginary: [Double]) {
    precondition(input.count == length, "RealFFTPlan.forward: input must have \(length) samples")
    var re = [Double](repeating: 0, count: binCount)
    var im = [Double](repeating: 0, count: binCount)
    input.withUnsafeBufferPointer { x in
      re.withUnsafeMutableBufferPointer { r in
        im.withUnsafeMutableBufferPointer { i in forward(x, real: r, imaginary: i) }
      }
    }
    return (re, im)
  }

  /// The inverse DFT (scaled by `1/N`) of a half spectrum, as a new array (convenience).
  package func inverse(real: [Double], imaginary: [Double]) -> [Double] {
    var out = [Double](repeating: 0, count: length)
    real.withUnsafeBufferPointer { r in
      imaginary.withUnsafeBufferPointer { i in
        out.withUnsafeMutableBufferPointer { inverse(real: r, imaginary: i, into: $0) }
      }
    }
    return out
  }
}

/// An interleaved `[re, im, re, im, ...]` double buffer seen as FFTW complex numbers.
@inline(__always)
func complexPointer(_ pointer: UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<fftw_complex> {
  UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: fftw_complex.self)
}
