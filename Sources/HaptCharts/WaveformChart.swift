/// A labelled vertical line on a time axis: a latency marker (`detect`, `t10`, `t50`,
/// `t90`, `stop`) or the trigger.
package struct ChartMarker: Equatable, Sendable {
  /// Short label drawn at the top of the line.
  package var label: String
  /// Time after the trigger, in milliseconds.
  package var time_ms: Double

  package init(_ label: String, time_ms: Double) {
    self.label = label
    self.time_ms = time_ms
  }

  /// The standard envelope markers from times in seconds (nil markers are left out):
  /// `detect`, `t10`, `t50`, `t90`, `stop`.
  package static func latencyMarkers(
    detect_s: Double?, t10_s: Double?, t50_s: Double?, t90_s: Double?, stop_s: Double?
  ) -> [ChartMarker] {
    [("detect", detect_s), ("t10", t10_s), ("t50", t50_s), ("t90", t90_s), ("stop", stop_s)]
      .compactMap { label, time in time.map { ChartMarker(label, time_ms: $0 * 1000) } }
  }
}

/// Acceleration against time, with its envelope and latency markers.
///
/// The plot shows the acceleration (g) as a thin line, decimated to min/max per pixel
/// column (``MinMaxDecimation``: at most two points per column, so a 10 s signal stays a
/// few kilobytes; on the whole-pixel grid of the report's pages, per two columns: the
/// line's zigzag between them fills the same band, and a page's figure is about 1 KB
/// smaller), the envelope as a thicker line over it (also its mirror image, dashed,
/// below zero), the trigger as a solid vertical line at 0 ms and each marker as a dashed
/// vertical line labelled at the top. Marker labels that would overlap are stacked.
package enum WaveformChart {
  /// Renders the chart.
  ///
  /// - Parameters:
  ///   - title: The chart's title (also its accessible name).
  ///   - acceleration_g: The acceleration samples, in g.
  ///   - sampleRate_Hz: Their sample rate.
  ///   - start_ms: Time of the first sample relative to the trigger, in milliseconds
  ///     (0 when the signal starts at the trigger).
  ///   - envelope_g: An envelope of the same length (e.g. the analytic envelope), or nil.
  ///   - markers: Vertical markers; the trigger at 0 ms is always drawn.
  ///   - width: Pixel width (default 1100, fits a 1280 px window).
  ///   - height: Pixel height.
  ///   - rightMargin: Pixels right of the plot (``SpectrogramChart/rightMargin`` to align
  ///     the time axis with a spectrogram below, drawn over ``timeDomain(start_ms:end_ms:markers:)``).
  /// - Returns: The SVG chart.
  package static func render(
    title: String, acceleration_g: [Double], sampleRate_Hz: Double, start_ms: Double = 0,
    envelope_g: [Double]? = nil, markers: [ChartMarker] = [], width: Int = 1100, height: Int = 320,
    rightMargin: Double = 16, pixelGrid: Bool = false
  ) -> SVGChart {
    let width = max(width, 200)
    let height = max(height, 120)
    let left = 64.0
    let right = Double(width) - min(max(rightMargin, 0), Double(width) / 2)
    let rate = sampleRate_Hz.isFinite && sampleRate_Hz > 0 ? sampleRate_Hz : 1
    let step_ms = 1000 / rate
    let end_ms = start_ms + Double(max(acceleration_g.count - 1, 0)) * step_ms
    let finiteMarkers = markers.filter { $0.time_ms.isFinite }
      .sorted { ($0.time_ms, $0.label) < ($1.time_ms, $1.label) }
    let domain = timeDomain(start_ms: start_ms, end_ms: end_ms, markers: finiteMarkers)
    let x = LinearScale(domain: domain.lowerBound, domain.upperBound, range: left, right)
    let labels = layOutMarkerLabels(finiteMarkers, x: x, right: right)
    let levels = labels.map(\.level).max().map { $0 + 1 } ?? 0
    let top = 36 + 14 * Double(levels)
    let bottom = Double(height) - 44
    let peak = (acceleration_g + (envelope_g ?? [])).reduce(0) { $1.isFinite ? max($0, abs($1)) : $0 }
    let (yLow, yHigh) = LinearScale.niceDomain(-max(peak, 1e-3), max(peak, 1e-3), count: 4)
    let y = LinearScale(domain: yLow, yHigh, range: bottom, top)

    var svg = SVGWriter(
      width: width, height: height, title: title,
      description:
        "Acceleration in g against time in ms after the trigger, \(acceleration_g.count) samples at \(ChartNumber.readable(rate)) Hz, with envelope and latency markers."
    )
    svg.text(title, x: left, y: 20, size: 14, weight: "600")
    ChartAxes.drawLinear(
      into: &svg, x: x, y: y, xLabel: "time after trigger (ms)", yLabel: "acceleration (g)",
      plot: (left, top, right, bottom))
    svg.line(x1: left, y1: y(0), x2: right, y2: y(0), stroke: "#888888")

    let columns = Int(right - left)
    // On the pixel grid, min and max per two columns: the zigzag between them covers the
    // band a column each drew (headless Chromium shows the same figure), in half the points.
    let kept = MinMaxDecimation.indices(acceleration_g, columns: pixelGrid ? max(columns / 2, 1) : columns)
    func line(_ points: [(x: Double, y: Double)], _ stroke: String, _ width: Double, _ dash: String?) {
      if pixelGrid {
        svg.pixelPath(points, stroke: stroke, width: width, dash: dash)
      } else if let dash {
        svg.raw("<g stroke-dasharray=\"\(dash)\">\n")
        svg.polyline(points, stroke: stroke, width: width)
        svg.raw("</g>\n")
      } else {
        svg.polyline(points, stroke: stroke, width: width)
      }
    }
    line(kept.map { (x(start_ms + Double($0) * step_ms), y(acceleration_g[$0])) }, "#0072b2", 1, nil)
    if let envelope_g, !envelope_g.isEmpty {
      // The envelope is smooth: on the pixel grid, its maximum per two columns draws the same line.
      let upper = MinMaxDecimation.maximumIndices(envelope_g, columns: pixelGrid ? max(columns / 2, 1) : columns)
      line(upper.map { (x(start_ms + Double($0) * step_ms), y(envelope_g[$0])) }, "#cc79a7", 2, nil)
      line(upper.map { (x(start_ms + Double($0) * step_ms), y(-envelope_g[$0])) }, "#cc79a7", 1, "4 3")
    }

    svg.line(x1: x(0), y1: top, x2: x(0), y2: bottom, stroke: "#000000", width: 1.5)
    svg.text("trigger", x: x(0) + 3, y: bottom - 4, size: 11, fill: "#000000")
    // The markers' dashed lines as one path, their labels in two groups (left and right of
    // their lines): the same pixels as a <line> and a <text> each, in fewer bytes.
    var strokes: [String] = []
    var rightOfLine: [(text: String, x: Double, y: Double)] = []
    var leftOfLine: [(text: String, x: Double, y: Double)] = []
    let n = SVGWriter.number
    for (marker, label) in zip(finiteMarkers, labels) {
      let position = x(marker.time_ms)
      let baseline = 32 + 14 * Double(label.level)
      strokes.append("M\(n(position)) \(n(baseline + 3))V\(n(bottom))")
      if label.flip {
        leftOfLine.append((label.text, position - 3, baseline))
      } else {
        rightOfLine.append((label.text, position + 3, baseline))
      }
    }
    svg.strokes(strokes, stroke: "#333333", dash: "5 3")
    svg.tickLabels(rightOfLine, size: 11, fill: "#333333")
    svg.tickLabels(leftOfLine, anchor: .end, size: 11, fill: "#333333")
    drawLegend(into: &svg, x: right - 250, y: 20, hasEnvelope: envelope_g?.isEmpty == false)
    return svg.finished()
  }

  /// The time axis of a chart of samples from `start_ms` to `end_ms` with `markers`: it
  /// covers the signal, the trigger (0 ms) and every finite marker.
  package static func timeDomain(start_ms: Double, end_ms: Double, markers: [ChartMarker]) -> ClosedRange<Double> {
    let times = ([start_ms, end_ms, 0] + markers.map(\.time_ms)).filter(\.isFinite)
    let low = times.min() ?? 0
    return low...max(times.max() ?? 1, low)
  }

  /// Places marker labels on rows above the plot: each label goes on the first row where
  /// it does not overlap the previous label (at most four rows); labels that would run
  /// past the right edge are drawn to the left of their line.
  package static func layOutMarkerLabels(
    _ markers: [ChartMarker], x: LinearScale, right: Double
  ) -> [(text: String, level: Int, flip: Bool)] {
    var levelEnds = [Double](repeating: -.infinity, count: 4)
    return markers.map { marker in
      let position = x(marker.time_ms)
      let text = "\(SVGWriter.truncated(marker.label, to: 16)) \(ChartNumber.readable(marker.time_ms)) ms"
      let labelWidth = Double(text.count) * 6.2
      let flip = position + 3 + labelWidth > right
      let start = flip ? position - 3 - labelWidth : position
      let level =
        levelEnds.firstIndex { $0 < start } ?? levelEnds.indices.min { levelEnds[$0] < levelEnds[$1] } ?? 0
      levelEnds[level] = flip ? position : position + 6 + labelWidth
      return (text, level, flip)
    }
  }

  private static func drawLegend(into svg: inout SVGWriter, x: Double, y: Double, hasEnvelope: Bool) {
    svg.line(x1: x, y1: y - 4, x2: x + 20, y2: y - 4, stroke: "#0072b2", width: 1.5)
    svg.text("acceleration", x: x + 25, y: y, size: 11)
    guard hasEnvelope else { return }
    svg.line(x1: x + 120, y1: y - 4, x2: x + 140, y2: y - 4, stroke: "#cc79a7", width: 2)
    svg.text("envelope", x: x + 145, y: y, size: 11)
  }
}
