/// How a sharded report shares out its work, so that its shards finish together.
///
/// Shard k measures a contiguous share of the patterns on every device and state (with
/// their Android sections and their pages' figures) and compares a contiguous range of
/// rows of pairs on the primary device: every pair (i, j), i < j, with i in its rows. For
/// those pairs it renders, on the primary device, every pattern its rows reach (each from
/// its first row on). The first shard's rows reach every pattern whatever its share, so
/// the plan gives the earlier shards as many rows as they can take and fewer patterns of
/// their own: the later shards, whose rows start late, render little for their pairs.
///
/// The shares come from a cost model (``Costs``) measured on two cores: every shard's
/// rows cost plus its own patterns' cost is at most the same limit, the smallest one
/// for which the shares cover the corpus. The plan is integer arithmetic, the same on
/// every machine, so that shards run apart agree on it.
package struct ShardPlan: Sendable, Equatable {
  /// What each piece of a shard's work costs, in nanoseconds of wall time on two cores.
  package struct Costs: Sendable, Equatable {
    /// One pair's d' (and its candidacy as a neighbour or a close pair).
    package var pair_ns: Int
    /// One pattern the shard's rows reach: its primary render, its perceptual features
    /// and its similarity features.
    package var reachedPattern_ns: Int
    /// One pattern of the shard's own share: its renders and measurements on every
    /// device and state, its Android sections and its page's figures and sound.
    package var ownPattern_ns: Int

    package init(pair_ns: Int, reachedPattern_ns: Int, ownPattern_ns: Int) {
      self.pair_ns = max(0, pair_ns)
      self.reachedPattern_ns = max(0, reachedPattern_ns)
      self.ownPattern_ns = max(1, ownPattern_ns)
    }

    /// A report's costs on `devices` devices in `states` engine states, fitted to four
    /// shards of 10,000 generated one-second patterns on 13 devices and 2 states
    /// (`hapt-bench shards 10000 4`, Docs/Performance.md): a pair 0.11 µs, a reached
    /// pattern 0.55 ms, an own pattern 0.6 ms plus 0.37 ms per device (its Android
    /// sections, most of it) and 40 µs per device and state. An estimate: longer patterns
    /// cost more for both kinds of pattern, and the pairs' share then matters less.
    package static func report(devices: Int, states: Int) -> Costs {
      Costs(
        pair_ns: 110, reachedPattern_ns: 550_000,
        ownPattern_ns: 600_000 + max(0, devices) * (370_000 + 40_000 * max(0, states)))
    }
  }

  /// Per shard (0-based), its own patterns; together, `0..<count` in order.
  package var patterns: [Range<Int>]
  /// Per shard (0-based), its rows of pairs; together, `0..<count` in order.
  package var rows: [Range<Int>]

  /// The plan of `shards` shards (at least 1) of a corpus of `count` patterns.
  /// - Complexity: O(shards · log(count) · log(total cost)): the smallest limit is found
  ///   by bisection, each step a greedy pass in which every shard in turn takes as many
  ///   rows as the limit allows.
  package init(count: Int, shards: Int, costs: Costs) {
    let count = max(0, count)
    let shards = max(1, shards)
    let model = Model(count: count, costs: costs)
    var (low, high) = (0, model.rowsCost(0, count) + count * costs.ownPattern_ns)  // high: one shard does all
    while low < high {
      let middle = low + (high - low) / 2
      if model.shares(shards: shards, limit: middle) != nil { high = middle } else { low = middle + 1 }
    }
    let shares =
      model.shares(shards: shards, limit: high)
      ?? (
        rows: [0..<count] + Array(repeating: count..<count, count: shards - 1),
        patterns: [0..<count] + Array(repeating: count..<count, count: shards - 1)
      )
    patterns = shares.patterns
    rows = shares.rows
  }

  /// The cost model of one corpus.
  struct Model {
    var count: Int
    var costs: Costs

    /// The cost of rows `lo..<hi`: their pairs, and every pattern from `lo` on.
    func rowsCost(_ lo: Int, _ hi: Int) -> Int {
      guard hi > lo else { return 0 }
      let pairs = (hi - lo) * (count - 1) - (lo + hi - 1) * (hi - lo) / 2
      return pairs * costs.pair_ns + (count - lo) * costs.reachedPattern_ns
    }

    /// The shares when no shard may cost more than `limit`, or nil if they cannot cover
    /// the corpus: each shard takes as many rows as it can (the last all that are left),
    /// then patterns of its own, in order, as many as its remaining cost allows.
    func shares(shards: Int, limit: Int) -> (rows: [Range<Int>], patterns: [Range<Int>])? {
      var rows: [Range<Int>] = []
      var lo = 0
      for k in 0..<shards {
        var hi = count
        if k < shards - 1 {
          // The most rows from `lo` within the limit (the cost grows with `hi`).
          var (a, b) = (lo, count)
          while a < b {
            let m = a + (b - a + 1) / 2
            if rowsCost(lo, m) <= limit { a = m } else { b = m - 1 }
          }
          hi = a
        }
        guard rowsCost(lo, hi) <= limit else { return nil }
        rows.append(lo..<hi)
        lo = hi
      }
      var patterns: [Range<Int>] = []
      var next = 0
      for range in rows {
        let room = (limit - rowsCost(range.lowerBound, range.upperBound)) / costs.ownPattern_ns
        let end = min(count, next + room)
        patterns.append(next..<end)
        next = end
      }
      return next == count ? (rows, patterns) : nil
    }
  }
}
