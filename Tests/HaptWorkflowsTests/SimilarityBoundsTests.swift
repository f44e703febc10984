import Foundation
import Testing

import HaptCore
import HaptMetrics
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptFormats

/// One similarity for users (issue 10 items 3 and 4): bounded to [0, 1] over every pair
/// of the shipped corpora, and the same whatever rate the device renders at.
@Suite struct SimilarityBoundsTests {
  static func shippedCorpus() throws -> PatternCorpus {
    PatternCorpus.load([
      try #require(Corpora.directory("library")).path, try #require(Corpora.directory("system")).path,
    ])
  }

  @Test func everyUserVisibleSimilarityOfTheShippedCorporaIsWithinZeroAndOne() throws {
    let corpus = try Self.shippedCorpus()
    #expect(corpus.entries.count > 40)
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    // Every pair, as `--all-pairs` streams them.
    var pairs: [PairwiseSummary.Pair] = []
    let evaluation = try CorpusEvaluation(
      corpus, options: EvaluationOptions(devices: [device], states: [.prepared]), reviewSet: Presets.defaultReviewSet,
      allPairs: { pairs += $0 })
    let n = corpus.entries.count
    #expect(pairs.count == n * (n - 1) / 2)
    var rawAboveOne = 0
    var bothAboveOne = 0
    for pair in pairs {
      let s = pair.similarity
      #expect((0...1).contains(s.similarity), "\(pair.first)-\(pair.second): \(s.similarity)")
      if max(s.stsimAB, s.stsimBA) > 1 { rawAboveOne += 1 }
      // 1 means identical: a pair whose directions both exceed 1 is not shown as 1
      // (double-tap against game-coin: 2.90 and 78.2, d' 12.4).
      if min(s.stsimAB, s.stsimBA) > 1.02 {
        bothAboveOne += 1
        #expect(s.similarity < 0.99, "\(pair.first)-\(pair.second): \(s.stsimAB), \(s.stsimBA) -> \(s.similarity)")
      }
      if pair.dPrime >= 2 { #expect(s.similarity < 1, "\(pair.first)-\(pair.second): distinct but shown identical") }
    }
    #expect(rawAboveOne > 0)  // the raw directional ST-SIM is unbounded; the bound is what users see
    #expect(bothAboveOne > 0)
    for row in evaluation.heatMapSimilarity { #expect(row.allSatisfy { (0...1).contains($0) }) }
    // The CSV's `similarity` column and the review's JSON are the same bounded value.
    let csv = ReportTables.pairs(evaluation).csvText.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let column = try #require(csv.first?.firstIndex(of: "similarity"))
    for row in csv.dropFirst() {
      let value = try #require(Double(String(row[column])))
      #expect((0...1).contains(value))
    }
    for review in evaluation.reviews {
      for pair in review.pairs { #expect((0...1).contains(pair.similarity.similarity)) }
    }
  }

  @Test func aSixteenKilohertzProfileGivesTheEightKilohertzSimilarities() throws {
    let corpus = try Self.shippedCorpus()
    var fast = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let slow = fast
    #expect(slow.sampleRate_Hz == 8000)
    fast.sampleRate_Hz = 16_000
    let names = Presets.defaultReviewSet + ["double-tap", "heartbeat"]
    let entries = names.compactMap { corpus.entry(named: $0) }
    #expect(entries.count == names.count)
    func review(_ device: DeviceProfile) -> ConfusabilityReview {
      let signals = entries.map { Renderer(device: device).render($0.pattern, options: RenderOptions()).acceleration_g }
      #expect(signals.allSatisfy { $0.sampleRate_Hz == device.sampleRate_Hz })
      return ConfusabilityReview(device: device.name, state: .prepared, names: names, signals: signals, threads: 1)
    }
    let a = review(slow)
    let b = review(fast)
    #expect(a.pairs.contains { $0.similarity.similarity > 0.05 })  // not all trivially 0
    for (x, y) in zip(a.pairs, b.pairs) {
      #expect(abs(x.similarity.similarity - y.similarity.similarity) <= 0.01, "\(x.first)-\(x.second)")
      #expect(abs(x.dPrime - y.dPrime) <= 0.1, "\(x.first)-\(x.second)")
    }
  }
}
