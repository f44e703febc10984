import HaptPatterns
/// The best polyline through a sampled curve whose segments obey length limits: what an
/// Android envelope effect can play of a level that changes once per millisecond.
///
/// The polyline starts at sample 0, ends at a sample from which the curve stays 0, and
/// passes through the curve's own values at its knots; between knots it is a straight
/// line. Among knot times drawn from `candidates`, dynamic programming picks the ones that
/// minimise the squared error summed over every sample, plus `segmentCost` per segment
/// (so that a segment that buys almost nothing is left out).
///
/// Unlike sampling the curve on a fixed grid of the shortest segment, this keeps a
/// transient's triangle a triangle (a grid adds a plateau of one segment to it) and puts
/// knots where the curve actually bends.
package enum PolylineFit {
  /// The knots chosen: sample indices, increasing, the first 0.
  /// - Parameters:
  ///   - curve: one value per sample; samples past its end are 0.
  ///   - candidates: knot times the fit may use (0 and the end are added).
  ///   - minSegment: shortest segment, samples (>= 1).
  ///   - maxSegment: longest segment, samples (>= minSegment).
  ///   - maxSegments: most segments.
  ///   - segmentCost: added to the error per segment, in squared curve units times samples.
  /// - Returns: nil when no polyline within the limits reaches the end.
  /// - Complexity: O(maxSegments x candidates x candidates within maxSegment of each).
  package static func knots(
    _ curve: [Double], candidates: [Int], minSegment: Int, maxSegment: Int, maxSegments: Int,
    segmentCost: Double = 0
  ) -> [Int]? {
    let lastNonZero = curve.lastIndex { $0 != 0 } ?? -1
    let firstEnd = lastNonZero + 1
    let horizon = Swift.max(firstEnd, candidates.max() ?? 0)
    let times = Array(Set(candidates.filter { $0 >= 0 && $0 <= horizon } + [0, firstEnd])).sorted()
    let sums = PrefixSums(curve, count: horizon + 1)
    let n = times.count
    guard maxSegments >= 1, minSegment >= 1, maxSegment >= minSegment else { return nil }
    // cost[k * n + j]: least error of k segments from time 0 to times[j]; parent for
    // backtracking. Each pair's line error is computed once and tried with every segment
    // count. One flat array each (rows of k), not an array of rows: a row's write through
    // nested arrays checked its uniqueness and bounds on every try.
    let rows = maxSegments + 1
    var cost = [Double](repeating: .infinity, count: rows * n)
    var parent = [Int](repeating: -1, count: rows * n)
    cost.withUnsafeMutableBufferPointer { cost in
      parent.withUnsafeMutableBufferPointer { parent in
        cost[0] = 0
        var lowest = 0
        for j in 1..<n {
          let tj = times[j]
          while times[lowest] < tj - maxSegment { lowest += 1 }
          var i = j - 1
          while i >= lowest {
            let ti = times[i]
            if tj - ti >= minSegment {
              let error = sums.lineError(from: ti, to: tj) + segmentCost
              for k in 1...maxSegments where cost[(k - 1) * n + i] + error < cost[k * n + j] {
                cost[k * n + j] = cost[(k - 1) * n + i] + error
                parent[k * n + j] = i
              }
            }
            i -= 1
          }
        }
      }
    }
    var best: (k: Int, j: Int, cost: Double)?
    for j in 0..<n where times[j] >= firstEnd && times[j] > 0 {
      for k in 1...maxSegments where cost[k * n + j] < (best?.cost ?? .infinity) { best = (k, j, cost[k * n + j]) }
    }
    guard var (k, j, _) = best else { return nil }
    var result = [times[j]]
    while k > 0 {
      j = parent[k * n + j]
      k -= 1
      result.append(times[j])
    }
    return result.reversed()
  }

  /// Prefix sums of a curve for the squared error of a straight line between two of its
  /// samples in O(1).
  struct PrefixSums {
    /// Sums over samples 0..<k of y, y x k and y^2.
    var y: [Double]
    var yk: [Double]
    var yy: [Double]
    var values: [Double]

    init(_ curve: [Double], count: Int) {
      values = (0..<count).map { $0 < curve.count ? curve[$0] : 0 }
      y = [0]
      yk = [0]
      yy = [0]
      y.reserveCapacity(count + 1)
      for (k, v) in values.enumerated() {
        y.append(y[k] + v)
        yk.append(yk[k] + v * Double(k))
        yy.append(yy[k] + v * v)
      }
    }

    /// Squared error, summed over the samples strictly between `a` and `b`, of the line
    /// from (a, curve[a]) to (b, curve[b]).
    func lineError(from a: Int, to b: Int) -> Double {
      let inner = Double(b - a - 1)
      guard inner > 0 else { return 0 }
      let ya = values[a]
      let slope = (values[b] - ya) / Double(b - a)
      let sumY = y[b] - y[a + 1]
      let sumYU = (yk[b] - yk[a + 1]) - Double(a) * sumY
      let sumU = inner * (inner + 1) / 2
      let sumUU = inner * (inner + 1) * (2 * inner + 1) / 6
      let sumYY = yy[b] - yy[a + 1]
      let error =
        (sumYY - 2 * ya * sumY + ya * ya * inner) - 2 * slope * (sumYU - ya * sumU) + slope * slope * sumUU
      return Swift.max(0, error)
    }
  }
}
