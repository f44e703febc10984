import HaptPatterns
/// Small pieces of Swift source text: identifiers, literals and comments, written so that
/// any pattern name, number or metadata text yields code that compiles.
enum SwiftSource {
  /// An UpperCamelCase identifier from a pattern name (`ui-toggle-on` -> `UiToggleOn`):
  /// ASCII letters and digits only, words split at anything else; `Pattern` is put in
  /// front of a name that starts with a digit or has no letters or digits at all.
  static func typeName(_ name: String) -> String {
    var words: [String] = []
    var current = ""
    for scalar in name.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if let first = joined.unicodeScalars.first, first.properties.isAlphabetic { return joined }
    return "Pattern" + joined
  }

  /// A floating-point literal that reads back as exactly `value` (Swift's shortest
  /// round-trip form: `0.1`, `1.0`, `1e-05`); `.nan` and `.infinity` for non-finite values.
  static func number(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    return value.description
  }

  /// A string literal with `"`, `\` and control characters escaped.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// Text safe inside a `//` or `///` comment: one line, control characters replaced by
  /// spaces.
  static func commentText(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map {
          $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
        }))
  }
}
