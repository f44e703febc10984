/// A spectrogram (time-frequency magnitudes in dB) as a compact raster.
///
/// The frames x bins matrix is pooled into blocks of equal size, at most `maxColumns` x
/// `maxRows` of them (120 x 64 by default), by taking the maximum dB in each block, so
/// peaks survive; cell values are mapped to ``ColorRamp/viridis`` over the top `range_dB`
/// decibels (default 60 dB below the largest value) and quantised to 24 colour steps. The
/// cells are one palette image (``IndexedPNG``, embedded as a `data:` URL and drawn with
/// square pixels, `image-rendering: pixelated`): one byte a cell where an SVG rectangle
/// took about nine. The image is clipped to the plot and to the frames' extent (the last
/// block of a row may hold fewer frames than the others). A legend shows the dB scale.
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
    svg.raw(
      raster(
        pooled, floor: floor, range: range, plot: (left, top, right, bottom),
        time_ms: { x(firstFrame_ms + ($0 - 0.5) * step_ms) }, frequency_Hz: { y(($0 - 0.5) * spacing_Hz) },
        frames: frames))
    ChartAxes.drawLinear(
      into: &svg, x: x, y: y, xLabel: "time after trigger (ms)", yLabel: "frequency (Hz)",
      plot: (left, top, right, bottom), grid: false)
    ChartAxes.drawColorLegend(
      into: &svg, ramp: .viridis, low: floor, high: ceiling, title: "level (dB)", x: right + 24,
      top: top + 14, bottom: bottom, decimals: 0)
    return svg.finished()
  }

  /// The pooled cells as an `<image>` of one pixel a cell, in a nested `<svg>` that clips
  /// it to the plot and to the frames' extent. `time_ms` and `frequency_Hz` give the pixel
  /// of a fractional frame and bin index (the edge between frames f - 1 and f is at f).
  static func raster(
    _ pooled: (cells: [[Double]], columns: [Range<Int>], rows: [Range<Int>]), floor: Double, range: Double,
    plot: (left: Double, top: Double, right: Double, bottom: Double), time_ms: (Double) -> Double,
    frequency_Hz: (Double) -> Double, frames: Int
  ) -> String {
    guard let columnBlock = pooled.columns.first?.count, let rowBlock = pooled.rows.first?.count else { return "" }
    let width = pooled.columns.count
    let height = pooled.rows.count
    var pixels = [UInt8](repeating: 0, count: width * height)
    for r in 0..<height {
      for c in 0..<width {
        // Image rows run from the top: the highest frequencies first.
        pixels[(height - 1 - r) * width + c] = UInt8(quantised(pooled.cells[r][c], floor: floor, range: range))
      }
    }
    let palette = (0...levels).map { ColorRamp.viridis.rgb(at: Double($0) / Double(levels)) }
    let png = IndexedPNG(width: width, height: height, palette: palette, pixels: pixels)
    // Every block spans columnBlock frames and rowBlock bins, the last ones included.
    let x0 = time_ms(0)
    let x1 = time_ms(Double(width * columnBlock))
    let y0 = frequency_Hz(Double(height * rowBlock))
    let y1 = frequency_Hz(0)
    let clipLeft = max(plot.left, min(x0, x1))
    let clipRight = min(plot.right, max(time_ms(Double(frames)), clipLeft))
    let n = SVGWriter.number
    return "<svg x=\"\(n(clipLeft))\" y=\"\(n(plot.top))\" width=\"\(n(clipRight - clipLeft))\" "
      + "height=\"\(n(plot.bottom - plot.top))\">"
      + SVGWriter.pixelImage(png, x: x0 - clipLeft, y: y0 - plot.top, width: x1 - x0, height: y1 - y0) + "</svg>\n"
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

  /// `count` items split into at most `limit` contiguous blocks of `ceil(count / limit)`
  /// items each (the last one may hold fewer), so that the blocks are one pixel grid.
  package static func blocks(count: Int, limit: Int) -> [Range<Int>] {
    guard count > 0, limit > 0 else { return [] }
    let size = (count + limit - 1) / limit
    return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
  }
}
