import Foundation
import HaptCore

/// A plain-text table with aligned columns for terminal output.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  /// A table with `header` (each heading made one line, as the cells are: the columns of a
  /// matrix are named by patterns).
  init(_ header: [String]) { self.header = header.map(OneLine.escaped) }

  /// Adds a row; each cell is made one line (``OneLine``: names and echoed values holding
  /// line breaks or terminal controls cannot start a line of their own).
  mutating func append(_ row: [String]) { rows.append(row.map(OneLine.escaped)) }

  var text: String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { i, cell in
        i + 1 == cells.count ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}

/// Number formatting for text output (CSV and JSON use full precision instead).
enum Format {
  /// Seconds as milliseconds with one decimal, or "-" when absent.
  static func ms(_ seconds: Double?) -> String {
    guard let seconds else { return "-" }
    return fixed(seconds * 1000, 1)
  }

  /// `value` with `digits` decimals; a value that rounds to zero prints without a sign
  /// ("0.0", not "-0.0").
  static func fixed(_ value: Double?, _ digits: Int = 3) -> String {
    guard let value, value.isFinite else { return "-" }
    return DecimalText.fixed(value, decimals: digits)
  }
}
