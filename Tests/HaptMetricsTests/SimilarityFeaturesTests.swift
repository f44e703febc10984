import Foundation
import Testing

@testable import HaptMetrics

@Suite struct SimilarityFeaturesTests {
  static func sine(_ frequency_Hz: Double, amplitude_g: Double, count: Int) -> [Double] {
    (0..<count).map { amplitude_g * sin(2 * Double.pi * frequency_Hz * Double($0) / 8000) }
  }

  @Test func blocksArePaddedOrCut() {
    let x = Self.sine(170, amplitude_g: 0.5, count: 1300)
    let padded = SimilarityFeatures(samples: x, rule: .zeroPadded, transform: testTransform)
    let cut = SimilarityFeatures(samples: x, rule: .truncated, transform: testTransform)
    #expect(padded.blockCount == 3 && cut.blockCount == 2)
    #expect(padded.support.count == 3 * 512 && padded.powerSum.count == 3)
    // The two whole blocks are the same either way.
    #expect(Array(padded.support[0..<1024]) == cut.support)
    #expect(Array(padded.normalized[0..<1024]) == cut.normalized)
  }

  /// A silent block has support, normalised samples and powers all 0 (log10 of a zero
  /// coefficient is -inf), the same as the blocks that padding adds.
  @Test func silentBlocksAreAllZero() {
    var x = Self.sine(170, amplitude_g: 0.5, count: 1536)
    for i in 512..<1024 { x[i] = 0 }
    let f = SimilarityFeatures(samples: x, rule: .zeroPadded, transform: testTransform)
    #expect(f.support[512..<1024].allSatisfy { $0 == 0 })
    #expect(f.normalized[512..<1024].allSatisfy { $0 == 0 })
    #expect(f.power[512..<1024].allSatisfy { $0 == 0 })
    #expect(f.supportEnergy[1] == 0 && f.normalizedEnergy[1] == 0 && f.powerSum[1] == 0)
    #expect(f.perceptibleBlocks == [true, false, true])
  }

  @Test func zNormalisedBlocksHaveZeroMeanAndUnitVariance() {
    let f = SimilarityFeatures(
      samples: VibromafFixtures.signal("noise_a"), rule: .truncated, transform: testTransform)
    for b in 0..<f.blockCount {
      let z = f.normalized[(b * 512)..<((b + 1) * 512)]
      #expect(Swift.abs(z.reduce(0, +)) < 1e-9)
      #expect(agrees(f.normalizedEnergy[b], 512, within: 1e-9))
    }
  }

  /// Perceptible: peak above the Docs/Model.md §5 threshold at the block's dominant
  /// frequency (about -31 dB re 1 g at 170 Hz, -48.9 dB at 10 Hz and below).
  @Test(arguments: [
    (170.0, 0.1, true),  // -20 dB
    (170.0, 0.01, false),  // -40 dB
    (170.0, 0.04, true),  // -28 dB
    (170.0, 0.02, false),  // -34 dB
    (400.0, 0.05, false),  // -26 dB, threshold -19.8 dB
    (400.0, 0.2, true),  // -14 dB
  ])
  func perceptibility(frequency_Hz: Double, amplitude_g: Double, perceptible: Bool) {
    let f = SimilarityFeatures(
      samples: Self.sine(frequency_Hz, amplitude_g: amplitude_g, count: 512), rule: .truncated,
      transform: testTransform)
    #expect(f.perceptibleBlocks == [perceptible])
  }

  @Test func identityIgnoresTrailingZerosAndSignedZeros() {
    let x = Self.sine(170, amplitude_g: 0.5, count: 700)
    let a = SimilarityFeatures(samples: x, rule: .zeroPadded, transform: testTransform)
    let b = SimilarityFeatures(samples: x + [0, -0.0, 0], rule: .zeroPadded, transform: testTransform)
    var changed = x
    changed[699] += 1e-12
    let c = SimilarityFeatures(samples: changed, rule: .zeroPadded, transform: testTransform)
    #expect(a.hasSameSamples(as: b))
    #expect(!a.hasSameSamples(as: c))
  }
}
