import Foundation
import HaptCore

/// A Markdown summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the verdict
/// and the counts, then one table row per finding (what changed, in words and JNDs, per
/// pattern, device and state for checks; file, line and rule for lint), and a link to the
/// full report when one was written.
package enum MarkdownReporter: FindingReporter {
  /// Rows listed before the table says how many more there are.
  package static let maxRows = 200

  package static func report(_ set: FindingSet) -> String {
    var out = "### hapt \(set.command): \(set.passed ? "passed" : "failed")\n\n"
    out += set.countsText + ".\n"
    for note in set.notes { out += "\n> " + escape(note) + "\n" }
    let isCheck = set.findings.contains { $0.device != nil }
    let hasDPrime = set.findings.contains { $0.dPrime_JND != nil }
    if !set.findings.isEmpty {
      out += "\n"
      if isCheck {
        out +=
          hasDPrime
          ? "| pattern | device | state | level | d' (JND) | finding |\n|---|---|---|---|---:|---|\n"
          : "| pattern | device | state | level | finding |\n|---|---|---|---|---|\n"
      } else {
        out += "| file | line | level | rule | finding |\n|---|---:|---|---|---|\n"
      }
      for finding in set.findings.prefix(maxRows) {
        let cells: [String]
        if isCheck {
          let what = finding.message.range(of: "): ").map { String(finding.message[$0.upperBound...]) }
          cells =
            [finding.pattern ?? finding.file, finding.device ?? "", finding.state ?? "", finding.level.rawValue]
            + (hasDPrime ? [finding.dPrime_JND.map { DecimalText.fixed($0, decimals: 2) } ?? ""] : [])
            + [what ?? finding.message]
        } else {
          cells = [
            finding.file, finding.position.map { "\($0.line):\($0.column)" } ?? "",
            finding.level.rawValue, finding.ruleID, finding.message,
          ]
        }
        out += "| " + cells.map(escape).joined(separator: " | ") + " |\n"
      }
      if set.findings.count > maxRows { out += "\n\(set.findings.count - maxRows) more findings are in the report.\n" }
    }
    if let link = set.reportLink {
      out += "\nFull report: [\(escape(link))](\(linkTarget(link)))\n"
    }
    return out
  }

  /// Text safe in a table cell: pipes, backticks, angle brackets, emphasis, backslashes
  /// and link brackets (`[`, `]`) escaped, on one line (controls as ``OneLine`` writes
  /// them), so that a name cannot make a link or an image.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case "[": out += "\\["
      case "]": out += "\\]"
      case "|": out += "\\|"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "`": out += "\\`"
      case "*": out += "\\*"
      case "_": out += "\\_"
      case "\n", "\r": out += " "
      default: out.append(character)
      }
    }
    return OneLine.escaped(out)
  }

  /// A link's target with what would end it or break its line percent-encoded.
  static func linkTarget(_ link: String) -> String {
    var out = ""
    for scalar in link.unicodeScalars {
      switch scalar {
      case " ", "(", ")", "<", ">", "[", "]", "\\", "\t",
        _ where OneLine.needsEscape(scalar):
        for byte in String(scalar).utf8 { out += String(format: "%%%02X", byte) }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
