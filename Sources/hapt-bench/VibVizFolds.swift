import HaptCore
import HaptMetrics

/// Cross-validation folds over vibrations, not over pairs: 5 folds x 5 seeds; a fold's
/// training pairs are those between two training vibrations, its held-out pairs every pair
/// with a held-out vibration in it, so nothing about a held-out vibration is fitted.
struct VibVizFolds {
  var n: Int
  var pairs: [(Int, Int)]
  static let folds = 5
  static let seeds = 5

  /// The mean over all folds of `score(training vibrations, held-out pair indices)`.
  func mean(_ score: (_ train: [Int], _ held: [Int]) -> Double) -> Double {
    var scores: [Double] = []
    for seed in 0..<Self.seeds {
      var rng = SplitMix64(seed: UInt64(0x7E57 + seed))
      var order = Array(0..<n)
      for k in stride(from: n - 1, to: 0, by: -1) { order.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
      for fold in 0..<Self.folds {
        let test = Set(order.enumerated().filter { $0.offset % Self.folds == fold }.map(\.element))
        let train = (0..<n).filter { !test.contains($0) }
        let held = pairs.indices.filter { test.contains(pairs[$0].0) || test.contains(pairs[$0].1) }
        scores.append(score(train, held))
      }
    }
    return scores.reduce(0, +) / Double(scores.count)
  }
}

/// The perceptual distance as it was before the sensation-space projection, for
/// comparison: a weighted Euclidean distance over five attribute coordinates, weights on
/// a 0.25 / 0.5 / 1 grid chosen per fold on the training pairs.
enum PreviousDistance {
  static let shippedWeights = [0.25, 0.25, 0.5, 1, 0.5]

  static let grid: [[Double]] = {
    let levels = [0.25, 0.5, 1.0]
    var all: [[Double]] = [[]]
    for _ in 0..<5 { all = all.flatMap { w in levels.map { w + [$0] } } }
    return all
  }()

  static func distance(
    _ a: PerceptualAttributes, _ b: PerceptualAttributes, dPrime: Double, weights: [Double]
  )
    -> Double
  {
    let ca = PerceptualDistance.coordinates(a)
    let cb = PerceptualDistance.coordinates(b)
    let scales = [1.0, 1, 1, 4, 1]  // continuity was counted in quarters
    var sum = 0.0
    for i in 0..<5 {
      let delta = weights[i] * scales[i] * (ca[i] - cb[i])
      sum += delta * delta
    }
    let d = dPrime.isNaN ? 0 : min(abs(dPrime), 3) / 3
    return (sum + d * d).squareRoot()
  }

  static func crossValidated(
    folds: VibVizFolds, attributes a: [PerceptualAttributes], dPrime: [Double], sensation: [Double]
  ) -> (cv: Double, shipped: Double) {
    let pairs = folds.pairs
    func table(_ w: [Double]) -> [Double] {
      pairs.enumerated().map { k, p in distance(a[p.0], a[p.1], dPrime: dPrime[k], weights: w) }
    }
    let tables = grid.map(table)
    let cv = folds.mean { train, held in
      let inTrain = Set(train)
      let trainPairs = pairs.indices.filter { inTrain.contains(pairs[$0].0) && inTrain.contains(pairs[$0].1) }
      var best = 0
      var bestScore = -Double.infinity
      for (g, d) in tables.enumerated() {
        let score = Rank.spearman(trainPairs.map { d[$0] }, trainPairs.map { sensation[$0] })
        if score > bestScore {
          bestScore = score
          best = g
        }
      }
      return Rank.spearman(held.map { tables[best][$0] }, held.map { sensation[$0] })
    }
    return (cv, Rank.spearman(table(shippedWeights), sensation))
  }
}
