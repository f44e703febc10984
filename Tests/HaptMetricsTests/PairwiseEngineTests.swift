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

  /// Summaries of any contiguous ranges of rows that cover the corpus merge into the
  /// whole summary, exactly (empty ranges and a single row included).
  @Test func shardsMergeToTheWholeSummary() throws {
    let settings = PairwiseSummary.Settings(neighbours: 3, closeBelow_JND: 0.8, maxClosePairs: 25)
    let count = 41
    let engine = PairwiseEngine(settings: settings, threads: 2, bandSize: 5)
    let whole = try engine.summarize(count: count, dPrime: Self.dPrime, similarity: Self.similarity)
    for cuts in [[], [20], [0, 5, 5, 40], [1, 2, 3, 30], [10, 20, 30, 41], [7, 14, 21, 28, 35, 38]] {
      let bounds = [0] + cuts + [count]
      let ranges = (0..<(bounds.count - 1)).map { bounds[$0]..<bounds[$0 + 1] }
      let pairCounts = ranges.map { PairwiseEngine.pairCount(rows: $0, count: count) }
      #expect(pairCounts.reduce(0, +) == count * (count - 1) / 2)
      let parts = try ranges.map {
        try engine.summarize(count: count, rows: $0, dPrime: Self.dPrime, similarity: Self.similarity)
      }
      #expect(PairwiseSummary.merged(parts) == whole, "cut at \(cuts)")
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
