/// GitHub Actions workflow commands, one per finding:
/// `::error file=PATH,line=L,col=C,title=RULE name::message`. GitHub shows them as
/// annotations on the lines of the pull request's diff (levels error, warning, notice).
package enum GitHubReporter: FindingReporter {
  package static func report(_ set: FindingSet) -> String {
    set.findings.map { line($0, rule: set.rule($0.ruleID)) }.map { $0 + "\n" }.joined()
  }

  static func line(_ finding: Finding, rule: FindingRule?) -> String {
    let command =
      switch finding.level {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    var properties: [String] = []
    if !finding.file.isEmpty {
      properties.append("file=" + escapeProperty(finding.file))
      if let position = finding.position {
        properties.append("line=\(position.line)")
        properties.append("col=\(position.column)")
      }
    }
    let title = rule.map { "\($0.id) \($0.name)" } ?? finding.ruleID
    properties.append("title=" + escapeProperty(title))
    return "::\(command) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
  }

  /// A message: `%`, carriage return and newline escaped, as the runner expects.
  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property value: also `:` and `,`, which end it.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
