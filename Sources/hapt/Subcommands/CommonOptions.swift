import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation
import HaptWorkflows

/// Options that several subcommands share, so that they parse and read the same way.
enum CommonOptions {
  static let device = OptionSpec.value(
    "device", "NAME|PATH",
    help:
      "Device profile by name (see 'hapt devices') or JSON path; repeatable or comma-separated; 'all' for every shipped profile.",
    repeatable: true)
  static let state = OptionSpec.value(
    "state", "prepared|cold|both", help: "Engine state at the trigger.")
  /// `--device` for commands that render on one device.
  static let oneDevice = OptionSpec.value(
    "device", "NAME|PATH",
    help: "Device profile by name (see 'hapt devices') or JSON path (default: \(DeviceProfile.defaultName)).")
  /// `--state` for commands that take one state.
  static let oneState = OptionSpec.value(
    "state", "prepared|cold", help: "Engine state at the trigger (default: prepared).")
  static let prepareLead = OptionSpec.duration(
    "prepare-lead",
    help:
      "prepare() called this long before the trigger (e.g. 100ms); replaces --state: one row per device, at the latency this lead gives."
  )
  static let threads = OptionSpec.value(
    "threads", "N", help: "Worker threads (default: HAPT_THREADS or the number of cores). Results do not depend on it.")

  static let maxFileBytes = OptionSpec.value(
    "max-file-bytes", "BYTES", help: "Largest pattern file read (default 67108864, 64 MiB).")
  static let maxEvents = OptionSpec.value(
    "max-events", "N", help: "Most events (and entries) in one pattern (default 100000).")
  static let maxControlPoints = OptionSpec.value(
    "max-control-points", "N", help: "Most curve control points in one pattern (default 1000000).")
  static let maxPatternTime = OptionSpec.duration(
    "max-pattern-time", help: "Latest time or longest duration in a pattern (default 3600s).")
  static let maxRenderDuration = OptionSpec.duration(
    "max-render-duration",
    help: "Longest render per pattern; longer ones are cut there, with a warning (default 600s).")
  static let maxFiles = OptionSpec.value(
    "max-files", "N", help: "Most pattern files in the corpus (default 100000).")

  /// The pattern-limit options, in the order help lists them.
  static let patternLimits = [maxFileBytes, maxEvents, maxControlPoints, maxPatternTime]

  /// Pattern limits with `--max-file-bytes`, `--max-events`, `--max-control-points` and
  /// `--max-pattern-time` applied.
  static func limits(_ arguments: ParsedArguments) throws -> PatternLimits {
    var limits = PatternLimits()
    limits.maxBytes = try arguments.integer("max-file-bytes", default: limits.maxBytes, in: 1...(1 << 40))
    limits.maxEvents = try arguments.integer("max-events", default: limits.maxEvents, in: 1...100_000_000)
    limits.maxControlPoints = try arguments.integer(
      "max-control-points", default: limits.maxControlPoints, in: 1...1_000_000_000)
    limits.maxTime_s = try arguments.seconds("max-pattern-time", default: limits.maxTime_s)
    guard (0.001...1e7).contains(limits.maxTime_s) else {
      throw UsageError.invalidValue(
        option: "--max-pattern-time", value: arguments.value("max-pattern-time") ?? "",
        expected: "a duration from 1ms to 10000000s")
    }
    return limits
  }

  /// The corpus under `paths`, loaded with `--max-files` and `--max-file-bytes`.
  ///
  /// Says once on stderr which files were skipped as not patterns; a corpus with no
  /// pattern that loads is an error (exit 66) naming what was skipped. Load errors of
  /// single files are printed here too.
  static func corpus(_ paths: [String], _ arguments: ParsedArguments, _ console: Console) throws -> PatternCorpus {
    let corpus = PatternCorpus.load(
      paths, maxFiles: try arguments.integer("max-files", default: 100_000, in: 1...100_000_000),
      limits: try limits(arguments))
    for failure in corpus.failures { console.error(ErrorText.line(failure.error)) }
    try corpus.requirePatterns(in: paths)
    if let skipped = corpus.skippedSummary { console.warning(skipped) }
    return corpus
  }

