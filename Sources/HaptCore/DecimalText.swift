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
}
