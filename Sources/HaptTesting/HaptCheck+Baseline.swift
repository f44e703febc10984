import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptWorkflows

extension HaptCheck {
  /// The environment variable that turns ``matchesBaseline(_:in:tolerances:)`` into
  /// recording: set it to `1` and run the tests once to (re)write the baselines.
  public static let recordVariable = "HAPT_RECORD_BASELINES"

  /// Whether ``recordVariable`` is set to something other than empty or `0`.
  public static var isRecording: Bool {
    let value = ProcessInfo.processInfo.environment[recordVariable] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// Passes when `haptic` renders as it did when its baseline was recorded: ST-SIM,
  /// detection time and peak level within `tolerances`, the same comparison as
  /// `hapt baseline check`. The message adds d' against the recorded signal and what a
  /// person would feel changed.
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
        corpus, baseline: folder, devices: [haptic.device], tolerances: tolerances, threads: 1)
    } catch {
      return HaptCheckResult(passed: false, summary: "\(haptic.label): cannot read its baseline: \(error)")
    }
    guard
      let row = result.comparisons.first(where: {
        $0.pattern == entry.name && $0.device == haptic.device.name && $0.state == haptic.state
      })
    else {
      return HaptCheckResult(
        passed: false,
        summary:
          "\(haptic.label): not in the baseline in \(folder); run the test once with \(recordVariable)=1 to record it"
      )
    }
    let problems = result.problems.filter {
      $0.contains("model version") || $0.contains("'\(haptic.device.name)'")
    }
    let recorded = recordedFeatures(folder: folder, row: row)
    let differences = recorded.map { PerceivedDifference.between($0, haptic.features) } ?? []
    let similarity = row.stsim.map { String(format: "ST-SIM %.3f", $0) } ?? "ST-SIM n/a"
    let dPrime = recorded.map { ", d' " + jnd(Distinguishability.dPrime($0, haptic.features)) } ?? ""
    switch row.status {
    case .unchanged where problems.isEmpty:
      return HaptCheckResult(
        passed: true, summary: "\(haptic.label): matches its baseline (\(similarity)\(dPrime))",
        differences: differences)
    default:
      let what = (problems + row.changes).joined(separator: "; ")
      return HaptCheckResult(
        passed: false,
        summary:
          "\(haptic.label): \(row.status.rawValue) from its baseline in \(folder): \(what)\(dPrime.isEmpty ? "" : " (\(dPrime.dropFirst(2)))")",
        differences: differences)
    }
  }

  /// The perceptual features of the recorded signal of `row`, or nil if unreadable.
  static func recordedFeatures(folder: String, row: BaselineComparison) -> PerceptualFeatures? {
    guard
      let manifest = try? BaselineManifest(
        jsonBytes: InputFile.read(folder + "/" + BaselineManifest.fileName)),
      let record = manifest.records.first(where: {
        $0.pattern == row.pattern && $0.device == row.device && $0.state == row.state
      }),
      var signal = try? AudioFile.read(path: folder + "/" + record.signalFile).signal
    else { return nil }
    if signal.sampleRate_Hz != SignalSource.metricRate_Hz {
      signal = Resampler.resample(signal, to: SignalSource.metricRate_Hz)
    }
    return PerceptualFeatures(signal)
  }
}
