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

  static func value(_ name: String, _ valueName: String, help: String, repeatable: Bool = false)
    -> OptionSpec
  {
    OptionSpec(name: name, valueName: valueName, help: help, repeatable: repeatable)
  }

  /// The help line's left column: `--device NAME`.
  var synopsis: String {
    valueName.map { "--\(name) \($0)" } ?? "--\(name)"
  }
}

/// The shared `--format text|csv|json` option.
enum OutputFormat: String, CaseIterable, Sendable {
  case text, csv, json

  static let option = OptionSpec.value(
    "format", "text|csv|json", help: "Output format (default: text).")
}
