import Foundation
import HaptCore
import HaptSignals
import Testing

@testable import HaptReports
@testable import HaptCharts

@Suite struct ChartTests {
  /// Every chart of the sample page, plus edge cases.
  static func allCharts() -> [SVGChart] {
    let (acceleration, envelope) = SamplePage.burst()
    return [
      WaveformChart.render(
        title: "w", acceleration_g: acceleration, sampleRate_Hz: 8000, envelope_g: envelope,
        markers: [ChartMarker("detect", time_ms: 12)]),
      WaveformChart.render(title: "empty", acceleration_g: [], sampleRate_Hz: 0),
      WaveformChart.render(
        title: "non-finite", acceleration_g: [.nan, .infinity, 1], sampleRate_Hz: .nan,
        markers: [ChartMarker("x", time_ms: .nan)]),
      SpectrogramChart.render(
        title: "s", decibels: SamplePage.spectrogram(), frameStep_ms: 4, binSpacing_Hz: 15.625),
      SpectrogramChart.render(title: "empty", decibels: [], frameStep_ms: 0, binSpacing_Hz: 0),
      SpectrogramChart.render(
        title: "ragged", decibels: [[-10], [], [.nan, -.infinity, 3]], frameStep_ms: 1, binSpacing_Hz: 10),
      LatencyChart.render(title: "l", bars: SamplePage.latencyBars()),
      LatencyChart.render(title: "none", bars: []),
      HeatMapChart.clustered(
        title: "h", similarity: SamplePage.similarity().matrix, labels: SamplePage.similarity().labels),
      HeatMapChart.confusion(title: "c", probabilities: [[1, 0], [0.5]], labels: ["a"]),
      HeatMapChart.render(title: "empty", values: [], rowLabels: [], columnLabels: [], legendTitle: "x"),
      HeatMapChart.render(
        title: "big", values: Array(repeating: Array(repeating: 0.5, count: 120), count: 120), rowLabels: [],
        columnLabels: [], legendTitle: "x"),
    ]
  }

