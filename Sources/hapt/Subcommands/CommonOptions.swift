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
