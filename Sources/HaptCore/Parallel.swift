import Dispatch
import Foundation

/// Deterministic parallel loops: work is spread over threads, results land in fixed slots,
/// so the output is identical whatever the thread count. Public only for the default
/// thread count that library functions take; the loops are package internals.
package enum Parallel {
  /// The thread count to use by default, for callers not given one: this process's
  /// (``HaptEnvironment/threadCount``: `HAPT_THREADS`, otherwise the number of active
  /// processors). Commands pass the count their environment gives.
  package static var defaultThreadCount: Int { HaptEnvironment.process.threadCount }

  /// Computes `body(i)` for every i in 0..<count on up to `threads` threads.
  ///
  /// - Returns: the results in index order.
  /// - Complexity: `count` calls of `body`, interleaved over the threads in chunks.
  package static func map<T: Sendable>(
    count: Int, threads: Int = defaultThreadCount, _ body: @Sendable (Int) -> T
  ) -> [T] {
    guard count > 0 else { return [] }
    let workers = max(1, min(threads, count))
    if workers == 1 { return (0..<count).map(body) }
    let slots = SlotBuffer<T>(count: count)
    let next = TicketCounter()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let i = next.take()
        guard i < count else { break }
        slots.store(body(i), at: i)
      }
    }
    return slots.values()
  }
}

/// Fixed slots written once each from many threads (each index by exactly one thread).
///
/// The slots live in raw memory allocated once, so that concurrent writes to different
/// slots never touch a shared Swift array (no copy-on-write check, no exclusivity race).
final class SlotBuffer<T>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<T?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  func store(_ value: T, at index: Int) {
    slots[index] = value
  }

  /// The values, once every slot was stored (the caller has joined the writers).
  func values() -> [T] {
    (0..<count).map { slots[$0]! }
  }
}
