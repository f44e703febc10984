import Foundation
import Testing

@testable import HaptMetrics

@Suite struct SPQITests {
  @Test(arguments: VibromafFixtures.pairs)
  func agreesWithVibromaf(_ pair: VibromafFixtures.Pair) throws {
    let d = VibromafFixtures.signal(pair.distorted), r = VibromafFixtures.signal(pair.reference)
    let score = try SimilarityReference.spqi(distorted: d, reference: r, transform: testTransform)
    #expect(agrees(score, pair.spqi), "hapt \(score), vibromaf \(pair.spqi)")
  }

  @Test func identicalInputsGiveExactlyOne() throws {
    let x = VibromafFixtures.signal("taps_1s")
    #expect(try SimilarityReference.spqi(distorted: x, reference: x, transform: testTransform) == 1)
  }

  /// A longer distorted signal is cut to the reference's length, as in the reference.
  @Test func longerDistortedSignalIsCut() throws {
    let x = VibromafFixtures.signal("noise_a"), y = VibromafFixtures.signal("noise_a_distorted")
    let longer = y + [0.5, -0.25, 0.125]
    #expect(
      try SimilarityReference.spqi(distorted: longer, reference: x, transform: testTransform)
        == SimilarityReference.spqi(distorted: y, reference: x, transform: testTransform))
  }

  /// Silence against silence in every block: SPQI's per-block difference is
  /// 10 log10(0) = -inf, so every block scores 1; ST-SIM scores such blocks 0.
  @Test func bothSilentBlocksFollowTheReference() {
    var sums = PairSums()
    let silent = SimilarityFeatures(
      samples: [Double](repeating: 0, count: 1024), rule: .truncated, transform: testTransform)
    var other = [Double](repeating: 0, count: 1024)
    other[700] = 0.5
    let single = SimilarityFeatures(samples: other, rule: .truncated, transform: testTransform)
    sums.add(block: 0, silent, single)
    #expect(sums.spqiAB == 1 && sums.spqiBA == 1)
    #expect(sums.spectralAB == 0 && sums.temporalAB == 0)
  }
}
