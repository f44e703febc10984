import HaptCore
import HaptMetrics
import HaptEvaluation

/// Groups of look-alike patterns for the corpus heat map when a corpus has more patterns
/// than the map can draw one cell each.
///
/// k-centre clustering by farthest-point traversal (Gonzalez 1985) on the perceptual
/// distance (``PerceptualDistance``): the first perceptible pattern starts the first group;
/// each next group starts at the pattern farthest from every group start so far (ties: lowest corpus index); every
/// pattern then belongs to the group whose start is nearest to it. That costs `groups x n`
/// distance comparisons and memory linear in the corpus, and guarantees that no pattern is
/// farther from its group's start than any two group starts are from each other. Patterns
/// silent on the primary device are left out and counted separately.
struct CorpusClusters {
  /// Each group's first pattern (its representative), in the order chosen.
  var representatives: [Int]
  /// The patterns of each group (corpus indices, ascending), representative included.
  var members: [[Int]]
  /// Patterns left out because they are silent on the primary device.
  var silent: [Int]

  /// Groups the primary renders into at most `limit` groups.
  init(_ e: CorpusEvaluation, limit: Int) {
    let features = e.perceptualFeatures
    let felt = e.attributes
    let perPattern = e.options.devices.count * e.options.states.count
    // A measurement is silent for a reason when its render is (or when nothing is detected).
    let candidates = features.indices.filter {
      e.measurements[$0 * perPattern].silenceReason == nil && features[$0].isPerceptible
        && e.measurements[$0 * perPattern].verdict != .silent
    }
    let isCandidate = Set(candidates)
    silent = features.indices.filter { !isCandidate.contains($0) }
    var representatives: [Int] = []
    // For every candidate: d' to its nearest representative, and which one.
    var nearest = [Double](repeating: .infinity, count: candidates.count)
    var owner = [Int](repeating: 0, count: candidates.count)
    var next = candidates.first
    while let start = next, representatives.count < max(limit, 1) {
      let k = representatives.count
      representatives.append(start)
      let distances = Parallel.map(count: candidates.count, threads: e.options.threads) {
        let (a, b) = (candidates[$0], start)
        let d = Distinguishability.dPrime(features[a], features[b])
        return PerceptualDistance.distance(felt[a], felt[b], dPrime: d) ?? .infinity
      }
      for c in candidates.indices where distances[c] < nearest[c] {
        nearest[c] = distances[c]
        owner[c] = k
      }
      // The farthest candidate from all representatives; none left when all are at 0.
      var best: Int?
      for c in candidates.indices where nearest[c] > 0 && (best == nil || nearest[c] > nearest[best!]) { best = c }
      next = best.map { candidates[$0] }
    }
    var members = [[Int]](repeating: [], count: representatives.count)
    for (c, pattern) in candidates.enumerated() { members[owner[c]].append(pattern) }
    self.representatives = representatives
    self.members = members
  }

  /// The perceptual closeness (``PerceptualDistance/closeness(_:)``) between every two
  /// representatives, 1 on the diagonal.
  func representativeCloseness(_ e: CorpusEvaluation) -> [[Double]] {
    let reps = representatives
    let features = reps.map { e.perceptualFeatures[$0] }
    let n = reps.count
    let values = Pairwise.map(count: n, threads: e.options.threads) { i, j in
      PerceptualDistance.closeness(
        PerceptualDistance.distance(
          e.attributes[reps[i]], e.attributes[reps[j]],
          dPrime: Distinguishability.dPrime(features[i], features[j])))
    }
    var matrix = [[Double]](repeating: [Double](repeating: 1, count: n), count: n)
    for i in 0..<n {
      for j in (i + 1)..<max(i + 1, n) {
        let value = values[Pairwise.index(i, j, count: n)]
        matrix[i][j] = value
        matrix[j][i] = value
      }
    }
    return matrix
  }
}
