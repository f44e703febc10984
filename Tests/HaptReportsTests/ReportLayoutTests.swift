import Foundation
import Testing

@testable import HaptReports
@testable import HaptCharts

/// Layout of the latency, waveform and spectrogram charts as a person reads them at
/// 1280 px: labels that never collide, a readable budget region, no seams, one time axis.
@Suite struct ReportLayoutTests {
  @Test(arguments: [(50.0, 70.0), (50, 51), (20, 1000), (0, 5), (100, 990), (10, 1000)])
  func budgetLabelsNeverOverlap(pass: Double, warn: Double) {
    for upper in [140.0, 1000, 1100] where warn <= upper {
      let x = { (v: Double) in 200 + v / upper * 876 }
      let labels = LatencyChart.budgetLabelLayout(
        pass: (x(pass), "pass ≤ \(pass) ms"), warn: (x(warn), "warn ≤ \(warn) ms"), right: 1096)
      let (a, b) = (labels[0], labels[1])
      let sameRow = a.y == b.y
      #expect(!(sameRow && a.extent.overlaps(b.extent)), "labels overlap for pass \(pass), warn \(warn), axis \(upper)")
      #expect(b.extent.upperBound <= 1096)
    }
  }

  @Test func anOutlierDoesNotSqueezeTheBudgetRegion() {
    let latencies = (0..<50).map { 10 + Double($0 % 7) } + [1500]
    let axis = LatencyAxis(latencies_ms: latencies, pass_ms: 50, warn_ms: 70, left: 200, right: 1076)
    #expect(axis.breakAt_ms == 200)
    // The budget region keeps at least a sixth of the plot, and the outlier stays on it.
    #expect(axis(70) - axis(0) >= (1076 - 200) / 6)
    #expect(axis(1500) <= 1076 && axis(1500) > axis(1000))
    #expect(axis.upper_ms >= 1500)
    // Increasing, and the ticks are on the axis in order.
    let ticks = axis.ticks
    #expect(ticks == ticks.sorted() && ticks.contains(1000) && ticks.contains(50))
    #expect(zip(ticks, ticks.dropFirst()).allSatisfy { axis($0) < axis($1) })
    let chart = LatencyChart.render(
      title: "t",
      bars: latencies.enumerated().map {
        LatencyBar(pattern: "p\($0.offset)", device: "", state: "", detect_ms: $0.element)
      })
    #expect(chart.markup.contains("linear to 200 ms, logarithmic beyond"))
    #expect(chart.markup.contains("1500.0 ms ✗ fail"))
  }

  @Test func latenciesNearTheBudgetKeepALinearAxis() {
    let axis = LatencyAxis(latencies_ms: [10, 60, 90, 200], pass_ms: 50, warn_ms: 70, left: 0, right: 100)
    #expect(axis.breakAt_ms == nil)
    #expect(abs(axis(axis.upper_ms / 2) - 50) < 1e-9)
    #expect(axis.upper_ms >= 200)
  }

  @Test func seriesValues() {
    #expect(LatencyAxis.series(atLeast: 140) == 200)
    #expect(LatencyAxis.series(atLeast: 200) == 200)
    #expect(LatencyAxis.series(atLeast: 201) == 500)
    #expect(LatencyAxis.series(atLeast: 0.3) == 0.5)
  }

