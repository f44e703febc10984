import CFFTW
import Foundation

/// The one place where FFTW plans are created and destroyed.
///
/// FFTW's planner is not thread-safe: only the `fftw_execute*` functions may run
/// concurrently (fftw.org, "Thread safety"). Every plan creation and destruction in hapt
/// therefore happens under ``lock``, and plans are cached per length (see the `shared`
/// factories of ``DCT2Plan``, ``RealFFTPlan`` and ``SplitComplexFFTPlan``) so that the lock
/// is taken once per length per process, not once per transform.
///
/// Plans are made with `FFTW_ESTIMATE | FFTW_UNALIGNED`: ESTIMATE picks the algorithm from
/// the size alone (no timing), so the same length always gets the same plan and the same
/// bit-exact results on every run; UNALIGNED lets the plan execute on any caller's arrays
/// through the new-array execute functions.
///
/// Other modules must not call the FFTW planner directly; they use these plans.
enum FFTWPlanner {
  /// Serialises every FFTW planner call (creation and destruction) in the process.
  static let lock = NSLock()

  /// The planner flags used for every plan.
  static let flags: UInt32 = UInt32(FFTW_ESTIMATE) | UInt32(FFTW_UNALIGNED)

  /// Runs `body` while holding the planner lock.
  static func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Allocates `count` doubles with `fftw_malloc`, zeroed (for planning only).
  static func allocate(_ count: Int) -> UnsafeMutablePointer<Double> {
    let bytes = max(count, 1) * MemoryLayout<Double>.stride
    guard let raw = fftw_malloc(bytes) else {
      fatalError("fftw_malloc(\(bytes)) failed: out of memory")
    }
    let pointer = raw.bindMemory(to: Double.self, capacity: max(count, 1))
    pointer.initialize(repeating: 0, count: max(count, 1))
    return pointer
  }
}

/// A per-length cache of plans of one kind, guarded by the planner lock.
///
/// Cached plans live until the process ends.
final class PlanCache<Plan: AnyObject>: @unchecked Sendable {
  private var plans: [Int: Plan] = [:]

  /// The cached plan for `length`, creating it with `make` (under the planner lock) on
  /// first use. `make` must not take the lock itself.
  func plan(length: Int, make: (Int) -> Plan) -> Plan {
    FFTWPlanner.withLock {
      if let plan = plans[length] { return plan }
      let plan = make(length)
      plans[length] = plan
      return plan
    }
  }
}
