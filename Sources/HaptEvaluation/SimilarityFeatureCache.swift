import Foundation
import HaptMetrics
import HaptSignals

/// The ST-SIM/SPQI features (``SimilarityFeatures``) of a corpus's primary renders, made
/// when a pair needs them (from the render, itself made again when asked for:
/// ``PrimaryRenders``) and kept for the ``capacity`` patterns used most recently.
///
/// The features take about 192 KB for a one-second render, three times the render itself;
/// kept for every pattern they were most of a large report's memory (1.9 GB for 10,000
/// patterns), although only the pairs kept in the end (each pattern's nearest
/// neighbours and the close pairs) need them. A pattern evicted and asked for again is
/// computed again from its render, with the same bits (the features are a pure function
/// of the signal), so results do not depend on the capacity or on the thread count.
package final class SimilarityFeatureCache: @unchecked Sendable {
  /// Patterns kept at most (about 100 MB of one-second renders' features).
  package let capacity: Int
  /// Pattern `i`'s signal.
  private let signal: @Sendable (Int) -> Signal
  private let lock = NSLock()
  private var kept: [Int: (features: SimilarityFeatures, used: Int)] = [:]
  private var clock = 0
  /// How many times features were computed (tests).
  package private(set) var computed = 0

  package convenience init(_ signals: [Signal], capacity: Int = 512) {
    self.init(capacity: capacity) { signals[$0] }
  }

  /// The features of the signals `signal(i)` gives (called when pattern `i`'s features are
  /// made, on the calling thread; it must give the same samples every time).
  package init(capacity: Int = 512, signal: @escaping @Sendable (Int) -> Signal) {
    self.signal = signal
    self.capacity = max(2, capacity)
  }

  /// The features of pattern `i`'s signal.
  package func features(_ i: Int) -> SimilarityFeatures {
    lock.lock()
    clock += 1
    if let entry = kept[i] {
      kept[i] = (entry.features, clock)
      lock.unlock()
      return entry.features
    }
    lock.unlock()
    let made = SimilarityFeatures(signal(i))
    lock.lock()
    defer { lock.unlock() }
    computed += 1
    if kept[i] == nil, kept.count >= capacity, let oldest = kept.min(by: { $0.value.used < $1.value.used })?.key {
      kept[oldest] = nil
    }
    kept[i] = (made, clock)
    return made
  }
}
