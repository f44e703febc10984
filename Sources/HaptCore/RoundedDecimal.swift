import Foundation

/// The fast paths of ``DecimalText``: decimal rounding by scaling with an exact power of
/// ten and rounding to an integer, which gives the C library's digits whenever the
/// rounding is not close to a tie. `nil` means "ask the C library": near a tie (within
/// 2^-50 of the scaled value, eight times the scaling's rounding error), or out of range.
///
/// Why it is exact: `x * 10^k` (or `x / 10^-k`) is one correctly rounded operation on an
/// exact power of ten (1e0 ... 1e22 are doubles), so it is within half an ulp of the
/// exact product; only a product within that distance of a half can round the other way
/// than the exact one, and those are refused. The printf functions round the exact binary
/// value, so away from ties they agree (DecimalTextPrintfTests compares them value for
/// value). `vsnprintf` through `withVaList` cost about a microsecond a number, several
/// per cent of writing a 10,000-pattern report.
package enum RoundedDecimal {
  /// 10^0 ... 10^22, each exactly a double.
  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
  ]

  /// Below this the scaled value and its integer part are exact integers apart (2^52).
  static let integerLimit = 4_503_599_627_370_496.0

  /// `x` (not negative) rounded to the nearest integer, or nil near a tie or past the
  /// integer limit.
  @inline(__always)
  static func nearestInteger(_ scaled: Double) -> UInt64? {
    guard scaled.isFinite, scaled >= 0, scaled < integerLimit else { return nil }
    let whole = scaled.rounded(.down)
    let fraction = scaled - whole  // exact
    guard abs(fraction - 0.5) > scaled * 0x1p-50 else { return nil }
    return UInt64(whole) + (fraction > 0.5 ? 1 : 0)
  }

  /// `%.Nf` of `value` without a negative zero, as ``DecimalText/fixed(_:decimals:)``.
  package static func fixed(_ value: Double, decimals: Int) -> String? {
    guard value.isFinite, (0...17).contains(decimals),
      let units = nearestInteger(abs(value) * powersOfTen[decimals])
    else { return nil }
    var digits = Array(String(units).utf8)
    if digits.count <= decimals {
      digits.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0)
    }
    if decimals > 0 { digits.insert(UInt8(ascii: "."), at: digits.count - decimals) }
    if value < 0, units != 0 { digits.insert(UInt8(ascii: "-"), at: 0) }
    return String(decoding: digits, as: UTF8.self)
  }

  /// `value` (finite, not zero) rounded to `digits` significant digits, as the double
  /// nearest that decimal (what `strtod` reads back from `%.*g`).
  package static func significant(_ value: Double, digits: Int) -> Double? {
    let magnitude = abs(value)
    guard magnitude.isFinite, magnitude > 0, (1...15).contains(digits) else { return nil }
    var exponent = Int(log10(magnitude).rounded(.down))
    // log10 can be one off near a power of ten: correct the exponent from the scaled value.
    for _ in 0..<2 {
      let shift = digits - 1 - exponent
      guard abs(shift) <= 22 else { return nil }
      let scaled = shift >= 0 ? magnitude * powersOfTen[shift] : magnitude / powersOfTen[-shift]
      if scaled < powersOfTen[digits - 1] {
        exponent -= 1
        continue
      }
      if scaled >= powersOfTen[digits] {
        exponent += 1
        continue
      }
      guard let units = nearestInteger(scaled) else { return nil }
      // One correctly rounded operation on exact operands: the double nearest the decimal.
      let rounded = shift >= 0 ? Double(units) / powersOfTen[shift] : Double(units) * powersOfTen[-shift]
      return value < 0 ? -rounded : rounded
    }
    return nil
  }
}
