/// A way of writing a ``FindingSet`` for the place that reads it (SwiftLint's reporters
/// are the model: one small type per format over the same findings).
package protocol FindingReporter {
  /// The text of `set`, ending in a newline (empty when there is nothing to say).
  static func report(_ set: FindingSet) -> String
}

/// The reporters by the format name the command line gives them.
package enum FindingFormat: String, CaseIterable, Sendable {
  /// `path:line:column: error|warning|note: message [RULE]`, as Xcode and SwiftPM read
  /// build output.
  case xcode
  /// GitHub Actions workflow commands, shown as annotations on the pull request's diff.
  case github
  /// SARIF 2.1.0 for code scanning.
  case sarif
  /// A Markdown summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`.
  case markdown

  package var reporter: any FindingReporter.Type {
    switch self {
    case .xcode: XcodeReporter.self
    case .github: GitHubReporter.self
    case .sarif: SARIFReporter.self
    case .markdown: MarkdownReporter.self
    }
  }

  /// The text of `set` in this format.
  package func report(_ set: FindingSet) -> String { reporter.report(set) }
}
