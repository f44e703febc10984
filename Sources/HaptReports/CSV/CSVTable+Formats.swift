import HaptCore
extension CSVTable {
  /// The table as aligned plain text for a terminal (the text format).
  ///
  /// Columns are separated by two spaces; number columns are right-aligned, text
  /// left-aligned; the header is underlined with dashes. Numbers are written exactly as in
  /// the CSV; empty cells as `-`. Text is not quoted; newlines and tabs in it become
  /// spaces and other control characters (such as the ESC of a terminal escape sequence)
  /// become U+FFFD, so a hostile pattern name cannot drive the terminal. Widths count
  /// characters (grapheme clusters), so very wide scripts may misalign.
  package var textTable: String {
    let width = width
    let header = (0..<width).map { $0 < columns.count ? CSVTable.printable(columns[$0].header) : "" }
    let body = rows.map { row in
      (0..<width).map { index -> String in
        let cell = index < row.count ? row[index] : .empty
        switch cell {
        case .text(let text): return CSVTable.printable(text)
        case .empty: return "-"
        default: return cell.field
        }
      }
    }
    let numeric = (0..<width).map { index in
      rows.contains { index < $0.count && $0[index].isNumeric }
    }
    let widths = (0..<width).map { index in
      body.reduce(header[index].count) { max($0, $1[index].count) }
    }
    func line(_ fields: [String]) -> String {
      var parts: [String] = []
      for (index, field) in fields.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - field.count)
        parts.append(numeric[index] ? padding + field : field + padding)
      }
      var text = parts.joined(separator: "  ")
      while text.hasSuffix(" ") { text.removeLast() }
      return text + "\n"
    }
    var out = line(header)
    out += line(widths.map { String(repeating: "-", count: $0) })
    for fields in body { out += line(fields) }
    return out
  }

  /// The table as JSON: an array with one object per row, keyed by the
  /// header names (`detect_ms`), in column order.
  ///
  /// Numbers are JSON numbers with the same value the CSV shows (a `.fixed` cell is
  /// rounded to its decimals), empty cells and non-finite numbers are `null`, text is a
  /// string (not neutralised: JSON is not read by spreadsheets). Cells beyond the header
  /// are keyed `column_N` (1-based).
  package var jsonValue: JSONValue {
    .array(
      rows.map { row in
        JSONNode(
          .object(
            row.enumerated().map { index, cell in
              let key = index < columns.count ? columns[index].header : "column_\(index + 1)"
              return JSONMember(key: key, value: JSONNode(CSVTable.json(cell)))
            }))
      })
  }

  /// ``jsonValue`` as text (two-space indentation, ending in a newline).
  package var jsonText: String { JSONWriter.string(jsonValue) }

  private static func json(_ cell: CSVCell) -> JSONValue {
    switch cell {
    case .text(let text): return .string(text)
    case .number(let value): return value.isFinite ? .number(value) : .null
    case .fixed(let value, let decimals):
      return Double(CSVCell.fixed(value, decimals: decimals)).map { .number($0) } ?? .null
    case .integer(let value): return .number(Double(value))
    case .empty: return .null
    }
  }

  /// `text` safe to print on a terminal: whitespace controls as spaces, other controls
  /// (C0, DEL, C1) as U+FFFD.
  static func printable(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: out += " "
      case 0x00...0x1F, 0x7F...0x9F: out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
