import HaptCore
import HaptReports

/// `--format` with the reporters (xcode, github, sarif, markdown) and `--summary FILE`,
/// for the commands whose results are findings: lint, baseline check, latency.
enum FindingOutput {
  static let format = OptionSpec.value(
    "format", "text|csv|json|xcode|github|sarif|markdown",
    help: "Output format (default: text); xcode, github, sarif and markdown report findings (Docs/CI.md).")
  static let summary = OptionSpec.value(
    "summary", "FILE", help: "Also write a Markdown summary to FILE (for $GITHUB_STEP_SUMMARY or a comment).")

  /// The table format `--format` names, or nil when it names a reporter.
  static func tableFormat(_ arguments: ParsedArguments) throws -> OutputFormat? {
    if reporter(arguments) != nil { return nil }
    if let text = arguments.value("format"), OutputFormat(rawValue: text) == nil {
      throw UsageError.invalidValue(
        option: "--format", value: text, expected: (arguments.allowedWords("format") ?? []).joined(separator: ", "))
    }
    return try arguments.format()
  }

  /// The reporter `--format` names, or nil.
  static func reporter(_ arguments: ParsedArguments) -> FindingFormat? {
    arguments.value("format").flatMap(FindingFormat.init(rawValue:))
  }

  /// Prints `set` in the reporter `--format` names (if it names one) and writes
  /// `--summary`.
  static func write(_ set: @autoclosure () -> FindingSet, _ arguments: ParsedArguments, _ console: Console) throws {
    let reporter = reporter(arguments)
    let summary = arguments.value("summary")
    guard reporter != nil || summary != nil else { return }
    let set = set()
    if let summary { try AtomicFile.write(MarkdownReporter.report(set), to: summary) }
    if let reporter { console.out(reporter.report(set)) }
  }
}
