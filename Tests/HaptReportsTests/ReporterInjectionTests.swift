import Foundation
import HaptPatterns
import Testing

@testable import HaptReports

/// Names and echoed values cannot inject: an `--format xcode` line cannot be broken into a
/// GitHub workflow command or carry a terminal escape, and a Markdown summary cannot be
/// given a link or an image by a file name.
@Suite struct ReporterInjectionTests {
  static let hostile = "x.ahap\r::error file=README.md,line=1::pwned\u{1B}]0;title\u{7}\u{1B}[2J"

  static func set(_ finding: Finding) -> FindingSet {
    FindingSet(
      command: "lint", rules: [FindingReporterTests.rule], findings: [finding], passed: false, counts: [("error", 1)])
  }

  static let finding = Finding(
    ruleID: "BASE001", level: .error, file: hostile, position: SourcePosition(line: 1, column: 2),
    message: "EventType \"\n::error file=README.md,line=1::pwned\u{1B}[31m\" is unknown")

  @Test func xcodeLinesStayOneLineWithoutControls() {
    let text = XcodeReporter.report(Self.set(Self.finding))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(text)")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D || $0.value == 0x07 }, "\(text)")
    #expect(text.contains("\\u{1B}"), "\(text)")
  }

  @Test func markdownEscapesLinkSyntaxInNames() {
    var finding = Self.finding
    finding.file = "[click](https://evil.example)![img](https://evil.example/x.png)"
    finding.message = "see [here](javascript:alert(1))"
    var set = Self.set(finding)
    set.reportLink = "report/index.html) [evil](https://evil.example"
    let text = MarkdownReporter.report(set)
    // Every `]` of the input is escaped, so none can close a link text.
    let unescaped = text.replacingOccurrences(of: "\\]", with: "")
    #expect(!unescaped.contains("](https://evil"), "\(text)")
    #expect(!unescaped.contains("](javascript"), "\(text)")
    #expect(text.contains("\\[click\\]"), "\(text)")
    #expect(text.hasSuffix("(report/index.html%29%20%5Bevil%5D%28https://evil.example)\n"), "\(text)")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
  }
}
