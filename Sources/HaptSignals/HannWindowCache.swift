import Foundation

/// A periodic Hann window (``Spectra``) and the sum of its points, which normalises its
/// spectra (summed once per window, in index order, rather than once per spectrum).
struct HannWindow: Sendable {
  let points: [Double]
  let sum: Double

  init(points: [Double]) {
    self.points = points
    sum = points.reduce(0, +)
  }
}

/// The periodic Hann windows of recently used lengths, shared by every thread.
///
/// A window costs one cosine per point, and the spectra of one pattern's renders, its
/// candidates' and its markers' often share a length, so computing each again was a
/// large part of exporting a corpus to Android (13 % of a 1,000-pattern report's CPU time
/// went to the cosine). The cached window has the same values as a new one, bit for bit.
final class HannWindowCache: @unchecked Sendable {
  /// The process-wide cache.
  static let shared = HannWindowCache()

  private let lock = NSLock()
  private var windows: RecentlyUsed<Int, HannWindow>

  /// Keeps at most `limit` lengths; past that, the least recently used length is dropped.
  init(limit: Int = 256) { windows = RecentlyUsed(limit: limit) }

  /// The window of `count` points, made with `make` on a miss (outside the lock).
  func window(count: Int, make: (Int) -> HannWindow) -> HannWindow {
    lock.lock()
    let cached = windows.value(for: count)
    lock.unlock()
    if let cached { return cached }
    let window = make(count)
    lock.lock()
    windows.insert(window, for: count)
    lock.unlock()
    return window
  }
}
