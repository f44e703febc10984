/// An inline SVG chart, ready to be placed in a report page with ``HTML/init(_:)-(SVGChart)``
/// or written to a `.svg` file.
///
/// Charts are pure functions of their data: the same input gives byte-identical markup.
/// Every chart has an accessible name (`<title>`) and description (`<desc>`), a fixed
/// pixel size (scaled down by the page's CSS on narrow screens) and text in the system
/// font stack; data strings are escaped.
package struct SVGChart: Equatable, Sendable {
  /// The `<svg>...</svg>` markup.
  package let markup: String
  /// Width in CSS pixels.
  package let width: Int
  /// Height in CSS pixels.
  package let height: Int
  /// The accessible title.
  package let title: String

  package init(markup: String, width: Int, height: Int, title: String) {
    self.markup = markup
    self.width = width
    self.height = height
    self.title = title
  }

  /// The markup for a place inside an HTML page: without the namespace (the HTML parser
  /// gives `<svg>` its own) and without the font family (the text inherits the page's,
  /// the same system font stack), about 190 bytes less a chart.
  package var inlineMarkup: String {
    guard let lineEnd = markup.firstIndex(of: "\n") else { return markup }
    var header = String(markup[..<lineEnd])
    for attribute in [SVGWriter.namespaceAttribute, SVGWriter.fontFamilyAttribute] {
      if let range = header.range(of: attribute) { header.removeSubrange(range) }
    }
    return header + markup[lineEnd...]
  }

  /// A standalone SVG document (XML declaration and namespace), for a `.svg` file.
  package var documentText: String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + markup + "\n"
  }
}

