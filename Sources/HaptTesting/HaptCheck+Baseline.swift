import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptBaselines

extension HaptCheck {
  /// The environment variable that turns ``matchesBaseline(_:in:tolerances:record:)`` into
  /// recording: set it to `1` and run the tests once to (re)write the baselines.
  public static let recordVariable = "HAPT_RECORD_BASELINES"

  /// Whether ``recordVariable`` is set to something other than empty or `0`.
  public static var isRecording: Bool {
    let value = ProcessInfo.processInfo.environment[recordVariable] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// Passes when `haptic` renders as it did when its baseline was recorded: the same
  /// comparison as `hapt baseline check` (d' against the recorded signal under
  /// `tolerances.maxDPrime_JND`, the detection time within `maxLatencyShift_s`, felt as
  /// before). The message lists what a person would feel changed, event by event.
  ///
  /// `folder` is a baseline folder as `hapt baseline record` writes it (it may hold other
  /// patterns, devices and states too). With ``recordVariable`` set, the check records
  /// `haptic` alone into `folder` instead (replacing it) and fails, so that a recording
  /// run is never mistaken for a passing one; without a baseline it fails and says how
  /// to record one.
  ///
  /// - Parameters:
  ///   - haptic: a render of a pattern file or preset (a baseline is recorded from its file).
  ///   - folder: the baseline folder.
  ///   - tolerances: how far a render may drift and still match.
  ///   - record: record instead of checking (default: whether ``recordVariable`` is set).
  public static func matchesBaseline(
    _ haptic: RenderedHaptic, in folder: String, tolerances: BaselineTolerances = BaselineTolerances(),
    record: Bool = isRecording
  ) -> HaptCheckResult {
    guard let path = haptic.path else {
      return HaptCheckResult(
        passed: false,
        summary:
          "\(haptic.label): no pattern file to record a baseline from (load it from a file or a preset)")
    }
    let corpus = PatternCorpus.load([path])
    guard let entry = corpus.entries.first else {
      let reason = corpus.failures.first.map { "\($0.error)" } ?? "not a pattern file"
      return HaptCheckResult(passed: false, summary: "\(haptic.label): \(reason)")
    }
    if record {
      let options = EvaluationOptions(devices: [haptic.device], states: [haptic.state], threads: 1)
      do {
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Baseline.record(corpus, options: options, to: folder, force: true)
      } catch {
        return HaptCheckResult(
          passed: false, summary: "\(haptic.label): cannot record its baseline: \(error)")
      }
      return HaptCheckResult(
        passed: false,
        summary:
          "\(haptic.label): recorded its baseline in \(folder); run again without \(recordVariable) to check against it"
      )
    }
    guard FileManager.default.fileExists(atPath: folder + "/" + BaselineManifest.fileName) else {
      return HaptCheckResult(
        passed: false,
        summary:
          "\(haptic.label): no baseline in \(folder); run the test once with \(recordVariable)=1 to record it"
      )
    }
    let result: BaselineCheckResult
    do {
      result = try Baseline.check(
        corpus, baseline: folder, devices: [haptic.device], states: [haptic.state], tolerances: tolerances,
        threads: 1)
    } catch {
      return HaptCheckResult(passed: false, summary: "\(haptic.label): cannot read its baseline: \(error)")
    }
    let row = result.comparisons.first {
      $0.pattern == entry.name && $0.device == haptic.device.name && $0.state == haptic.state
    }
    guard let row, row.status != .added else {
      let why = result.problems.isEmpty ? "" : " (\(result.problems.joined(separator: "; ")))"
      return HaptCheckResult(
        passed: false,
        summary:
          "\(haptic.label): not in the baseline in \(folder)\(why); run the test once with \(recordVariable)=1 to record it"
      )
    }
    let measures = [
      row.dPrime_JND.map { "d' " + jnd($0) }, row.similarity.map { String(format: "similarity %.3f", $0) },
    ].compactMap { $0 }.joined(separator: ", ")
    if row.status == .unchanged, result.problems.isEmpty {
      return HaptCheckResult(
        passed: true, summary: "\(haptic.label): matches its baseline (\(measures))",
        changes: row.perceptualChanges)
    }
    let why = (result.problems + row.changes.map(\.description)).joined(separator: "; ")
    return HaptCheckResult(
      passed: false,
      summary: "\(haptic.label): \(row.status.rawValue) from its baseline in \(folder): \(why)",
      changes: row.perceptualChanges)
  }
}
