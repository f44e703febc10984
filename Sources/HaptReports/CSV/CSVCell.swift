import HaptCore
import Foundation

/// One typed cell of a ``CSVTable``.
///
/// Numbers are kept as numbers until the table is written, so a negative latency stays a
/// number (`-3.5`) while a text cell that merely looks like a formula (`-3+A1`) is
/// neutralised. See Docs/Reports.md, "CSV rules".
package enum CSVCell: Equatable, Sendable {
  /// Free text: quoted when needed (RFC 4180) and neutralised against formula injection.
  case text(String)
  /// A number written with the shortest representation that reads back to the same
  /// `Double` (full round-trip precision), for example `0.1`, `1e-05`, `-42.125`.
  case number(Double)
  /// A number rounded to a fixed count of decimals (0...17), for example `41.250`.
  case fixed(Double, decimals: Int)
  /// An integer count.
  case integer(Int)
  /// No value (also what a non-finite number is written as).
  case empty

  /// The cell as a text table shows it: text as it is, a number with `decimals` decimals
  /// (a `.fixed` cell with its own), an integer in full, `-` for no value or a number that
  /// is not finite.
  package func text(decimals: Int) -> String {
    switch self {
    case .text(let text): return text
    case .number(let value): return value.isFinite ? DecimalText.fixed(value, decimals: decimals) : "-"
    case .fixed(let value, let own): return value.isFinite ? DecimalText.fixed(value, decimals: own) : "-"
    case .integer(let value): return String(value)
    case .empty: return "-"
    }
  }

  /// The cell's field as it appears in the CSV file: formatted, neutralised and quoted.
  package var field: String {
    switch self {
    case .text(let text): return CSVCell.quoted(CSVCell.neutralised(text))
    case .number(let value): return CSVCell.roundTrip(value)
    case .fixed(let value, let decimals): return CSVCell.fixed(value, decimals: decimals)
    case .integer(let value): return String(value)
    case .empty: return ""
    }
  }

  /// A text cell, or an empty cell for nil.
  package static func text(_ text: String?) -> CSVCell { text.map { .text($0) } ?? .empty }
  /// A number cell, or an empty cell for nil.
  package static func number(_ value: Double?) -> CSVCell { value.map { .number($0) } ?? .empty }
  /// A simulated measurement (g, Hz, JND, a similarity score, a probability, bits) as a
  /// number cell rounded to ``measuredDigits`` significant digits, or an empty cell for nil
  /// (Docs/Reports.md, "CSV rules").
  package static func measured(_ value: Double?) -> CSVCell {
    value.map { .number(DecimalText.significant($0, digits: measuredDigits)) } ?? .empty
  }

  /// The significant digits of a measurement in every table and JSON output: six, a
  /// relative resolution of 1e-5 or finer. No simulation input has more than four
  /// significant digits (a profile's resonance, damping and drive limits), and the digits
  /// after the sixth follow the order of floating-point operations and the maths library,
  /// nothing a user could feel or change. Verdicts are made on the unrounded values.
  package static let measuredDigits = 6

  /// A fixed-decimals cell, or an empty cell for nil.
  package static func fixed(_ value: Double?, decimals: Int) -> CSVCell {
    value.map { .fixed($0, decimals: decimals) } ?? .empty
  }

  // MARK: - Formatting rules

  /// The characters that make a spreadsheet read a text field as a formula (OWASP, "CSV
  /// Injection"): `=`, `+`, `-`, `@`, tab and carriage return at the start of a field.
  static let formulaTriggers: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

  /// `text` with a single quote prefixed if it begins with a formula trigger.
  static func neutralised(_ text: String) -> String {
    guard let first = text.first, formulaTriggers.contains(first) else { return text }
    return "'" + text
  }

  /// `field` quoted per RFC 4180 if it contains a comma, a double quote, CR or LF
  /// (double quotes inside are doubled); unchanged otherwise.
  static func quoted(_ field: String) -> String {
    let quote = UInt8(ascii: "\"")
    let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 10 || $0 == 13 }
    guard needsQuotes else { return field }
    // Byte by byte (a quote is one byte in UTF-8 and never part of another character):
    // Foundation's replacingOccurrences was a few percent of writing a large report.
    var bytes: [UInt8] = [quote]
    bytes.reserveCapacity(field.utf8.count + 8)
    for byte in field.utf8 {
      bytes.append(byte)
      if byte == quote { bytes.append(quote) }
    }
    bytes.append(quote)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Shortest round-trip decimal form; empty for NaN and infinities.
  static func roundTrip(_ value: Double) -> String { DecimalText.roundTrip(value) }

  /// `value` with exactly `decimals` decimals (clamped to 0...17); empty if not finite.
  /// Never writes a negative zero (`-0.000` becomes `0.000`).
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "" }
    return DecimalText.fixed(value, decimals: min(max(decimals, 0), 17))
  }
}
