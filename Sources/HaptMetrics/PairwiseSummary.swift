/// The pairwise results of a corpus reduced to what a person can use, in memory that grows
/// with the corpus, not with its square: for every pattern its ``Settings/neighbours``
/// nearest other patterns by d', and every pair under ``Settings/closeBelow_JND`` (up to
/// ``Settings/maxClosePairs``, the lowest d' first).
///
/// Order is total and independent of how the work was split: neighbours by (d', other
/// pattern's index), close pairs by (d', first, second). Summaries of disjoint sets of
/// pairs (shards) combine with ``merged(_:)`` into the summary of their union, exactly.
package struct PairwiseSummary: Sendable, Equatable {
  /// What is kept.
  package struct Settings: Sendable, Equatable {
    /// Nearest neighbours kept per pattern (default 5).
    package var neighbours: Int
    /// Pairs with d' below this are kept as close pairs, JND (default 1: confusable).
    package var closeBelow_JND: Double
    /// At most this many close pairs are kept, the lowest d' first (default 100,000);
    /// ``PairwiseSummary/closePairCount`` counts them all.
    package var maxClosePairs: Int

    package init(
      neighbours: Int = 5, closeBelow_JND: Double = PairVerdict.confusableBelow, maxClosePairs: Int = 100_000
    ) {
      self.neighbours = neighbours
      self.closeBelow_JND = closeBelow_JND
      self.maxClosePairs = maxClosePairs
    }
  }

  /// One compared pair: pattern indices (corpus order), d' (JND) and ST-SIM/SPQI
  /// (``PairSimilarity``).
  package struct Pair: Sendable, Equatable {
    /// The lower pattern index.
    package var first: Int
    /// The higher pattern index.
    package var second: Int
    /// Distinguishability, JND units.
    package var dPrime: Double
    /// ST-SIM and SPQI, both directions; `AB` has `first` as the distorted signal.
    package var similarity: PairSimilarity
    /// What neighbours are ranked by: the perceptual distance (``PerceptualDistance``)
    /// when the summary was made with one, else d'. Never infinite for a kept neighbour:
    /// a silent and a felt pattern are not each other's neighbours.
    package var neighbourDistance: Double

    package init(
      first: Int, second: Int, dPrime: Double, similarity: PairSimilarity, neighbourDistance: Double? = nil
    ) {
      self.first = first
      self.second = second
      self.dPrime = dPrime
      self.similarity = similarity
      self.neighbourDistance = neighbourDistance ?? dPrime
    }

    /// The index of the pattern paired with `pattern`.
    package func other(than pattern: Int) -> Int { pattern == first ? second : first }

    /// The verdict from d'.
    package var verdict: PairVerdict { PairVerdict(dPrime: dPrime) }
  }

  /// The settings the summary was made with.
  package var settings: Settings
  /// The number of patterns.
  package var patternCount: Int
  /// Per pattern (corpus order), its nearest neighbours, nearest first: at most
  /// ``Settings/neighbours`` pairs, each containing the pattern.
  package var neighbours: [[Pair]]
  /// The pairs with d' below ``Settings/closeBelow_JND``, lowest d' first (ties by first,
  /// then second index), at most ``Settings/maxClosePairs``.
  package var closePairs: [Pair]
  /// How many pairs had d' below the threshold (may exceed `closePairs.count`).
  package var closePairCount: Int
  /// How many pairs were compared.
  package var pairsCompared: Int

  package init(settings: Settings, patternCount: Int) {
    self.settings = settings
    self.patternCount = patternCount
    neighbours = [[Pair]](repeating: [], count: patternCount)
    closePairs = []
    closePairCount = 0
    pairsCompared = 0
  }

  /// The nearest neighbour of `pattern`, if it has any.
  package func nearest(of pattern: Int) -> Pair? { neighbours[pattern].first }

  /// Every pair kept (a neighbour of either pattern, or a close pair), once, in
  /// row-major order (first, then second index).
  package var keptPairs: [Pair] {
    var seen = Set<PairKey>()
    var result: [Pair] = []
    for pair in neighbours.joined() where seen.insert(PairKey(pair.first, pair.second)).inserted { result.append(pair) }
    for pair in closePairs where seen.insert(PairKey(pair.first, pair.second)).inserted { result.append(pair) }
    return result.sorted { ($0.first, $0.second) < ($1.first, $1.second) }
  }

  /// The `limit` pairs of lowest d' among the kept pairs (ties by first, second). Exact
  /// for the whole corpus as long as the close pairs were not capped, or for every pair
  /// under the close threshold.
  package func closestPairs(limit: Int) -> [Pair] {
    Array(keptPairs.sorted(by: Self.closeOrder).prefix(limit))
  }

  /// The summary of the union of the pairs of `parts` (disjoint sets of pairs of the
  /// same corpus, same settings): identical to summarising all pairs at once.
  package static func merged(_ parts: [PairwiseSummary]) -> PairwiseSummary {
    guard let first = parts.first else { return PairwiseSummary(settings: Settings(), patternCount: 0) }
    var result = PairwiseSummary(settings: first.settings, patternCount: first.patternCount)
    for part in parts {
      precondition(
        part.patternCount == first.patternCount && part.settings == first.settings, "summaries of different corpora")
      for p in 0..<part.patternCount { result.neighbours[p] += part.neighbours[p] }
      result.closePairs += part.closePairs
      result.closePairCount += part.closePairCount
      result.pairsCompared += part.pairsCompared
    }
    for p in 0..<result.patternCount {
      result.neighbours[p] = Array(
        result.neighbours[p].sorted { neighbourOrder($0, $1, of: p) }.prefix(first.settings.neighbours))
    }
    result.closePairs = Array(result.closePairs.sorted(by: closeOrder).prefix(first.settings.maxClosePairs))
    return result
  }

  /// Neighbour order of `pattern`: neighbour distance, then the other pattern's index.
  @inline(__always)
  static func neighbourOrder(_ a: Pair, _ b: Pair, of pattern: Int) -> Bool {
    (a.neighbourDistance, a.other(than: pattern)) < (b.neighbourDistance, b.other(than: pattern))
  }

  /// Close-pair order: d', first, second.
  @inline(__always)
  static func closeOrder(_ a: Pair, _ b: Pair) -> Bool {
    (a.dPrime, a.first, a.second) < (b.dPrime, b.first, b.second)
  }
}
