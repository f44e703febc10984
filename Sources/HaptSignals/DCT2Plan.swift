import CFFTW

/// An orthonormal DCT-II of one length, planned once with FFTW (`FFTW_REDFT10`).
///
/// For input `x` of length N the output is
/// `y_k = s_k * 2 * sum_n x_n cos(pi k (2n + 1) / (2N))` with `s_0 = sqrt(1 / (4N))` and
/// `s_k = sqrt(1 / (2N))` for k > 0, which is exactly `scipy.fft.dct(x, type=2,
/// norm="ortho")`: the transform matrix is orthogonal, so it preserves energy. ST-SIM and
/// SPQI (Docs/Model.md §6) apply it to blocks of 512 samples.
///
/// Thread-safety: ``transform(_:into:)`` may run concurrently on any number of threads
/// (it only calls `fftw_execute_r2r`); planning is serialised by ``FFTWPlanner``.
package final class DCT2Plan: @unchecked Sendable {
  /// The transform length N.
  package let length: Int
  private let plan: fftw_plan
  private let scale0: Double
  private let scale: Double

  private static let cache = PlanCache<DCT2Plan>()

  /// The process-wide plan for `length`, created on first use and reused afterwards.
  ///
  /// - Parameter length: the transform length; must be at least 1 (a programming error
  ///   otherwise, not an input error: callers check lengths derived from input).
  package static func shared(length: Int) -> DCT2Plan {
    precondition(
      length >= 1 && length <= Int(Int32.max), "DCT2Plan length must be in 1 ... 2^31-1, got \(length)")
    return cache.plan(length: length) { DCT2Plan(unlockedLength: $0) }
  }

  /// A plan for `length` outside the cache, destroyed when released (tests; lengths past
  /// the cache limit get the same).
  static func uncached(length: Int) -> DCT2Plan {
    precondition(
      length >= 1 && length <= Int(Int32.max), "DCT2Plan length must be in 1 ... 2^31-1, got \(length)")
    return FFTWPlanner.withLock { DCT2Plan(unlockedLength: length) }
  }

  /// Plans a transform; the caller holds the planner lock.
  private init(unlockedLength length: Int) {
    self.length = length
    let planned = FFTWPlanner.withPlanningArrays([length, length]) { arrays in
      fftw_plan_r2r_1d(Int32(length), arrays[0], arrays[1], FFTW_REDFT10, FFTWPlanner.unalignedFlags)
    }
    guard let plan = planned else { fatalError("FFTW could not plan a DCT-II of length \(length)") }
    self.plan = plan
    scale0 = (1 / (4 * Double(length))).squareRoot()
    scale = (1 / (2 * Double(length))).squareRoot()
  }

  deinit {
    FFTWPlanner.withLock { fftw_destroy_plan(plan) }
  }

  /// Writes the orthonormal DCT-II of `input` to `output`.
  ///
  /// Both buffers must hold exactly ``length`` values; they may be the same memory (the
  /// input is then copied to a temporary first). No allocation otherwise.
  ///
  /// - Complexity: O(N log N).
  package func transform(
    _ input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>
  ) {
    precondition(input.count == length && output.count == length, "DCT2Plan: wrong buffer length")
    guard let inBase = input.baseAddress, let outBase = output.baseAddress else { return }
    if UnsafeRawPointer(inBase) == UnsafeRawPointer(outBase) as UnsafeRawPointer {
      withUnsafeTemporaryAllocation(of: Double.self, capacity: length) { copy in
        _ = copy.initialize(fromContentsOf: input)
        // REDFT10 preserves its input by default, so the copy is only read.
        fftw_execute_r2r(plan, copy.baseAddress, outBase)
      }
    } else {
      fftw_execute_r2r(plan, UnsafeMutablePointer(mutating: inBase), outBase)
    }
    outBase[0] *= scale0
    var k = 1
    while k < length {
      outBase[k] *= scale
      k += 1
    }
  }

  /// The orthonormal DCT-II of `input` (convenience; allocates the result).
  package func transform(_ input: [Double]) -> [Double] {
    precondition(input.count == length, "DCT2Plan: wrong input length")
    return [Double](unsafeUninitializedCapacity: length) { buffer, count in
      input.withUnsafeBufferPointer { transform($0, into: buffer) }
      count = length
    }
  }
}
