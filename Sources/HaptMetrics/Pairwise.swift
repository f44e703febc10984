import HaptCore
import Dispatch
import Foundation

/// The pairwise engine: a function of every unordered pair (i, j), i < j, of `count`
/// items, spread over threads, with results in fixed slots.
///
/// The pairs are cut into square tiles of ``tileSize`` x ``tileSize`` items so that the
/// features of one tile's rows and columns stay in cache while all its pairs are computed
/// (a one-second signal's ``SimilarityFeatures`` take about 200 KB; a whole row of a
/// 1,000-signal matrix does not fit in cache, a tile does). Threads take tiles from a
/// shared counter; each pair is computed by exactly one thread and written to its own
/// preallocated slot, so the output is identical whatever the thread count, provided
/// `body` is a pure function of (i, j).
package enum Pairwise {
  /// Items per tile side.
  static let tileSize = 16

  /// The number of unordered pairs of `count` items, `count * (count - 1) / 2`.
  package static func pairCount(_ count: Int) -> Int {
    count > 1 ? count * (count - 1) / 2 : 0
  }

  /// The slot of pair (i, j), i < j, in row-major order:
  /// (0,1), (0,2), ..., (0,n-1), (1,2), ...
  @inline(__always)
  package static func index(_ i: Int, _ j: Int, count: Int) -> Int {
    i * count - i * (i + 1) / 2 + (j - i - 1)
  }

  /// Computes `body(i, j)` for every pair i < j of `count` items on up to `threads`
  /// threads.
  ///
  /// - Parameters:
  ///   - count: the number of items (a count below 2 gives no pairs).
  ///   - threads: the number of threads; 1 (or less) runs on the calling thread.
  ///   - body: the pair function; it must not depend on the order of calls.
  /// - Returns: the results in row-major pair order (see ``index(_:_:count:)``).
  /// - Complexity: `count * (count - 1) / 2` calls of `body`.
  package static func map<T: Sendable>(
    count: Int, threads: Int, _ body: @Sendable (Int, Int) -> T
  ) -> [T] {
    tiled(count: count, threads: threads) { rows, columns, store in
      for i in rows {
        for j in columns where j > i { store(i, j, body(i, j)) }
      }
    }
  }

  /// Runs `tile(rows, columns, store)` for every tile of the upper triangle of the
  /// count x count pair matrix on up to `threads` threads; `tile` must call
  /// `store(i, j, value)` exactly once for every pair i < j with i in `rows` and j in
  /// `columns`. Returns the stored values in row-major pair order.
  static func tiled<T: Sendable>(
    count: Int, threads: Int,
    _ tile: @Sendable (Range<Int>, Range<Int>, (Int, Int, T) -> Void) -> Void
  ) -> [T] {
    let total = pairCount(count)
    guard total > 0 else { return [] }
    let tilesPerSide = (count + tileSize - 1) / tileSize
    // Tiles (I, J) with I <= J, in row-major order.
    var tiles: [(Int, Int)] = []
    tiles.reserveCapacity(tilesPerSide * (tilesPerSide + 1) / 2)
    for I in 0..<tilesPerSide {
      for J in I..<tilesPerSide { tiles.append((I, J)) }
    }
    let tileList = tiles
    return [T](unsafeUninitializedCapacity: total) { buffer, initializedCount in
      let slots = SlotPointer(base: buffer.baseAddress)
      @Sendable func runTile(_ t: Int) {
        let (I, J) = tileList[t]
        let rows = (I * tileSize)..<min(count, (I + 1) * tileSize)
        let columns = (J * tileSize)..<min(count, (J + 1) * tileSize)
        tile(rows, columns) { i, j, value in slots.initialize(index(i, j, count: count), to: value) }
      }
      let workers = max(1, min(threads, tileList.count))
      if workers == 1 {
        for t in 0..<tileList.count { runTile(t) }
      } else {
        let next = TicketCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
          while true {
            let t = next.take()
            guard t < tileList.count else { break }
            runTile(t)
          }
        }
      }
      initializedCount = total
    }
  }
}

/// The output buffer, shared by the worker threads; each slot is initialised by exactly
/// one thread.
private struct SlotPointer<T>: @unchecked Sendable {
  let base: UnsafeMutablePointer<T>?
  @inline(__always)
  func initialize(_ index: Int, to value: T) { (base! + index).initialize(to: value) }
}
