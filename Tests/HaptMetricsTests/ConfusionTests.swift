import Foundation
import HaptCore
import Testing

import HaptMetrics

@Suite struct ConfusionTests {
  /// A symmetric d' matrix with zero diagonal, entries from `rng` in `range`.
  static func randomDPrime(n: Int, range: ClosedRange<Double>, rng: inout SplitMix64) -> [[Double]] {
    var d = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      for j in (i + 1)..<max(n, i + 1) {
        let value = range.lowerBound + rng.nextUnit() * (range.upperBound - range.lowerBound)
        d[i][j] = value
        d[j][i] = value
      }
    }
    return d
  }

  @Test func rowsSumToOne() {
    var rng = SplitMix64(seed: 7)
    for n in 1...12 {
      let p = ConfusionModel.predict(dPrime: Self.randomDPrime(n: n, range: 0...6, rng: &rng))
      #expect(p.count == n)
      for row in p {
        #expect(row.count == n)
        #expect(abs(row.reduce(0, +) - 1) < 1e-12)
        #expect(row.allSatisfy { $0 >= 0 && $0 <= 1 })
      }
    }
  }

  /// Docs/Model.md §7: all pairwise d' >= 3 gives P(i|i) >= 0.9, for every documented set size,
  /// including the worst case of every pair exactly at 3.
  @Test(arguments: 2...ConfusionModel.guaranteedSetSize)
  func wellSeparatedSetIsIdentified(n: Int) {
    var rng = SplitMix64(seed: UInt64(n))
    let worst = (0..<n).map { i in (0..<n).map { j in i == j ? 0.0 : 3.0 } }
    for matrix in [worst, Self.randomDPrime(n: n, range: 3...8, rng: &rng)] {
      let p = ConfusionModel.predict(dPrime: matrix)
      for i in 0..<n { #expect(p[i][i] >= 0.9) }
    }
  }

  @Test func guaranteeBoundIsTight() {
    let n = ConfusionModel.guaranteedSetSize + 1
    let worst = (0..<n).map { i in (0..<n).map { j in i == j ? 0.0 : 3.0 } }
    #expect(ConfusionModel.predict(dPrime: worst)[0][0] < 0.9)
  }

  @Test func pairMatchesTwoAlternativeForcedChoice() {
    // Phi(d'/sqrt 2): 0.7602 at 1, 0.9214 at 2, 0.9831 at 3.
    for (d, expected) in [(0.0, 0.5), (1.0, 0.76025), (2.0, 0.92135), (3.0, 0.98305)] {
      let p = ConfusionModel.predict(dPrime: [[0, d], [d, 0]])
      #expect(abs(p[0][0] - expected) < 1e-4)
      #expect(abs(ConfusionModel.pairCorrect(dPrime: d) - expected) < 1e-4)
    }
  }

  @Test func identicalPatternsAreGuessed() {
    let p = ConfusionModel.predict(dPrime: [[0, 0, 0], [0, 0, 0], [0, 0, 0]])
    for row in p { for value in row { #expect(abs(value - 1.0 / 3) < 1e-12) } }
  }

  @Test func closerPairsAreConfusedMore() {
    let p = ConfusionModel.predict(dPrime: [[0, 1, 4], [1, 0, 4], [4, 4, 0]])
    #expect(p[0][1] > p[0][2])
    #expect(p[2][2] > p[0][0])
  }

  @Test func oddValuesStayInRange() {
    let p = ConfusionModel.predict(dPrime: [[0, .nan, .infinity], [-2], [1, 1, 0]])
    for row in p { #expect(abs(row.reduce(0, +) - 1) < 1e-12) }
    #expect(p[0][2] == 0)  // infinitely distinct
    #expect(ConfusionModel.predict(dPrime: []).isEmpty)
  }

  @Test(arguments: [
    (0.0, PairVerdict.confusable), (0.99, .confusable), (1.0, .close), (1.99, .close),
    (2.0, .distinct), (10, .distinct), (.infinity, .distinct), (.nan, .confusable),
  ])
  func verdict(dPrime: Double, expected: PairVerdict) {
    #expect(PairVerdict(dPrime: dPrime) == expected)
  }
}
