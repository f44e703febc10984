import Dispatch
import Foundation
import HaptCore

/// The corpus-scale pairwise engine: compares every pair (i, j), i < j, whose first index
/// lies in a range of rows (the whole corpus, or one shard's share) and reduces the pairs
/// as they stream into a ``PairwiseSummary`` (k nearest neighbours per pattern, close
/// pairs), so that memory grows with the corpus, not with its square.
///
/// Two passes:
/// 1. d' of every pair (cheap: O(events) per pair, from per-pattern ``PerceptualFeatures``),
///    rows taken in bands of ``bandSize`` rows, each band's pairs spread over the threads
///    in tiles of 64 columns (so that a tile's patterns stay in the cache);
///    each thread keeps its own candidate lists (the best k per pattern, the close pairs),
///    merged at the end. Neighbours are ranked by `neighbourDistance` when given (the
///    perceptual distance; an infinite value keeps the pair out of the neighbours), else
///    by d'.
/// 2. ST-SIM and SPQI (the expensive part) only for the pairs kept.
///
/// With an `allPairs` sink, every pair's ST-SIM and SPQI are computed too and handed to
/// the sink band by band in row-major order, then dropped: a full table can be written
/// without ever being held.
///
/// The result (and the sink's sequence) depends only on the pair functions, never on the
/// thread count or the band size: candidates are ranked by a total order, and the best k
/// of a union is the best k of the parts' best k.
package struct PairwiseEngine: Sendable {
  package var settings: PairwiseSummary.Settings
  /// Worker threads (1 runs on the calling thread).
  package var threads: Int
  /// Rows per band (the unit of progress and of the `allPairs` sink).
  package var bandSize: Int

  /// Columns per tile of a band (see ``summarize(count:rows:dPrime:similarity:neighbourDistance:allPairs:progress:)``).
  static let columnBlock = 64

  package init(settings: PairwiseSummary.Settings = .init(), threads: Int, bandSize: Int = 64) {
    self.settings = settings
    self.threads = max(1, threads)
    self.bandSize = max(1, bandSize)
  }

  /// Summarises the pairs (i, j), i < j < count, i in `rows`.
  ///
  /// - Parameters:
  ///   - count: the number of patterns.
  ///   - rows: the first indices covered (default: all).
  ///   - dPrime: d' of pair (i, j), JND; pure.
  ///   - similarity: ST-SIM/SPQI of pair (i, j) with i the `AB` distorted signal; pure.
  ///   - neighbourDistance: what neighbours are ranked by, given the pair and its d'
  ///     (nil: d'); infinity: never neighbours (a silent and a felt pattern); pure.
  ///   - allPairs: if given, receives every pair of each band in row-major order.
  ///   - progress: called on the calling thread after each band with the pairs done so far
  ///     and the total.
  package func summarize(
    count: Int, rows: Range<Int>? = nil,
    dPrime: @Sendable (Int, Int) -> Double,
    similarity: @Sendable (Int, Int) -> PairSimilarity,
    neighbourDistance: (@Sendable (Int, Int, Double) -> Double)? = nil,
    allPairs: (([PairwiseSummary.Pair]) throws -> Void)? = nil,
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> PairwiseSummary {
    let rows = (rows ?? 0..<count).clamped(to: 0..<count)
    let total = Self.pairCount(rows: rows, count: count)
    let k = settings.neighbours
    let workers = max(1, threads)
    let states = (0..<workers).map { _ in CandidateState(count: count, k: k, settings: settings) }
    var done = 0
    var bandStart = rows.lowerBound
    while bandStart < rows.upperBound {
      let band = bandStart..<min(rows.upperBound, bandStart + bandSize)
      bandStart = band.upperBound
      let bandPairs = Self.pairCount(rows: band, count: count)
      // Slot of the first pair of each row in the band's row-major order.
      var rowOffsets: [Int] = []
      var offset = 0
      for i in band {
        rowOffsets.append(offset)
        offset += count - 1 - i
      }
      let offsets = rowOffsets
      let slots = allPairs == nil ? nil : PairSlots(capacity: bandPairs)
      let next = TicketCounter()
      // The band's pairs in tiles of its rows by `columnBlock` columns, a tile at a time
      // per thread: the band's and the block's patterns stay in the cache while every
      // pair between them is compared, instead of each row sweeping the whole corpus
      // (at 100,000 patterns most of the pairs' time was spent fetching patterns).
      let firstColumn = band.lowerBound + 1
      let blocks = (max(count - firstColumn, 0) + Self.columnBlock - 1) / Self.columnBlock
      @Sendable func work(_ worker: Int) {
        let state = states[worker]
        while true {
          let b = next.take()
          guard b < blocks else { break }
          let columns = (firstColumn + b * Self.columnBlock)..<min(count, firstColumn + (b + 1) * Self.columnBlock)
          for r in 0..<band.count {
            let i = band.lowerBound + r
            for j in max(i + 1, columns.lowerBound)..<max(i + 1, columns.upperBound) {
              let d = dPrime(i, j)
              let distance = neighbourDistance?(i, j, d) ?? d
              state.offer(i, j, d, distance: distance)
              if let slots {
                slots.set(
                  offsets[r] + (j - i - 1),
                  PairwiseSummary.Pair(
                    first: i, second: j, dPrime: d, similarity: similarity(i, j), neighbourDistance: distance))
              }
            }
          }
        }
      }
      if workers == 1 {
        work(0)
      } else {
        DispatchQueue.concurrentPerform(iterations: workers) { work($0) }
      }
      if let slots, let allPairs { try allPairs(slots.take(bandPairs)) }
      done += bandPairs
      progress?(done, total)
    }
    return merged(states, count: count, pairsCompared: total, similarity: similarity)
  }

  /// The workers' candidates merged (each pattern's `k` nearest, the closest pairs), with
  /// ST-SIM/SPQI computed for the kept pairs only.
  private func merged(
    _ states: [CandidateState], count: Int, pairsCompared: Int, similarity: @Sendable (Int, Int) -> PairSimilarity
  ) -> PairwiseSummary {
    let k = settings.neighbours
    var neighbours = [[Candidate]](repeating: [], count: count)
    var close: [Candidate] = []
    var closeCount = 0
    for state in states {
      for p in 0..<count { neighbours[p] += state.neighbours[p] }
      close += state.close
      closeCount += state.closeCount
    }
    for p in 0..<count {
      neighbours[p] = Array(neighbours[p].sorted { $0.rank(for: p) < $1.rank(for: p) }.prefix(k))
    }
    close = Array(close.sorted { $0.closeRank < $1.closeRank }.prefix(settings.maxClosePairs))
    var kept = Set<PairKey>()
    for list in neighbours { for c in list { kept.insert(PairKey(c.first, c.second)) } }
    for c in close { kept.insert(PairKey(c.first, c.second)) }
    // In an order that keeps each pattern's pairs together: the similarity's features
    // come from a cache of a few hundred patterns.
    let keys = PairLocalityOrder.ordered(kept.sorted { ($0.first, $0.second) < ($1.first, $1.second) })
    let similarities = Parallel.map(count: keys.count, threads: max(1, threads)) {
      similarity(keys[$0].first, keys[$0].second)
    }
    var byKey: [PairKey: PairSimilarity] = [:]
    byKey.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() { byKey[key] = similarities[index] }
    func pair(_ c: Candidate) -> PairwiseSummary.Pair {
      PairwiseSummary.Pair(
        first: c.first, second: c.second, dPrime: c.dPrime, similarity: byKey[PairKey(c.first, c.second)]!,
        neighbourDistance: c.distance)
    }
    var summary = PairwiseSummary(settings: settings, patternCount: count)
    summary.neighbours = neighbours.map { $0.map(pair) }
    summary.closePairs = close.map(pair)
    summary.closePairCount = closeCount
    summary.pairsCompared = pairsCompared
    return summary
  }

  /// The number of pairs (i, j), i < j < count, with i in `rows`.
  package static func pairCount(rows: Range<Int>, count: Int) -> Int {
    var total = 0
    for i in rows { total += max(0, count - 1 - i) }
    return total
  }
}

/// A candidate pair during pass 1: indices, d' and the distance neighbours are ranked by.
struct Candidate: Sendable {
  var first: Int
  var second: Int
  var dPrime: Double
  var distance: Double

  @inline(__always)
  func rank(for pattern: Int) -> (Double, Int) { (distance, pattern == first ? second : first) }
  var closeRank: (Double, Int, Int) { (dPrime, first, second) }
}

struct PairKey: Hashable, Sendable {
  var first: Int
  var second: Int
  init(_ first: Int, _ second: Int) {
    self.first = first
    self.second = second
  }
}

/// One worker's candidates: per pattern its best k so far (sorted), and the close pairs
/// (pruned to the cap when they reach twice the cap). Used by one thread at a time.
final class CandidateState: @unchecked Sendable {
  var neighbours: [[Candidate]]
  var close: [Candidate] = []
  var closeCount = 0
  let k: Int
  let closeBelow: Double
  let maxClose: Int

  init(count: Int, k: Int, settings: PairwiseSummary.Settings) {
    neighbours = [[Candidate]](repeating: [], count: count)
    self.k = k
    closeBelow = settings.closeBelow_JND
    maxClose = settings.maxClosePairs
  }

  @inline(__always)
  func offer(_ i: Int, _ j: Int, _ d: Double, distance: Double) {
    let c = Candidate(first: i, second: j, dPrime: d, distance: distance)
    if distance.isFinite || distance.isNaN {
      insert(c, into: i)
      insert(c, into: j)
    }
    if d < closeBelow {
      closeCount += 1
      close.append(c)
      if close.count >= 2 * max(maxClose, 1) {
        close = Array(close.sorted { $0.closeRank < $1.closeRank }.prefix(maxClose))
      }
    }
  }

  @inline(__always)
  private func insert(_ c: Candidate, into p: Int) {
    guard k > 0 else { return }
    let rank = c.rank(for: p)
    if neighbours[p].count == k, let last = neighbours[p].last, !(rank < last.rank(for: p)) { return }
    var index = neighbours[p].count
    while index > 0, rank < neighbours[p][index - 1].rank(for: p) { index -= 1 }
    neighbours[p].insert(c, at: index)
    if neighbours[p].count > k { neighbours[p].removeLast() }
  }
}

/// A band's pair slots, each written by exactly one thread.
final class PairSlots: @unchecked Sendable {
  private let base: UnsafeMutablePointer<PairwiseSummary.Pair>

  init(capacity: Int) { base = .allocate(capacity: max(capacity, 1)) }

  @inline(__always)
  func set(_ index: Int, _ pair: PairwiseSummary.Pair) { (base + index).initialize(to: pair) }

  /// The `count` slots as an array (all must be set); frees the storage.
  func take(_ count: Int) -> [PairwiseSummary.Pair] {
    let result = Array(UnsafeBufferPointer(start: base, count: count))
    base.deinitialize(count: count)
    base.deallocate()
    return result
  }
}
