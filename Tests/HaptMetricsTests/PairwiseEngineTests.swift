import Foundation
import Testing

import HaptMetrics

/// The streaming pairwise engine against a brute-force reference on a synthetic d' with
/// many ties: same neighbours and close pairs for any thread count, band size, tiling and
/// split into shards; the all-pairs sink sees every pair once, in row-major order.
@Suite struct PairwiseEngineTests {
  /// A pure, tie-rich pair function: d' from small integer positions.
  static func dPrime(_ i: Int, _ j: Int) -> Double {
    let position = { (k: Int) -> Double in Double((k * 7919) % 23) / 4 }
    return Swift.abs(position(i) - position(j)) + (i % 3 == 0 ? 0.25 : 0)
  }

  static func similarity(_ i: Int, _ j: Int) -> PairSimilarity {
    PairSimilarity(
      stsimAB: 1 / Double(1 + i + j), stsimBA: 0.5, spqiAB: Double(i) / 100, spqiBA: Double(j) / 100, blocksCompared: 2)
  }

  /// Every pair, sorted the engine's way: the reference summary.
  static func bruteForce(count: Int, settings: PairwiseSummary.Settings) -> PairwiseSummary {
    var all: [PairwiseSummary.Pair] = []
    for i in 0..<count {
      for j in (i + 1)..<max(i + 1, count) {
        all.append(PairwiseSummary.Pair(first: i, second: j, dPrime: dPrime(i, j), similarity: similarity(i, j)))
      }
    }
    var summary = PairwiseSummary(settings: settings, patternCount: count)
    for p in 0..<count {
      summary.neighbours[p] = Array(
        all.filter { $0.first == p || $0.second == p }
          .sorted { ($0.dPrime, $0.other(than: p)) < ($1.dPrime, $1.other(than: p)) }.prefix(settings.neighbours))
    }
    let close = all.filter { $0.dPrime < settings.closeBelow_JND }
    summary.closePairs = Array(
      close.sorted { ($0.dPrime, $0.first, $0.second) < ($1.dPrime, $1.first, $1.second) }.prefix(
        settings.maxClosePairs))
    summary.closePairCount = close.count
    summary.pairsCompared = all.count
    return summary
  }

  /// 53 patterns: one tile per band; 150: bands of several tiles of 64 columns, taken by
  /// the threads in any order.
  @Test(arguments: [53, 150]) func equalsBruteForceForAnyThreadCountAndBandSize(count: Int) throws {
    let settings = PairwiseSummary.Settings(neighbours: 4, closeBelow_JND: 1.0, maxClosePairs: 30)
    let expected = Self.bruteForce(count: count, settings: settings)
    #expect(expected.closePairCount > settings.maxClosePairs)  // the cap is exercised
    for threads in [1, 2, 3] {
      for band in [1, 7, 64] {
        let engine = PairwiseEngine(settings: settings, threads: threads, bandSize: band)
        let summary = try engine.summarize(count: count, dPrime: Self.dPrime, similarity: Self.similarity)
        #expect(summary == expected, "threads \(threads), band \(band)")
      }
    }
  }

