import HaptCommandLine

/// The shared `--format text|csv|json` option.
enum OutputFormat: String, CaseIterable, Sendable {
  case text, csv, json
}

extension Argument {
  /// `--format` offering only `formats` (the parser accepts exactly those; the help lists
  /// them as the placeholder).
  static func format(
    _ keyPath: WritableKeyPath<Command, OutputFormat>, _ formats: [OutputFormat] = OutputFormat.allCases,
    help: String = "Output format (default: text)."
  ) -> Argument {
    let allowed = formats.map(\.rawValue)
    return .option(
      "format", allowed.joined(separator: "|"), help: help, keyPath,
      ValueParser<OutputFormat>.choice.refusing(
        unless: { formats.contains($0) }, expected: allowed.joined(separator: ", ")))
  }
}
