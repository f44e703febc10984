import Testing

@testable import HaptMetrics

/// The locality order of the kept pairs: every pair once, and a pattern's pairs close
/// enough together that a small cache of patterns serves most of them.
@Suite struct PairLocalityOrderTests {
  /// Patterns whose neighbours are near each other in some feature space but scattered in
  /// corpus order: 2,000 points on a ring, each paired with the next three, numbered by a
  /// fixed permutation (what a generated corpus's nearest neighbours look like).
  static func ringPairs(count: Int = 2_000) -> [PairKey] {
    var label = Array(0..<count)
    var state: UInt64 = 2026
    for i in stride(from: count - 1, to: 0, by: -1) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      label.swapAt(i, Int(state >> 33) % (i + 1))
    }
    var pairs: [PairKey] = []
    for i in 0..<count {
      for step in 1...3 {
        let a = label[i]
        let b = label[(i + step) % count]
        pairs.append(PairKey(min(a, b), max(a, b)))
      }
    }
    return pairs.sorted { ($0.first, $0.second) < ($1.first, $1.second) }
  }

  /// How many times a least-recently-used cache of `capacity` patterns misses when the
  /// pairs are visited in `order`.
  static func misses(_ order: [PairKey], capacity: Int) -> Int {
    var lastUse: [Int: Int] = [:]
    var clock = 0
    var misses = 0
    for pair in order {
      for pattern in [pair.first, pair.second] {
        clock += 1
        if lastUse[pattern] == nil {
          misses += 1
          if lastUse.count >= capacity, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            lastUse[oldest] = nil
          }
        }
        lastUse[pattern] = clock
      }
    }
    return misses
  }

  @Test func everyPairOnceAndTheSameOrderEveryTime() {
    let pairs = Self.ringPairs()
    let ordered = PairLocalityOrder.ordered(pairs)
    #expect(ordered.count == pairs.count)
    #expect(Set(ordered) == Set(pairs))
    #expect(PairLocalityOrder.ordered(pairs.reversed()) == ordered)
    #expect(PairLocalityOrder.ordered([]) == [])
  }

  @Test func aSmallCacheServesMostPairs() {
    let pairs = Self.ringPairs()
    let inCorpusOrder = Self.misses(pairs, capacity: 64)
    let inLocalityOrder = Self.misses(PairLocalityOrder.ordered(pairs), capacity: 64)
    // Each pattern's features made about once (2,000) instead of for most pairs.
    #expect(inLocalityOrder <= 2_200, "\(inLocalityOrder) misses in locality order")
    #expect(inCorpusOrder >= 4_000, "\(inCorpusOrder) misses in corpus order")
  }
}
