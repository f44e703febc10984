import HaptPatterns
/// Findings of one rule in one file, shown together: one line with the count and the first
/// few places instead of one line each (a file with 75 overlapping continuous events).
package struct LintGroup: Sendable, Equatable, CustomStringConvertible {
  /// The findings, in their order of report (same file, rule and severity).
  package var findings: [LintFinding]

  /// Places named on the grouped line.
  package static let placesShown = 3

  /// `FILE: PLACE: severity: message [RULE]` for one finding; for several, `FILE:
  /// severity: N findings [RULE], at PLACE, PLACE, PLACE and N more: first message`.
  package var description: String {
    guard let first = findings.first else { return "" }
    guard findings.count > 1 else { return first.description }
    let places = findings.prefix(Self.placesShown).map(\.place).filter { !$0.isEmpty }
    let more = findings.count - min(findings.count, Self.placesShown)
    var at = places.joined(separator: ", ")
    if more > 0 { at += " and \(more) more" }
    let head = "\(first.severity.rawValue): \(findings.count) findings [\(first.ruleID)]"
    let body = (at.isEmpty ? head : "\(head) at \(at)") + "; the first: \(first.message)"
    return [first.file, body].filter { !$0.isEmpty }.joined(separator: ": ")
  }
}

/// Groups lint findings for text output.
package enum LintGrouping {
  /// The findings grouped by file, rule and severity, each group where its first finding
  /// was; a rule found at most ``LintGroup/placesShown`` times in a file keeps one line
  /// per finding (each with its own message).
  package static func groups(_ findings: [LintFinding]) -> [LintGroup] {
    grouped(findings).flatMap { group in
      group.findings.count > LintGroup.placesShown ? [group] : group.findings.map { LintGroup(findings: [$0]) }
    }
  }

  static func grouped(_ findings: [LintFinding]) -> [LintGroup] {
    var groups: [LintGroup] = []
    var index: [String: Int] = [:]
    for finding in findings {
      let key = "\(finding.file)\u{0}\(finding.ruleID)\u{0}\(finding.severity.rawValue)"
      if let i = index[key] {
        groups[i].findings.append(finding)
      } else {
        index[key] = groups.count
        groups.append(LintGroup(findings: [finding]))
      }
    }
    return groups
  }
}
