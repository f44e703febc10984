import HaptCore

/// `path:line:column: error|warning|note: message [RULE]`, one line per finding: the
/// format clang and swiftc write, which Xcode and SwiftPM turn into issues on their
/// lines. A finding without a place in a file names the file alone (`path: error: ...`);
/// one without a file, `hapt`.
package enum XcodeReporter: FindingReporter {
  package static func report(_ set: FindingSet) -> String {
    set.findings.map(line).map { $0 + "\n" }.joined()
  }

  static func line(_ finding: Finding) -> String {
    var location = finding.file.isEmpty ? "hapt" : OneLine.escaped(finding.file)
    if let position = finding.position, !finding.file.isEmpty { location += ":\(position.line):\(position.column)" }
    let message = OneLine.escaped(finding.message.replacingOccurrences(of: "\n", with: " "))
    return "\(location): \(finding.level.rawValue): \(message) [\(finding.ruleID)]"
  }
}
