import Foundation
import HaptCore
import HaptTestSupport
import Testing

@testable import HaptPatterns
@testable import HaptLint

/// Lint of one-line (minified) files, at sizes that would not finish in reasonable time if
/// positions, member lookups or key suggestions were quadratic (a 1 MB file with a
/// finding per entry took 22 s, 4 MB over 300 s): every finding still gets its exact line
/// and column in code points.
@Suite(.slow) struct OneLineLintTests {
  static func lint(_ text: String, name: String) throws -> [LintFinding] {
    let report = try lintReport(text, name: name)
    #expect(report.failures.isEmpty, "\(report.failures)")
    return report.findings
  }

  static func lintReport(_ text: String, name: String) throws -> LintReport {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-one-line-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name).path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return LintReport.lint(paths: [file])
  }

  /// 1-based code-point columns where `needle` ends in `text` (one line).
  static func columns(after needle: String, in text: String) -> [Int] {
    var result: [Int] = []
    let scalars = Array(text.unicodeScalars)
    let pattern = Array(needle.unicodeScalars)
    var i = 0
    while i + pattern.count <= scalars.count {
      if scalars[i] == pattern[0], Array(scalars[i..<(i + pattern.count)]) == pattern {
        result.append(i + pattern.count + 1)
        i += pattern.count
      } else {
        i += 1
      }
    }
    return result
  }

  /// 20,000 events on one line (1.8 MB), each with a misspelled key and a non-ASCII
  /// character before it: 20,000 suggestions at their exact columns.
  @Test func aMisspelledKeyPerEventOnOneLine() throws {
    let events = 20_000
    var text = "{\"Version\":1,\"Metadata\":{\"Project\":\"é\"},\"Pattern\":["
    for i in 0..<events {
      if i > 0 { text += "," }
      text +=
        "{\"Event\":{\"Time\":\(Double(i) * 0.05),\"EventType\":\"HapticTransient\",\"EventParameter\":[],\"x\":\"ü\"}}"
    }
    text += "]}"
    let findings = try Self.lint(text, name: "minified.ahap").filter { $0.ruleID == LintRule.misspelledKey.id }
    #expect(findings.count == events)
    #expect(findings.allSatisfy { $0.message.contains("did you mean \"EventParameters\"?") })
    let expected = Self.columns(after: "\"EventParameter\":", in: text)
    #expect(findings.map { $0.position?.line } == Array(repeating: 1, count: events))
    #expect(findings.map { $0.position?.column } == expected)
  }

  /// 100,000 distinct unknown keys in one object on one line: each found by index, each
  /// with its suggestion search, each at its column.
  @Test func oneHundredThousandUnknownKeysInOneObject() throws {
    let keys = 100_000
    var text = "{\"Version\":1,\"Pattern\":[]"
    for i in 0..<keys { text += ",\"ö\(i)\":\(i)" }
    text += "}"
    let findings = try Self.lint(text, name: "keys.ahap").filter { $0.ruleID == LintRule.unknownKey.id }
    #expect(findings.count == keys)
    let columns = findings.compactMap { $0.position?.column }
    #expect(columns.count == keys)
    // The value of key k starts after `"ök":` ; spot-check the first, a middle and the last.
    for k in [0, keys / 2, keys - 1] {
      let prefix = "{\"Version\":1,\"Pattern\":[]" + (0..<k).map { ",\"ö\($0)\":\($0)" }.joined() + ",\"ö\(k)\":"
      #expect(columns[k] == prefix.unicodeScalars.count + 1, "key \(k)")
    }
  }

  /// Every JSON fixture minified to one line lints to the same findings as the original,
  /// each on line 1 and within the line.
  @Test(arguments: Fixtures.all.filter { $0.hasSuffix(".ahap") || $0.hasSuffix(".haps") || $0.hasSuffix(".haptic") })
  func minifiedFixturesKeepTheirFindings(name: String) throws {
    let original = String(decoding: try Fixtures.bytes(name), as: UTF8.self)
    let oneLine = original.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    let before = try Self.lintReport(original, name: name)
    let after = try Self.lintReport(oneLine, name: name)
    #expect(after.findings.map(\.ruleID) == before.findings.map(\.ruleID))
    #expect(after.failures.count == before.failures.count)
    let length = oneLine.unicodeScalars.count
    for finding in after.findings {
      #expect(finding.position?.line == 1)
      #expect((finding.position?.column ?? 0) <= length + 1)
    }
  }
}
