import HaptCore
import HaptPatterns
import HaptFormats
import HaptLint

extension FindingSet {
  /// The rule of files that cannot be read or decoded.
  package static let unreadableFile = FindingRule(
    id: "FILE001", name: "unreadable-file", shortDescription: "File cannot be read or decoded",
    fullDescription: "A file that cannot be read, or is not a pattern in its format: nothing in it is checked.",
    help: "Fix the place the message names (a JSON path or a line and column); the other files are still checked.",
    level: .error)

  /// The findings of `hapt lint`: one per rule break, and one per file that could not be
  /// read or decoded (at the place its error names).
  package static func lint(_ report: LintReport) -> FindingSet {
    var findings: [Finding] = []
    for file in report.files {
      if let error = file.error {
        findings.append(
          Finding(
            ruleID: unreadableFile.id, level: .error, file: error.file ?? file.file,
            position: errorPosition(error, path: file.file), message: error.message))
      }
      for finding in file.findings {
        findings.append(
          Finding(
            ruleID: finding.ruleID, level: FindingLevel(finding.severity), file: finding.file,
            position: finding.position ?? .start, message: finding.message))
      }
    }
    let checked = report.files.count - report.failures.count
    return FindingSet(
      command: "lint", rules: LintRule.all.map(FindingRule.init) + [unreadableFile], findings: findings,
      passed: report.failures.isEmpty,
      counts: [
        ("file(s) checked", checked), ("error(s)", report.count(.error)), ("warning(s)", report.count(.warning)),
        ("info", report.count(.info)), ("unreadable", report.failures.count),
      ], notes: report.skippedSummary.map { [$0] } ?? [])
  }

  /// The position an input error names in its file, or the start of the file.
  static func errorPosition(_ error: InputError, path: String) -> SourcePosition? {
    guard let bytes = try? InputFile.read(Corpora.resolve(path)) else { return nil }
    return FindingLocator(bytes: bytes, format: PatternFormat(path: path)).position(of: error.place ?? "")
  }
}

extension FindingLevel {
  /// A lint severity as a level: info is a note.
  package init(_ severity: LintSeverity) {
    switch severity {
    case .error: self = .error
    case .warning: self = .warning
    case .info: self = .note
    }
  }
}

extension FindingRule {
  /// A lint rule with its metadata.
  package init(_ rule: LintRule) {
    self.init(
      id: rule.id, name: rule.name, shortDescription: rule.name.replacingOccurrences(of: "-", with: " "),
      fullDescription: rule.summary,
      help: "hapt lint rule \(rule.id) (\(rule.name)): \(rule.summary) The rules table is in Docs/Patterns.md.",
      level: FindingLevel(rule.severity))
  }
}
