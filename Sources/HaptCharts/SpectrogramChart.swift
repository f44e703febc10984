/// A spectrogram (time-frequency magnitudes in dB) as a compact raster.
///
/// The frames x bins matrix is pooled to at most `maxColumns` x `maxRows` cells (120 x 64 by
/// default) by taking the maximum dB in each block, so peaks survive; cell values are
/// mapped to ``ColorRamp/viridis`` over the top `range_dB` decibels (default 60 dB below
/// the largest value) and quantised to 24 colour steps; neighbouring cells of a row with
/// the same step are merged into one rectangle (one `<path>` per colour step). Cell edges are whole pixels shared by
/// neighbouring cells, so no background shows between them. A legend shows the dB scale.
/// Bins above `maxFrequency_Hz` are cut off (haptic content sits below about 1 kHz).
///
/// The plot spans x = 64 ... width - ``rightMargin``; a ``WaveformChart`` of the same width
/// drawn with that right margin and the same `timeDomain_ms` has its time axis exactly
/// above this one.
package enum SpectrogramChart {
  /// Pixels right of the plot (the colour legend).
  package static let rightMargin = 96.0

  /// Number of colour steps the cells are quantised to.
  package static let levels = 24

  /// Renders the chart.
  ///
  /// - Parameters:
  ///   - title: The chart's title (also its accessible name).
  ///   - decibels: Magnitudes in dB, `decibels[frame][bin]`; ragged rows are read as if
  ///     padded with silence, non-finite values count as below the floor.
  ///   - frameStep_ms: Time between frames (the hop), in milliseconds.
  ///   - firstFrame_ms: Time of the first frame's centre after the trigger, in milliseconds.
  ///   - binSpacing_Hz: Frequency between bins (sample rate / FFT length), in hertz.
  ///   - maxFrequency_Hz: Highest frequency shown, in hertz (nil: all bins).
  ///   - range_dB: The span of the colour scale below the largest value, in dB.
  ///   - timeDomain_ms: The time axis, ms after the trigger (nil: the frames' extent);
  ///     frames outside it are cut off.
  ///   - maxColumns: Most raster columns (time).
  ///   - maxRows: Most raster rows (frequency).
  ///   - width: Pixel width.
  ///   - height: Pixel height.
  package static func render(
    title: String, decibels: [[Double]], frameStep_ms: Double, firstFrame_ms: Double = 0,
    binSpacing_Hz: Double, maxFrequency_Hz: Double? = 1000, range_dB: Double = 60,
    timeDomain_ms: ClosedRange<Double>? = nil, maxColumns: Int = 120, maxRows: Int = 64, width: Int = 1100,
    height: Int = 320
  ) -> SVGChart {
    let width = max(width, 240)
    let height = max(height, 140)
    let left = 64.0
    let right = Double(width) - rightMargin
    let top = 40.0
    let bottom = Double(height) - 44
    let step_ms = frameStep_ms.isFinite && frameStep_ms > 0 ? frameStep_ms : 1
    let spacing_Hz = binSpacing_Hz.isFinite && binSpacing_Hz > 0 ? binSpacing_Hz : 1
    let frames = decibels.count
    let allBins = decibels.reduce(0) { max($0, $1.count) }
    let limitBins = maxFrequency_Hz.map { limit in
      limit.isFinite && limit > 0 ? min(allBins, Int(limit / spacing_Hz) + 1) : allBins
    }
    let bins = limitBins ?? allBins

    let x = LinearScale(
      domain: timeDomain_ms?.lowerBound ?? firstFrame_ms - step_ms / 2,
      timeDomain_ms?.upperBound ?? firstFrame_ms + (Double(frames) - 0.5) * step_ms,
      range: left, right)
    let topFrequency = max(Double(bins) - 0.5, 0.5) * spacing_Hz
    let y = LinearScale(domain: 0, topFrequency, range: bottom, top)

    let pooled = pool(
      decibels, frames: frames, bins: bins, maxColumns: max(maxColumns, 1), maxRows: max(maxRows, 1))
    let finite = pooled.cells.joined().filter(\.isFinite)
    let ceiling = finite.max() ?? 0
    let range = range_dB.isFinite && range_dB > 0 ? range_dB : 60
    let floor = ceiling - range

    var svg = SVGWriter(
      width: width, height: height, title: title,
      description:
        "Spectrogram: frequency in Hz against time in ms, colour is magnitude in dB from \(ChartNumber.fixed(floor, decimals: 0)) to \(ChartNumber.fixed(ceiling, decimals: 0)) dB; \(frames) frames by \(bins) bins shown as \(pooled.columns.count) by \(pooled.rows.count) cells."
    )
    svg.text(title, x: left, y: 20, size: 14, weight: "600")
    svg.rect(x: left, y: top, width: right - left, height: bottom - top, fill: ColorRamp.viridis.color(at: 0))
    svg.raw("<g shape-rendering=\"crispEdges\">\n")
    let runs = colourRuns(
      pooled, floor: floor, range: range, plot: (left, top, right, bottom),
      time_ms: { x(firstFrame_ms + ($0 - 0.5) * step_ms) }, frequency_Hz: { y(max(($0 - 0.5) * spacing_Hz, 0)) })
    for level in runs.keys.sorted() {
      let fill = ColorRamp.viridis.color(at: Double(level) / Double(levels))
      svg.raw("<path fill=\"\(fill)\" d=\"\(runs[level] ?? "")\"/>\n")
    }
    svg.raw("</g>\n")
    ChartAxes.drawLinear(
      into: &svg, x: x, y: y, xLabel: "time after trigger (ms)", yLabel: "frequency (Hz)",
      plot: (left, top, right, bottom), grid: false)
    ChartAxes.drawColorLegend(
      into: &svg, ramp: .viridis, low: floor, high: ceiling, title: "level (dB)", x: right + 24,
      top: top + 14, bottom: bottom, decimals: 0)
    return svg.finished()
  }

  /// The pooled cells as SVG path data by colour step (0 left out: the background): one
  /// `<path>` per step, a subpath per run of equal cells in a row, a third of the size of
  /// one `<rect>` per run. Each subpath after a path's first moves relative to where the
  /// one before ended (`m`, usually two short numbers), and none is closed with `z` (a
  /// fill closes it): the same whole-pixel rectangles in about four fifths of the bytes.
  /// `time_ms` and `frequency_Hz` give the pixel of a fractional frame and bin index.
  static func colourRuns(
    _ pooled: (cells: [[Double]], columns: [Range<Int>], rows: [Range<Int>]), floor: Double, range: Double,
    plot: (left: Double, top: Double, right: Double, bottom: Double), time_ms: (Double) -> Double,
    frequency_Hz: (Double) -> Double
  ) -> [Int: String] {
    // Whole-pixel edges inside the plot: neighbouring cells share them exactly.
    func px(_ value: Double) -> Double { min(max(value, plot.left), plot.right).rounded() }
    func py(_ value: Double) -> Double { min(max(value, plot.top), plot.bottom).rounded() }
    var runs = [Int: String]()
    // Where each colour's path data ends: the bottom-left corner of its last rectangle.
    var ends = [Int: (x: Double, y: Double)]()
    for (r, rowRange) in pooled.rows.enumerated() {
      let y0 = py(frequency_Hz(Double(rowRange.upperBound)))
      let y1 = py(frequency_Hz(Double(rowRange.lowerBound)))
      var c = 0
      while c < pooled.columns.count {
        let level = quantised(pooled.cells[r][c], floor: floor, range: range)
        var end = c + 1
        while end < pooled.columns.count, quantised(pooled.cells[r][end], floor: floor, range: range) == level {
          end += 1
        }
        let x0 = px(time_ms(Double(pooled.columns[c].lowerBound)))
        let x1 = px(time_ms(Double(pooled.columns[end - 1].upperBound)))
        if level > 0, x1 > x0, y1 > y0 {
          let n = SVGWriter.number
          let move: String
          if let end = ends[level] {
            let dy = y0 - end.y
            move = "m\(n(x0 - end.x))\(dy < 0 ? "" : " ")\(n(dy))"
          } else {
            move = "M\(n(x0)) \(n(y0))"
          }
          runs[level, default: ""] += "\(move)h\(n(x1 - x0))v\(n(y1 - y0))h\(n(x0 - x1))"
          ends[level] = (x0, y1)
        }
        c = end
      }
    }
    return runs
  }

  /// The colour step of a dB value: 0 at or below the floor, `levels` at the top.
  package static func quantised(_ value: Double, floor: Double, range: Double) -> Int {
    guard value.isFinite else { return 0 }
    let t = (value - floor) / range
    return min(max(Int((t * Double(levels)).rounded(.up)), 0), levels)
  }

  /// Max-pools the matrix into blocks: `cells[row][column]`, row 0 the lowest frequency.
  package static func pool(
    _ decibels: [[Double]], frames: Int, bins: Int, maxColumns: Int, maxRows: Int
  ) -> (cells: [[Double]], columns: [Range<Int>], rows: [Range<Int>]) {
    let columns = blocks(count: frames, limit: maxColumns)
    let rows = blocks(count: bins, limit: maxRows)
    var cells = [[Double]](
      repeating: [Double](repeating: -.infinity, count: columns.count), count: rows.count)
    for (c, frameRange) in columns.enumerated() {
      for frame in frameRange {
        let spectrum = decibels[frame]
        for (r, binRange) in rows.enumerated() {
          var best = cells[r][c]
          for bin in binRange where bin < spectrum.count && spectrum[bin].isFinite {
            best = max(best, spectrum[bin])
          }
          cells[r][c] = best
        }
      }
    }
    return (cells, columns, rows)
  }

  /// `count` items split into at most `limit` contiguous, nearly equal blocks.
  package static func blocks(count: Int, limit: Int) -> [Range<Int>] {
    let n = min(count, limit)
    guard n > 0 else { return [] }
    return (0..<n).map { (($0 * count) / n)..<((($0 + 1) * count) / n) }
  }
}
