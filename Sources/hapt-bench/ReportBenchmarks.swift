import Foundation
import HaptCore
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptFormats

/// The main job end to end: load a corpus, render it on every shipped device in both
/// engine states, measure, compare every pair, and write the report folder.
///
/// Targets (issue 5): the shipped corpora in under 5 s, a 1,000-pattern corpus in under
/// 60 s, wall time, release build, this 2-core machine.
enum ReportBenchmarks {
  static var all: [Bench.Case] { [shipped, generated1000] }

  static var shipped: Bench.Case {
    Bench.Case(name: "report/shipped-corpora", summary: "hapt report Corpora: all devices, both states") {
      guard let corpora = Corpora.directory() else { throw InputError("Corpora/ not found", kind: .missing) }
      return { try runReport([corpora.path]) }
    }
  }

  static var generated1000: Bench.Case {
    Bench.Case(name: "report/1000-patterns", summary: "hapt report on 1,000 generated one-second patterns") {
      let folder = try generateCorpus(count: 1000, seed: 2026)
      return { try runReport([folder]) }
    }
  }

  /// Runs `hapt report PATHS` as the command does (``ReportJob``) into a temporary folder:
  /// every shipped device, both states, the Android ports and what plays where included;
  /// returns the pattern count. (Until this version the benchmark built the report without
  /// the Android sections, which are most of the work.)
  static func runReport(_ paths: [String]) throws -> Int {
    let corpus = PatternCorpus.load(paths)
    var settings = ReportJobSettings(paths: paths)
    settings.devices = try DeviceProfile.shipped().map(\.name)
    let job = try ReportJob(settings: settings, threads: Parallel.defaultThreadCount)
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-bench-report").path
    try job.writeReport(corpus, to: out)
    return corpus.entries.count
  }

  /// Writes `count` seeded random patterns of about one second (transients and a
  /// continuous event with an intensity curve) as AHAP files; returns the folder.
  static func generateCorpus(count: Int, seed: UInt64) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-bench-corpus-\(count)-\(seed)")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var rng = SplitMix64(seed: seed)
    for index in 0..<count {
      var events: [HapticEvent] = []
      for _ in 0..<(1 + Int(rng.nextUnit() * 5)) {
        events.append(
          .transient(
            at: (rng.nextUnit() * 0.8 * 100).rounded() / 100, intensity: 0.3 + 0.7 * rng.nextUnit(),
            sharpness: rng.nextUnit()))
      }
      var curves: [ParameterCurve] = []
      if rng.nextUnit() < 0.6 {
        let start = (rng.nextUnit() * 0.4 * 100).rounded() / 100
        let duration = 0.1 + (rng.nextUnit() * 0.5 * 100).rounded() / 100
        events.append(
          .continuous(
            at: start, duration_s: duration, intensity: 0.3 + 0.7 * rng.nextUnit(), sharpness: rng.nextUnit(),
            attackTime: 0.1, releaseTime: 0.2))
        curves.append(
          ParameterCurve(
            parameterID: .hapticIntensityControl, time_s: start,
            controlPoints: [
              .init(time_s: 0, value: 0.3), .init(time_s: duration / 2, value: 1), .init(time_s: duration, value: 0.5),
            ]))
      }
      events.sort { $0.time_s < $1.time_s }
      let pattern = HapticPattern(version: 1, events: events, parameterCurves: curves)
      try AtomicFile.writeNew(
        AHAP.encode(pattern), to: folder.appendingPathComponent(String(format: "p%04d.ahap", index)).path)
    }
    return folder.path
  }
}
