extension Distinguishability {
  /// d' for every pair of a set of signals, as a symmetric matrix with a zero diagonal.
  ///
  /// - Parameters:
  ///   - features: the signals' features, computed once each.
  ///   - threads: threads for the pairwise step (``Pairwise/map(count:threads:_:)``); the
  ///     result is identical for any thread count.
  /// - Returns: `matrix[i][j] = dPrime(features[i], features[j])`.
  /// - Complexity: n (n - 1) / 2 calls of ``dPrime(_:_:)``, each O(events).
  package static func matrix(_ features: [PerceptualFeatures], threads: Int = 1) -> [[Double]] {
    let n = features.count
    let pairs = Pairwise.map(count: n, threads: threads) { i, j in
      dPrime(features[i], features[j])
    }
    var result = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      for j in (i + 1)..<max(n, i + 1) {
        let d = pairs[Pairwise.index(i, j, count: n)]
        result[i][j] = d
        result[j][i] = d
      }
    }
    return result
  }
}
