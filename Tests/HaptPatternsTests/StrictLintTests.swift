import Foundation
import HaptCore
import Testing

@testable import HaptPatterns
@testable import HaptFormats
@testable import HaptLint

/// Strict lint means strict (issue 18 item 9): a misspelled key that drops content names
/// the key meant, is a warning, and an error under strict lint; repeated findings are
/// grouped in text.
@Suite struct StrictLintTests {
  static let misspelled = """
    {"Version":1,"Pattern":[
     {"Event":{"Time":0,"EventType":"HapticContinuous","EventDuration":1,
       "EventParamters":[{"ParameterID":"HapticIntensity","ParameterValue":0.2}]}},
     {"ParameterCurves":{"ParameterID":"HapticIntensityControl","Time":0,
       "ParameterCurveControlPoints":[{"Time":0,"ParameterValue":0.1},{"Time":1,"ParameterValue":1}]}},
     {"Event":{"time":0.5,"EventType":"HapticTransient","Foo":1}}
    ]}
    """

  @Test func aMisspelledKeyNamesTheKeyMeant() throws {
    let findings = try AHAP.decode(Self.misspelled, file: "typo.ahap").findings
    let misspelled = findings.filter { $0.ruleID == LintRule.misspelledKey.id }
    #expect(
      misspelled.map(\.place) == [
        "Pattern[0].Event.EventParamters", "Pattern[1].ParameterCurves", "Pattern[2].Event.time",
      ])
    #expect(misspelled[0].message.contains("did you mean \"EventParameters\"?"))
    #expect(misspelled[1].message.contains("did you mean \"ParameterCurve\"?"))
    #expect(misspelled[2].message.contains("did you mean \"Time\"?"))
    #expect(misspelled.allSatisfy { $0.severity == .warning })
    // A key close to nothing AHAP defines is an ordinary unknown key.
    let unknown = findings.filter { $0.ruleID == LintRule.unknownKey.id }
    #expect(unknown.map(\.place) == ["Pattern[2].Event.Foo"])
    #expect(!unknown[0].message.contains("did you mean"))
  }

  @Test func strictLintMakesDroppedContentAnError() throws {
    let findings = try AHAP.decode(Self.misspelled, file: "typo.ahap").findings
    let report = LintReport(files: [.init(file: "typo.ahap", findings: findings, error: nil)])
    #expect(report.count(.error) == 0)
    let strict = report.strict()
    #expect(strict.count(.error) == 3)
    #expect(strict.findings.filter { $0.severity == .error }.allSatisfy { $0.ruleID == LintRule.misspelledKey.id })
    // Other findings keep their severity.
    #expect(strict.count(.warning) == report.count(.warning) - 3)
  }

  @Test func aMisspelledHapticKeyIsFoundToo() throws {
    let text = """
      {"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{
        "amplitdue":[{"time":0,"amplitude":0.5},{"time":0.1,"amplitude":0.5}]}}}}
      """
    let findings = try LofeltHaptic.decode(text, file: "t.haptic").findings
    let misspelled = try #require(findings.first { $0.ruleID == LintRule.hapticMisspelledKey.id })
    #expect(misspelled.message.contains("did you mean \"amplitude\"?"))
    #expect(LintRule.hapticMisspelledKey.strictSeverity == .error)
  }

  @Test func editDistanceCountsSlips() {
    func d(_ a: String, _ b: String) -> Int { KeySuggestion.editDistance(Array(a), Array(b)) }
    #expect(d("EventParamters", "EventParameters") == 1)
    #expect(d("ParameterCurves", "ParameterCurve") == 1)
    #expect(d("Tmie", "Time") == 1)  // a swap of neighbours is one slip
    #expect(d("abc", "abc") == 0)
    #expect(d("", "abc") == 3)
    #expect(d("kitten", "sitting") == 3)
    #expect(KeySuggestion.closest(to: "Foo", among: AHAP.Keys.event) == nil)
    #expect(KeySuggestion.closest(to: "EVENTTYPE", among: AHAP.Keys.event) == "EventType")
  }

  @Test func repeatedFindingsOfARuleInAFileAreOneLine() {
    let many = (0..<75).map {
      LintRule.overlappingContinuous.finding(file: "big.ahap", place: "events[\($0 + 1)]", "overlap \($0)")
    }
    let other = LintRule.fusingGap.finding(file: "big.ahap", place: "events[3]", "fuses")
    let elsewhere = LintRule.overlappingContinuous.finding(file: "other.ahap", place: "events[1]", "overlap")
    let groups = LintGrouping.groups(many + [other, elsewhere])
    #expect(groups.count == 3)
    #expect(groups[0].findings.count == 75)
    #expect(
      groups[0].description
        == "big.ahap: warning: 75 findings [PAT001] at events[1], events[2], events[3] and 72 more; the first: overlap 0"
    )
    #expect(groups[1].description == other.description)
    #expect(groups[2].description == elsewhere.description)
    // A rule found a few times keeps each finding's own line.
    let few = LintGrouping.groups(Array(many.prefix(3)))
    #expect(few.map(\.description) == many.prefix(3).map(\.description))
  }
}
