import HaptTestSupport
import Foundation
import HaptCore
import HaptSignals
import HaptSimulation
import HaptEvaluation
import Testing

@testable import HaptReports

/// Issue 31 items 3, 5 and 9: the report shows what matters. The latency charts hold the
/// slowest felt patterns; the ports people would notice leave out silent ones; a page's
/// cold-start advice is one table, the same words as the CLI, none of it `prepare()` on
/// Android; each page carries its sound.
@Suite(.serialized, .slow) struct ReportEmphasisTests {
  static let evaluation = Result { try ReportFixture.evaluation(ReportFixture.files()) }
  static let report = Result {
    var limits = CorpusReport.Limits()
    limits.latencyBars = 3
    return CorpusReport.build(try evaluation.get(), title: "t", limits: limits)
  }

  /// The SVG of the latency chart titled `title` in `index`.
  static func chart(_ title: String, in index: String) throws -> String {
    let start = try #require(index.range(of: title))
    let rest = index[start.lowerBound...]
    let end = try #require(rest.range(of: "</figure>"))
    return String(rest[..<end.upperBound])
  }

  @Test func theREADMEsTenBarsAreTheDefault() {
    #expect(CorpusReport.Limits().latencyBars == 10)
  }

  @Test func latencyChartsHoldTheSlowestFeltPatterns() throws {
    let e = try Self.evaluation.get()
    let index = try #require(ReportFixture.file(try Self.report.get(), "index.html"))
    let chart = try Self.chart("Detect latency on iphone-wideband-lra (prepared)", in: index)
    // mute-1 and mute-2 are never felt: named under the chart, never drawn as bars.
    #expect(chart.contains("Never felt (not drawn): mute-1.ahap and mute-2.ahap."), "\(chart.suffix(600))")
    #expect(!chart.contains(">mute-1.ahap<") && !chart.contains(">mute-2.ahap<"))
    // The three slowest felt patterns on that device are the bars.
    let felt = e.measurements.filter {
      $0.device == "iphone-wideband-lra" && $0.state == .prepared && $0.markers.detect_s != nil
    }
    let slowest = felt.sorted { ($0.markers.detect_s!, $0.pattern) > ($1.markers.detect_s!, $1.pattern) }.prefix(3)
    #expect(slowest.count == 3)
    for m in slowest { #expect(chart.contains(m.pattern), "\(m.pattern) is not in the chart") }
    #expect(chart.contains("the 3 slowest of \(felt.count) felt patterns"))
  }

  @Test func portsPeopleWouldNoticeLeaveOutSilentOnes() throws {
    let rows = [
      AndroidPortsSectionTests.row("felt.ahap", "android-lra-235", 2.1, .feelsDifferent),
      AndroidPortsSectionTests.row("mute.ahap", "android-lra-235", nil, .silent),
    ]
    let text = try AndroidPortsSectionTests.html(rows)
    #expect(text.contains("verdict of felt.ahap"))
    #expect(!text.contains("verdict of mute.ahap"), "a silent port has no d' to rank")
    #expect(text.contains("1 is not felt") || text.contains("not felt"))
  }

  /// The rows of the page's latency table (``PatternPage/latencyTable(_:states:latencies:)``),
  /// header first.
  static func latencyRows(_ page: String) throws -> [String] {
    let section = try #require(page.components(separatedBy: "id=\"latency\"").last)
    let table = try #require(section.components(separatedBy: "<table class=\"latency\">").dropFirst().first)
    let rows = table.components(separatedBy: "</table>")[0]
    // Rows and cells have no end tags (HTML's optional tags): a row runs to the next.
    return rows.components(separatedBy: "<tr>").dropFirst().map { $0.components(separatedBy: "</tbody>")[0] }
  }

  @Test func pagesSayPrepareOnceAndNeverFailForAColdStartAlone() throws {
    let e = try Self.evaluation.get()
    let folder = try Self.report.get()
    let catalog = PatternCatalog(e)
    var prepareRows = 0
    for (i, item) in catalog.items.enumerated() {
      let page = try #require(ReportFixture.file(folder, item.page))
      let rows = try Self.latencyRows(page)
      for latency in item.latencies {
        let perPattern = e.options.devices.count * e.options.states.count
        for m in e.measurements[(i * perPattern)..<((i + 1) * perPattern)] where m.device == latency.device {
          guard latency.missesOnlyCold(m) else { continue }
          prepareRows += 1
          // One row per device: device, onset, rise, peak (why silent, when a device has
          // a reason), then per state its detect in a cell coloured by its verdict.
          let row = try #require(rows.first { $0.hasPrefix("<td>\(m.device)<td") })
          let cells = row.components(separatedBy: "<td").dropFirst().map { String($0) }
          let state = try #require(e.options.states.firstIndex(of: m.state))
          let verdict = cells[cells.count - e.options.states.count + state]
          #expect(verdict.contains("class=\"v prepare\""), "\(item.name) \(m.device) \(m.state): \(row)")
          #expect(!row.contains("v fail"))
        }
      }
      // One table of what to do, not one note per device.
      let needing = item.latencies.filter { $0.verdict == .prepare }
      #expect(page.components(separatedBy: ">what to do</thead>").count == (needing.isEmpty ? 1 : 2), "\(item.name)")
      #expect(!page.contains("passes on a prepared engine and misses the budget only because the engine starts in"))
      for latency in needing {
        let advice = try #require(latency.advice)
        #expect(page.contains(advice), "\(item.name): \(advice)")
        let device = try #require(e.options.devices.first { $0.name == latency.device })
        if device.platform == .android {
          #expect(!advice.contains("prepare at least"), "\(advice)")
          #expect(advice.contains("Android has no prepare()"))
        } else {
          #expect(advice.hasPrefix("prepare at least "))
        }
      }
    }
    #expect(prepareRows > 0)
    let index = try #require(ReportFixture.file(folder, "index.html"))
    #expect(!index.contains("on android-lra-235 only because the engine starts in"))
  }

  @Test func eachAudiblePageCarriesItsSound() throws {
    let e = try Self.evaluation.get()
    let folder = try Self.report.get()
    let catalog = PatternCatalog(e)
    for (i, item) in catalog.items.enumerated() {
      let page = try #require(ReportFixture.file(folder, item.page))
      let soundPath = PatternAudio.path(forPage: item.page)
      let soundFile = String(soundPath.split(separator: "/").last!)
      #expect(soundFile.hasSuffix(".flac"))
      let acceleration = e.primary[i].rendering.acceleration_g
      guard acceleration.samples.contains(where: { $0 != 0 }) else {
        #expect(folder.data(of: soundPath) == nil && !page.contains("<audio"), "\(item.name) is silent")
        continue
      }
      #expect(page.contains("<audio controls=\"controls\" preload=\"none\" src=\"\(soundFile)\">"), "\(item.name)")
      #expect(page.contains("played as sound") && page.contains("not the feel"))
      #expect(!page.contains("<script"))
      #expect(page.contains("media-src &#39;self&#39; file:"))
      let flac = try #require(folder.data(of: soundPath))
      #expect(flac.starts(with: Array("fLaC".utf8)))
      // Read back through libsndfile: the acceleration at 4 kHz (anti-aliased), at the
      // fixed scale, without the end that rounds to 0.
      let scratch = try SmallBaselineTests.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: scratch) }
      let file = scratch.appendingPathComponent(soundFile).path
      try flac.write(to: URL(fileURLWithPath: file))
      let sound = try AudioFile.read(path: file).signal
      #expect(sound.sampleRate_Hz == 4000)
      #expect(acceleration.sampleRate_Hz == 8000)
      let heard = Resampler.resample(acceleration, to: 4000).samples
      let levels = heard.map { ($0 / PatternAudio.fullScale_g * 32767).rounded() }
      let kept = (levels.lastIndex { $0 != 0 } ?? 0) + 1
      #expect(kept <= heard.count && heard.count <= acceleration.count / 2 + 1)
      #expect(sound.count == kept)
      #expect(sound.samples.last != 0)
      // The samples are the resampled acceleration at the fixed scale, every one of them.
      #expect(sound.samples.map { $0 * 32768 } == Array(levels.prefix(kept)))
      let peak = heard.indices.max { abs(heard[$0]) < abs(heard[$1]) }!
      #expect(abs(heard[peak]) > 0.5 * acceleration.samples.map(abs).max()!)
      // Lossless, and about half the bytes of the same samples as a 16-bit WAV.
      #expect(flac.count < 44 + 2 * kept)
    }
  }
}
