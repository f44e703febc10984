import HaptTestSupport
import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats
import HaptSimulation
@testable import HaptEvaluation

/// Concurrency (issue 6, part 6): a corpus evaluation of 120 generated patterns (7,140 pairs) on
/// 8 threads gives exactly the serial results: measurements, renders, every pair's
/// similarity and d', reviews and findings. (Exact equality is right here: each value is
/// computed by the same code on the same inputs; only the scheduling differs.)
@Suite(.slow) struct CorpusEvaluationConcurrencyTests {
  /// `count` varied patterns: transients, a continuous event and sometimes a curve.
  static func generatedCorpus(count: Int) -> PatternCorpus {
    var random = SplitMix64(seed: 0xC0_4C_0E)
    func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
    var entries: [PatternCorpus.Entry] = []
    for i in 0..<count {
      var events: [HapticEvent] = []
      for k in 0..<(1 + i % 3) {
        events.append(.transient(at: Double(k) * 0.07, intensity: 0.3 + 0.7 * uniform(), sharpness: uniform()))
      }
      if i % 2 == 0 {
        var event = HapticEvent.transient(at: 0.22, intensity: 0.2 + 0.8 * uniform(), sharpness: uniform())
        event.type = .hapticContinuous
        event.duration_s = 0.05 + 0.15 * uniform()
        events.append(event)
      }
      let pattern = HapticPattern(events: events)
      entries.append(PatternCorpus.Entry(name: "gen-\(i)", path: "gen-\(i).ahap", pattern: pattern, findings: []))
    }
    return PatternCorpus(entries: entries, failures: [])
  }

  @Test func evaluationOnEightThreadsEqualsTheSerialRun() throws {
    let corpus = Self.generatedCorpus(count: 120)
    let device = try DeviceProfile.load(nameOrPath: "erm-phone")
    let reviewSet = ["gen-3", "gen-10", "gen-42"]
    func evaluate(threads: Int) throws -> CorpusEvaluation {
      try CorpusEvaluation(
        corpus, options: EvaluationOptions(devices: [device], states: [.prepared], threads: threads),
        reviewSet: reviewSet)
    }
    let serial = try evaluate(threads: 1)
    let parallel = try evaluate(threads: 8)
    #expect(serial.measurements.count == 120)
    #expect(serial.pairwise.pairsCompared == 120 * 119 / 2)
    #expect(parallel.measurements == serial.measurements)
    #expect(
      parallel.primary.map(\.rendering.acceleration_g.samples) == serial.primary.map(\.rendering.acceleration_g.samples)
    )
    #expect(parallel.pairwise == serial.pairwise)
    #expect(parallel.heatMapSimilarity == serial.heatMapSimilarity)
    #expect(parallel.findings == serial.findings)
    #expect(parallel.reviewSet == serial.reviewSet)
    #expect(serial.reviews.count == 1 && serial.reviews.first?.names.count == 3)
    #expect(parallel.reviews.map(\.pairs) == serial.reviews.map(\.pairs))
    #expect(parallel.reviews.map(\.confusion) == serial.reviews.map(\.confusion))
    #expect(parallel.reviews.map(\.informationTransfer_bits) == serial.reviews.map(\.informationTransfer_bits))
    // Not a degenerate corpus: the pairs are spread out.
    let dPrimes = serial.pairwise.keptPairs.map(\.dPrime)
    #expect(dPrimes.allSatisfy { $0.isFinite })
    #expect((dPrimes.max() ?? 0) > (dPrimes.min() ?? 0))
  }
}
