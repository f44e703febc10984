import Foundation
import HaptCore
import Testing

import HaptMetrics

@Suite struct InformationTransferTests {
  @Test(arguments: 1...8)
  func identityGivesLog2N(n: Int) {
    let identity = (0..<n).map { i in (0..<n).map { j in i == j ? 5.0 : 0 } }
    #expect(abs(InformationTransfer.bits(counts: identity) - log2(Double(n))) < 1e-12)
    #expect(abs(InformationTransfer.effectiveItems(counts: identity) - Double(n)) < 1e-9)
    #expect(InformationTransfer.percentCorrect(counts: identity) == 100)
  }

  @Test(arguments: 1...8)
  func uniformGivesZero(n: Int) {
    let uniform = [[Double]](repeating: [Double](repeating: 3, count: n), count: n)
    #expect(abs(InformationTransfer.bits(counts: uniform)) < 1e-12)
    #expect(abs(InformationTransfer.proportionCorrect(counts: uniform) - 1 / Double(n)) < 1e-12)
  }

  /// [[8, 2], [2, 8]] by hand: p_ii = 0.4, p_ij = 0.1, all marginals 0.5.
  /// IT = 2 * 0.4 * log2(1.6) + 2 * 0.1 * log2(0.4) = 0.8 * 0.678072 - 0.2 * 1.321928
  ///    = 0.278072 bits.
  @Test func knownTwoByTwo() {
    let it = InformationTransfer.bits(counts: [[8, 2], [2, 8]])
    #expect(abs(it - 0.278072) < 1e-6)
    #expect(abs(InformationTransfer.percentCorrect(counts: [[8, 2], [2, 8]]) - 80) < 1e-12)
  }

  /// An asymmetric 2x2 by hand: [[3, 1], [0, 4]], total 8. Row marginals 0.5, 0.5;
  /// column marginals 0.375, 0.625. IT = 3/8 log2(0.375/0.1875) + 1/8 log2(0.125/0.3125)
  /// + 4/8 log2(0.5/0.3125) = 0.375 + 0.125 * (-1.321928) + 0.5 * 0.678072 = 0.548795.
  @Test func knownAsymmetricTwoByTwo() {
    #expect(abs(InformationTransfer.bits(counts: [[3, 1], [0, 4]]) - 0.548795) < 1e-6)
  }

  @Test func scaleInvariantAndBounded() {
    var rng = SplitMix64(seed: 11)
    for n in 2...6 {
      let m = (0..<n).map { _ in (0..<n).map { _ in Double(rng.next() % 20) } }
      let it = InformationTransfer.bits(counts: m)
      let scaled = InformationTransfer.bits(counts: m.map { $0.map { $0 * 1e200 } })
      #expect(abs(it - scaled) < 1e-9)
      #expect(it >= 0 && it <= log2(Double(n)) + 1e-12)
    }
  }

  @Test func predictedMatrixUsesEqualPriors() {
    let p = ConfusionModel.predict(dPrime: [[0, 1, 5], [1, 0, 5], [5, 5, 0]])
    // Joint = P / 3 by hand.
    var expected = 0.0
    let columns = (0..<3).map { j in (0..<3).map { p[$0][j] / 3 }.reduce(0, +) }
    for i in 0..<3 {
      for j in 0..<3 where p[i][j] > 0 {
        expected += p[i][j] / 3 * log2((p[i][j] / 3) / (1.0 / 3 * columns[j]))
      }
    }
    #expect(abs(InformationTransfer.bits(counts: p) - expected) < 1e-12)
    // Well separated sets approach log2(n).
    let far = ConfusionModel.predict(dPrime: [[0, 9, 9], [9, 0, 9], [9, 9, 0]])
    #expect(abs(InformationTransfer.bits(counts: far) - log2(3)) < 1e-3)
  }

  @Test func invalidMatricesGiveNaN() {
    #expect(InformationTransfer.bits(counts: [[1, 2], [3]]).isNaN)
    #expect(InformationTransfer.bits(counts: [[1, -2], [3, 4]]).isNaN)
    #expect(InformationTransfer.bits(counts: [[1, .infinity], [3, 4]]).isNaN)
    #expect(InformationTransfer.percentCorrect(counts: [[1, 2, 3]]).isNaN)
    #expect(InformationTransfer.bits(counts: []) == 0)
    #expect(InformationTransfer.bits(counts: [[0, 0], [0, 0]]) == 0)
  }
}
