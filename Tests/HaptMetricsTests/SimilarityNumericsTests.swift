import Foundation
import HaptCore
import Testing

@testable import HaptMetrics

/// The pieces that reproduce numpy's and scipy's arithmetic; expected values were printed
/// by numpy 2.4 / scipy 1.17 / vibromaf 0.0.8 (see Fixtures/vibromaf/generate.py).
@Suite struct SimilarityNumericsTests {
  @Test func pairwiseSumMatchesNumpyBitForBit() {
    // np.sum(np.sin(np.arange(1000) * 0.37) * 1e3) == 967.1456398865241; a plain
    // left-to-right sum gives 967.1456398865226.
    let x = (0..<1000).map { sin(Double($0) * 0.37) * 1e3 }
    let pairwise = x.withUnsafeBufferPointer { SimilarityNumerics.pairwiseSum($0) }
    #expect(pairwise == 967.1456398865241)
    let short: [Double] = [0.1, 0.2, 0.3]
    let shortSum = short.withUnsafeBufferPointer { SimilarityNumerics.pairwiseSum($0) }
    let leftToRight: Double = ((0.0 + 0.1) + 0.2) + 0.3
    #expect(shortSum == leftToRight)
    let empty: [Double] = []
    let emptySum = empty.withUnsafeBufferPointer { SimilarityNumerics.pairwiseSum($0) }
    #expect(emptySum == 0)
  }

  @Test func normalCDF() {
    #expect(SimilarityNumerics.normalCDF(0) == 0.5)
    #expect(SimilarityNumerics.normalCDF(-.infinity) == 0)
    #expect(SimilarityNumerics.normalCDF(.infinity) == 1)
    #expect(agrees(SimilarityNumerics.normalCDF(1.96), 0.9750021048517795, within: 1e-15))
    #expect(agrees(SimilarityNumerics.normalCDF(-3.5), 0.00023262907903552502, within: 1e-18))
    #expect(agrees(PerceptualSpectrum.support(-40), 0.0004290603331968372, within: 1e-18))
    #expect(SimilarityNumerics.normalCDF(.nan).isNaN)
  }

  @Test func thresholdCurveMatchesVibromaf() {
    let t = PerceptualSpectrum.threshold_dB
    #expect(t.count == 512)
    let expected: [(Int, Double)] = [
      (0, -15.0), (1, -20.152605065204398), (10, -53.33340650295281), (31, -76.96753650989012),
      (32, -76.99996669861838), (100, 0.26697089175729616), (511, 0.26697089175729616),
    ]
    for (i, value) in expected { #expect(agrees(t[i], value, within: 1e-12), "T[\(i)]") }
    // Held constant from the first positive value (index 100) onward.
    #expect(t[99] <= 0 && t[100] > 0)
    #expect(t[100...].allSatisfy { $0 == t[100] })
  }

  @Test func kernelSumsAgreeWithPlainSums() {
    var rng = SplitMix64(seed: 7)
    for count in [0, 1, 7, 8, 9, 63, 512] {
      let a = (0..<count).map { _ in rng.nextGaussian() }
      let b = (0..<count).map { _ in rng.nextGaussian() }
      let dot = SimilarityKernel.dot(a, b, count: count)
      let l1 = SimilarityKernel.l1Distance(a, b, count: count)
      let sum = SimilarityKernel.sum(a, count: count)
      #expect(agrees(dot, zip(a, b).map(*).reduce(0, +), within: 1e-12))
      #expect(agrees(l1, zip(a, b).map { Swift.abs($0 - $1) }.reduce(0, +), within: 1e-12))
      #expect(agrees(sum, a.reduce(0, +), within: 1e-12))
    }
  }
}
