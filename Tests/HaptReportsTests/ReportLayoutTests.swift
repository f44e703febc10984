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

  /// The spectrogram's raster: the clipping viewport (`<svg x y width height>`), the
  /// image's place inside it, and the decoded palette image.
  struct Raster {
    var clip: (x: Double, y: Double, width: Double, height: Double)
    var place: (x: Double, y: Double, width: Double, height: Double)
    var image: IndexedPNGTests.Decoded
  }

  static func raster(_ markup: String) -> Raster? {
    let number = "(-?[0-9.]+)"
    let pattern =
      "<svg x=\"\(number)\" y=\"\(number)\" width=\"\(number)\" height=\"\(number)\"><image x=\"\(number)\" "
      + "y=\"\(number)\" width=\"\(number)\" height=\"\(number)\" preserveAspectRatio=\"none\" "
      + "image-rendering=\"pixelated\" href=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"/></svg>"
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: markup, range: NSRange(markup.startIndex..., in: markup))
    else { return nil }
    let fields = (1...9).compactMap { Range(match.range(at: $0), in: markup).map { String(markup[$0]) } }
    let values = fields.prefix(8).compactMap(Double.init)
    guard values.count == 8, let data = Data(base64Encoded: fields[8]),
      let image = IndexedPNGTests.decode([UInt8](data))
    else { return nil }
    return Raster(
      clip: (values[0], values[1], values[2], values[3]), place: (values[4], values[5], values[6], values[7]),
      image: image)
  }

  @Test func spectrogramCellsLineUpWithTheFramesAndBins() throws {
    // 97 frames 8 ms apart from 0 ms, bins 31.25 Hz apart, 17 bins shown (to 500 Hz); blocks
    // of 2 frames (49 columns, the last holding one frame) and single bins.
    let levels = (0..<97).map { f in (0..<129).map { b in -Double((f * 7 + b * 3) % 50) } }
    let chart = SpectrogramChart.render(
      title: "s", decibels: levels, frameStep_ms: 8, binSpacing_Hz: 31.25, maxFrequency_Hz: 500, maxColumns: 49,
      width: 1100, height: 220)
    let raster = try #require(Self.raster(chart.markup))
    #expect(raster.image.width == 49 && raster.image.height == 17)
    // The plot spans x 64...1004 for -4...772 ms (frame centres at 0, 8, ... 768 ms) and
    // y 176...40 for 0...515.625 Hz (bin centres at 0, 31.25, ... 500 Hz).
    let msToX = { (ms: Double) in 64 + (ms + 4) / 776 * 940 }
    let hzToY = { (hz: Double) in 176 - hz / 515.625 * 136 }
    // The clip is the plot (the frames fill it); the image starts at frame 0's left edge
    // and is 49 blocks of 2 frames wide, one frame past the last; its bottom row is bin 0,
    // half below 0 Hz and clipped there.
    #expect(raster.clip.x == 64 && raster.clip.y == 40 && raster.clip.width == 940 && raster.clip.height == 136)
    #expect(abs(raster.place.x - (msToX(-4) - 64)) <= 0.05)
    #expect(abs(raster.place.width - (msToX(98 * 8 - 4) - msToX(-4))) <= 0.1)
    #expect(abs(raster.place.y - (hzToY(16.5 * 31.25) - 40)) <= 0.05)
    #expect(abs(raster.place.y + raster.place.height - (hzToY(-0.5 * 31.25) - 40)) <= 0.1)
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
