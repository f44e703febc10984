import HaptCore
/// One bar of a ``LatencyChart``: the detect latency of a pattern on a device in an engine
/// state.
package struct LatencyBar: Equatable, Sendable {
  /// The pattern's name.
  package var pattern: String
  /// The device profile's name.
  package var device: String
  /// The engine state or condition (`prepared`, `cold`, ...).
  package var state: String
  /// Trigger to detection, in milliseconds; nil if nothing was felt.
  package var detect_ms: Double?
  /// The verdict; nil to derive it from the chart's budgets.
  package var verdict: ReportVerdict?

  package init(
    pattern: String, device: String, state: String, detect_ms: Double?,
    verdict: ReportVerdict? = nil
  ) {
    self.pattern = pattern
    self.device = device
    self.state = state
    self.detect_ms = detect_ms
    self.verdict = verdict
  }
}

/// Horizontal bars of detect latency against the pass and warn budgets.
///
/// One row per bar, in the order given, labelled `pattern · device · state` (empty parts
/// left out); the label column widens to fit the labels, up to 45 % of the chart. Bars are
/// coloured by verdict with the colour-blind-safe ``ReportVerdict/color`` and carry a text
/// label (`42.0 ms ✓ pass`), so nothing depends on colour alone; silent rows show an
/// outlined stub labelled `○ silent`. The budgets are dashed vertical lines, their labels
/// placed so that they never overlap (``budgetLabelLayout(pass:warn:)``). A legend explains
/// the colours.
///
/// Long latencies do not squeeze the budget region: when the longest bar is more than 3
/// times the warn budget, the axis breaks (``LatencyAxis``): linear up to about twice the
/// warn budget over half the plot, logarithmic beyond, with a break mark on the axis.
package enum LatencyChart {
  /// Renders the chart; its height grows with the number of bars (24 px each).
  ///
  /// - Parameters:
  ///   - title: The chart's title (also its accessible name).
  ///   - bars: The rows, top to bottom.
  ///   - pass_ms: The pass budget in milliseconds (50 by default).
  ///   - warn_ms: The warn budget in milliseconds (70 by default).
  ///   - width: Pixel width.
  package static func render(
    title: String, bars: [LatencyBar], pass_ms: Double = 50, warn_ms: Double = 70,
    width: Int = 1100
  ) -> SVGChart {
    let width = max(width, 400)
    let rowHeight = 24.0
    // The label column fits the longest label (about 7.4 px per character at 12 px, capitals
    // and underscores included), at most 45 % of the width; longer labels are shortened
    // with an ellipsis.
    let labels = bars.map(label)
    let longest = labels.map(\.count).max() ?? 10
    let left = min(max(24 + Double(longest) * 7.4, 120), (Double(width) * 0.45).rounded())
    let labelLimit = max(Int((left - 24) / 7.4), 8)
    let right = Double(width) - 24
    let top = 78.0
    let bottom = top + rowHeight * Double(max(bars.count, 1))
    let height = Int(bottom + 48)
    let finite = bars.compactMap(\.detect_ms).filter(\.isFinite)
    let x = LatencyAxis(latencies_ms: finite, pass_ms: pass_ms, warn_ms: warn_ms, left: left, right: right)

    var svg = SVGWriter(
      width: width, height: height, title: title,
      description:
        "Detect latency in ms for \(bars.count) pattern, device and state combinations against a pass budget of \(ChartNumber.readable(pass_ms)) ms and a warn budget of \(ChartNumber.readable(warn_ms)) ms"
        + (x.breakAt_ms.map { "; the axis is linear to \(ChartNumber.readable($0)) ms and logarithmic beyond." } ?? ".")
    )
    svg.text(title, x: 16, y: 20, size: 14, weight: "600")
    drawLegend(into: &svg, y: 40)
    drawAxis(into: &svg, x, plot: (left, top, right, bottom))
    svg.rect(x: left, y: top, width: right - left, height: bottom - top, fill: "none", stroke: "#666666")

    var valueLabels: [(text: String, x: Double, y: Double, inside: Bool, halo: String)] = []
    for (i, bar) in bars.enumerated() {
      let rowTop = top + Double(i) * rowHeight
      let middle = rowTop + rowHeight / 2
      let label = labels[i]
      svg.text(
        SVGWriter.truncated(label, to: labelLimit), x: left - 8, y: middle + 4, anchor: .end, size: 12,
        tooltip: label)
      let verdict =
        bar.verdict ?? ReportVerdict(latency_ms: bar.detect_ms, pass_ms: pass_ms, warn_ms: warn_ms)
      guard let latency = bar.detect_ms, latency.isFinite, verdict != .silent, verdict != .unfelt else {
        let unfelt = verdict == .unfelt
        let stub = unfelt ? ReportVerdict.unfelt : ReportVerdict.silent
        svg.rect(
          x: left + 1, y: rowTop + 4, width: 18, height: rowHeight - 8, fill: "#ffffff",
          stroke: stub.color, extra: " stroke-dasharray=\"3 2\"")
        svg.text(
          "\(stub.symbol) \(stub.label)", x: left + 24, y: middle + 4, size: 11, fill: unfelt ? "#000000" : "#555555")
        continue
      }
      let shown = displayed(latency, verdict: verdict, pass_ms: pass_ms, warn_ms: warn_ms)
      let end = x(latency)
      svg.rect(
        x: left, y: rowTop + 4, width: end - left, height: rowHeight - 8, fill: verdict.color,
        tooltip: "\(label): \(shown) ms, \(verdict.label)")
      let text = "\(shown) ms \(verdict.symbol) \(verdict.label)"
      let inside = end - left > 130
      valueLabels.append(
        (text, inside ? end - 6 : end + 6, middle + 4, inside, inside ? verdict.color : "#ffffff"))
    }
    let budgetLabels = budgetLabelLayout(
      pass: (x(pass_ms), "pass ≤ \(ChartNumber.readable(pass_ms)) ms"),
      warn: (x(warn_ms), "warn ≤ \(ChartNumber.readable(warn_ms)) ms"), right: Double(width) - 4)
    for (budget, label) in zip([pass_ms, warn_ms], budgetLabels)
    where budget.isFinite && budget >= 0 && budget <= x.upper_ms {
      let px = x(budget)
      svg.line(x1: px, y1: label.y + 3, x2: px, y2: bottom, stroke: "#000000", width: 1.5, dash: "6 3")
      svg.text(label.text, x: label.anchorX, y: label.y, anchor: label.anchor, size: 11)
    }
    // Value labels last, over the budget lines, with a halo in the colour behind them.
    for label in valueLabels {
      svg.text(
        label.text, x: label.x, y: label.y, anchor: label.inside ? .end : .start, size: 11,
        weight: "600", fill: label.inside ? "#000000" : "#222222", halo: label.halo)
    }
    return svg.finished()
  }

  /// Approximate width of 11 px chart text, per character.
  package static let labelCharacterWidth = 6.2

  /// Where the two budget labels go: the pass label ends just left of its line, the warn
  /// label starts just right of its line, so on one row they cannot overlap (the pass
  /// line is left of the warn line); a label that would run past `right` moves to the
  /// left of its line on the row above (y 56 instead of 70), clear of the other. Both
  /// rows sit between the legend (baseline 40) and the plot (top 78), so neither a label
  /// nor a dashed line, which starts just under its label, touches the legend.
  package static func budgetLabelLayout(
    pass: (x: Double, text: String), warn: (x: Double, text: String), right: Double
  ) -> [(text: String, anchorX: Double, anchor: SVGWriter.Anchor, y: Double, extent: ClosedRange<Double>)] {
    func width(_ text: String) -> Double { Double(text.count) * labelCharacterWidth }
    let passWidth = width(pass.text)
    let passLabel = (pass.text, pass.x - 4, SVGWriter.Anchor.end, 70.0, (pass.x - 4 - passWidth)...(pass.x - 4))
    let warnWidth = width(warn.text)
    if warn.x + 4 + warnWidth <= right {
      return [passLabel, (warn.text, warn.x + 4, .start, 70.0, (warn.x + 4)...(warn.x + 4 + warnWidth))]
    }
    return [passLabel, (warn.text, warn.x - 4, .end, 56.0, (warn.x - 4 - warnWidth)...(warn.x - 4))]
  }

  /// Grid lines, ticks and labels of the latency axis, and a break mark (two slanted
  /// strokes across the axis line) where a broken axis turns logarithmic.
  package static func drawAxis(
    into svg: inout SVGWriter, _ x: LatencyAxis, plot: (left: Double, top: Double, right: Double, bottom: Double)
  ) {
    for value in x.ticks {
      let px = x(value)
      svg.line(x1: px, y1: plot.top, x2: px, y2: plot.bottom, stroke: "#e4e4e4")
      svg.line(x1: px, y1: plot.bottom, x2: px, y2: plot.bottom + 4, stroke: "#666666")
      svg.text(ChartNumber.readable(value), x: px, y: plot.bottom + 17, anchor: .middle, size: 11)
    }
    var label = "detect latency after trigger (ms)"
    if let breakAt = x.breakAt_ms {
      let px = x(breakAt)
      for dx in [-3.0, 3.0] {
        svg.line(
          x1: px + dx - 3, y1: plot.bottom + 6, x2: px + dx + 3, y2: plot.bottom - 6, stroke: "#000000", width: 1.5)
      }
      svg.line(x1: px, y1: plot.top, x2: px, y2: plot.bottom, stroke: "#b0b0b0", dash: "2 3")
      label += ": linear to \(ChartNumber.readable(breakAt)) ms, logarithmic beyond"
    }
    // Centred under the plot when it fits there (about 6.6 px per character at 12 px),
    // else ending at the plot's right edge, so a narrow chart never cuts it off.
    if Double(label.count) * 6.6 <= plot.right - plot.left {
      svg.text(label, x: (plot.left + plot.right) / 2, y: plot.bottom + 34, anchor: .middle, size: 12)
    } else {
      svg.text(label, x: plot.right, y: plot.bottom + 34, anchor: .end, size: 12)
    }
  }

  /// The latency with one decimal, or up to three (then full precision) where fewer would
  /// contradict the verdict (50.04 ms is a warn against a 50 ms budget: shown as `50.04`,
  /// not `50.0`). A verdict the latency alone does not decide (`prepare`: over the budget
  /// cold, within it prepared) is shown against the budget it misses: as a warn or fail.
  package static func displayed(
    _ latency_ms: Double, verdict: ReportVerdict, pass_ms: Double, warn_ms: Double
  ) -> String {
    let own = ReportVerdict(latency_ms: latency_ms, pass_ms: pass_ms, warn_ms: warn_ms)
    guard [.pass, .warn, .fail].contains(verdict) else {
      guard own != .silent else { return ChartNumber.fixed(latency_ms, decimals: 1) }
      return displayed(latency_ms, verdict: own, pass_ms: pass_ms, warn_ms: warn_ms)
    }
    for decimals in 1...3 {
      let text = ChartNumber.fixed(latency_ms, decimals: decimals)
      let rounded = Double(text) ?? latency_ms
      if ReportVerdict(latency_ms: rounded, pass_ms: pass_ms, warn_ms: warn_ms) == verdict { return text }
    }
    return DecimalText.roundTrip(latency_ms)  // full precision: never contradicts the verdict
  }

  /// `pattern · device · state`, leaving out empty parts (pass an empty device and state
  /// when the chart's title already names them).
  package static func label(_ bar: LatencyBar) -> String {
    [bar.pattern, bar.device, bar.state].filter { !$0.isEmpty }.joined(separator: " · ")
  }

  private static func drawLegend(into svg: inout SVGWriter, y: Double) {
    var x = 16.0
    for verdict in ReportVerdict.allCases {
      svg.rect(
        x: x, y: y - 10, width: 14, height: 12,
        fill: verdict == .silent || verdict == .unfelt ? "#ffffff" : verdict.color,
        stroke: verdict == .silent || verdict == .unfelt ? verdict.color : nil)
      svg.text("\(verdict.symbol) \(verdict.label)", x: x + 19, y: y, size: 11)
      x += verdict == .unfelt ? 96 : 80
    }
  }
}
