import HaptPatterns
import HaptSimulation
import HaptWorkflows

/// Options that several subcommands share, so that they parse and read the same way.
enum CommonOptions {
  static let device = OptionSpec.value(
    "device", "NAME|PATH",
    help: "Device profile by name (see 'hapt devices') or JSON path; repeatable or comma-separated; 'all' for every shipped profile.",
    repeatable: true)
  static let state = OptionSpec.value(
    "state", "prepared|cold|both", help: "Engine state at the trigger.")
  static let prepareLead = OptionSpec.value(
    "prepare-lead", "SECONDS", help: "prepare() called this long before the trigger (MODEL.md §4).")
  static let threads = OptionSpec.value(
    "threads", "N", help: "Worker threads (default: HAPT_THREADS or the number of cores). Results do not depend on it.")

  static let maxFileBytes = OptionSpec.value(
    "max-file-bytes", "BYTES", help: "Largest pattern file read (default 67108864, 64 MiB).")
  static let maxFiles = OptionSpec.value(
    "max-files", "N", help: "Most pattern files in the corpus (default 100000).")

  /// Pattern limits with `--max-file-bytes` applied.
  static func limits(_ arguments: ParsedArguments) throws -> PatternLimits {
    var limits = PatternLimits()
    limits.maxBytes = try arguments.integer("max-file-bytes", default: limits.maxBytes, in: 1...(1 << 40))
    return limits
  }

  /// The corpus under `paths`, loaded with `--max-files` and `--max-file-bytes`.
  static func corpus(_ paths: [String], _ arguments: ParsedArguments) throws -> PatternCorpus {
    PatternCorpus.load(
      paths, maxFiles: try arguments.integer("max-files", default: 100_000, in: 1...100_000_000),
      limits: try limits(arguments))
  }

  /// The devices named by `--device` (default: the iPhone-class profile).
  static func devices(_ arguments: ParsedArguments, default defaultNames: [String] = [DeviceProfile.defaultName]) throws
    -> [DeviceProfile]
  {
    let names = arguments.list("device")
    if names == ["all"] { return try DeviceProfile.shipped() }
    return try (names.isEmpty ? defaultNames : names).map { try DeviceProfile.load(nameOrPath: $0) }
  }

  /// The states named by `--state`.
  static func states(_ arguments: ParsedArguments, default defaultStates: [EngineState]) throws -> [EngineState] {
    guard let text = arguments.value("state") else { return defaultStates }
    if text == "both" { return [.prepared, .cold] }
    guard let state = EngineState(rawValue: text) else {
      throw UsageError.invalidValue(option: "--state", value: text, expected: "prepared, cold or both")
    }
    return [state]
  }

  /// `--prepare-lead` in seconds, or nil.
  static func prepareLead(_ arguments: ParsedArguments) throws -> Double? {
    guard arguments.value("prepare-lead") != nil else { return nil }
    return try arguments.seconds("prepare-lead", default: 0)
  }

  /// `--threads`, or the default.
  static func threads(_ arguments: ParsedArguments) throws -> Int {
    try arguments.integer("threads", default: Parallel.defaultThreadCount, in: 1...1024)
  }
}
