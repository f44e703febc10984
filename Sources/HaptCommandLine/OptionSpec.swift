/// One option of a command as the parser and the help see it: its name, its value's
/// placeholder and its line of help.
package struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes: `device` for `--device`.
  package let name: String
  /// The placeholder of its value (`NAME`, `SECONDS`), or nil for a flag.
  package let valueName: String?
  /// One line of help. State units and the default.
  package let help: String
  /// Whether the option may be given more than once (values accumulate).
  package let repeatable: Bool

  package init(name: String, valueName: String?, help: String, repeatable: Bool) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.repeatable = repeatable
  }

  /// The placeholder of duration options; the lexer joins `50 ms` for them.
  package static let durationValueName = "DURATION"

  /// The units a duration accepts, with their length in seconds.
  package static let durationUnits: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1)]

  /// The help line's left column: `--device NAME`.
  package var synopsis: String {
    valueName.map { "--\(name) \($0)" } ?? "--\(name)"
  }

  /// The option as the usage line writes it: `[--device NAME]...` (repeatable),
  /// `[--strict]`.
  package var usageSynopsis: String {
    "[" + synopsis + "]" + (repeatable ? "..." : "")
  }

  /// `--name`, as messages write it.
  package var flagName: String { "--\(name)" }
}
