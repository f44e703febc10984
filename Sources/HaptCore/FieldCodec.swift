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
    guard field.hasPrefix("b"), let bytes = base64Decoded(field.utf8.dropFirst()) else { return nil }
    // Invalid UTF-8 would be repaired with U+FFFD: then the bytes differ, and it is no text.
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else { return nil }
    return .some(text)
  }

  /// The bytes of standard base64 with padding (as `base64EncodedString()` writes it),
  /// decoded without Foundation: a merge decodes about a hundred of these per pattern, and
  /// Foundation's decoder was a sixth of parsing a part. Nil if `encoded` is not base64
  /// (stricter than `Data(base64Encoded:)`, which reads a padding character inside the
  /// last group).
  static func base64Decoded(_ encoded: Substring.UTF8View.SubSequence) -> [UInt8]? {
    let count = encoded.count
    guard count % 4 == 0 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(count / 4 * 3)
    var quad: UInt32 = 0
    var filled = 0
    var padding = 0
    for (k, byte) in encoded.enumerated() {
      let value: UInt32
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        // Padding: only in the last two places, and nothing but padding after it.
        guard k >= count - 2 else { return nil }
        padding += 1
        value = 0
      default: return nil
      }
      if padding > 0 && byte != UInt8(ascii: "=") { return nil }
      quad = quad << 6 | value
      filled += 1
      if filled == 4 {
        out.append(UInt8(truncatingIfNeeded: quad >> 16))
        if padding < 2 { out.append(UInt8(truncatingIfNeeded: quad >> 8)) }
        if padding < 1 { out.append(UInt8(truncatingIfNeeded: quad)) }
        (quad, filled) = (0, 0)
      }
    }
    return out
  }

  /// The bit pattern of `x` in hexadecimal, or `-` for nil.
  package static func number(_ x: Double?) -> String {
    x.map { String($0.bitPattern, radix: 16) } ?? "-"
  }

  /// The number a ``number(_:)-(Double?)`` field holds: `.some(nil)` for `-`, nil when
  /// the field is not one.
  package static func number(_ field: Substring) -> Double?? {
    if field == "-" { return .some(nil) }
    guard let bits = hexadecimal(field) ?? UInt64(field, radix: 16) else { return nil }
    return .some(Double(bitPattern: bits))
  }

  /// `field` as 1 to 16 lower-case hexadecimal digits (what ``number(_:)-(Double?)``
  /// writes), read byte by byte; nil for anything else (then `UInt64(_:radix:)` decides).
  static func hexadecimal(_ field: Substring) -> UInt64? {
    let utf8 = field.utf8
    guard (1...16).contains(utf8.count) else { return nil }
    var value: UInt64 = 0
    for byte in utf8 {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      value = value << 4 | UInt64(digit)
    }
    return value
  }
}
