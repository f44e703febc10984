import Foundation

/// One field of hapt's line-based part files, as text without spaces: a string as `b` and
/// its UTF-8 in base64, a number as the hexadecimal bit pattern of its `Double` (exact, so
/// that a merged job gives the unsharded bytes), and `-` for none.
package enum FieldCodec {
  /// `b` + base64 of the UTF-8, or `-` for nil.
  package static func text(_ s: String?) -> String {
    s.map { "b" + Data($0.utf8).base64EncodedString() } ?? "-"
  }

  /// The string a ``text(_:)-(String?)`` field holds: `.some(nil)` for `-`, nil when the
  /// field is not one.
  package static func text(_ field: Substring) -> String?? {
    if field == "-" { return .some(nil) }
    guard field.hasPrefix("b"), let data = Data(base64Encoded: String(field.dropFirst())),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    return .some(text)
  }

  /// The bit pattern of `x` in hexadecimal, or `-` for nil.
  package static func number(_ x: Double?) -> String {
    x.map { String($0.bitPattern, radix: 16) } ?? "-"
  }

  /// The number a ``number(_:)-(Double?)`` field holds: `.some(nil)` for `-`, nil when
  /// the field is not one.
  package static func number(_ field: Substring) -> Double?? {
    if field == "-" { return .some(nil) }
    guard let bits = UInt64(field, radix: 16) else { return nil }
    return .some(Double(bitPattern: bits))
  }
}
