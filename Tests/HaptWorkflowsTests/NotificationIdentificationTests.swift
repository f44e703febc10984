import Foundation
import Testing

import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptEvaluation
import HaptFormats

/// The identification capacity leaves small sets of clearly different patterns near
/// perfect: success, warning and error keep at least 1.5 of their log2 3 = 1.58 bits on
/// every shipped LRA and ERM profile.
@Suite struct NotificationIdentificationTests {
  @Test func successWarningAndErrorStayNearPerfect() throws {
    let system = try #require(Corpora.directory("system")).path
    let corpus = PatternCorpus.load(Presets.defaultReviewSet.map { "\(system)/\($0).ahap" })
    #expect(corpus.entries.count == 3)
    for device in try DeviceProfile.shipped() where device.actuator.typeName != "none" {
      let signals = corpus.entries.map {
        Renderer(device: device).render($0.pattern, options: RenderOptions()).acceleration_g
      }
      let review = ConfusabilityReview(
        device: device.name, state: .prepared, names: corpus.entries.map(\.name), signals: signals, threads: 1)
      #expect(review.informationTransfer_bits >= 1.5, "\(device.name): \(review.informationTransfer_bits) bits")
    }
  }
}
