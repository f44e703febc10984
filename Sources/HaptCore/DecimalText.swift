import Foundation

/// Numbers as fixed-point text for tables, CSV and sentences: `%.Nf`, except that a value
/// that rounds to zero never prints a sign (`0.0`, not `-0.0`).
package enum DecimalText {
  /// `value` with `decimals` decimals (`String(format: "%.Nf")`), without a negative zero.
  /// Non-finite values print as `%f` does (`inf`, `-inf`, `nan`); callers that show them
  /// otherwise check first.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", value)
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
    return text
  }

  /// The shortest decimal form that reads back to the same `Double` (`0.1`, `1e-05`,
  /// `-42.125`; whole numbers below 1e15 without a decimal point); empty for NaN and
  /// infinities. What CSV and JSON numbers and full-precision chart labels write.
  package static func roundTrip(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }
}
