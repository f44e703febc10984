/// A matrix as a grid of coloured cells with row and column labels and a colour scale.
///
/// Used for pairwise similarity (ST-SIM, SPQI), d' and predicted confusion. Cells are
/// square; values are printed in the cells when there are at most ``valueLabelLimit``
/// columns; every cell carries a tooltip (`row → column: value`) up to 40 x 40; larger
/// maps are drawn compactly (see ``detailLimit``), so a 100 x 100 map stays small.
package enum HeatMapChart {
  /// Largest column count whose cells get printed values.
  package static let valueLabelLimit = 12

  /// Largest row or column count drawn cell by cell (with tooltips and white gaps);
  /// larger maps are drawn compactly: colours quantised to ``compactLevels`` steps, equal
  /// neighbours in a row merged, one path per colour.
  package static let detailLimit = 40
  /// Colour steps of a compact (large) heat map.
  package static let compactLevels = 64

  /// The colour step of a value in a compact map; -1 for a missing value.
  package static func compactLevel(_ value: Double?, low: Double, span: Double) -> Int {
    guard let value else { return -1 }
    let t = min(max((value - low) / span, 0), 1)
    return Int((t * Double(compactLevels - 1)).rounded())
  }

  /// Renders a heat map.
  ///
  /// - Parameters:
  ///   - title: The chart's title (also its accessible name).
  ///   - values: `values[row][column]`; missing or non-finite entries are drawn as
  ///     light grey cells marked `–`.
  ///   - rowLabels: Labels of the rows (missing ones are numbered).
  ///   - columnLabels: Labels of the columns (missing ones are numbered).
  ///   - range: The values mapped to the two ends of the colour scale (nil: the finite
  ///     minimum and maximum).
  ///   - ramp: The colour scale.
  ///   - legendTitle: The colour legend's title, with the unit (`ST-SIM (0..1)`, `d'`).
  ///   - rowAxisTitle: What the rows are (`presented`), or nil.
  ///   - columnAxisTitle: What the columns are (`responded`), or nil.
  ///   - decimals: Decimals of printed values.
  ///   - order: Show rows and columns in this order (a permutation; nil: as given).
  ///   - width: Largest pixel width.
  package static func render(
    title: String, values: [[Double]], rowLabels: [String], columnLabels: [String],
    range: ClosedRange<Double>? = nil, ramp: ColorRamp = .viridis, legendTitle: String,
    rowAxisTitle: String? = nil, columnAxisTitle: String? = nil, decimals: Int = 2,
    order: [Int]? = nil, width: Int = 1100
  ) -> SVGChart {
    let rowCount = values.count
    let columnCount = values.reduce(0) { max($0, $1.count) }
    let rowOrder = permutation(order, count: rowCount)
    let columnOrder = permutation(order, count: columnCount)
    func rowLabel(_ i: Int) -> String { i < rowLabels.count ? rowLabels[i] : "\(i + 1)" }
    func columnLabel(_ j: Int) -> String { j < columnLabels.count ? columnLabels[j] : "\(j + 1)" }
    func value(_ i: Int, _ j: Int) -> Double? {
      j < values[i].count && values[i][j].isFinite ? values[i][j] : nil
    }

    let (low, high, span) = colorScale(values, range: range)

    let labelLimit = 28
    let longestRow = (0..<rowCount).map { SVGWriter.truncated(rowLabel($0), to: labelLimit).count }.max() ?? 1
    let longestColumn =
      (0..<columnCount).map { SVGWriter.truncated(columnLabel($0), to: labelLimit).count }.max() ?? 1
    let axisTitleSpace = 22.0
    let left = axisTitleSpace + 12 + Double(longestRow) * 6.6
    let availableWidth = Double(max(width, 300)) - left - 130
    let cell = min(56, max(3, (availableWidth / Double(max(columnCount, 1))).rounded(.down)))
    let showLabels = cell >= 8
    let labelSize = min(12, cell - 1)
    let columnLabels = columnLabelLayout(cell: cell)
    let slant = columnLabels.rotation == -45 ? 0.71 : 1
    let top =
      40 + (columnAxisTitle == nil ? 0 : 20)
      + (showLabels ? Double(longestColumn) * columnLabels.size * 0.55 * slant + 14 : 8)
    let gridWidth = cell * Double(columnCount)
    let gridHeight = cell * Double(rowCount)
    let chartWidth = Int(left + gridWidth + 130)
    let chartHeight = Int(top + max(gridHeight, 120) + 24)
    let showValues = columnCount <= valueLabelLimit && cell >= 28

    var svg = SVGWriter(
      width: chartWidth, height: chartHeight, title: title,
      description:
        "Heat map of \(rowCount) by \(columnCount) values, colour scale \(legendTitle) from \(ChartNumber.readable(low)) to \(ChartNumber.readable(high))."
    )
    drawTitles(
      title, row: rowAxisTitle, column: columnAxisTitle, left: left, top: top, gridWidth: gridWidth,
      gridHeight: gridHeight, into: &svg)
    let compact = rowCount > detailLimit || columnCount > detailLimit
    // Large maps: one <path> per quantised colour, cells of a row with equal colour merged.
    var runs: [Int: String] = [:]
    for (position, i) in rowOrder.enumerated() {
      let y0 = top + Double(position) * cell
      if showLabels {
        svg.text(
          SVGWriter.truncated(rowLabel(i), to: labelLimit), x: left - 6, y: y0 + cell / 2 + labelSize * 0.35,
          anchor: .end, size: labelSize, tooltip: rowLabel(i))
      }
      if compact {
        let levels = columnOrder.map { compactLevel(value(i, $0), low: low, span: span) }
        appendRuns(levels, x: left, y: y0, cell: cell, to: &runs)
        continue
      }
      for (columnPosition, j) in columnOrder.enumerated() {
        drawCell(
          value(i, j), x: left + Double(columnPosition) * cell, y: y0, cell: cell, ramp: ramp, low: low, span: span,
          tooltip: "\(rowLabel(i)) → \(columnLabel(j))", decimals: decimals, showValue: showValues, into: &svg)
      }
    }
    drawRuns(runs, ramp: ramp, into: &svg)
    if showLabels {
      drawColumnLabels(
        columnOrder.map(columnLabel), left: left, top: top, cell: cell, layout: columnLabels, limit: labelLimit,
        into: &svg)
    }
    ChartAxes.drawColorLegend(
      into: &svg, ramp: ramp, low: low, high: high, title: legendTitle, x: left + gridWidth + 24,
      top: top + 14, bottom: top + max(min(gridHeight, 240), 100), decimals: decimals)
    return svg.finished()
  }

  /// The colour scale's ends (`range`, else the finite values' least and greatest) and
  /// its span (1 when the ends are equal).
  static func colorScale(_ values: [[Double]], range: ClosedRange<Double>?) -> (low: Double, high: Double, span: Double)
  {
    let finite = values.joined().filter(\.isFinite)
    let low = range?.lowerBound ?? finite.min() ?? 0
    let high = range?.upperBound ?? finite.max() ?? 1
    return (low, high, high - low > 0 ? high - low : 1)
  }

  /// The compact map's cells: one `<path>` per quantised colour level (``appendRuns``).
  static func drawRuns(_ runs: [Int: String], ramp: ColorRamp, into svg: inout SVGWriter) {
    for level in runs.keys.sorted() {
      let fill = level < 0 ? "#eeeeee" : ramp.color(at: Double(level) / Double(compactLevels - 1))
      svg.raw("<path fill=\"\(fill)\" d=\"\(runs[level] ?? "")\"/>\n")
    }
  }

  /// The column labels above the grid, in display order, truncated to `limit` characters
  /// (the full label as the tooltip).
  static func drawColumnLabels(
    _ labels: [String], left: Double, top: Double, cell: Double, layout: (size: Double, rotation: Double),
    limit: Int, into svg: inout SVGWriter
  ) {
    for (columnPosition, label) in labels.enumerated() {
      let cx = left + (Double(columnPosition) + 0.5) * cell + layout.size * 0.35
      svg.text(
        SVGWriter.truncated(label, to: limit), x: cx, y: top - 6, size: layout.size, rotate: layout.rotation,
        tooltip: label)
    }
  }

  /// The chart's title and its axis titles (columns above the grid, rows rotated at its
  /// left).
  static func drawTitles(
    _ title: String, row rowAxisTitle: String?, column columnAxisTitle: String?, left: Double, top: Double,
    gridWidth: Double, gridHeight: Double, into svg: inout SVGWriter
  ) {
    svg.text(title, x: 16, y: 20, size: 14, weight: "600")
    if let columnAxisTitle {
      svg.text(
        columnAxisTitle + " →", x: left + gridWidth / 2, y: 44, anchor: .middle, size: 12, weight: "600")
    }
    if let rowAxisTitle {
      svg.text(
        rowAxisTitle + " →", x: 16, y: top + gridHeight / 2, anchor: .middle, size: 12, weight: "600",
        rotate: -90)
    }
  }

  /// One row of a large map as path data by colour level: cells of equal level merged
  /// into one subpath, from `x` at row top `y`.
  static func appendRuns(_ levels: [Int], x left: Double, y y0: Double, cell: Double, to runs: inout [Int: String]) {
    var c = 0
    while c < levels.count {
      let level = levels[c]
      var end = c + 1
      while end < levels.count, levels[end] == level { end += 1 }
      let n = SVGWriter.number
      runs[level, default: ""] +=
        "M\(n(left + Double(c) * cell)) \(n(y0))h\(n(Double(end - c) * cell))v\(n(cell))h\(n(-Double(end - c) * cell))z"
      c = end
    }
  }

  /// One cell of a small map: its colour, its tooltip (`tooltip: value`) and, when
  /// `showValue`, the value written in it in a colour that reads on the fill.
  static func drawCell(
    _ v: Double?, x x0: Double, y y0: Double, cell: Double, ramp: ColorRamp, low: Double, span: Double,
    tooltip: String, decimals: Int, showValue: Bool, into svg: inout SVGWriter
  ) {
    let t = v.map { ($0 - low) / span } ?? 0
    svg.rect(
      x: x0, y: y0, width: cell, height: cell, fill: v == nil ? "#eeeeee" : ramp.color(at: t),
      stroke: "#ffffff", tooltip: "\(tooltip): \(v.map { ChartNumber.fixed($0, decimals: decimals) } ?? "no value")")
    if showValue {
      let dark = v != nil && ramp.luminance(at: t) < 0.45
      svg.text(
        v.map { ChartNumber.fixed($0, decimals: decimals) } ?? "–", x: x0 + cell / 2,
        y: y0 + cell / 2 + 4, anchor: .middle, size: min(12, cell / 3.2),
        fill: dark ? "#ffffff" : "#111111")
    }
  }

  /// The font size and rotation of the column labels for cells `cell` px wide, so that
  /// neighbouring labels never overlap: slanted at -45 degrees (their lines `cell` x
  /// sin 45 degrees apart) when that leaves room for a 9 px font, upright (-90 degrees,
  /// `cell` apart) otherwise; the font is at most the spacing less 1 px, and 12 px.
  package static func columnLabelLayout(cell: Double) -> (size: Double, rotation: Double) {
    let slanted = cell * 0.5.squareRoot()
    if slanted - 1 >= 9 { return (min(12, slanted - 1), -45) }
    return (min(12, cell - 1), -90)
  }

  /// A similarity heat map with rows and columns ordered by ``HierarchicalClustering``
  /// (average linkage on `1 - similarity`), so groups of similar patterns form blocks on
  /// the diagonal. Similarities are shown on a fixed 0...1 scale.
  package static func clustered(
    title: String, similarity: [[Double]], labels: [String], legendTitle: String = "similarity (0..1)",
    width: Int = 1100
  ) -> SVGChart {
    let order = HierarchicalClustering.cluster(similarity: similarity).order
    return render(
      title: title, values: similarity, rowLabels: labels, columnLabels: labels, range: 0...1,
      legendTitle: legendTitle, order: order, width: width)
  }

  /// A confusion matrix of probabilities (0...1): rows are the presented patterns,
  /// columns the responses, on the ``ColorRamp/blues`` scale where 0 looks empty.
  package static func confusion(
    title: String, probabilities: [[Double]], labels: [String], width: Int = 1100
  ) -> SVGChart {
    render(
      title: title, values: probabilities, rowLabels: labels, columnLabels: labels, range: 0...1,
      ramp: .blues, legendTitle: "probability (0..1)", rowAxisTitle: "presented",
      columnAxisTitle: "responded", decimals: 2, width: width)
  }

  /// `order` if it is a permutation of `0..<count`, the identity otherwise.
  package static func permutation(_ order: [Int]?, count: Int) -> [Int] {
    guard let order, order.count == count, Set(order) == Set(0..<count) else { return Array(0..<count) }
    return order
  }
}
