import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptSignals
import HaptSimulation
import HaptEvaluation

/// The pairwise step on the scale benchmark's workload: 1,000 generated 1-4 event
/// one-second patterns (``CorpusGenerator``, seed 2026) rendered on the default device
/// (prepared), features computed once (not timed).
///
/// - `pairwise.stsim-spqi.1000.1-thread`: ST-SIM and SPQI of every pair, both directions,
///   one thread (items: pair-directions, so "per item" is the cost per pair and direction,
///   the figure compared with vibromaf).
/// - `pairwise.engine.1000.1-thread`: the engine alone, one thread: d' of every pair,
///   neighbours by d' and close pairs kept, ST-SIM/SPQI of the kept pairs (items: pairs).
/// - `pairwise.report.1000.1-thread`, `...2-threads`: the pairs as a report computes them
///   (``CorpusEvaluation/summarize(_:settings:rows:threads:similarityFeatures:perceptualFeatures:attributes:allPairs:progress:)``),
///   on one thread and on two: d' of every pair and neighbours ranked by the perceptual
///   distance (items: pairs).
///
/// `hapt-bench pairwise-signals DIR` writes 20 of these signals (zero-padded to 8,000
/// samples, raw little-endian float64) for timing vibromaf on the same input
/// (Scripts/vibromaf-timing.py).
enum PairwiseBenchmarks {
  static var all: [Bench.Case] {
    [
      Bench.Case(
        name: "pairwise.stsim-spqi.1000.1-thread",
        summary:
          "ST-SIM + SPQI of every pair of 1,000 generated patterns, both directions, 1 thread (items: pair-directions)",
        setUp: {
          let features = try generatedFeatures(count: 1000)
          return { Pairwise.similarities(features.similarity, convention: .perceptibleBlocks, threads: 1).count * 2 }
        }),
      Bench.Case(
        name: "pairwise.engine.1000.1-thread",
        summary:
          "PairwiseEngine (d' of every pair, kept pairs' ST-SIM/SPQI), 1,000 generated patterns, 1 thread (items: pairs)",
        setUp: {
          let features = try generatedFeatures(count: 1000)
          return {
            let engine = PairwiseEngine(threads: 1)
            let summary = try engine.summarize(
              count: features.similarity.count,
              dPrime: { Distinguishability.dPrime(features.perceptual[$0], features.perceptual[$1]) },
              similarity: {
                similarity(features.similarity[$0], features.similarity[$1], convention: .perceptibleBlocks)
              })
            return summary.pairsCompared
          }
        }),
      reportCase(threads: 1),
      reportCase(threads: 2),
    ]
  }

  /// `pairwise.report.1000.N-thread(s)`: the report's pairs on `threads` threads; wall time
  /// per pair, so two threads take half the time of one when they do not contend.
  static func reportCase(threads: Int) -> Bench.Case {
    Bench.Case(
      name: "pairwise.report.1000.\(threads)-thread\(threads == 1 ? "" : "s")",
      summary:
        "The report's pairs (d' of every pair, neighbours by perceptual distance), 1,000 generated patterns, \(threads) thread\(threads == 1 ? "" : "s") (items: pairs)",
      setUp: {
        let signals = try generatedSignals(count: 1000)
        let similarity = Parallel.map(count: signals.count) { SimilarityFeatures(signals[$0]) }
        let perceptual = Parallel.map(count: signals.count) { PerceptualFeatures(signals[$0]) }
        let attributes = Parallel.map(count: signals.count) {
          PerceptualAttributes(signals[$0], features: perceptual[$0])
        }
        return {
          try CorpusEvaluation.summarize(
            signals, settings: PairwiseSummary.Settings(), rows: nil, threads: threads,
            similarityFeatures: similarity, perceptualFeatures: perceptual, attributes: attributes
          ).pairsCompared
        }
      })
  }

  /// The primary renders of `count` generated patterns.
  static func generatedSignals(count: Int) throws -> [Signal] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-bench-pairwise-\(count)").path
    try CorpusGenerator.write(count: count, seed: 2026, to: folder)
    let corpus = PatternCorpus.load([folder])
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    return CorpusEvaluation.primarySignals(corpus, options: EvaluationOptions(devices: [device], states: [.prepared]))
  }

  static func generatedFeatures(
    count: Int
  ) throws -> (similarity: [SimilarityFeatures], perceptual: [PerceptualFeatures]) {
    let signals = try generatedSignals(count: count)
    return (
      Parallel.map(count: signals.count) { SimilarityFeatures(signals[$0]) },
      Parallel.map(count: signals.count) { PerceptualFeatures(signals[$0]) }
    )
  }

  /// `hapt-bench pairwise-signals DIR`.
  struct SignalsOptions: ParsableCommand {
    static let help = CommandHelp(
      name: "pairwise-signals", summary: "Write 20 signals for the vibromaf comparison into DIR.", )

    var folder: [String] = []

    static var arguments: [Argument<Self>] {
      [.positionals(\.folder, PositionalSpec(minimum: 1, maximum: 1, missing: "DIR"))]
    }
  }

  /// `hapt-bench pairwise-signals DIR`: 20 signals for the vibromaf comparison.
  static func writeSignals(to folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (index, signal) in try generatedSignals(count: 20).enumerated() {
      var samples = Array(signal.samples.prefix(8000))
      samples += [Double](repeating: 0, count: 8000 - samples.count)
      let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
      try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(String(format: "s%02d.f64", index)))
    }
  }
}