  @Test func everyChartIsWellFormedXMLWithATitleAndNoNaN() {
    for chart in Self.allCharts() {
      let result = parsesAsXML(chart.documentText)
      #expect(result.ok, "\(chart.title): \(result.error ?? "")")
      #expect(chart.markup.contains("<title>\(chart.title)</title>"))
      #expect(!chart.markup.contains("nan") && !chart.markup.contains("inf"), "\(chart.title)")
      #expect(chart.markup.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }
  }

  @Test func chartsAreDeterministic() {
    #expect(Self.allCharts() == Self.allCharts())
  }

  @Test func hostileLabelsAreEscapedInEveryChart() {
    let evil = "<script>alert(1)</script>\"'&"
    let charts = [
      WaveformChart.render(
        title: evil, acceleration_g: [0, 1], sampleRate_Hz: 1000, markers: [ChartMarker(evil, time_ms: 1)]),
      SpectrogramChart.render(title: evil, decibels: [[0]], frameStep_ms: 1, binSpacing_Hz: 1),
      LatencyChart.render(
        title: evil, bars: [LatencyBar(pattern: evil, device: evil, state: evil, detect_ms: 60)]),
      HeatMapChart.confusion(title: evil, probabilities: [[1]], labels: [evil]),
    ]
    for chart in charts {
      #expect(!chart.markup.contains("<script"))
      #expect(chart.markup.contains("&lt;script&gt;"))
      #expect(parsesAsXML(chart.markup).ok)
    }
  }

  @Test(arguments: [100, 1000, 80_000, 200_000])
  func waveformPointsAreCapped(sampleCount: Int) {
    var random = SplitMix64(seed: UInt64(sampleCount))
    let samples = (0..<sampleCount).map { _ in random.nextGaussian() }
    let width = 1100
    let chart = WaveformChart.render(
      title: "long", acceleration_g: samples, sampleRate_Hz: 8000, envelope_g: samples.map(abs), width: width)
    let polylines = chart.markup.components(separatedBy: "points=\"").dropFirst()
    let counts = polylines.map { $0.prefix { $0 != "\"" }.split(separator: " ").count }
    #expect(counts.count == 3)
    #expect(counts.allSatisfy { $0 <= 2 * width })
    #expect(chart.markup.utf8.count < 120_000)
  }

  @Test func decimationKeepsTheExtremesOfEveryColumnInOrder() {
    var random = SplitMix64(seed: 5)
    let samples = (0..<10_000).map { _ in random.nextGaussian() }
    let kept = MinMaxDecimation.indices(samples, columns: 100)
    #expect(kept.count <= 200)
    #expect(kept == kept.sorted())
    for column in 0..<100 {
      let range = (column * 100)..<((column + 1) * 100)
      let slice = samples[range]
      let keptValues = kept.filter { range.contains($0) }.map { samples[$0] }
      #expect(keptValues.contains(slice.min()!))
      #expect(keptValues.contains(slice.max()!))
    }
    #expect(MinMaxDecimation.indices([1, .nan, 2], columns: 10) == [0, 2])
    #expect(MinMaxDecimation.maximumIndices([1, 5, 2, 3], columns: 2) == [1, 3])
  }

  @Test func spectrogramRasterIsCappedAtOnePixelACell() throws {
    let huge: [[Double]] = (0..<1000).map { (frame: Int) -> [Double] in
      (0..<513).map { (bin: Int) -> Double in -10 * Double((frame / 50 + bin / 50) % 5) }
    }
    let chart = SpectrogramChart.render(
      title: "huge", decibels: huge, frameStep_ms: 1, binSpacing_Hz: 1, maxFrequency_Hz: nil)
    // Blocks of ceil(1000 / 120) = 9 frames and ceil(513 / 64) = 9 bins, the last ones shorter.
    let pooled = SpectrogramChart.pool(huge, frames: 1000, bins: 513, maxColumns: 120, maxRows: 64)
    #expect(pooled.columns.count == 112 && pooled.rows.count == 57)
    #expect(pooled.columns.allSatisfy { $0.count == 9 || $0 == 999..<1000 })
    #expect(pooled.columns.first?.lowerBound == 0 && pooled.columns.last?.upperBound == 1000)
    let raster = try #require(ReportLayoutTests.raster(chart.markup))
    #expect(raster.image.width == 112 && raster.image.height == 57)
    // One byte a cell: the chart stays small however many cells it has.
    #expect(chart.markup.utf8.count < 12_000)
    // Image rows run from the top: the highest block of bins first; pixel = colour step.
    let level = { (r: Int, c: Int) in
      SpectrogramChart.quantised(pooled.cells[r][c], floor: -60, range: 60)
    }
    #expect(Int(raster.image.pixels[0]) == level(56, 0))
    #expect(Int(raster.image.pixels[56 * 112 + 111]) == level(0, 111))
    // A constant matrix is one colour.
    let flat = SpectrogramChart.render(
      title: "flat", decibels: Array(repeating: Array(repeating: -3, count: 64), count: 500), frameStep_ms: 1,
      binSpacing_Hz: 1, maxFrequency_Hz: nil)
    let flatRaster = try #require(ReportLayoutTests.raster(flat.markup))
    #expect(Set(flatRaster.image.pixels).count == 1)
  }

  @Test func spectrogramPoolingKeepsTheMaximum() {
    let pooled = SpectrogramChart.pool(
      [[1, 2, 3, 4], [5, 6, 7, 8]], frames: 2, bins: 4, maxColumns: 1, maxRows: 2)
    #expect(pooled.cells == [[6], [8]])
  }

  @Test func latencyBarsCarryTextLabelsAndVerdictColours() {
    let chart = LatencyChart.render(title: "l", bars: SamplePage.latencyBars())
    #expect(chart.markup.contains("12.4 ms ✓ pass"))
    #expect(chart.markup.contains("58.1 ms ! warn"))
    #expect(chart.markup.contains("83.6 ms ✗ fail"))
    #expect(chart.markup.contains("○ silent"))
    #expect(chart.markup.contains("pass ≤ 50 ms") && chart.markup.contains("warn ≤ 70 ms"))
    for verdict in ReportVerdict.allCases where verdict != .silent {
      #expect(chart.markup.contains("fill=\"\(verdict.color)\""))
    }
  }

  @Test func latencyLabelsNeverContradictTheirVerdict() {
    #expect(LatencyChart.displayed(50.04, verdict: .warn, pass_ms: 50, warn_ms: 70) == "50.04")
    #expect(LatencyChart.displayed(50.0004, verdict: .warn, pass_ms: 50, warn_ms: 70) == "50.0004")
    #expect(LatencyChart.displayed(49.96, verdict: .pass, pass_ms: 50, warn_ms: 70) == "50.0")
    // A cold start that passes prepared is shown like any miss of the budget, with one
    // decimal (it was printed at full precision over the pattern names).
    #expect(LatencyChart.displayed(238.0844452566633, verdict: .prepare, pass_ms: 50, warn_ms: 70) == "238.1")
    #expect(LatencyChart.displayed(70.04, verdict: .prepare, pass_ms: 50, warn_ms: 70) == "70.04")
    #expect(LatencyChart.displayed(70.04, verdict: .fail, pass_ms: 50, warn_ms: 70) == "70.04")
    #expect(LatencyChart.displayed(12.34, verdict: .pass, pass_ms: 50, warn_ms: 70) == "12.3")
  }

  @Test(arguments: [
    (nil, ReportVerdict.silent), (50.0, .pass), (50.01, .warn), (70.0, .warn), (70.5, .fail),
    (Double.nan, .silent),
  ])
  func verdictFromLatency(latency: Double?, expected: ReportVerdict) {
    #expect(ReportVerdict(latency_ms: latency) == expected)
  }

  @Test func heatMapPrintsValuesOnlyWhenSmall() {
    let small = HeatMapChart.confusion(
      title: "c", probabilities: [[0.9, 0.1], [0.25, 0.75]], labels: ["a", "b"])
    #expect(small.markup.contains(">0.75</text>"))
    let values = (0..<20).map { i in (0..<20).map { j in Double(i * 20 + j) / 1000 } }
    let big = HeatMapChart.render(
      title: "b", values: values, rowLabels: [], columnLabels: [], legendTitle: "x", decimals: 3)
    #expect(!big.markup.contains(">0.123</text>"))
    let medium = HeatMapChart.render(
      title: "m", values: Array(values.prefix(10)).map { Array($0.prefix(10)) }, rowLabels: [],
      columnLabels: [], legendTitle: "x", decimals: 3)
    #expect(medium.markup.contains(">0.123</text>"))
  }

  @Test func largeHeatMapsAreCompact() {
    var random = SplitMix64(seed: 17)
    let values = (0..<100).map { _ in (0..<100).map { _ in random.nextUnit() } }
    let chart = HeatMapChart.render(
      title: "big", values: values, rowLabels: [], columnLabels: [], legendTitle: "x")
    #expect(chart.markup.components(separatedBy: "<path ").count - 1 <= HeatMapChart.compactLevels)
    #expect(chart.markup.utf8.count < 300_000)
    #expect(parsesAsXML(chart.markup).ok)
    // A smooth matrix merges into far fewer runs.
    let smooth = (0..<100).map { i in (0..<100).map { j in Double(i / 10 + j / 10) / 20 } }
    let smoothChart = HeatMapChart.render(
      title: "smooth", values: smooth, rowLabels: [], columnLabels: [], legendTitle: "x")
    #expect(smoothChart.markup.utf8.count < 60_000)
  }

  @Test func ticksAreRound() {
    let scale = LinearScale(domain: -20, 280, range: 0, 100)
    let (values, step) = scale.ticks(count: 10)
    #expect(step == 20)
    #expect(values == stride(from: -20.0, through: 280, by: 20).map { $0 })
    #expect(LinearScale.niceStep(span: 1007, count: 5) == 200)
    #expect(LinearScale.niceStep(span: 100, count: 5) == 20)
    #expect(LinearScale.niceStep(span: 0, count: 5) == 1)
    #expect(ChartNumber.tick(0.25, step: 0.05) == "0.25")
    #expect(SVGWriter.number(-0.04) == "0")
    #expect(SVGWriter.number(-1.25) == "-1.3" || SVGWriter.number(-1.25) == "-1.2")
    #expect(SVGWriter.number(12.345) == "12.3")
    #expect(SVGWriter.number(.nan) == "0")
  }

  @Test func goldenCharts() {
    let wave = WaveformChart.render(
      title: "tiny", acceleration_g: [0, 0.5, -0.5, 1, -1, 0.25, 0], sampleRate_Hz: 1000,
      envelope_g: [0, 0.5, 0.5, 1, 1, 0.25, 0],
      markers: ChartMarker.latencyMarkers(
        detect_s: 0.001, t10_s: 0.001, t50_s: 0.002, t90_s: 0.003, stop_s: 0.006),
      width: 400, height: 200)
    expectGolden(wave.documentText, named: "waveform.svg")
    let spectrogram = SpectrogramChart.render(
      title: "tiny", decibels: [[0, -20, -60], [-10, -10, -80], [-60, 0, 0]], frameStep_ms: 2,
      binSpacing_Hz: 100, width: 400, height: 200)
    expectGolden(spectrogram.documentText, named: "spectrogram.svg")
    let latency = LatencyChart.render(
      title: "tiny",
      bars: [
        LatencyBar(pattern: "a", device: "d", state: "prepared", detect_ms: 20),
        LatencyBar(pattern: "b", device: "d", state: "cold", detect_ms: 65),
        LatencyBar(pattern: "c", device: "d", state: "cold", detect_ms: 90),
        LatencyBar(pattern: "d", device: "none", state: "cold", detect_ms: nil),
      ], width: 600)
    expectGolden(latency.documentText, named: "latency.svg")
    let heat = HeatMapChart.clustered(
      title: "tiny", similarity: [[1, 0.1, 0.9], [0.1, 1, 0.2], [0.9, 0.2, 1]], labels: ["x", "y", "z"],
      width: 500)
    expectGolden(heat.documentText, named: "heatmap-clustered.svg")
    let confusion = HeatMapChart.confusion(
      title: "tiny", probabilities: [[0.8, 0.2], [0.3, 0.7]], labels: ["success", "error"], width: 500)
    expectGolden(confusion.documentText, named: "confusion.svg")
  }

  /// The pattern pages' compact lines: whole pixels, relative steps, collinear runs merged,
  /// and the same points as the plain polyline once rounded.
  @Test func pixelPathIsCompactAndExact() {
    var svg = SVGWriter(width: 100, height: 100, title: "t", description: "d")
    let points: [(x: Double, y: Double)] = [
      (10.2, 50), (11, 50), (12, 50), (13, 49.6), (13.4, 40.2), (14, 60), (14, 60),
    ]
    svg.pixelPath(points, stroke: "#000000")
    // 10,50 -> 12,50 is one step; 13,50 repeats nothing new but continues the flat run.
    #expect(svg.out.contains("d=\"M10 50l3 0 0-10 1 20\""))
    var random = SplitMix64(seed: 3)
    let samples = (0..<8000).map { _ in random.nextGaussian() }
    let compact = WaveformChart.render(
      title: "w", acceleration_g: samples, sampleRate_Hz: 8000, envelope_g: samples.map(abs), pixelGrid: true)
    let plain = WaveformChart.render(
      title: "w", acceleration_g: samples, sampleRate_Hz: 8000, envelope_g: samples.map(abs))
    #expect(compact.markup.utf8.count * 2 < plain.markup.utf8.count)
    #expect(!compact.markup.contains("<polyline"))
  }
}

@Suite struct ChartAdapterTests {
  @Test func signalAndSpectrogramOverloadsMatchThePlainDataCharts() {
    let (acceleration, envelope) = SamplePage.burst()
    let signal = Signal(samples: acceleration, sampleRate_Hz: SamplePage.sampleRate_Hz)
    #expect(
      WaveformChart.render(title: "w", acceleration: signal, start_ms: -20, envelope_g: envelope)
        == WaveformChart.render(
          title: "w", acceleration_g: acceleration, sampleRate_Hz: 8000, start_ms: -20, envelope_g: envelope))
    let levels = SamplePage.spectrogram()
    // Times and spacings are exact binary fractions, so both paths compute the same numbers.
    let spectrogram = Spectrogram(
      levels_dB: levels, times_s: levels.indices.map { 0.001953125 + Double($0) * 0.00390625 },
      frequencies_Hz: (0..<129).map { Double($0) * 15.625 })
    #expect(
      SpectrogramChart.render(title: "s", spectrogram: spectrogram, start_ms: -20)
        == SpectrogramChart.render(
          title: "s", decibels: levels, frameStep_ms: 3.90625, firstFrame_ms: -18.046875,
          binSpacing_Hz: 15.625))
  }
}
