import HaptCharts

extension ReportPage {
  /// The Content-Security-Policy the page declares.
  package static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

  /// The policy of a page that links its style sheet (``styleSheetPath``): style only from
  /// the report's own folder (`'self'` when served, `file:` when opened from disk).
  /// Sound only from the folder too (a pattern page's `<audio>`, ``PatternAudio``).
  package static let linkedStyleSecurityPolicy =
    "default-src 'none'; style-src 'self' file:; img-src data:; media-src 'self' file:"

  /// The style sheet every page uses: save it as the file ``styleSheetPath`` names.
  package static var styleSheet: String { ReportStyle.css }

  /// The complete HTML document.
  ///
  /// - Complexity: O(size of the content).
  package var htmlText: String {
    var body: [HTML] = []
    var header: [HTML] = []
    if !links.isEmpty {
      header.append(
        .element(
          "nav", attributes: ["class": "crumbs", "aria-label": "Report"],
          links.map { HTML.element("a", attributes: ["href": $0.path], text: $0.text) }))
    }
    header.append(HTML.element("h1", text: title))
    if let subtitle { header.append(.element("p", attributes: ["class": "subtitle"], text: subtitle)) }
    if !facts.isEmpty {
      header.append(
        .element(
          "dl", attributes: ["class": "facts"],
          facts.map { fact in
            .element("div", [.element("dt", text: fact.label), .element("dd", text: fact.value)])
          }))
    }
    body.append(.element("header", header))
    if !sections.isEmpty {
      let entries = sections.map { section in
        HTML.element("li", [.element("a", attributes: ["href": "#" + section.id], text: section.title)])
      }
      body.append(
        .element(
          "nav", attributes: ["class": "toc", "aria-label": "Contents"],
          [.element("h2", text: "Contents"), .element("ol", entries)]))
    }
    for section in sections {
      var content: [HTML] = [.element("h2", text: section.title)]
      content += section.blocks.map(\.html)
      body.append(.element("section", attributes: ["id": section.id], content))
    }
    if let footer { body.append(.element("footer", text: footer)) }
    let policy = styleSheetPath == nil ? ReportPage.contentSecurityPolicy : ReportPage.linkedStyleSecurityPolicy
    let style =
      styleSheetPath.map { "<link rel=\"stylesheet\" href=\"\(MarkupEscaping.attribute($0))\">" }
      ?? "<style>\n\(ReportStyle.css)</style>"
    let document = HTML.trusted(
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(MarkupEscaping.attribute(policy))">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="referrer" content="no-referrer">
      <title>\(MarkupEscaping.text(title))</title>
      \(style)
      </head>
      <body>
      <main>

      """)
    let parts = body.map { $0.markup + "\n" }.joined()
    return document.markup + parts + "</main>\n</body>\n</html>\n"
  }
}

extension ReportBlock {
  /// The block's markup.
  var html: HTML {
    switch self {
    case .paragraph(let text): return .element("p", text: text)
    case .heading(let text): return .element("h3", text: text)
    case .note(let text): return callout("note", label: "Note", text)
    case .approximate(let text): return callout("approximate", label: "Approximate", text)
    case .warning(let text): return callout("warning", label: "Warning", text)
    case .list(let items): return .element("ul", items.map { .element("li", text: $0) })
    case .fileLink(let path, let text):
      return .element(
        "p", attributes: ["class": "file"], [.element("a", attributes: ["href": path], text: text)])
    case .html(let fragment): return fragment
    case .chart(let chart, let caption):
      var children = [HTML(chart)]
      if let caption { children.append(.element("figcaption", text: caption)) }
      return .element("figure", children)
    case .grid(let blocks):
      return .element("div", attributes: ["class": "block-grid"], blocks.map { $0.html })
    case .stack(let blocks):
      return .element("div", blocks.map { $0.html })
    case .disclosure(let summary, let blocks):
      return .element(
        "details", attributes: ["class": "more"], [.element("summary", text: summary)] + blocks.map { $0.html })
    case .table(let table, let caption):
      return table.html(caption: caption)
    }
  }

  private func callout(_ kind: String, label: String, _ text: String) -> HTML {
    .element(
      "aside", attributes: ["class": "callout \(kind)", "role": "note"],
      [.element("strong", text: label + ": "), HTML(text)])
  }
}

extension ReportTable {
  /// The table's markup, in a horizontally scrollable wrapper.
  func html(caption: String?) -> HTML {
    let width = table.width
    var headerCells: [HTML] = []
    for index in 0..<width {
      let column = index < table.columns.count ? table.columns[index] : CSVColumn("")
      let numeric = table.rows.contains { row in
        index < row.count && row[index].isNumeric
      }
      let label = column.unit.map { "\(column.name) (\($0))" } ?? column.name
      headerCells.append(
        .element(
          "th", attributes: numeric ? ["scope": "col", "class": "num"] : ["scope": "col"], text: label))
    }
    let rows = table.rows.map { row in
      HTML.element(
        "tr",
        (0..<width).map { index in
          let cell = index < row.count ? row[index] : .empty
          let name = index < table.columns.count ? table.columns[index].name : ""
          return cellHTML(cell, isVerdict: verdictColumns.contains(name))
        })
    }
    var children: [HTML] = []
    if let caption { children.append(.element("caption", text: caption)) }
    children.append(.element("thead", [.element("tr", headerCells)]))
    children.append(.element("tbody", rows))
    return .element("div", attributes: ["class": "table-wrap"], [.element("table", children)])
  }

  /// A `<td>` of `text` with class `own` (none: nil).
  private func cell(_ own: String?, text: String) -> HTML {
    .element("td", attributes: own.map { ["class": $0] } ?? [:], text: text)
  }

  private func cellHTML(_ cell: CSVCell, isVerdict: Bool) -> HTML {
    switch cell {
    case .text(let text):
      if isVerdict, let verdict = ReportVerdict(rawValue: text) {
        return .element(
          "td",
          [
            .element(
              "span", attributes: ["class": "badge \(verdict.rawValue)"],
              text: "\(verdict.symbol) \(verdict.label)")
          ])
      }
      // Short text (names, states) never wraps, so a wide table scrolls instead of
      // breaking `swiftui-impact-rigid` at every hyphen; long text (messages) wraps.
      return self.cell(text.count <= ReportTable.noWrapLimit ? "nw" : nil, text: text)
    case .number(let value):
      return self.cell("num", text: ChartNumber.readable(value))
    case .fixed(let value, let decimals):
      return self.cell("num", text: ChartNumber.fixed(value, decimals: decimals))
    case .integer(let value): return self.cell("num", text: String(value))
    case .empty: return self.cell("empty", text: "–")
    }
  }
}

extension CSVCell {
  /// Whether the cell holds a number.
  var isNumeric: Bool {
    switch self {
    case .number, .fixed, .integer: return true
    case .text, .empty: return false
    }
  }
}
