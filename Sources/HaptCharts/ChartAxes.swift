/// Axes, grid lines, tick labels and axis titles shared by the charts.
///
/// An axis's grid lines are one `<path>`, and its tick marks another (the same pixels as
/// a `<line>` each, in about a fifth of the bytes); its tick labels are one `<g>` that
/// gives them their anchor, size and colour (``SVGWriter/tickLabels(_:anchor:size:)``).
package enum ChartAxes {
  /// The grid lines' colour.
  static let gridStroke = "#e4e4e4"
  /// The tick marks' and the plot frame's colour.
  static let tickStroke = "#666666"

  /// Light grid, ticks and labels for two linear axes around the plot rectangle.
  package static func drawLinear(
    into svg: inout SVGWriter, x: LinearScale, y: LinearScale, xLabel: String, yLabel: String,
    plot: (left: Double, top: Double, right: Double, bottom: Double), grid: Bool = true
  ) {
    drawXAxis(into: &svg, x: x, label: xLabel, plot: plot, grid: grid)
    drawYAxis(into: &svg, y: y, label: yLabel, plot: plot, grid: grid)
    svg.rect(
      x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top,
      fill: "none", stroke: "#666666")
  }

  package static func drawXAxis(
    into svg: inout SVGWriter, x: LinearScale, label: String,
    plot: (left: Double, top: Double, right: Double, bottom: Double), grid: Bool = true,
    tickCount: Int = 10
  ) {
    let (values, step) = x.ticks(count: tickCount)
    let n = SVGWriter.number
    if grid { svg.strokes(values.map { "M\(n(x($0))) \(n(plot.top))V\(n(plot.bottom))" }, stroke: gridStroke) }
    svg.strokes(values.map { "M\(n(x($0))) \(n(plot.bottom))v4" }, stroke: tickStroke)
    svg.tickLabels(
      values.map { (ChartNumber.tick($0, step: step), x($0), plot.bottom + 17) }, anchor: .middle, size: 11)
    svg.text(label, x: (plot.left + plot.right) / 2, y: plot.bottom + 34, anchor: .middle, size: 12)
  }

  package static func drawYAxis(
    into svg: inout SVGWriter, y: LinearScale, label: String,
    plot: (left: Double, top: Double, right: Double, bottom: Double), grid: Bool = true
  ) {
    let (values, step) = y.ticks(count: 5)
    let n = SVGWriter.number
    if grid { svg.strokes(values.map { "M\(n(plot.left)) \(n(y($0)))H\(n(plot.right))" }, stroke: gridStroke) }
    svg.strokes(values.map { "M\(n(plot.left - 4)) \(n(y($0)))h4" }, stroke: tickStroke)
    svg.tickLabels(values.map { (ChartNumber.tick($0, step: step), plot.left - 7, y($0) + 4) }, anchor: .end, size: 11)
    let middle = (plot.top + plot.bottom) / 2
    svg.text(label, x: 16, y: middle, anchor: .middle, size: 12, rotate: -90)
  }

  /// A vertical colour-scale legend: a stack of swatches from `low` (bottom) to `high`
  /// (top) with labelled ends and middle, titled with the unit.
  package static func drawColorLegend(
    into svg: inout SVGWriter, ramp: ColorRamp, low: Double, high: Double, title: String,
    x: Double, top: Double, bottom: Double, decimals: Int
  ) {
    // 32 steps sampled at their centres, one pixel each of a 1 x 32 palette image (the
    // highest at the top), drawn with square pixels: a tenth of the bytes of 32 rectangles.
    let steps = 32
    let palette = (0..<steps).map { ramp.rgb(at: (Double(steps - 1 - $0) + 0.5) / Double(steps)) }
    let png = IndexedPNG(width: 1, height: steps, palette: palette, pixels: (0..<steps).map { UInt8($0) })
    svg.raw(SVGWriter.pixelImage(png, x: x, y: top, width: 14, height: bottom - top) + "\n")
    svg.rect(x: x, y: top, width: 14, height: bottom - top, fill: "none", stroke: "#666666")
    for (fraction, value) in [(0.0, low), (0.5, (low + high) / 2), (1.0, high)] {
      let py = bottom - fraction * (bottom - top)
      svg.line(x1: x + 14, y1: py, x2: x + 18, y2: py, stroke: "#666666")
      svg.text(ChartNumber.fixed(value, decimals: decimals), x: x + 21, y: py + 4, size: 11)
    }
    svg.text(title, x: x, y: top - 8, size: 11)
  }
}
