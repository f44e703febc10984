/// One option of a subcommand: parses it and documents it (one table does both).
struct OptionSpec: Sendable {
  /// The long name without dashes: `device` for `--device`.
  let name: String
  /// The placeholder of its value (`NAME`, `SECONDS`), or nil for a flag.
  let valueName: String?
  /// One line of help. State units and the default.
  let help: String
  /// Whether the option may be given more than once (values accumulate; a value may
  /// also be a comma-separated list if the command says so).
  let repeatable: Bool

  static func flag(_ name: String, help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help, repeatable: false)
  }

  static func value(
    _ name: String, _ valueName: String, help: String, repeatable: Bool = false
  )
    -> OptionSpec
  {
    OptionSpec(name: name, valueName: valueName, help: help, repeatable: repeatable)
  }

  /// An option whose value is a duration with its unit (`50ms`, `0.05s`; `50 ms` with a
  /// space is read the same). A bare number is a usage error: it would be ambiguous.
  static func duration(_ name: String, help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: durationValueName, help: help, repeatable: false)
  }

  /// The placeholder of duration options; the parser joins `50 ms` for them.
  static let durationValueName = "DURATION"

  /// The units a duration accepts, with their length in seconds.
  static let durationUnits: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1)]

  /// The help line's left column: `--device NAME`.
  var synopsis: String {
    valueName.map { "--\(name) \($0)" } ?? "--\(name)"
  }
}

/// The shared `--format text|csv|json` option.
enum OutputFormat: String, CaseIterable, Sendable {
  case text, csv, json

  static let option = option([.text, .csv, .json])

  /// `--format` offering only `formats` (the parser accepts exactly those).
  static func option(_ formats: [OutputFormat]) -> OptionSpec {
    OptionSpec.value("format", formats.map(\.rawValue).joined(separator: "|"), help: "Output format (default: text).")
  }
}
