import HaptTestSupport
import Foundation
import HaptMetrics
import HaptEvaluation
import Testing

@testable import HaptReports

/// Neighbours are felt patterns (issue 18, item 7) ranked by the perceptual distance, and
/// pattern pages speak the designer's words.
@Suite(.slow) struct FeltNeighboursTests {
  @Test func silentPatternsAreNobodysNeighbourAndAreListedAsSilent() throws {
    let e = try CorpusReportTests.evaluation.get()
    let silent = Set(e.corpus.entries.indices.filter { !e.attributes[$0].isPerceptible })
    #expect(silent.count == 2, "the fixture has two muted patterns")
    for (p, list) in e.pairwise.neighbours.enumerated() {
      for pair in list {
        #expect(!silent.contains(pair.other(than: p)), "\(e.corpus.entries[p].name) lists a silent neighbour")
        #expect(!silent.contains(p), "silent \(e.corpus.entries[p].name) has neighbours")
        #expect(pair.neighbourDistance.isFinite)
      }
      if !silent.contains(p) { #expect(!list.isEmpty) }
    }
    let folder = try CorpusReportTests.report.get()
    let catalog = PatternCatalog(e)
    for p in silent {
      let page = try #require(ReportFixture.file(folder, catalog.items[p].page))
      #expect(page.contains("nobody feels it, so it is no pattern"))
      #expect(page.contains("Nobody feels this pattern on"))
    }
  }

  @Test func neighboursAreInPerceptualDistanceOrder() throws {
    let e = try CorpusReportTests.evaluation.get()
    for (p, list) in e.pairwise.neighbours.enumerated() {
      let distances = list.map(\.neighbourDistance)
      #expect(distances == distances.sorted(), "\(e.corpus.entries[p].name)")
      for pair in list {
        let a = e.attributes[pair.first]
        let b = e.attributes[pair.second]
        #expect(pair.neighbourDistance == PerceptualDistance.distance(a, b, dPrime: pair.dPrime))
      }
    }
  }

  @Test func patternPagesShowTheAttributes() throws {
    let e = try CorpusReportTests.evaluation.get()
    let folder = try CorpusReportTests.report.get()
    let catalog = PatternCatalog(e)
    let hard = try #require(e.corpus.entries.firstIndex { $0.name.hasSuffix("tap-hard.ahap") })
    let page = try #require(ReportFixture.file(folder, catalog.items[hard].page))
    #expect(page.contains("How it feels"))
    #expect(page.contains("tempo_Hz") && page.contains("continuity"))
    #expect(page.contains("perceptual distance"))
  }

  @Test func wordingSaysHowTwoPatternsDiffer() {
    let warning = PerceptualAttributes(
      energy: 0.2, tempo_Hz: 8, meanMagnitude: 0.3, fluctuation: 0.3, continuity: 0.2, duration_s: 0.3, feltEvents: 3)
    let error = PerceptualAttributes(
      energy: 0.4, tempo_Hz: 16, meanMagnitude: 0.3, fluctuation: 0.3, continuity: 0.2, duration_s: 0.3,
      feltEvents: 5)
    #expect(
      PerceptualWording.comparison(error, "error", warning, "warning")
        == "error is 2.0x stronger and 2.0x faster than warning")
    #expect(PerceptualWording.comparison(warning, "a", warning, "b").contains("feel about the same"))
    #expect(PerceptualWording.comparison(warning, "a", .silent, "b") == "b is not felt")
  }

  /// A single tap has no tempo and no texture: a tap made weaker is weaker, never slower
  /// or smoother.
  @Test func aSingleTapHasNoTempoOrTexture() {
    let tap = PerceptualAttributes(
      energy: 0.5, tempo_Hz: 25, meanMagnitude: 0.4, fluctuation: 0.4, continuity: 0.1, duration_s: 0.04,
      feltEvents: 1)
    let weaker = PerceptualAttributes(
      energy: 0.3, tempo_Hz: 18, meanMagnitude: 0.2, fluctuation: 0.2, continuity: 0.1, duration_s: 0.035,
      feltEvents: 1)
    #expect(PerceptualWording.comparison(weaker, "B", tap, "A") == "B is 1.7x weaker than A")
  }

  /// The design review says how success, warning and error differ in the felt attributes,
  /// next to d''s verdict for each pair.
  @Test func designReviewStatesHowSuccessWarningAndErrorFeel() throws {
    typealias F = ReportFixture
    let taps = { (count: Int, gap: Double, intensity: Double) in
      (0..<count).map { F.transient(Double($0) * gap, intensity: intensity, sharpness: 0.5) }
    }
    let files = [
      "success.ahap": F.ahap(taps(2, 0.15, 0.5)),
      "warning.ahap": F.ahap(taps(2, 0.15, 0.5) + [F.continuous(0.4, 0.3, intensity: 0.5, sharpness: 0.3)]),
      "error.ahap": F.ahap(taps(5, 0.08, 1)),
    ]
    let e = try F.evaluation(files, reviewSet: ["success", "warning", "error"])
    let folder = CorpusReport.build(e, title: "t")
    let index = try #require(F.file(folder, "index.html"))
    #expect(index.contains("How they differ in feel"))
    let sentences = F.captures("<li>([^<]*(?:than|feel about the same)[^<]*JND[^<]*)</li>", in: index)
    // Error is twice the intensity of the others: its sentences say so.
    #expect(
      sentences.contains { $0.contains("error") && ($0.contains("stronger") || $0.contains("weaker")) },
      "\(sentences)")
    for (a, b) in [("success", "warning"), ("success", "error"), ("warning", "error")] {
      #expect(
        sentences.contains { $0.contains(a) && $0.contains(b) }, "\(a) / \(b) in \(sentences)")
    }
  }
}