  /// The cell rectangles inside the spectrogram's raster group: per `<path>`, subpaths
  /// `Mx y` (or `mdx dy` from where the one before ended) then `hWvHh-W`.
  static func rasterRects(_ markup: String) -> [(x: Double, y: Double, w: Double, h: Double)] {
    guard let start = markup.range(of: "<g shape-rendering=\"crispEdges\">"),
      let end = markup.range(of: "</g>", range: start.upperBound..<markup.endIndex)
    else { return [] }
    let group = String(markup[start.upperBound..<end.lowerBound])
    let number = "(-?[0-9.]+)"
    guard
      let subpath = try? NSRegularExpression(pattern: "([Mm])\(number) ?\(number)h\(number)v\(number)h\(number)")
    else { return [] }
    var rects: [(x: Double, y: Double, w: Double, h: Double)] = []
    for d in ReportFixture.captures("d=\"([^\"]*)\"", in: group) {
      var x = 0.0
      var y = 0.0
      for match in subpath.matches(in: d, range: NSRange(d.startIndex..., in: d)) {
        guard let command = Range(match.range(at: 1), in: d).map({ d[$0] }) else { continue }
        let values = (2...6).compactMap { Range(match.range(at: $0), in: d).flatMap { Double(d[$0]) } }
        guard values.count == 5, values[4] == -values[2] else { continue }
        if command == "M" {
          x = values[0]
          y = values[1]
        } else {
          x += values[0]
          y += values[1]
        }
        rects.append((x, y, values[2], values[3]))
        y += values[3]  // the subpath ends at its bottom-left corner
      }
    }
    return rects
  }

  @Test func spectrogramCellsMeetOnWholePixelsWithoutSeams() {
    // Every cell above the floor, levels changing at every frame and bin: no merging.
    let levels = (0..<97).map { f in (0..<129).map { b in -Double((f * 7 + b * 3) % 50) } }
    let chart = SpectrogramChart.render(
      title: "s", decibels: levels, frameStep_ms: 8, binSpacing_Hz: 31.25, maxFrequency_Hz: 500, width: 1100,
      height: 220)
    let rects = Self.rasterRects(chart.markup)
    #expect(!rects.isEmpty)
    for r in rects {
      #expect(r.x == r.x.rounded() && r.y == r.y.rounded() && r.w == r.w.rounded() && r.h == r.h.rounded())
    }
    // Within a row, each cell starts where the one before it ends; rows stack without gaps.
    let rows = Dictionary(grouping: rects, by: \.y)
    for (_, row) in rows {
      let sorted = row.sorted { $0.x < $1.x }
      for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(b.x == a.x + a.w) }
    }
    let tops = rows.keys.sorted()
    for (a, b) in zip(tops, tops.dropFirst()) { #expect(b == a + (rows[a]?.first?.h ?? 0)) }
  }

  /// The x positions of the time axis tick labels (middle-anchored 11 px text, in their
  /// group) by label.
  static func timeTicks(_ markup: String) -> [String: String] {
    let groups = ReportFixture.captures(
      "<g text-anchor=\"middle\" font-size=\"11\"[^>]*>((?:\n<text x=\"[-0-9.]+\" y=\"[-0-9.]+\">[^<]+</text>)+)\n</g>",
      in: markup)
    let matches = groups.flatMap {
      ReportFixture.captures("(<text x=\"[-0-9.]+\" y=\"[-0-9.]+\">[^<]+</text>)", in: $0)
    }
    var ticks: [String: String] = [:]
    for m in matches {
      if let x = ReportFixture.captures("x=\"([-0-9.]+)\"", in: m).first,
        let label = ReportFixture.captures(">([^<]+)</text>", in: m).first
      {
        ticks[label] = x
      }
    }
    return ticks
  }

  @Test func spectrogramTimeAxisLinesUpWithTheWaveform() {
    let (acceleration, envelope) = SamplePage.burst()
    let markers = [ChartMarker("detect", time_ms: 12), ChartMarker("stop", time_ms: 320)]
    let end_ms = Double(acceleration.count - 1) / 8
    let domain = WaveformChart.timeDomain(start_ms: 0, end_ms: end_ms, markers: markers)
    #expect(domain == 0...320)
    let wave = WaveformChart.render(
      title: "w", acceleration_g: acceleration, sampleRate_Hz: 8000, envelope_g: envelope, markers: markers,
      rightMargin: SpectrogramChart.rightMargin)
    let spectrogram = SpectrogramChart.render(
      title: "s", decibels: SamplePage.spectrogram(), frameStep_ms: 8, firstFrame_ms: 16, binSpacing_Hz: 31.25,
      timeDomain_ms: domain)
    let a = Self.timeTicks(wave.markup)
    let b = Self.timeTicks(spectrogram.markup)
    #expect(a.count >= 5)
    #expect(a == b)
  }
}
