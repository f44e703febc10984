import HaptPatterns
import HaptFormats
@testable import HaptReports
import Testing
import HaptLint

/// The reporters on findings built by hand: escaping, findings without a place, levels.
@Suite struct FindingReporterTests {
  static let rule = FindingRule(
    id: "BASE001", name: "pattern-changed", shortDescription: "s", fullDescription: "f", help: "h", level: .error)

  static func set(_ findings: [Finding]) -> FindingSet {
    FindingSet(command: "baseline check", rules: [rule], findings: findings, passed: false, counts: [("changed", 1)])
  }

  static let changed = Finding(
    ruleID: "BASE001", level: .error, file: "Haptics/a b,c.ahap", position: SourcePosition(line: 3, column: 7),
    message: "a.ahap on phone (prepared): changed: 50% weaker\nsecond line", pattern: "a b,c.ahap", device: "phone",
    state: "prepared", dPrime_JND: 2.61)

  @Test func xcodeNamesFileLineAndColumnOrTheFileAlone() {
    var removed = Self.changed
    removed.position = nil
    #expect(
      XcodeReporter.report(Self.set([Self.changed, removed])) == """
        Haptics/a b,c.ahap:3:7: error: a.ahap on phone (prepared): changed: 50% weaker second line [BASE001]
        Haptics/a b,c.ahap: error: a.ahap on phone (prepared): changed: 50% weaker second line [BASE001]

        """)
  }

  @Test func githubEscapesMessagesAndProperties() {
    let line = GitHubReporter.report(Self.set([Self.changed]))
    #expect(
      line
        == "::error file=Haptics/a b%2Cc.ahap,line=3,col=7,title=BASE001 pattern-changed::"
        + "a.ahap on phone (prepared): changed: 50%25 weaker%0Asecond line\n")
    var note = Self.changed
    note.level = .note
    note.file = ""
    #expect(GitHubReporter.report(Self.set([note])).hasPrefix("::notice title=BASE001 pattern-changed::"))
  }

  @Test func markdownHasCountsAndOneRowPerFinding() {
    var set = Self.set([Self.changed])
    set.reportLink = "hapt junit.xml"
    let text = MarkdownReporter.report(set)
    #expect(text.hasPrefix("### hapt baseline check: failed\n\n1 changed.\n"))
    #expect(
      text.contains("| a b,c.ahap | phone | prepared | error | 2.61 | changed: 50% weaker second line |"), "\(text)")
    #expect(text.hasSuffix("Full report: [hapt junit.xml](hapt%20junit.xml)\n"))
    #expect(MarkdownReporter.escape("a|b <i> `x`") == "a\\|b &lt;i&gt; \\`x\\`")
  }

  @Test func sarifPercentEncodesRelativePathsAndKeepsThemRelative() {
    let text = SARIFReporter.report(Self.set([Self.changed]))
    #expect(text.contains("\"uri\": \"Haptics/a%20b,c.ahap\""), "\(text)")
    #expect(text.contains("\"startLine\": 3") && text.contains("\"startColumn\": 7"))
    #expect(text.contains("\"ruleIndex\": 0") && text.contains("\"level\": \"error\""))
  }

  @Test func eachFormatHasItsReporter() {
    #expect(FindingFormat.allCases.map(\.rawValue) == ["xcode", "github", "sarif", "markdown"])
    #expect(FindingFormat.xcode.report(Self.set([])) == "")
  }
}
