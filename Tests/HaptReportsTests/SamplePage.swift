import Foundation
import HaptCore

import HaptReports
import HaptCharts

/// A page with every chart kind, built from synthetic data (an LRA-like burst, a
/// block-structured similarity matrix), for tests and for looking at in a browser:
/// `HAPT_SAMPLE_PAGE=/tmp/sample.html swift test --filter SamplePageTests`.
enum SamplePage {
  static let sampleRate_Hz = 8000.0
  static let start_ms = -20.0

  /// A 170 Hz burst: 12 ms silence after the trigger, 8 ms rise, 150 ms hold, 40 ms decay.
  static func burst(duration_s: Double = 0.3) -> (acceleration: [Double], envelope: [Double]) {
    let count = Int(duration_s * sampleRate_Hz)
    var random = SplitMix64(seed: 3)
    var acceleration = [Double](repeating: 0, count: count)
    var envelope = [Double](repeating: 0, count: count)
    for i in 0..<count {
      let t_ms = start_ms + Double(i) / sampleRate_Hz * 1000
      let e: Double
      switch t_ms {
      case ..<12: e = 0
      case ..<20: e = 1.2 * (t_ms - 12) / 8
      case ..<170: e = 1.2
      case ..<210: e = 1.2 * exp(-(t_ms - 170) / 10)
      default: e = 0
      }
      envelope[i] = e
      acceleration[i] = e * sin(2 * .pi * 170 * t_ms / 1000) + 0.01 * random.nextGaussian()
    }
    return (acceleration, envelope)
  }

  /// A dB spectrogram of the burst: 4 ms hop, 15.625 Hz bins.
  static func spectrogram() -> [[Double]] {
    (0..<75).map { frame in
      let t_ms = start_ms + Double(frame) * 4
      let on = t_ms >= 12 && t_ms < 210
      let level = on ? (t_ms < 170 ? 0.0 : -(t_ms - 170) / 2) : -120
      return (0..<129).map { bin in
        let f = Double(bin) * 15.625
        let main = level - 0.002 * (f - 170) * (f - 170)
        let harmonic = level - 30 - 0.002 * (f - 510) * (f - 510)
        return max(max(main, harmonic), -90 + 5 * sin(Double(bin * 7 + frame * 3)))
      }
    }
  }

  static let patternNames = [
    "success", "warning", "error", "selection", "impact.light", "impact.medium", "impact.heavy",
    "notification.long.name.that.needs.truncation", "heartbeat", "rumble",
  ]

  /// Similarity with three blocks (0-2, 3-6, 7-9), shuffled so clustering has work to do.
  static func similarity() -> (matrix: [[Double]], labels: [String]) {
    let shuffle = [4, 0, 8, 2, 6, 9, 1, 5, 3, 7]
    var random = SplitMix64(seed: 11)
    let group = { (i: Int) in i < 3 ? 0 : i < 7 ? 1 : 2 }
    var matrix = [[Double]](repeating: [Double](repeating: 1, count: 10), count: 10)
    for a in 0..<10 {
      for b in 0..<10 where a != b {
        let (i, j) = (shuffle[a], shuffle[b])
        matrix[a][b] = (group(i) == group(j) ? 0.8 : 0.2) + 0.1 * random.nextUnit()
      }
    }
    return (matrix, shuffle.map { patternNames[$0] })
  }

  /// A 60-pattern similarity with five blocks, in shuffled order (a compact heat map).
  static func largeSimilarity() -> (matrix: [[Double]], labels: [String]) {
    var random = SplitMix64(seed: 23)
    let n = 60
    let group = (0..<n).map { ($0 * 7) % 5 }
    let matrix = (0..<n).map { i in
      (0..<n).map { j in i == j ? 1 : (group[i] == group[j] ? 0.75 : 0.25) + 0.2 * random.nextUnit() }
    }
    return (matrix, (0..<n).map { "pattern-\($0)" })
  }

