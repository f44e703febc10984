import Foundation
import HaptMetrics
import HaptSignals
import Testing

@testable import HaptEvaluation

/// The pairs' similarity features, made as needed and kept for a bounded number of
/// patterns, give the same similarities as features made once for every pattern.
@Suite struct SimilarityFeatureCacheTests {
  static func tone(_ k: Int) -> Signal {
    let amplitude = 0.2 + 0.1 * Double(k)
    let step = 0.1 + 0.03 * Double(k)
    let samples: [Double] = (0..<3000).map { (i: Int) -> Double in amplitude * sin(Double(i) * step) }
    return Signal(samples: samples, sampleRate_Hz: 8000)
  }

  static let signals: [Signal] = (0..<6).map { tone($0) }

  @Test func keepsAtMostItsCapacityAndGivesTheSameSimilarities() {
    let cache = SimilarityFeatureCache(Self.signals, capacity: 2)
    let all = Self.signals.map { SimilarityFeatures($0) }
    for (a, b) in [(0, 1), (2, 3), (0, 4), (1, 5), (0, 1), (3, 2)] {
      let cached = similarity(cache.features(a), cache.features(b), convention: .perceptibleBlocks)
      let direct = similarity(all[a], all[b], convention: .perceptibleBlocks)
      #expect(cached == direct)
    }
    // Twelve asks of six patterns with room for two: most are made again.
    #expect(cache.computed > 6 && cache.computed <= 12)
    let roomy = SimilarityFeatureCache(Self.signals, capacity: 100)
    for _ in 0..<3 { for i in 0..<6 { _ = roomy.features(i) } }
    #expect(roomy.computed == 6)
  }
}
