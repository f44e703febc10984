import Foundation
import HaptReports
import Testing

/// A report of several devices stays short: the primary device's latency charts, confusion
/// matrices and pairs are shown, every other device's are folded one click away.
@Suite struct FoldedDevicesTests {
  @Test func otherDevicesAreFoldedThePrimaryIsShown() throws {
    let folder = try CorpusReportTests.report.get()
    let html = try #require(ReportFixture.file(folder, "index.html"))
    let latency = try section("latency", of: html)
    let (shown, folded) = split(latency)
    #expect(shown.contains("Detect latency on iphone-wideband-lra (prepared)"))
    #expect(shown.contains("Detect latency on iphone-wideband-lra (cold)"))
    #expect(!shown.contains("Detect latency on android-lra-235"), "other devices' charts are folded")
    #expect(folded.contains("Detect latency on android-lra-235 (prepared)"))
    #expect(folded.contains("Detect latency on erm-phone (cold)"))
    #expect(latency.contains("<summary>Latency charts of the other devices (4)</summary>"), "\(latency.count)")
    let review = try section("review", of: html)
    let (reviewShown, reviewFolded) = split(review)
    #expect(reviewShown.contains("Predicted confusion on iphone-wideband-lra"))
    #expect(!reviewShown.contains("Predicted confusion on erm-phone"))
    #expect(reviewFolded.contains("Predicted confusion on erm-phone"))
    #expect(review.contains("<summary>Pairs on the other devices ("))
  }

  /// The section with `id`'s markup, from its start to the next section.
  func section(_ id: String, of html: String) throws -> String {
    let start = try #require(html.range(of: "id=\"s-\(id)\""), "section \(id)")
    let rest = html[start.upperBound...]
    let end = rest.range(of: "<section")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  /// The markup outside and inside the section's `<details>` blocks.
  func split(_ markup: String) -> (shown: String, folded: String) {
    var shown = ""
    var folded = ""
    var rest = Substring(markup)
    while let open = rest.range(of: "<details") {
      shown += rest[..<open.lowerBound]
      let close = rest.range(of: "</details>", range: open.upperBound..<rest.endIndex)?.upperBound ?? rest.endIndex
      folded += rest[open.lowerBound..<close]
      rest = rest[close...]
    }
    shown += rest
    return (shown, folded)
  }
}
