import CFFTW
import Foundation

/// The one place where FFTW plans are created and destroyed.
///
/// FFTW's planner is not thread-safe: only the `fftw_execute*` functions may run
/// concurrently (fftw.org, "Thread safety"). Every plan creation and destruction in hapt
/// therefore happens under ``lock``, and plans are cached per length (see the `shared`
/// factories of ``DCT2Plan`` and ``RealFFTPlan``) so that the lock is taken once per
/// length per process, not once per transform.
///
/// Every plan uses `FFTW_ESTIMATE`: it picks the algorithm from the size alone (no
/// timing), so the same length always gets the same plan and bit-exact results on every
/// run and machine load (`FFTW_MEASURE` could pick different algorithms on different
/// runs, whose roundings differ). The DCT adds `FFTW_UNALIGNED` and runs directly on the
/// caller's arrays (SIMD gives REDFT10 nothing measurable). The FFTs are planned for
/// SIMD-aligned arrays and always run on 64-byte-aligned scratch buffers
/// (``withAlignedScratch(_:_:)``): one copy in and out, about 3 times faster than an
/// unaligned plan at 8192 points, and always the same code path whatever the caller's
/// array alignment, hence the same bits.
///
/// Other modules must not call the FFTW planner directly; they use these plans.
enum FFTWPlanner {
  /// Serialises every FFTW planner call (creation and destruction) in the process.
  static let lock = NSLock()

  /// Flags for plans that run on callers' arrays of any alignment (the DCT).
  static let unalignedFlags: UInt32 = UInt32(FFTW_ESTIMATE) | UInt32(FFTW_UNALIGNED)
  /// Flags for plans that run only on ``withAlignedScratch(_:_:)`` buffers (the FFTs).
  static let alignedFlags: UInt32 = UInt32(FFTW_ESTIMATE)
  /// Alignment of scratch buffers in bytes (at least FFTW's SIMD alignment).
  static let scratchAlignment = 64

  /// The smallest length of at least `n` whose prime factors are all 2, 3, 5 or 7: one
  /// FFTW transforms fast, and one of few, so that transforms padded to it share the
  /// cached plans (a length of its own each would re-plan past ``PlanCache/limit``).
  static func fastLength(atLeast n: Int) -> Int {
    var m = max(n, 1)
    while true {
      var rest = m
      for p in [2, 3, 5, 7] { while rest % p == 0 { rest /= p } }
      if rest == 1 { return m }
      m += 1
    }
  }

  /// `count` rounded up to a whole number of ``scratchAlignment`` units, in doubles: the
  /// offset at which a second array in one scratch buffer stays aligned.
  static func alignedCount(_ count: Int) -> Int { (count + 7) & ~7 }

  /// Runs `body` with an uninitialised scratch buffer of `count` doubles aligned to
  /// ``scratchAlignment`` bytes (on the stack when small).
  static func withAlignedScratch<T>(_ count: Int, _ body: (UnsafeMutablePointer<Double>) -> T) -> T {
    withUnsafeTemporaryAllocation(
      byteCount: max(count, 1) * MemoryLayout<Double>.stride, alignment: scratchAlignment
    ) { raw in
      body(raw.baseAddress!.bindMemory(to: Double.self, capacity: max(count, 1)))
    }
  }

  /// Runs `body` while holding the planner lock.
  static func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Runs `body` with zeroed `fftw_malloc` arrays of the given sizes (in doubles) to plan
  /// on, and frees them afterwards.
  ///
  /// The plans are only ever run through the new-array execute functions, which take the
  /// arrays as arguments, so a plan needs its planning arrays only while it is planned
  /// (FFTW keeps them solely for plain `fftw_execute`, which hapt never calls).
  static func withPlanningArrays<T>(_ counts: [Int], _ body: ([UnsafeMutablePointer<Double>]) -> T) -> T {
    let arrays = counts.map { count -> UnsafeMutablePointer<Double> in
      let n = max(count, 1)
      guard let raw = fftw_malloc(n * MemoryLayout<Double>.stride) else {
        fatalError("fftw_malloc of \(n) doubles failed: out of memory")
      }
      let pointer = raw.bindMemory(to: Double.self, capacity: n)
      pointer.initialize(repeating: 0, count: n)
      return pointer
    }
    defer { for array in arrays { fftw_free(array) } }
    return body(arrays)
  }
}

/// A per-length cache of plans of one kind, guarded by the planner lock.
///
/// The cache holds at most ``limit`` lengths (FFTW's twiddle tables grow with every
/// length); past that, a new length evicts the one used least recently. An evicted plan is
/// destroyed when its last user lets go of it. Plans use `FFTW_ESTIMATE`, so a length
/// planned again gets the same plan and the same bits. (Until this version the first 512
/// lengths stayed for good and every later one was planned anew on every call, under the
/// lock: past 512 lengths, planning took most of a large report's time.)
final class PlanCache<Plan: AnyObject>: @unchecked Sendable {
  private var plans: RecentlyUsed<Int, Plan>

  init(limit: Int = 512) { plans = RecentlyUsed(limit: limit) }

  /// The most lengths kept per kind of plan.
  var limit: Int { plans.limit }

  /// The cached plan for `length`, creating it with `make` (under the planner lock) on
  /// first use. `make` must not take the lock itself.
  func plan(length: Int, make: (Int) -> Plan) -> Plan {
    // An evicted plan is released after the lock: its deinit takes the lock.
    var evicted: Plan?
    let plan = FFTWPlanner.withLock { () -> Plan in
      if let plan = plans.value(for: length) { return plan }
      let plan = make(length)
      evicted = plans.insert(plan, for: length)
      return plan
    }
    withExtendedLifetime(evicted) {}
    return plan
  }

  /// How many lengths are cached (for tests).
  var count: Int { FFTWPlanner.withLock { plans.count } }
}
