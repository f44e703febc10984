import HaptTestSupport
import Foundation
import HaptCore
import HaptMetrics
import HaptSignals
import Testing

import HaptSimulation
@testable import HaptEvaluation

/// Issue 32 (memory): a report keeps no pattern's render for the whole run. What it needs
/// of each primary render is taken right after the render (``PrimarySummary``), and a
/// later stage that needs the render itself (a pair's features, a page's figures) makes
/// it again (``PrimaryRenders``), bit for bit the render that was measured.
@Suite struct PrimaryRendersTests {
  static let corpus = CorpusEvaluationConcurrencyTests.generatedCorpus(count: 12)

  static func options() throws -> EvaluationOptions {
    EvaluationOptions(
      devices: [
        try DeviceProfile.load(nameOrPath: "erm-phone"), try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"),
      ],
      states: [.cold, .prepared], threads: 2)
  }

  @Test func aPrimaryRenderMadeAgainIsTheMeasuredOneBitForBit() throws {
    let options = try Self.options()
    let kept = Evaluation.run(Self.corpus.entries, options: options).primary
    let renders = try #require(PrimaryRenders(Self.corpus.entries, options: options))
    #expect(kept.count == 12 && renders.count == 12)
    for i in kept.indices {
      let again = renders.render(i)
      #expect(again.name == kept[i].name && again.device == kept[i].device && again.state == .cold)
      #expect(
        again.rendering.acceleration_g.samples.map(\.bitPattern)
          == kept[i].rendering.acceleration_g.samples.map(\.bitPattern))
      #expect(again.rendering.acceleration_g.sampleRate_Hz == kept[i].rendering.acceleration_g.sampleRate_Hz)
      #expect(again.rendering.silenceReason == kept[i].rendering.silenceReason)
      #expect(again.rendering.drive_V.samples.isEmpty)
      #expect(renders.signal(i).samples.map(\.bitPattern) == again.rendering.acceleration_g.samples.map(\.bitPattern))
    }
  }

  @Test func eachPrimaryRenderIsSummarizedOnceRightAfterItIsMade() throws {
    let options = try Self.options()
    let kept = Evaluation.run(Self.corpus.entries, options: options)
    let summarized = Evaluation.run(Self.corpus.entries, options: options) { i, rendered in
      (i, rendered.name, rendered.rendering.acceleration_g.samples.count)
    }
    #expect(summarized.measurements == kept.measurements)
    #expect(summarized.primary.map(\.0) == Array(0..<12))
    #expect(summarized.primary.map(\.1) == kept.primary.map(\.name))
    #expect(summarized.primary.map(\.2) == kept.primary.map(\.rendering.acceleration_g.samples.count))
  }

  @Test func theEvaluationKeepsSummariesNotRenders() throws {
    let options = try Self.options()
    let e = try CorpusEvaluation(Self.corpus, options: options, reviewSet: [])
    let kept = Evaluation.run(Self.corpus.entries, options: options).primary
    let signals = kept.map(\.rendering.acceleration_g)
    #expect(e.primaryRenders?.count == 12)
    #expect(e.perceptualFeatures == signals.map { PerceptualFeatures($0) })
    #expect(
      e.attributes == signals.indices.map { PerceptualAttributes(signals[$0], features: e.perceptualFeatures[$0]) })
    #expect(e.sampleKeys == signals.map(CorpusEvaluation.sampleKey))
    #expect(e.heatMapSimilarity == CorpusEvaluation.heatMap(signals.map { SimilarityFeatures($0) }, threads: 1))
    let fromSignals = try CorpusEvaluation.summarize(signals, settings: e.pairwise.settings, rows: nil, threads: 1)
    #expect(e.pairwise == fromSignals)
  }

  @Test func theFeatureCacheGivesTheSameFeaturesFromRendersMadeAgain() throws {
    let options = try Self.options()
    let renders = try #require(PrimaryRenders(Self.corpus.entries, options: options))
    let signals = (0..<renders.count).map(renders.signal)
    let again = SimilarityFeatureCache(capacity: 2) { renders.signal($0) }
    let kept = SimilarityFeatureCache(signals, capacity: 100)
    for (i, j) in [(0, 5), (11, 0), (3, 5), (0, 11)] {
      let a = similarity(again.features(i), again.features(j), convention: .perceptibleBlocks)
      let b = similarity(kept.features(i), kept.features(j), convention: .perceptibleBlocks)
      #expect(a.similarity.bitPattern == b.similarity.bitPattern)
    }
    #expect(again.computed > 4)
  }
}
