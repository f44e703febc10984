import Foundation
import HaptCore
import HaptExplanation
import HaptPatterns
import HaptReports
import Testing

/// `compare --format json` carries the explanation's first layer with units in its keys.
@Suite struct ExplanationJSONTests {
  @Test func editsAndUnfeltReasonsAreFields() throws {
    let old = HapticPattern(events: [
      .transient(at: 0, intensity: 0.9, sharpness: 0.7), .transient(at: 0.12, intensity: 0.9, sharpness: 0.7),
    ])
    var new = old
    new.events[1].time_s = 0.17
    new.events[0].intensity = 0.5
    let e = Explanation(old: old, new: new, felt: [], dPrime_JND: 0.2, band_Hz: 80...300)
    let text = JSONWriter.string(ReportJSON.explanation(e)).replacingOccurrences(of: "\": ", with: "\":")
    #expect(text.contains("\"change\":\"intensity\""))
    #expect(text.contains("\"from\":0.9"))
    #expect(text.contains("\"change\":\"moved\""))
    #expect(text.contains("\"from_s\":0.12"))
    #expect(text.contains("\"to_s\":0.17"))
    #expect(text.contains("\"reason\":\"below one JND\""))
    #expect(text.contains("\"summary\":\"A and B feel the same (d' under one JND)\""))
    // Without the first layer (a recording), edits is null.
    let none = Explanation(old: nil, new: nil, felt: [], dPrime_JND: 0, band_Hz: nil)
    #expect(
      JSONWriter.string(ReportJSON.explanation(none)).replacingOccurrences(of: "\": ", with: "\":").contains(
        "\"edits\":null"))
  }
}
