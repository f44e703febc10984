/// Agglomerative hierarchical clustering with average linkage (UPGMA), used to order the
/// rows and columns of a similarity heat map so that similar items sit together.
///
/// Distances are `1 - similarity`, after symmetrising the matrix (`(s[i][j] + s[j][i]) / 2`,
/// since ST-SIM and SPQI are not symmetric). A non-finite similarity counts as 0 (distance
/// 1). Each step merges the two clusters with the smallest average distance; the distance
/// from the merged cluster to another is the size-weighted mean of its parts'
/// (Lance-Williams update for average linkage; Sokal & Michener, 1958).
///
/// Deterministic tie-breaking: clusters are identified by their smallest member index;
/// among equal distances the pair with the lexicographically smallest (first, second)
/// identifiers merges first. The leaf order puts the merged cluster with the smaller
/// identifier first, so the output depends only on the matrix, never on hashing or
/// threads.
package enum HierarchicalClustering {
  /// One merge of the dendrogram.
  package struct Merge: Equatable, Sendable {
    /// Members of the first cluster (sorted ascending).
    package var first: [Int]
    /// Members of the second cluster (sorted ascending).
    package var second: [Int]
    /// Average distance (`1 - similarity`) between them.
    package var distance: Double
  }

  /// The dendrogram's leaf order and its merges, in merge order.
  package struct Result: Equatable, Sendable {
    /// A permutation of `0..<n`: the item shown in position k is `order[k]`.
    package var order: [Int]
    /// The `n - 1` merges, smallest distance first.
    package var merges: [Merge]
  }

  /// Clusters items given their pairwise similarity.
  ///
  /// - Parameter similarity: An n x n matrix (ragged rows are read with missing entries as
  ///   similarity 0); the diagonal is ignored.
  /// - Returns: The leaf order and merges.
  /// - Complexity: O(n³) time, O(n²) memory; n is at most a few hundred in a report.
  package static func cluster(similarity: [[Double]]) -> Result {
    let n = similarity.count
    guard n > 1 else { return Result(order: Array(0..<n), merges: []) }
    func entry(_ i: Int, _ j: Int) -> Double {
      guard j < similarity[i].count, similarity[i][j].isFinite else { return 0 }
      return similarity[i][j]
    }
    var distance = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      for j in 0..<n where j != i {
        distance[i][j] = 1 - (entry(i, j) + entry(j, i)) / 2
      }
    }
    // Active clusters are stored at the index of their smallest member.
    var members: [[Int]?] = (0..<n).map { [$0] }
    var leafOrder: [[Int]] = (0..<n).map { [$0] }
    var merges: [Merge] = []
    for _ in 1..<n {
      var best: (a: Int, b: Int, d: Double)? = nil
      for a in 0..<n where members[a] != nil {
        for b in (a + 1)..<n where members[b] != nil {
          if let current = best, distance[a][b] >= current.d { continue }
          best = (a, b, distance[a][b])
        }
      }
      guard let (a, b, d) = best, let membersA = members[a], let membersB = members[b] else { break }
      merges.append(Merge(first: membersA, second: membersB, distance: d))
      let sizeA = Double(membersA.count)
      let sizeB = Double(membersB.count)
      for k in 0..<n where members[k] != nil && k != a && k != b {
        let merged = (sizeA * distance[a][k] + sizeB * distance[b][k]) / (sizeA + sizeB)
        distance[a][k] = merged
        distance[k][a] = merged
      }
      members[a] = (membersA + membersB).sorted()
      members[b] = nil
      leafOrder[a] += leafOrder[b]
      leafOrder[b] = []
    }
    return Result(order: leafOrder[0], merges: merges)
  }
}
