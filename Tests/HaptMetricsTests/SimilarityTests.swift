import Foundation
import Testing

@testable import HaptMetrics

/// `similarity(_:_:convention:)`: the pattern-pair form (zero-padded, both directions).
@Suite struct SimilarityTests {
  static func features(_ name: String) -> SimilarityFeatures {
    SimilarityFeatures(samples: VibromafFixtures.signal(name), rule: .zeroPadded, transform: testTransform)
  }

  /// Signals of different lengths, zero-padded to a common multiple of 512: agrees with
  /// vibromaf on the padded signals, both directions, to 1e-9.
  @Test(arguments: VibromafFixtures.padded)
  func paddedPairsAgreeWithVibromaf(_ pair: VibromafFixtures.PaddedPair) {
    let r = similarity(Self.features(pair.a), Self.features(pair.b), convention: .reference)
    #expect(pair.stsimABImaginary == 0 && pair.stsimBAImaginary == 0)
    #expect(agrees(r.stsimAB, pair.stsimAB), "\(r.stsimAB) vs \(pair.stsimAB)")
    #expect(agrees(r.stsimBA, pair.stsimBA), "\(r.stsimBA) vs \(pair.stsimBA)")
    #expect(agrees(r.spqiAB, pair.spqiAB), "\(r.spqiAB) vs \(pair.spqiAB)")
    #expect(agrees(r.spqiBA, pair.spqiBA), "\(r.spqiBA) vs \(pair.spqiBA)")
    #expect(r.stsimSymmetric == (r.stsimAB + r.stsimBA) / 2 && r.spqiSymmetric == (r.spqiAB + r.spqiBA) / 2)
  }

  /// Same-length pairs: "AB" is vibromaf's (distorted a, reference b), "BA" the swap.
  @Test func sameLengthPairsAgreeWithVibromafBothWays() {
    let rows = VibromafFixtures.pairs.filter {
      VibromafFixtures.signal($0.distorted).count == 1536
        && VibromafFixtures.signal($0.reference).count == 1536
    }
    #expect(rows.count == 121)
    var features: [String: SimilarityFeatures] = [:]
    for name in Set(rows.map(\.distorted)) { features[name] = Self.features(name) }
    let golden = Dictionary(uniqueKeysWithValues: rows.map { ("\($0.distorted)|\($0.reference)", $0) })
    for row in rows {
      guard let a = features[row.distorted], let b = features[row.reference],
        let swapped = golden["\(row.reference)|\(row.distorted)"]
      else {
        Issue.record("missing \(row.testDescription)")
        continue
      }
      let r = similarity(a, b, convention: .reference)
      #expect(agrees(r.stsimAB, row.stsimImaginary == 0 ? row.stsim : 0), "\(row.testDescription)")
      #expect(agrees(r.stsimBA, swapped.stsimImaginary == 0 ? swapped.stsim : 0), "\(row.testDescription)")
      #expect(agrees(r.spqiAB, row.spqi), "\(row.testDescription)")
      #expect(agrees(r.spqiBA, swapped.spqi), "\(row.testDescription)")
      if row.distorted == row.reference { #expect(r == .identical(blocks: 3)) }
    }
  }

  /// Docs/Model.md §6.6: two near-identical taps padded to one second score low in the
  /// reference convention (the shared silence scores 0 in ST-SIM); over perceptible blocks
  /// only they score as the taps themselves.
  @Test func perceptibleBlocksIgnoreSharedSilence() {
    let tap = VibromafFixtures.signal("tap_short_600")
    let softer = tap.map { $0 * 0.9 }
    func f(_ x: [Double]) -> SimilarityFeatures {
      SimilarityFeatures(samples: x, rule: .zeroPadded, transform: testTransform)
    }
    let second = [Double](repeating: 0, count: 8000 - 600)
    let longA = f(tap), longB = f(softer + second)
    let reference = similarity(longA, longB, convention: .reference)
    let perceptible = similarity(longA, longB, convention: .perceptibleBlocks)
    let tapsOnly = similarity(f(Array(tap[0..<512])), f(Array(softer[0..<512])), convention: .reference)
    #expect(reference.blocksCompared == 16 && perceptible.blocksCompared == 1)
    #expect(reference.stsimSymmetric < 0.2)
    #expect(
      perceptible
        == PairSimilarity(
          stsimAB: tapsOnly.stsimAB, stsimBA: tapsOnly.stsimBA, spqiAB: tapsOnly.spqiAB,
          spqiBA: tapsOnly.spqiBA,
          blocksCompared: 1))
    #expect(perceptible.stsimSymmetric > 0.9)
  }

  @Test func imperceptiblePairsScoreOne() {
    let r = similarity(Self.features("faint_noise"), Self.features("silence"), convention: .perceptibleBlocks)
    #expect(r == .identical(blocks: 0))
    let s = similarity(Self.features("faint_noise"), Self.features("silence"), convention: .reference)
    #expect(s.stsimAB == 0 && s.blocksCompared == 3)
  }

  @Test func identicalSignalsGiveExactlyOneInBothConventions() {
    for convention in SilenceConvention.allCases {
      let r = similarity(Self.features("taps_170"), Self.features("taps_170"), convention: convention)
      #expect(r.stsimAB == 1 && r.stsimBA == 1 && r.spqiAB == 1 && r.spqiBA == 1)
      #expect(r.stsimSymmetric == 1 && r.spqiSymmetric == 1)
    }
  }

  /// Degenerate inputs never crash: empty, all-zero, non-finite.
  @Test func degenerateInputs() {
    func f(_ x: [Double]) -> SimilarityFeatures {
      SimilarityFeatures(samples: x, rule: .zeroPadded, transform: testTransform)
    }
    let empty = f([]), zeros = f([Double](repeating: 0, count: 900)), tap = Self.features("tap_short_600")
    #expect(empty.blockCount == 0 && zeros.blockCount == 2)
    #expect(similarity(empty, zeros, convention: .reference) == .identical(blocks: 2))
    #expect(similarity(empty, empty, convention: .perceptibleBlocks) == .identical(blocks: 0))
    let r = similarity(empty, tap, convention: .reference)
    #expect(r.stsimAB == 0 && r.stsimBA == 0 && r.blocksCompared == 2)
    var bad = VibromafFixtures.signal("tap_short_600")
    bad[10] = .nan
    bad[20] = .infinity
    let n = similarity(f(bad), tap, convention: .perceptibleBlocks)
    #expect(n.blocksCompared >= 1)
  }
}
