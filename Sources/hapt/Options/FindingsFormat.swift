import HaptCommandLine
import HaptCore
import HaptReports

/// `--format` of the commands whose results are findings (lint, baseline check, latency):
/// the table formats and the reporters (Docs/CI.md).
enum FindingsFormat: String, CaseIterable, Sendable {
  case text, csv, json, xcode, github, sarif, markdown

  /// The table format, or nil for a reporter.
  var table: OutputFormat? { OutputFormat(rawValue: rawValue) }
  /// The reporter, or nil for a table format.
  var reporter: FindingFormat? { FindingFormat(rawValue: rawValue) }

  /// Prints `set` with the reporter (if this is one) and writes the Markdown summary to
  /// `summary` (if given); `set` is built only when needed.
  func write(_ set: @autoclosure () -> FindingSet, summary: String?, _ console: Console) throws {
    guard reporter != nil || summary != nil else { return }
    let set = set()
    if let reporter { console.out(reporter.report(set)) }
    if let summary { try AtomicFile.write(Self.signed(MarkdownReporter.report(set)), to: summary) }
  }

  /// A Markdown or XML file's text ending in the comment by which hapt knows, on a later
  /// run, that it wrote the file (``OutputFileGuard/textSignature``).
  static func signed(_ text: String) -> String {
    (text.hasSuffix("\n") || text.isEmpty ? text : text + "\n") + OutputFileGuard.textSignature + "\n"
  }
}

extension Argument {
  /// `--format text|csv|json|xcode|github|sarif|markdown`.
  static func findingsFormat(_ keyPath: WritableKeyPath<Command, FindingsFormat>) -> Argument {
    .option(
      "format", FindingsFormat.allCases.map(\.rawValue).joined(separator: "|"),
      help: "Output format (default: text); xcode, github, sarif and markdown report findings (Docs/CI.md).", keyPath,
      .choice)
  }

  /// `--summary FILE`: also write the Markdown summary there.
  static func summary(_ keyPath: WritableKeyPath<Command, String?>) -> Argument {
    .option(
      "summary", "FILE", help: "Also write a Markdown summary to FILE (for $GITHUB_STEP_SUMMARY or a comment).",
      keyPath, .string)
  }
}
