import HaptCore
import Testing

@testable import HaptPatterns

/// An AHAP fragment (an entry copied out of a pattern, with no `Pattern` array around
/// it) is not a pattern: decoding it is an error naming the file, not an empty pattern.
@Suite struct AHAPFragmentTests {
  @Test(arguments: [
    #"{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[]}}"#,
    #"{"Version":1,"Parameter":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterValue":0.5}}"#,
    #"{"ParameterCurve":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":[]}}"#,
  ])
  func aFragmentIsAnError(text: String) throws {
    let error = try #require(throws: InputError.self) { try AHAP.decode(text, file: "fragment.ahap") }
    #expect(error.file == "fragment.ahap")
    #expect(error.description.contains("an AHAP fragment"))
    #expect(error.description.contains("without a \"Pattern\" array"))
    #expect(!error.description.contains("\n"))
  }

  @Test func aPatternWithoutEntriesIsStillLenient() throws {
    let (pattern, findings) = try AHAP.decode(#"{"Version":1}"#, file: "empty.ahap")
    #expect(pattern.events.isEmpty)
    #expect(findings.map(\.ruleID).contains(LintRule.missingKey.id))
  }
}