  /// `--max-render-duration` in seconds.
  static func maxRenderDuration(_ arguments: ParsedArguments) throws -> Double {
    let value = try arguments.seconds("max-render-duration", default: RenderOptions.defaultMaxDuration_s)
    guard value > 0 else {
      throw UsageError.invalidValue(
        option: "--max-render-duration", value: arguments.value("max-render-duration") ?? "",
        expected: "a positive duration")
    }
    return value
  }

  /// The devices named by `--device` (default: the iPhone-class profile).
  static func devices(
    _ arguments: ParsedArguments, default defaultNames: [String] = [DeviceProfile.defaultName]
  ) throws
    -> [DeviceProfile]
  {
    let names = arguments.list("device")
    if arguments.specs["device"]?.repeatable == false, names.count > 1 || names == ["all"] {
      throw UsageError.invalidValue(
        option: "--device", value: arguments.value("device") ?? "", expected: "one device profile, by name or path")
    }
    if names == ["all"] { return try DeviceProfile.shipped() }
    return try (names.isEmpty ? defaultNames : names).map { try DeviceProfile.load(nameOrPath: $0) }
  }

  /// The states named by `--state`.
  static func states(_ arguments: ParsedArguments, default defaultStates: [EngineState]) throws -> [EngineState] {
    guard let text = arguments.value("state") else { return defaultStates }
    let allowed = arguments.allowedWords("state") ?? ["prepared", "cold", "both"]
    guard allowed.contains(text) else {
      throw UsageError.invalidValue(option: "--state", value: text, expected: allowed.joined(separator: ", "))
    }
    if text == "both" { return [.prepared, .cold] }
    guard let state = EngineState(rawValue: text) else {
      throw UsageError.invalidValue(option: "--state", value: text, expected: allowed.joined(separator: ", "))
    }
    return [state]
  }

  /// `--prepare-lead` in seconds, or nil.
  static func prepareLead(_ arguments: ParsedArguments) throws -> Double? {
    guard arguments.value("prepare-lead") != nil else { return nil }
    return try arguments.seconds("prepare-lead", default: 0)
  }

  /// The exit status for files that could not be read, or nil if there were none: 65 when
  /// any file is there but bad (this wins), 66 when every failure is a missing file.
  static func loadFailureStatus(_ errors: [InputError]) -> ExitStatus? {
    guard !errors.isEmpty else { return nil }
    return errors.allSatisfy { $0.exitStatus == .noInput } ? .noInput : .dataError
  }

  /// Creates the folders above an output folder `out` (`Baselines/` for
  /// `--out Baselines/library`), as `mkdir -p` would; the output itself is written later.
  /// - Throws: ``InputError`` (exit 73) if they cannot be created.
  static func createParentFolder(of out: String) throws {
    let parent = URL(fileURLWithPath: out).deletingLastPathComponent().path
    guard !FileManager.default.fileExists(atPath: parent) else { return }
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: out, "cannot create the parent folder", status: .cannotCreate)
    }
  }

  /// `--budget` and `--warn` as a budget. Both given with the warn limit below the pass
  /// limit is refused; `--budget` alone past the default warn limit makes them equal.
  static func budget(_ arguments: ParsedArguments) throws -> LatencyBudget {
    let pass = try arguments.seconds("budget", default: LatencyBudget.default.pass_s)
    let warn = try arguments.seconds("warn", default: max(LatencyBudget.default.warn_s, pass))
    if warn < pass {
      throw UsageError.conflict(
        "--warn \(arguments.value("warn") ?? "") is below --budget \(arguments.value("budget") ?? ""): "
          + "the warn limit must be at least the pass limit")
    }
    return LatencyBudget(pass_s: pass, warn_s: warn)
  }

  /// `--threads`, or the default.
  static func threads(_ arguments: ParsedArguments) throws -> Int {
    try arguments.integer("threads", default: Parallel.defaultThreadCount, in: 1...1024)
  }
}
