/// The key=value text that hapt stores in an audio file's comment field.
///
/// Layout: the first line is `hapt-metadata=1`; then one `key=value` line per entry,
/// sorted by key. In keys and values a backslash is written `\\`, a line feed `\n`, a
/// carriage return `\r` and an equals sign `\=`, so any text round-trips. Keys hapt
/// writes: `device`, `state`, `pattern`, `condition`, `software` and, in FLAC files,
/// `fullScale_g` (see ``AudioFile``); callers may add any others.
enum AudioMetadata {
  /// The marker line that identifies hapt's comment text.
  static let marker = "hapt-metadata=1"

  /// The comment text for `metadata`.
  static func encode(_ metadata: [String: String]) -> String {
    var lines = [marker]
    for key in metadata.keys.sorted() {
      lines.append(escape(key) + "=" + escape(metadata[key] ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  /// The entries of a comment written by ``encode(_:)``, or nil if `text` is not hapt's
  /// format (a foreign comment). Lines without an unescaped `=` are ignored.
  static func decode(_ text: String) -> [String: String]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    guard let first = lines.first, first.trimmingTrailingCR == marker else { return nil }
    var result: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let (key, value) = splitEntry(String(line.trimmingTrailingCR)) else { continue }
      result[key] = value
    }
    return result
  }

  /// `text` with `\\`, newlines and `=` escaped, and every scalar that a Vorbis comment
  /// may not hold (NUL, the Unicode noncharacters such as U+FFFE and U+FFFF, which libFLAC
  /// rejects and libsndfile then crashes on) written as `\\u{HEX}`.
  static func escape(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "=": out += "\\="
      default:
        if isUnstorable(scalar) {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// Whether a metadata string may not hold `scalar` as it is: NUL, a C0 control other
  /// than tab, newline and return, or a noncharacter (U+FDD0...U+FDEF, U+xFFFE, U+xFFFF).
  static func isUnstorable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
    return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }

  /// `text` with every scalar ``isUnstorable(_:)`` replaced by U+FFFD, for the plain
  /// strings (title, software) that other tools show.
  static func storable(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(isUnstorable(scalar) ? "\u{FFFD}" : scalar) }
    return String(out)
  }

  /// Splits `key=value` at the first unescaped `=` and unescapes both halves.
  private static func splitEntry(_ line: String) -> (String, String)? {
    var key = String.UnicodeScalarView()
    var value = String.UnicodeScalarView()
    var inValue = false
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      var plain = scalar
      if scalar == "\\" {
        guard let next = scalars.next() else { break }
        switch next {
        case "n": plain = "\n"
        case "r": plain = "\r"
        case "u": plain = unescapedScalar(&scalars) ?? "\u{FFFD}"
        default: plain = next
        }
      } else if scalar == "=" && !inValue {
        inValue = true
        continue
      }
      if inValue { value.append(plain) } else { key.append(plain) }
    }
    return inValue && !key.isEmpty ? (String(key), String(value)) : nil
  }

  /// The scalar of a `{HEX}` escape after `\\u`, or nil if it is malformed.
  private static func unescapedScalar(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
    guard scalars.next() == "{" else { return nil }
    var hex = ""
    while let digit = scalars.next(), digit != "}" {
      guard hex.count < 8 else { return nil }
      hex.unicodeScalars.append(digit)
    }
    return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
  }
}

extension Substring {
  fileprivate var trimmingTrailingCR: Substring { last == "\r" ? dropLast() : self }
}
