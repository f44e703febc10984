import CFFTW

/// A complex inverse DFT of one length on interleaved arrays, planned once with FFTW.
///
/// `x_n = (1/N) sum_k X_k exp(+2 pi i k n / N)` (`numpy.fft.ifft`). Internal: only
/// ``Envelope`` needs it, and its arrays are interleaved `[re, im, re, im, ...]` doubles.
///
/// Thread-safety: ``inverse(_:into:)`` may run concurrently on any number of threads.
final class ComplexInverseFFTPlan: @unchecked Sendable {
  /// The transform length N (complex points).
  let length: Int
  private let plan: fftw_plan

  private static let cache = PlanCache<ComplexInverseFFTPlan>()

  /// The process-wide plan for `length` (at least 1), created on first use.
  static func shared(length: Int) -> ComplexInverseFFTPlan {
    precondition(length >= 1, "ComplexInverseFFTPlan length must be at least 1, got \(length)")
    return cache.plan(length: length) { ComplexInverseFFTPlan(unlockedLength: $0) }
  }

  private init(unlockedLength length: Int) {
    self.length = length
    let planned = FFTWPlanner.withPlanningArrays([2 * length, 2 * length]) { arrays in
      fftw_plan_dft_1d(
        Int32(length), complexPointer(arrays[0]), complexPointer(arrays[1]), FFTW_BACKWARD,
        FFTWPlanner.alignedFlags)
    }
    guard let plan = planned else { fatalError("FFTW could not plan a complex FFT of length \(length)") }
    self.plan = plan
  }

  deinit {
    FFTWPlanner.withLock { fftw_destroy_plan(plan) }
  }

  /// Inverse DFT including `1/N` of the interleaved `input` into the interleaved `output`
  /// (`2 * length` doubles each, not overlapping, both aligned as
  /// ``FFTWPlanner/withAlignedScratch(_:_:)`` aligns). The input is preserved.
  func inverse(_ input: UnsafePointer<Double>, into output: UnsafeMutablePointer<Double>) {
    fftw_execute_dft(plan, complexPointer(UnsafeMutablePointer(mutating: input)), complexPointer(output))
    let factor = 1 / Double(length)
    for j in 0..<(2 * length) { output[j] *= factor }
  }
}
