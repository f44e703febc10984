import HaptCore
import Testing

@testable import HaptReports
@testable import HaptCharts

@Suite struct HierarchicalClusteringTests {
  /// Positions of each group's members in `order` form a contiguous run.
  static func isGrouped(_ order: [Int], groups: [Set<Int>]) -> Bool {
    groups.allSatisfy { group in
      let positions = order.indices.filter { group.contains(order[$0]) }
      return positions.count == group.count && positions.last! - positions.first! == group.count - 1
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5])
  func blockStructuredMatrixComesOutGrouped(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let n = 12
    // Random group assignment into 3 groups, then noisy similarities.
    let group = (0..<n).map { _ in Int(random.next() % 3) }
    var matrix = [[Double]](repeating: [Double](repeating: 1, count: n), count: n)
    for i in 0..<n {
      for j in 0..<n where i != j {
        matrix[i][j] = (group[i] == group[j] ? 0.85 : 0.15) + 0.1 * random.nextUnit()
      }
    }
    let result = HierarchicalClustering.cluster(similarity: matrix)
    #expect(result.order.sorted() == Array(0..<n))
    let groups = (0..<3).map { g in Set((0..<n).filter { group[$0] == g }) }.filter { !$0.isEmpty }
    #expect(Self.isGrouped(result.order, groups: groups), "\(result.order) \(group)")
    #expect(result.merges.count == n - 1)
    #expect(zip(result.merges, result.merges.dropFirst()).allSatisfy { $0.distance <= $1.distance + 1e-12 })
  }

  @Test func averageLinkageDistancesAreTheMeansOfThePairs() {
    // Items 0 and 1 merge first (similarity 0.9); item 2 then sits at mean(1-0.3, 1-0.5) = 0.6.
    let s: [[Double]] = [[1, 0.9, 0.3], [0.9, 1, 0.5], [0.3, 0.5, 1]]
    let result = HierarchicalClustering.cluster(similarity: s)
    #expect(result.merges.count == 2)
    #expect(result.merges[0] == .init(first: [0], second: [1], distance: 1 - 0.9))
    #expect(abs(result.merges[1].distance - 0.6) < 1e-12)
    #expect(result.order == [0, 1, 2])
  }

  @Test func asymmetricInputIsSymmetrised() {
    let s: [[Double]] = [[1, 0.0, 0.2], [0.0, 1, 1.0], [0.2, 0.6, 1]]
    let result = HierarchicalClustering.cluster(similarity: s)
    #expect(result.merges[0].first == [1] && result.merges[0].second == [2])
    #expect(abs(result.merges[0].distance - 0.2) < 1e-12)
  }

  @Test func tiesBreakTowardsTheSmallestIndices() {
    let uniform = [[Double]](repeating: [Double](repeating: 0.5, count: 5), count: 5)
    let result = HierarchicalClustering.cluster(similarity: uniform)
    #expect(result.order == [0, 1, 2, 3, 4])
    #expect(result.merges.map(\.first) == [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3]])
  }

  @Test func degenerateInputsDoNotCrash() {
    #expect(HierarchicalClustering.cluster(similarity: []).order == [])
    #expect(HierarchicalClustering.cluster(similarity: [[1]]).order == [0])
    let ragged = HierarchicalClustering.cluster(similarity: [[1, .nan, 0.9], [], [0.9, 0.1]])
    #expect(ragged.order.sorted() == [0, 1, 2])
    #expect(ragged.merges.first?.first == [0] && ragged.merges.first?.second == [2])
  }
}
