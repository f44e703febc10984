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

  private static func escape(_ input: String, inAttribute: Bool) -> String {
    var out = String()
    out.reserveCapacity(input.utf8.count)
    for scalar in input.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t" where inAttribute: out += "&#9;"
      case "\n" where inAttribute: out += "&#10;"
      case "\r": out += "&#13;"
      default:
        if isAllowedInXML(scalar) {
          out.unicodeScalars.append(scalar)
        } else {
          out += "\u{FFFD}"
        }
      }
    }
    return out
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
