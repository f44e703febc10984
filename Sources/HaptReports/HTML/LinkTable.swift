import HaptCharts

/// A table for a page whose cells may be links, verdict badges or coloured verdict
/// cells: the pattern index, neighbour lists and pair tables (``ReportTable`` holds plain
/// CSV cells).
struct LinkTable {
  /// One cell.
  enum Cell: Equatable {
    /// Text, a link when `href` is given (a relative path).
    case text(String, href: String? = nil)
    /// Text that does not wrap (a short name in a compact table).
    case name(String)
    /// A right-aligned number, already formatted.
    case number(String)
    /// A verdict badge (symbol and word).
    case badge(ReportVerdict)
    /// A compact verdict cell: coloured background, symbol and short text, with a tooltip
    /// where one adds what the cell cannot show.
    case verdict(ReportVerdict, text: String, tooltip: String? = nil)
    /// Nothing (shown as a grey dash).
    case empty
  }

  /// A header cell; `span` columns wide (grouped headers).
  struct Header: Equatable {
    var text: String
    var numeric = false
    var span = 1
  }

  /// One or two header rows; with two, a first-row header of span 1 spans both rows.
  var headers: [[Header]]
  var rows: [[Cell]]
  /// Optional id per row (an anchor other pages link to).
  var rowIDs: [String?] = []
  var caption: String?
  /// An extra class on the `<table>` element.
  var tableClass: String?

  var html: HTML {
    var head: [HTML] = []
    for (r, headerRow) in headers.enumerated() {
      head.append(
        .element(
          "tr",
          headerRow.map { header in
            var attributes = ["scope": "col"]
            if header.numeric { attributes["class"] = "num" }
            if header.span > 1 { attributes["colspan"] = String(header.span) }
            if headers.count > 1, r == 0, header.span == 1 { attributes["rowspan"] = String(headers.count) }
            return .element("th", attributes: attributes, text: header.text)
          }))
    }
    let body = rows.enumerated().map { index, row in
      var attributes: [String: String] = [:]
      if index < rowIDs.count, let id = rowIDs[index] { attributes["id"] = id }
      return HTML.element("tr", attributes: attributes, row.map(LinkTable.cellHTML))
    }
    var children: [HTML] = []
    if let caption { children.append(.element("caption", text: caption)) }
    children.append(.element("thead", head))
    children.append(.element("tbody", body))
    let table = HTML.element("table", attributes: tableClass.map { ["class": $0] } ?? [:], children)
    return .element("div", attributes: ["class": "table-wrap"], [table])
  }

  static func cellHTML(_ cell: Cell) -> HTML {
    switch cell {
    case .text(let text, let href):
      guard let href else { return .element("td", text: text) }
      return .element("td", [.element("a", attributes: ["href": href], text: text)])
    case .name(let text): return .element("td", attributes: ["class": "nw"], text: text)
    case .number(let text): return .element("td", attributes: ["class": "num"], text: text)
    case .badge(let verdict):
      return .element(
        "td",
        [
          .element(
            "span", attributes: ["class": "badge \(verdict.rawValue)"], text: "\(verdict.symbol) \(verdict.label)")
        ])
    case .verdict(let verdict, let text, let tooltip):
      var attributes = ["class": "v \(verdict.rawValue)"]
      if let tooltip { attributes["title"] = tooltip }
      return .element("td", attributes: attributes, text: text)
    case .empty: return .element("td", attributes: ["class": "empty"], text: "–")
    }
  }
}
