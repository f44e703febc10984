import HaptMetrics

/// Shard I of N of a job (I/N, 1-based): which patterns it renders and which
/// rows of pairs it compares, contiguous, so that the parts merged in shard order are the
/// whole job in its own order.
package struct ShardSpec: Sendable, Equatable {
  /// 1-based shard number.
  package var index: Int
  /// Number of shards.
  package var count: Int

  package init(index: Int, count: Int) {
    precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
    self.index = index
    self.count = count
  }

  /// The whole job, unsharded.
  package static let whole = ShardSpec(index: 1, count: 1)

  /// Parses `I/N` with 1 <= I <= N; nil otherwise.
  package init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
      return nil
    }
    self.init(index: i, count: n)
  }

  /// Whether this is the last shard.
  package var isLast: Bool { index == count }

  /// The shard's patterns of a corpus of `patterns`: equal contiguous shares (a
  /// baseline's; a report's shares are planned by cost, ``reportShare(count:costs:)``).
  package func patterns(count patterns: Int) -> Range<Int> {
    ((index - 1) * patterns / count)..<(index * patterns / count)
  }

  /// The shard's share of a report of `patterns` patterns: its own patterns and its rows
  /// of pairs (pairs (i, j), i < j, with i in the rows), planned so that the shards
  /// finish together (``ShardPlan``).
  package func reportShare(count patterns: Int, costs: ShardPlan.Costs) -> (patterns: Range<Int>, rows: Range<Int>) {
    let plan = ShardPlan(count: patterns, shards: count, costs: costs)
    return (plan.patterns[index - 1], plan.rows[index - 1])
  }
}
