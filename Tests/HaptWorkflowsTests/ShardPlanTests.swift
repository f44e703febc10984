import Testing

@testable import HaptEvaluation

/// ``ShardPlan``: shares that cover the corpus, cost no more than the plan's limit, and
/// finish sooner than equal shares under the same cost model.
@Suite struct ShardPlanTests {
  /// The cost of a shard's share under `model`: its rows and its own patterns.
  static func cost(_ model: ShardPlan.Model, rows: Range<Int>, patterns: Range<Int>) -> Int {
    model.rowsCost(rows.lowerBound, rows.upperBound) + patterns.count * model.costs.ownPattern_ns
  }

  static let costs: [ShardPlan.Costs] = [
    .report(devices: 13, states: 2), .report(devices: 1, states: 1), .report(devices: 0, states: 0),
    ShardPlan.Costs(pair_ns: 1_000_000, reachedPattern_ns: 1, ownPattern_ns: 1),  // pairs cost everything
    ShardPlan.Costs(pair_ns: 0, reachedPattern_ns: 0, ownPattern_ns: 5),  // own patterns cost everything
  ]

  @Test func sharesCoverTheCorpusInOrder() {
    for count in [0, 1, 2, 3, 10, 101, 10_000] {
      for shards in [1, 2, 3, 4, 7, 16] {
        for costs in Self.costs {
          let plan = ShardPlan(count: count, shards: shards, costs: costs)
          #expect(plan.patterns.count == shards && plan.rows.count == shards)
          #expect(plan.patterns.flatMap { Array($0) } == Array(0..<count), "\(count) / \(shards), \(costs)")
          #expect(plan.rows.flatMap { Array($0) } == Array(0..<count), "\(count) / \(shards), \(costs)")
        }
      }
    }
  }

  /// The plan's largest share costs no more than the limit it was planned for, and
  /// no smaller limit has shares that cover the corpus: it is the smallest such limit.
  @Test func theLargestShareIsTheSmallestPossibleUnderTheGreedyRule() {
    for (count, shards) in [(10_000, 4), (1_000, 3), (97, 5), (3, 8), (100_000, 4)] {
      for costs in Self.costs {
        let model = ShardPlan.Model(count: count, costs: costs)
        let plan = ShardPlan(count: count, shards: shards, costs: costs)
        let largest = zip(plan.rows, plan.patterns).map { Self.cost(model, rows: $0, patterns: $1) }.max() ?? 0
        if largest > 0 {
          #expect(model.shares(shards: shards, limit: largest - 1) == nil, "\(count) / \(shards), \(costs)")
        }
      }
    }
  }

  /// Under the report's cost model, the planned shares finish sooner than equal shares
  /// of the patterns with the rows shared out by their pairs alone, and the first shard,
  /// whose rows reach every pattern anyway, takes more than its share of the pairs and
  /// fewer patterns of its own.
  @Test func plannedSharesBeatEqualShares() {
    for (count, shards) in [(10_000, 4), (1_000, 4), (10_000, 2), (100_000, 4)] {
      let costs = ShardPlan.Costs.report(devices: 13, states: 2)
      let model = ShardPlan.Model(count: count, costs: costs)
      let plan = ShardPlan(count: count, shards: shards, costs: costs)
      let planned = zip(plan.rows, plan.patterns).map { Self.cost(model, rows: $0, patterns: $1) }.max() ?? 0
      // Equal patterns; rows cut where each shard has about a `shards`-th of the pairs.
      let pairs = ShardPlan.Model(count: count, costs: .init(pair_ns: 1, reachedPattern_ns: 0, ownPattern_ns: 1))
      var bounds = [0]
      for k in 1..<shards {
        let target = pairs.rowsCost(0, count) * k / shards
        bounds.append((bounds.last!...count).first { pairs.rowsCost(0, $0) >= target } ?? count)
      }
      bounds.append(count)
      let equal = (0..<shards).map { k in
        Self.cost(
          model, rows: bounds[k]..<bounds[k + 1], patterns: (k * count / shards)..<((k + 1) * count / shards))
      }
      #expect(planned < equal.max()!, "\(count) / \(shards): \(planned) ns against \(equal.max()!) ns")
      #expect(plan.patterns[0].count < count / shards, "\(plan.patterns)")
      #expect(plan.rows[0].upperBound > bounds[1], "\(plan.rows), pairs shared equally at \(bounds)")
    }
  }

  /// When the pairs cost everything, the rows are shared out as pairs are: the last shard,
  /// whose rows have the fewest pairs each, takes the most rows.
  @Test func costlyPairsSpreadTheRows() {
    let plan = ShardPlan(count: 1_000, shards: 4, costs: Self.costs[3])
    #expect(plan.rows.allSatisfy { !$0.isEmpty }, "\(plan.rows)")
    #expect(plan.rows[3].count > plan.rows[0].count, "\(plan.rows)")
  }
}
