/// A self-contained HTML report page: title, summary facts, a table of contents and
/// sections of paragraphs, notes, "approximate" callouts, tables and inline SVG charts.
///
/// The page has no scripts, loads nothing (no external fonts, images or style sheets) and
/// declares a Content-Security-Policy that forbids scripts and every external load
/// (`default-src 'none'; style-src 'unsafe-inline'; img-src data:`). All data text is
/// escaped. See Docs/Reports.md for the visual conventions.
public struct ReportPage: Sendable {
  /// The page title (also the `<title>`).
  public var title: String
  /// A line under the title (what was evaluated, the tool version), or nil.
  public var subtitle: String?
  /// Key facts shown under the title (`("patterns", "42")`), in order.
  public var facts: [(label: String, value: String)]
  /// The sections, in order; each gets an entry in the table of contents.
  public var sections: [ReportSection]

  public init(
    title: String, subtitle: String? = nil, facts: [(label: String, value: String)] = [],
    sections: [ReportSection] = []
  ) {
    self.title = title
    self.subtitle = subtitle
    self.facts = facts
    self.sections = sections
  }
}

/// A section of a ``ReportPage``: a heading and blocks. Printed on a new page.
public struct ReportSection: Sendable {
  /// The heading.
  public var title: String
  /// The anchor id (letters, digits and `-`), derived from the title if not given.
  public var id: String
  /// The content, in order.
  public var blocks: [ReportBlock]

  public init(title: String, id: String? = nil, blocks: [ReportBlock] = []) {
    self.title = title
    self.id = ReportSection.anchor(id ?? title)
    self.blocks = blocks
  }

  /// `text` as an anchor: lower-case ASCII letters and digits, other runs become `-`.
  static func anchor(_ text: String) -> String {
    var out = ""
    for scalar in text.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        out.unicodeScalars.append(scalar)
      } else if !out.isEmpty, !out.hasSuffix("-") {
        out += "-"
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "section" : "s-" + out
  }
}

/// One block of a ``ReportSection``.
public enum ReportBlock: Sendable {
  /// A paragraph of text.
  case paragraph(String)
  /// A sub-heading.
  case heading(String)
  /// A neutral note (grey rule on the left).
  case note(String)
  /// An "approximate" callout: a result that rests on a model or an approximation the
  /// reader must know about (amber rule, labelled "Approximate").
  case approximate(String)
  /// A warning callout (vermillion rule, labelled "Warning").
  case warning(String)
  /// A table, optionally with a caption.
  case table(ReportTable, caption: String?)
  /// A chart with a caption (shown under it as a figure caption).
  case chart(SVGChart, caption: String?)
  /// A bulleted list.
  case list([String])
  /// A link to a file written next to the page (a CSV, a WAV): relative path and text.
  case fileLink(path: String, text: String)
  /// Markup built with ``HTML`` (already escaped).
  case html(HTML)
}

/// A table for a page: columns with units and typed cells, usually the same
/// ``CSVTable`` that is written as CSV, so page and file agree.
///
/// Numbers are right-aligned and shown rounded for reading (``CSVCell/fixed(_:decimals:)``
/// as given, ``CSVCell/number(_:)`` to about four significant digits); the CSV keeps full
/// precision. Cells of the columns named in `verdictColumns` whose text is a
/// ``ReportVerdict`` raw value are shown as coloured badges with a symbol.
public struct ReportTable: Sendable {
  /// The data.
  public var table: CSVTable
  /// Header names (``CSVColumn/name``) of columns holding verdicts.
  public var verdictColumns: Set<String>

  public init(_ table: CSVTable, verdictColumns: Set<String> = ["verdict"]) {
    self.table = table
    self.verdictColumns = verdictColumns
  }
}
