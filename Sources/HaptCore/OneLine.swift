/// Text made safe for a one-line diagnostic: everything a terminal or a log reader may
/// take as a line break or a control (C0 and C1 controls including NEL U+0085, DEL,
/// LINE SEPARATOR U+2028, PARAGRAPH SEPARATOR U+2029, and the bidirectional overrides
/// U+202A...U+202E, U+2066...U+2069 that reorder what follows) is written as `\u{HEX}`.
/// A tab stays a tab.
package enum OneLine {
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
