/// How serious a lint finding is.
package enum LintSeverity: String, CaseIterable, Comparable, Sendable {
  /// The file breaks a rule of its format; players may reject or misplay it.
  case error
  /// The file plays, but probably not as meant, or it breaks a UX guideline.
  case warning
  /// Worth knowing; nothing to fix.
  case info

  private var rank: Int {
    switch self {
    case .error: 0
    case .warning: 1
    case .info: 2
    }
  }

  /// Errors sort first.
  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// One rule break found in a pattern file: by the lenient decoders or by `hapt lint`.
///
/// Rule identifiers and their meaning are listed in `Docs/Patterns.md` and ``LintRule``.
package struct LintFinding: Equatable, Sendable, CustomStringConvertible {
  /// The rule's identifier, e.g. `AHAP003`.
  package var ruleID: String
  package var severity: LintSeverity
  /// The file's path as the user gave it (empty while unknown).
  package var file: String
  /// A JSON path or `line L, column C`.
  package var place: String
  /// What is wrong, in a short phrase.
  package var message: String
  /// The place as a line and column of the file, when known (``LintReport`` fills it in).
  package var position: SourcePosition?

  package init(ruleID: String, severity: LintSeverity, file: String, place: String, message: String) {
    self.ruleID = ruleID
    self.severity = severity
    self.file = file
    self.place = place
    self.message = message
  }

  /// `FILE: PLACE: severity: message [RULE]`.
  package var description: String {
    [file, place, "\(severity.rawValue): \(message) [\(ruleID)]"].filter { !$0.isEmpty }
      .joined(separator: ": ")
  }
}
