import Foundation
import Testing

@testable import HaptReports
@testable import HaptCharts

/// The index at 1280 px (issue 24): latency charts two in a row with readable axes, heat
/// map column labels that never overlap, and the axis wording the README uses.
@Suite struct IndexHeightTests {
  /// Tick labels of the latency axis stay at least 40 px apart on a half-width chart
  /// (540 px, two in a row), whether the axis is linear or broken.
  @Test(arguments: [[10.0, 40, 72], [10, 200, 262], [10, 1500], [5, 120, 190]])
  func latencyTicksOfANarrowChartDoNotTouch(latencies: [Double]) {
    for (left, right) in [(260.0, 516.0), (200, 1076)] {
      let axis = LatencyAxis(latencies_ms: latencies, pass_ms: 50, warn_ms: 70, left: left, right: right)
      let positions = axis.ticks.map { axis($0) }
      for (a, b) in zip(positions, positions.dropFirst()) {
        #expect(b - a >= 40, "ticks \(axis.ticks) of \(latencies) on \(left)...\(right): \(b - a) px apart")
      }
    }
  }

  /// A narrow chart's axis title ends inside the chart.
  @Test func theAxisTitleOfANarrowChartIsNotCutOff() throws {
    let bars = [10.0, 200, 262].enumerated().map {
      LatencyBar(pattern: "library/ui-pull-to-refresh.ahap \($0.offset)", device: "", state: "", detect_ms: $0.element)
    }
    let chart = LatencyChart.render(title: "t", bars: bars, width: 540)
    let line = try #require(
      chart.markup.split(separator: "\n").first { $0.contains("linear to 200 ms, logarithmic beyond") })
    #expect(line.contains("text-anchor=\"end\""), "\(line)")
  }

  /// Neighbouring column labels of a heat map are at least their font size apart (measured
  /// across their slant), for every column count up to the index's 60.
  @Test func heatMapColumnLabelsNeverOverlap() {
    for count in [3, 12, 24, 40, 60] {
      let labels = (0..<count).map { "system/swiftui-impact-flexibility-\($0).ahap" }
      let values = (0..<count).map { i in (0..<count).map { j in i == j ? 1.0 : 0.2 } }
      let chart = HeatMapChart.render(
        title: "t", values: values, rowLabels: labels, columnLabels: labels, legendTitle: "similarity (0..1)")
      let columnTexts = chart.markup.split(separator: "\n").filter { $0.contains("rotate(-") }
      #expect(columnTexts.count == count, "\(count) columns")
      guard columnTexts.count >= 2 else { continue }
      let xs = columnTexts.compactMap { number(after: "<text x=\"", in: $0) }
      let size = number(after: "font-size=\"", in: columnTexts[0]) ?? 12
      let rotation = number(after: "rotate(", in: columnTexts[0]) ?? 0
      let spacing = (xs[1] - xs[0]) * abs(sin(rotation * .pi / 180))
      #expect(spacing >= size, "\(count) columns: labels \(spacing) px apart at \(size) px")
    }
  }

  /// The dashed budget lines and their labels stay below the legend ("✓ pass", ...) on
  /// a half-width and a full-width chart, wherever the labels go (issue 24 item 18: the
  /// lines cut through the legend; a label moved to the second row touched it).
  @Test(arguments: [[10.0, 40, 72], [10, 69, 71], [10, 200, 262], [10, 1500], [5, 48, 52]])
  func budgetLinesAndLabelsStayBelowTheLegend(latencies: [Double]) {
    for width in [540, 1100] {
      let bars = latencies.enumerated().map {
        LatencyBar(
          pattern: "library/ui-pull-to-refresh.ahap \($0.offset)", device: "", state: "", detect_ms: $0.element)
      }
      let lines = LatencyChart.render(title: "t", bars: bars, width: width).markup.split(separator: "\n")
      let legend = lines.filter { line in
        ReportVerdict.allCases.contains { line.hasSuffix(">\($0.symbol) \($0.label)</text>") }
      }
      #expect(legend.count == ReportVerdict.allCases.count, "\(width) px: legend entries")
      // 11 px text: about 9 px above its baseline, 3 below.
      let legendBottom = (legend.compactMap { number(after: " y=\"", in: $0) }.max() ?? 0) + 3
      let labels = lines.filter { $0.contains("pass ≤") || $0.contains("warn ≤") }
      #expect(labels.count == 2, "\(width) px: budget labels")
      for label in labels {
        let y = number(after: " y=\"", in: label) ?? 0
        #expect(
          y - 9 >= legendBottom,
          "\(latencies) at \(width) px: label at y \(y) touches the legend (bottom \(legendBottom))")
      }
      for dashed in lines where dashed.contains("stroke-dasharray=\"6 3\"") {
        let top = number(after: " y1=\"", in: dashed) ?? 0
        #expect(top >= legendBottom, "\(latencies) at \(width) px: budget line from y \(top) crosses the legend")
      }
    }
  }

  func number(after prefix: String, in line: Substring) -> Double? {
    guard let range = line.range(of: prefix) else { return nil }
    return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" })
  }
}
