import HaptCommandLine
import HaptSimulation

extension ValueParser where Value == [EngineState] {
  /// `prepared`, `cold` or (when `allowsBoth`) `both`, which gives both states.
  static func states(allowsBoth: Bool = true) -> ValueParser<[EngineState]> {
    let allowed = allowsBoth ? ["prepared", "cold", "both"] : ["prepared", "cold"]
    return ValueParser { text, option in
      guard allowed.contains(text) else {
        throw UsageError.invalidValue(option: option, value: text, expected: allowed.joined(separator: ", "))
      }
      if text == "both" { return [.prepared, .cold] }
      guard let state = EngineState(rawValue: text) else {
        throw UsageError.invalidValue(option: option, value: text, expected: allowed.joined(separator: ", "))
      }
      return [state]
    }
  }
}

extension Argument {
  /// `--state prepared|cold|both`.
  static func states(_ keyPath: WritableKeyPath<Command, [EngineState]?>) -> Argument {
    .option(
      "state", "prepared|cold|both", help: "Engine state at the trigger.", keyPath, ValueParser.states(allowsBoth: true)
    )
  }

  /// `--prepare-lead DURATION`: prepare() this long before the trigger.
  static func prepareLead(_ keyPath: WritableKeyPath<Command, Double?>, help: String) -> Argument {
    .option("prepare-lead", OptionSpec.durationValueName, help: help, keyPath, .duration)
  }

  /// `--max-render-duration DURATION`: longest render per pattern.
  static func maxRenderDuration(_ keyPath: WritableKeyPath<Command, Double>) -> Argument {
    .option(
      "max-render-duration", OptionSpec.durationValueName,
      help: "Longest render per pattern; longer ones are cut there, with a warning (default 600s).", keyPath,
      ValueParser.duration.refusing(unless: { $0 > 0 }, expected: "a positive duration"))
  }
}
