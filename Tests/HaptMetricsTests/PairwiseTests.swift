import Foundation
import HaptCore
import Testing

@testable import HaptMetrics

@Suite struct PairwiseTests {
  struct Pair: Equatable, Sendable {
    var i: Int, j: Int
  }

  @Test(arguments: [0, 1, 2, 5, 16, 17, 37])
  func everyPairOnceInRowMajorOrder(count: Int) {
    var expected: [Pair] = []
    for i in 0..<max(count, 0) { for j in (i + 1)..<max(count, i + 1) { expected.append(Pair(i: i, j: j)) } }
    for threads in [1, 2, 4] {
      #expect(Pairwise.map(count: count, threads: threads) { Pair(i: $0, j: $1) } == expected)
    }
    #expect(Pairwise.pairCount(count) == expected.count)
    for (k, p) in expected.enumerated() { #expect(Pairwise.index(p.i, p.j, count: count) == k) }
  }

  /// The full similarity matrix is bitwise identical on 1 and 4 threads.
  @Test func similarityMatrixIsIdenticalWhateverTheThreadCount() {
    var rng = SplitMix64(seed: 42)
    let generated = (0..<37).map { k -> SimilarityFeatures in
      let count = 512 + Int(rng.next() % 1200)
      let frequency = 80 + 10 * Double(k)
      let samples = (0..<count).map { n in
        0.3 * sin(2 * Double.pi * frequency * Double(n) / 8000) * exp(-Double(n) / 400) + 0.01
          * rng.nextGaussian()
      }
      // Some exact duplicates (identical pairs) and a silent signal.
      if k == 30 {
        return SimilarityFeatures(
          samples: [Double](repeating: 0, count: 700), rule: .zeroPadded, transform: testTransform)
      }
      return SimilarityFeatures(samples: samples, rule: .zeroPadded, transform: testTransform)
    }
    let features = generated.indices.map { $0 == 20 ? generated[5] : generated[$0] }
    func bits(_ r: [PairSimilarity]) -> [UInt64] {
      r.flatMap { [$0.stsimAB, $0.stsimBA, $0.spqiAB, $0.spqiBA].map(\.bitPattern) }
    }
    for convention in SilenceConvention.allCases {
      let one = Pairwise.map(count: features.count, threads: 1) {
        similarity(features[$0], features[$1], convention: convention)
      }
      let four = Pairwise.map(count: features.count, threads: 4) {
        similarity(features[$0], features[$1], convention: convention)
      }
      #expect(one.count == 666)
      #expect(bits(one) == bits(four))
      // The block-tiled engine gives the same bits as the pair-at-a-time one.
      let tiled1 = Pairwise.similarities(features, convention: convention, threads: 1)
      let tiled4 = Pairwise.similarities(features, convention: convention, threads: 4)
      #expect(bits(tiled1) == bits(one) && bits(tiled4) == bits(one))
      #expect(tiled1.map(\.blocksCompared) == one.map(\.blocksCompared))
      #expect(
        one[Pairwise.index(5, 20, count: features.count)]
          == .identical(blocks: one[Pairwise.index(5, 20, count: features.count)].blocksCompared))
      // Swapping the pair swaps the directions exactly.
      let swapped = similarity(features[3], features[1], convention: convention)
      let straight = one[Pairwise.index(1, 3, count: features.count)]
      #expect(swapped.stsimAB == straight.stsimBA && swapped.spqiBA == straight.spqiAB)
      #expect(swapped.stsimSymmetric == straight.stsimSymmetric)
    }
  }
}
