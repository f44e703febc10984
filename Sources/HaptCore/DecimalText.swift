import Foundation

/// Numbers as fixed-point text for tables, CSV and sentences: `%.Nf`, except that a value
/// that rounds to zero never prints a sign (`0.0`, not `-0.0`).
package enum DecimalText {
  /// `value` with `decimals` decimals (`String(format: "%.Nf")`), without a negative zero.
  /// Non-finite values print as `%f` does (`inf`, `-inf`, `nan`); callers that show them
  /// otherwise check first.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    if let text = RoundedDecimal.fixed(value, decimals: decimals) { return text }
    let text = printed(value, precision: decimals, conversion: "f")
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
    return text
  }

  /// `%.Nf` or `%.Ng` (`conversion` "f" or "g", N = `precision`) of `value` from the C
  /// library's `vsnprintf` (the digits `String(format:)` gives, without building an
  /// `NSString`: Foundation's formatting was several percent of writing a large report),
  /// into a buffer on the stack.
  private static func printed(_ value: Double, precision: Int, conversion: String) -> String {
    let capacity = 512  // 309 digits before the point at most, the decimals after it
    let format = "%.*" + conversion
    guard (0...100).contains(precision) else { return String(format: "%.\(precision)" + conversion, value) }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
      let base = buffer.baseAddress!
      let count = withVaList([Int32(precision), value]) { vsnprintf(base, capacity, format, $0) }
      guard count >= 0, count < capacity else { return String(format: "%.\(precision)" + conversion, value) }
      return String(cString: base)
    }
  }

  /// `value` rounded to `digits` significant digits (`%.*g`, correctly rounded by the C
  /// library), as the `Double` nearest that decimal: written in its shortest round-trip form
  /// (``roundTrip(_:)``) it prints those digits and no others (`1.19394`, `10921.3`,
  /// `0.00829037`). Zero and non-finite values are returned as they are; `digits` is
  /// clamped to 1...17.
  package static func significant(_ value: Double, digits: Int) -> Double {
    guard value.isFinite, value != 0 else { return value }
    let digits = min(max(digits, 1), 17)
    if let rounded = RoundedDecimal.significant(value, digits: digits) { return rounded }
    return Double(printed(value, precision: digits, conversion: "g")) ?? value
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