/// Builds SVG markup with escaped text and compact, deterministic number formatting.
package struct SVGWriter {
  private(set) var out = ""
  package let width: Int
  package let height: Int
  package let title: String

  package static let fontStack =
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

  /// The root's namespace and font family, which ``SVGChart/inlineMarkup`` leaves out.
  static let namespaceAttribute = " xmlns=\"http://www.w3.org/2000/svg\""
  static let fontFamilyAttribute = " font-family=\"\(MarkupEscaping.attribute(fontStack))\""

  package init(width: Int, height: Int, title: String, description: String) {
    self.width = width
    self.height = height
    self.title = title
    out += "<svg\(Self.namespaceAttribute) width=\"\(width)\" height=\"\(height)\""
    out += " viewBox=\"0 0 \(width) \(height)\" role=\"img\""
    out += "\(Self.fontFamilyAttribute) font-size=\"12\">\n"
    out += "<title>\(MarkupEscaping.text(title))</title>\n"
    out += "<desc>\(MarkupEscaping.text(description))</desc>\n"
    out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
  }

  /// Finishes the document.
  package func finished() -> SVGChart {
    SVGChart(markup: out + "</svg>", width: width, height: height, title: title)
  }

  /// A coordinate with at most one decimal, without a trailing `.0`; non-finite values
  /// become 0 and magnitudes are clamped to 1e6 so a bad datum cannot produce `nan`.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = Int((min(max(value, -1e6), 1e6) * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = abs(tenths)
    return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  package mutating func raw(_ markup: String) { out += markup }

  /// An `<image>` of `png` stretched over the box, drawn with square pixels (one cell a
  /// pixel): `image-rendering` is a presentation attribute, since the report pages'
  /// policy allows no inline style. Coordinates as ``number(_:)`` writes them.
  package static func pixelImage(
    _ png: IndexedPNG, x: Double, y: Double, width: Double, height: Double
  ) -> String {
    "<image x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\" "
      + "preserveAspectRatio=\"none\" image-rendering=\"pixelated\" href=\"\(png.dataURL)\"/>"
  }

  package mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String,
    stroke: String? = nil, extra: String = "", tooltip: String? = nil
  ) {
    let n = SVGWriter.number
    out +=
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(width, 0)))\" height=\"\(n(max(height, 0)))\" fill=\"\(fill)\""
    if let stroke { out += " stroke=\"\(stroke)\"" }
    out += extra
    if let tooltip {
      out += "><title>\(MarkupEscaping.text(tooltip))</title></rect>\n"
    } else {
      out += "/>\n"
    }
  }

  package mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
    dash: String? = nil
  ) {
    let n = SVGWriter.number
    out += "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\""
    if width != 1 { out += " stroke-width=\"\(n(width))\"" }
    if let dash { out += " stroke-dasharray=\"\(dash)\"" }
    out += "/>\n"
  }

  /// Straight strokes of one colour and width 1, dashed when `dash` is given, as one
  /// `<path>` (`segments`: path data such as `M10 20V80`, one per stroke); nothing when
  /// there are none.
  package mutating func strokes(_ segments: [String], stroke: String, dash: String? = nil) {
    guard !segments.isEmpty else { return }
    out += "<path fill=\"none\" stroke=\"\(stroke)\""
    if let dash { out += " stroke-dasharray=\"\(dash)\"" }
    out += " d=\"" + segments.joined() + "\"/>\n"
  }

  package enum Anchor: String { case start, middle, end }

  package mutating func text(
    _ string: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 12,
    weight: String? = nil, fill: String = "#222222", rotate: Double? = nil, tooltip: String? = nil,
    halo: String? = nil
  ) {
    let n = SVGWriter.number
    out += "<text x=\"\(n(x))\" y=\"\(n(y))\""
    if anchor != .start { out += " text-anchor=\"\(anchor.rawValue)\"" }
    if size != 12 { out += " font-size=\"\(n(size))\"" }
    if let weight { out += " font-weight=\"\(weight)\"" }
    out += " fill=\"\(fill)\""
    // A halo in the background colour keeps text legible where it crosses lines.
    if let halo { out += " stroke=\"\(halo)\" stroke-width=\"3\" paint-order=\"stroke\"" }
    if let rotate { out += " transform=\"rotate(\(n(rotate)) \(n(x)) \(n(y)))\"" }
    out += ">"
    if let tooltip { out += "<title>\(MarkupEscaping.text(tooltip))</title>" }
    out += MarkupEscaping.text(string) + "</text>\n"
  }

  /// Labels of one anchor, size and colour (the default text colour unless given) as one `<g>` that gives them
  /// those (the same pixels as ``text(_:x:y:anchor:size:weight:fill:rotate:tooltip:halo:)``
  /// for each, in about half the bytes): each label's text and position.
  package mutating func tickLabels(
    _ labels: [(text: String, x: Double, y: Double)], anchor: Anchor = .start, size: Double = 12,
    fill: String = "#222222"
  ) {
    guard !labels.isEmpty else { return }
    let n = SVGWriter.number
    out += "<g"
    if anchor != .start { out += " text-anchor=\"\(anchor.rawValue)\"" }
    if size != 12 { out += " font-size=\"\(n(size))\"" }
    out += " fill=\"\(fill)\">\n"
    for label in labels {
      out += "<text x=\"\(n(label.x))\" y=\"\(n(label.y))\">" + MarkupEscaping.text(label.text) + "</text>\n"
    }
    out += "</g>\n"
  }

  package mutating func polyline(
    _ points: [(x: Double, y: Double)], stroke: String, width: Double = 1, fill: String = "none"
  ) {
    guard !points.isEmpty else { return }
    let n = SVGWriter.number
    out += "<polyline fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\""
    out += " stroke-linejoin=\"round\" points=\""
    out += points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    out += "\"/>\n"
  }

  /// A line through `points` as a compact `<path>` on the whole-pixel grid: the first
  /// point absolute, the rest relative (`l` then implicit line-tos), integer coordinates
  /// only, repeated points dropped. About a third of the bytes of ``polyline(_:stroke:width:fill:)``
  /// for a decimated waveform, and nothing a 1x display could show is lost.
  package mutating func pixelPath(
    _ points: [(x: Double, y: Double)], stroke: String, width: Double = 1, dash: String? = nil
  ) {
    guard !points.isEmpty else { return }
    func pixel(_ value: Double) -> Int { value.isFinite ? Int(min(max(value, -1e6), 1e6).rounded()) : 0 }
    func signed(_ value: Int) -> String { value < 0 ? "\(value)" : " \(value)" }
    // Pixel points without repeats, then segments with collinear runs merged (a flat
    // stretch of silence is one segment).
    var last = (x: pixel(points[0].x), y: pixel(points[0].y))
    let start = last
    var segments: [(dx: Int, dy: Int)] = []
    for point in points.dropFirst() {
      let p = (x: pixel(point.x), y: pixel(point.y))
      guard p != last else { continue }
      let step = (dx: p.x - last.x, dy: p.y - last.y)
      if let previous = segments.last, previous.dx * step.dy == previous.dy * step.dx,
        previous.dx * step.dx + previous.dy * step.dy > 0
      {
        segments[segments.count - 1] = (previous.dx + step.dx, previous.dy + step.dy)
      } else {
        segments.append(step)
      }
      last = p
    }
    var d = "M\(start.x) \(start.y)l"
    // A separator is only needed where the next number does not start with `-`.
    for (k, step) in segments.enumerated() { d += (k == 0 ? "\(step.dx)" : signed(step.dx)) + signed(step.dy) }
    if segments.isEmpty { d += "0 0" }
    out += "<path fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(SVGWriter.number(width))\""
    if let dash { out += " stroke-dasharray=\"\(dash)\"" }
    out += " stroke-linejoin=\"round\" d=\"\(d)\"/>\n"
  }

  /// `label` shortened to `limit` characters with an ellipsis.
  package static func truncated(_ label: String, to limit: Int) -> String {
    guard label.count > limit, limit > 1 else { return label }
    return String(label.prefix(limit - 1)) + "…"
  }
}
