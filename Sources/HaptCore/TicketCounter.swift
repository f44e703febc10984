import Foundation

/// A lock-protected counter that hands out 0, 1, 2, ... to worker threads (the next item
/// to do) and counts finished items for progress.
package final class TicketCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  package init() {}

  /// The next ticket: 0 the first time, then 1, 2, ...
  package func take() -> Int {
    lock.lock()
    defer { lock.unlock() }
    let current = value
    value += 1
    return current
  }
}
