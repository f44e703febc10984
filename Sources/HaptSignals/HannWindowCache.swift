import Foundation

/// The periodic Hann windows of recently used lengths, shared by every thread.
///
/// A window costs one cosine per point, and the spectra of one pattern's renders, its
/// candidates' and its markers' often share a length, so computing each again was a
/// large part of exporting a corpus to Android (13 % of a 1,000-pattern report's CPU time
/// went to the cosine). The cached window has the same values as a new one, bit for bit.
final class HannWindowCache: @unchecked Sendable {
  /// The process-wide cache.
  static let shared = HannWindowCache()

  /// The most lengths kept; past that, the least recently used length is dropped.
  let limit: Int
  private let lock = NSLock()
  private var windows: [Int: (window: [Double], lastUse: UInt64)] = [:]
  private var clock: UInt64 = 0

  init(limit: Int = 256) { self.limit = max(limit, 1) }

  /// The window of `count` points, made with `make` on a miss.
  func window(count: Int, make: (Int) -> [Double]) -> [Double] {
    lock.lock()
    clock &+= 1
    if let entry = windows[count] {
      windows[count] = (entry.window, clock)
      lock.unlock()
      return entry.window
    }
    lock.unlock()
    let window = make(count)
    lock.lock()
    defer { lock.unlock() }
    if windows[count] == nil, windows.count >= limit,
      let oldest = windows.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      windows[oldest.key] = nil
    }
    windows[count] = (window, clock)
    return window
  }
}
