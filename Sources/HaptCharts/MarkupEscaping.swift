/// Escaping of text for HTML, SVG and XML output.
///
/// Every string that reaches a report from data (pattern names, file paths, messages,
/// lint findings) goes through one of these functions, so that a hostile name such as
/// `<script>alert(1)</script>` is shown as text and never interpreted as markup.
/// All five markup-significant characters are escaped in both text and attributes
/// (`&` `<` `>` `"` `'`), so the same function is safe in either place.
///
/// Characters that XML 1.0 forbids (C0 controls other than tab, line feed and carriage
/// return, U+FFFE and U+FFFF) are replaced with U+FFFD REPLACEMENT CHARACTER: HTML5
/// tolerates some of them but XML parsers (JUnit consumers, SVG viewers) reject the whole
/// document. Sources: XML 1.0 (Fifth Edition) §2.2 `Char`; HTML Living Standard §13.1.
package enum MarkupEscaping {
  /// `text` escaped for use as element content.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func text(_ text: String) -> String {
    escape(text, inAttribute: false)
  }

  /// `value` escaped for use inside a double- or single-quoted attribute value.
  ///
  /// Tab, line feed and carriage return are written as character references so that an
  /// XML parser's attribute-value normalisation does not turn them into spaces.
  package static func attribute(_ value: String) -> String {
    escape(value, inAttribute: true)
  }

  /// Whether `scalar` may appear in an XML 1.0 document.
  package static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: return true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }

  /// The escaping, byte by byte on the UTF-8 (every character it changes is ASCII, or
  /// U+FFFE and U+FFFF, `EF BF BE` and `EF BF BF`); text with none of them is returned as
  /// it is (most of a report's text), without building a copy.
  private static func escape(_ input: String, inAttribute: Bool) -> String {
    var input = input
    return input.withUTF8 { bytes in
      guard bytes.contains(where: { needsAttention($0, inAttribute: inAttribute) }) else { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 16)
      var k = 0
      while k < bytes.count {
        let byte = bytes[k]
        k += 1
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
        case UInt8(ascii: "\t") where inAttribute: out.append(contentsOf: "&#9;".utf8)
        case UInt8(ascii: "\n") where inAttribute: out.append(contentsOf: "&#10;".utf8)
        case UInt8(ascii: "\r"): out.append(contentsOf: "&#13;".utf8)
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): out.append(byte)
        case 0..<0x20: out.append(contentsOf: replacement)
        case 0xEF where k + 1 < bytes.count && bytes[k] == 0xBF && (bytes[k + 1] == 0xBE || bytes[k + 1] == 0xBF):
          out.append(contentsOf: replacement)  // U+FFFE or U+FFFF
          k += 2
        default: out.append(byte)
        }
      }
      return String(decoding: out, as: UTF8.self)
    } ?? input
  }

  /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Whether `byte` may start something ``escape(_:inAttribute:)`` changes.
  @inline(__always)
  private static func needsAttention(_ byte: UInt8, inAttribute: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
      UInt8(ascii: "\r"), 0xEF:
      return true
    case UInt8(ascii: "\t"), UInt8(ascii: "\n"): return inAttribute
    case 0..<0x20: return true
    default: return false
    }
  }

  /// `name` if it is a safe element or attribute name (ASCII letters, digits, `-`, `:`,
  /// `_`, starting with a letter), nil otherwise. Builders drop unsafe names rather than
  /// emit them, so a name can never break out of its tag.
  package static func safeName(_ name: String) -> String? {
    guard let first = name.unicodeScalars.first, isASCIILetter(first) else { return nil }
    for scalar in name.unicodeScalars {
      guard
        isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":"
          || scalar == "_"
      else { return nil }
    }
    return name
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }
}