  @Test func shardsMergeToTheWholeSummary() throws {
    let settings = PairwiseSummary.Settings(neighbours: 3, closeBelow_JND: 0.8, maxClosePairs: 25)
    let count = 41
    let engine = PairwiseEngine(settings: settings, threads: 2, bandSize: 5)
    let whole = try engine.summarize(count: count, dPrime: Self.dPrime, similarity: Self.similarity)
    for shards in [1, 2, 3, 7] {
      for patternCost in [0, 5, PairwiseEngine.reachedPatternCostInPairs] {
        let ranges = (0..<shards).map {
          PairwiseEngine.shardRows(count: count, shard: $0, of: shards, patternCost: patternCost)
        }
        // The shards cover every row once, in order, with balanced costs.
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        for s in 1..<shards { #expect(ranges[s].lowerBound == ranges[s - 1].upperBound) }
        let pairCounts = ranges.map { PairwiseEngine.pairCount(rows: $0, count: count) }
        #expect(pairCounts.reduce(0, +) == count * (count - 1) / 2)
        if patternCost == 0 {
          // Balanced to within two rows of pairs.
          #expect((pairCounts.max() ?? 0) - (pairCounts.min() ?? 0) <= 2 * count)
        }
        let parts = try ranges.map {
          try engine.summarize(count: count, rows: $0, dPrime: Self.dPrime, similarity: Self.similarity)
        }
        #expect(PairwiseSummary.merged(parts) == whole, "\(shards) shards, pattern cost \(patternCost)")
      }
    }
  }

  /// Shards whose rows reach more patterns get fewer pairs: the costliest shard costs no
  /// more than with the pairs alone balanced, moving any boundary by a row does not make
  /// the costliest cheaper, and the first shard, which reaches every pattern, gets the
  /// fewest pairs.
  @Test func shardRowsBalancePairsAndReachedPatterns() {
    let weight = PairwiseEngine.reachedPatternCostInPairs
    for (count, shards) in [(10_000, 4), (1_000, 3), (97, 5), (3, 8), (0, 2)] {
      func cost(_ r: Range<Int>) -> Int {
        r.isEmpty ? 0 : PairwiseEngine.pairCount(rows: r, count: count) + weight * (count - r.lowerBound)
      }
      func costs(_ patternCost: Int) -> [Int] {
        (0..<shards).map {
          cost(PairwiseEngine.shardRows(count: count, shard: $0, of: shards, patternCost: patternCost))
        }
      }
      let ranges = (0..<shards).map { PairwiseEngine.shardRows(count: count, shard: $0, of: shards) }
      #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
      for s in 1..<shards { #expect(ranges[s].lowerBound == ranges[s - 1].upperBound) }
      let balanced = costs(weight)
      #expect((balanced.max() ?? 0) <= (costs(0).max() ?? 0), "\(count) patterns, \(shards) shards")
      let bounds = ranges.map(\.lowerBound) + [count]
      for b in 1..<shards {
        for step in [-1, 1] where bounds[b] + step >= bounds[b - 1] && bounds[b] + step <= bounds[b + 1] {
          var moved = bounds
          moved[b] += step
          let movedCosts = (0..<shards).map { cost(moved[$0]..<moved[$0 + 1]) }
          #expect((movedCosts.max() ?? 0) >= (balanced.max() ?? 0), "\(count) patterns, boundary \(b) moved by \(step)")
        }
      }
      if count >= 1_000 {
        let pairs = ranges.map { PairwiseEngine.pairCount(rows: $0, count: count) }
        #expect(pairs[0] == pairs.min(), "\(pairs)")
      }
    }
  }

  @Test(arguments: [29, 150]) func allPairsSinkSeesEveryPairInRowMajorOrder(count: Int) throws {
    for (threads, band) in [(1, 4), (3, 1), (2, 100)] {
      var seen: [PairwiseSummary.Pair] = []
      let engine = PairwiseEngine(threads: threads, bandSize: band)
      _ = try engine.summarize(count: count, dPrime: Self.dPrime, similarity: Self.similarity, allPairs: { seen += $0 })
      var expected: [PairwiseSummary.Pair] = []
      for i in 0..<count {
        for j in (i + 1)..<count {
          expected.append(
            PairwiseSummary.Pair(first: i, second: j, dPrime: Self.dPrime(i, j), similarity: Self.similarity(i, j)))
        }
      }
      #expect(seen == expected)
    }
  }

  @Test func keptPairsAreTheUnionOnceInRowMajorOrder() throws {
    let settings = PairwiseSummary.Settings(neighbours: 2, closeBelow_JND: 0.5, maxClosePairs: 1000)
    let summary = try PairwiseEngine(settings: settings, threads: 1).summarize(
      count: 17, dPrime: Self.dPrime, similarity: Self.similarity)
    let kept = summary.keptPairs
    #expect(kept == kept.sorted { ($0.first, $0.second) < ($1.first, $1.second) })
    #expect(Set(kept.map { [$0.first, $0.second] }).count == kept.count)
    for list in summary.neighbours { for pair in list { #expect(kept.contains(pair)) } }
    for pair in summary.closePairs { #expect(kept.contains(pair)) }
    #expect(summary.neighbours.allSatisfy { $0.count == 2 })
  }
}
