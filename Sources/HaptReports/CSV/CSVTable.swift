/// A column of a ``CSVTable``: a name and the unit of its values.
///
/// The header field is `name_unit` (`detect_ms`, `resonance_Hz`), following the
/// project's unit-in-the-name convention; a column without a unit is just `name`.
package struct CSVColumn: Equatable, Sendable {
  /// The column's name without the unit, for example `detect`.
  package var name: String
  /// The unit suffix (`ms`, `Hz`, `g`, `dB`), or nil for text, counts and ratios.
  package var unit: String?

  package init(_ name: String, unit: String? = nil) {
    self.name = name
    self.unit = unit
  }

  /// The header field: `name_unit`, or `name` without a unit.
  package var header: String {
    guard let unit, !unit.isEmpty else { return name }
    return "\(name)_\(unit)"
  }
}

/// A table written as CSV: a header row and rows of typed cells.
///
/// The output is deterministic and follows RFC 4180 with two documented choices: lines end
/// with `\n` (not CRLF) and every line, including the last, ends with one. Text cells that
/// begin with `=`, `+`, `-`, `@`, tab or carriage return are prefixed with `'` so that a
/// spreadsheet shows them as text instead of evaluating them (formula injection); number
/// cells are never changed, so `-3.5` stays a number. No byte-order mark is written.
///
/// Rows shorter than the header are padded with empty cells; a row longer than the header
/// widens the table (the header gets empty names), so no value is ever dropped.
///
/// ```swift
/// var table = CSVTable(columns: [CSVColumn("pattern"), CSVColumn("detect", unit: "ms")])
/// table.append([.text("success"), .fixed(41.25, decimals: 2)])
/// try AtomicFile.write(table.csvText, to: "latency.csv")
/// ```
package struct CSVTable: Equatable, Sendable {
  /// The columns, in order.
  package var columns: [CSVColumn]
  /// The rows, in order; each cell belongs to the column at the same index.
  package var rows: [[CSVCell]]

  package init(columns: [CSVColumn], rows: [[CSVCell]] = []) {
    self.columns = columns
    self.rows = rows
  }

  /// Appends one row.
  package mutating func append(_ row: [CSVCell]) {
    rows.append(row)
  }

  /// The number of fields in every line of the output.
  package var width: Int {
    rows.reduce(columns.count) { max($0, $1.count) }
  }

  /// The rows only, as CSV lines (for a table written in pieces after its header,
  /// ``headerText``).
  package var rowsText: String {
    let width = width
    var out = String()
    for row in rows {
      var fields = row.map(\.field)
      fields += Array(repeating: "", count: width - fields.count)
      out += fields.joined(separator: ",")
      out += "\n"
    }
    return out
  }

  /// The header line of ``csvText`` (the rows must not be wider than the columns).
  package var headerText: String { CSVTable(columns: columns).csvText }

  /// The whole table as CSV text.
  ///
  /// - Complexity: O(total size of the cells).
  package var csvText: String {
    let width = width
    var out = String()
    var header = columns.map { CSVCell.text($0.header).field }
    header += Array(repeating: "", count: width - header.count)
    out += header.joined(separator: ",")
    out += "\n"
    out += rowsText
    return out
  }
}