  static func latencyBars() -> [LatencyBar] {
    [
      LatencyBar(pattern: "success", device: "iphone-15", state: "prepared", detect_ms: 12.4),
      LatencyBar(pattern: "success", device: "iphone-15", state: "cold", detect_ms: 58.1),
      LatencyBar(pattern: "warning", device: "iphone-15", state: "prepared", detect_ms: 14.9),
      LatencyBar(pattern: "warning", device: "iphone-15", state: "cold", detect_ms: 83.6),
      LatencyBar(pattern: "error", device: "pixel-erm", state: "prepared", detect_ms: 31),
      LatencyBar(pattern: "error", device: "pixel-erm", state: "cold", detect_ms: 128.2),
      LatencyBar(pattern: "error", device: "tablet-no-actuator", state: "prepared", detect_ms: nil),
      LatencyBar(
        pattern: "notification.long.name.that.needs.truncation.in.the.label", device: "watch", state: "cold",
        detect_ms: 49.9),
    ]
  }

  static func page() -> ReportPage {
    let (acceleration, envelope) = burst()
    let markers = ChartMarker.latencyMarkers(
      detect_s: 0.0135, t10_s: 0.0131, t50_s: 0.016, t90_s: 0.0192, stop_s: 0.2)
    let (similarity, labels) = similarity()
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("device"), CSVColumn("state"), CSVColumn("detect", unit: "ms"),
      CSVColumn("verdict"),
    ])
    for bar in latencyBars() {
      let verdict = ReportVerdict(latency_ms: bar.detect_ms)
      table.append([
        .text(bar.pattern), .text(bar.device), .text(bar.state), .fixed(bar.detect_ms, decimals: 1),
        .text(verdict.rawValue),
      ])
    }
    return ReportPage(
      title: "hapt report: sample", subtitle: "Synthetic data for every chart kind",
      facts: [("patterns", "10"), ("devices", "4"), ("budget", "50 / 70 ms"), ("failures", "2")],
      sections: [
        ReportSection(
          title: "Latency budgets",
          blocks: [
            .paragraph(
              "Detect latency from the trigger to the first perceptible vibration, per pattern, device and engine state."
            ),
            .chart(
              LatencyChart.render(title: "Detect latency", bars: latencyBars()),
              caption: "Bars are labelled with their latency and verdict."),
            .table(ReportTable(table), caption: "Latency per pattern"),
            .fileLink(path: "latency.csv", text: "latency.csv"),
          ]),
        ReportSection(
          title: "Waveforms",
          blocks: [
            .chart(
              WaveformChart.render(
                title: "success on iphone-15 (prepared)", acceleration_g: acceleration,
                sampleRate_Hz: sampleRate_Hz,
                start_ms: start_ms, envelope_g: envelope, markers: markers),
              caption: "Acceleration with its envelope and latency markers."),
            .chart(
              SpectrogramChart.render(
                title: "success on iphone-15 (prepared): spectrogram", decibels: spectrogram(),
                frameStep_ms: 4,
                firstFrame_ms: start_ms, binSpacing_Hz: 15.625),
              caption: "Magnitude in dB, 60 dB range."),
            .approximate("The actuator is simulated; real devices differ by a few milliseconds."),
          ]),
        ReportSection(
          title: "Similarity",
          blocks: [
            .chart(
              HeatMapChart.clustered(title: "ST-SIM (clustered)", similarity: similarity, labels: labels),
              caption: "Rows and columns ordered by average-linkage clustering."),
            .chart(
              HeatMapChart.render(
                title: "d′ (as given)", values: similarity.map { $0.map { 4 * (1 - $0) } }, rowLabels: labels,
                columnLabels: labels, legendTitle: "d′", decimals: 1),
              caption: nil),
            .note("ST-SIM is asymmetric; the clustering uses the symmetric mean."),
            .chart(
              HeatMapChart.clustered(
                title: "60 patterns (clustered, compact)", similarity: largeSimilarity().matrix,
                labels: largeSimilarity().labels),
              caption: "More than 40 rows: colours in 64 steps, no gaps or tooltips."),
          ]),
        ReportSection(
          title: "Confusion",
          blocks: [
            .chart(
              HeatMapChart.confusion(
                title: "Predicted confusion",
                probabilities: [[0.82, 0.12, 0.06], [0.15, 0.70, 0.15], [0.04, 0.21, 0.75]],
                labels: ["success", "warning", "error"]),
              caption: "Rows: presented; columns: responded."),
            .warning("warning and error are close (d′ < 2)."),
            .list(["information transfer: 0.71 bits", "confusable pairs: 1"]),
          ]),
      ], footer: "Generated by hapt (sample data)")
  }
}
