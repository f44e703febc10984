/// Writes JSON text deterministically: keys in the order given, numbers in their
/// shortest round-trip form, two-space indentation, `\n` line ends.
///
/// Used for AHAP encoding, device profiles, baselines and JSON output, so the
/// same value always gives byte-identical text.
package enum JSONWriter {
  /// The text of `value`, pretty-printed, ending in a newline.
  package static func string(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: 0, into: &out)
    out += "\n"
    return out
  }

  /// A number as JSON: integers without a fraction, others in Swift's shortest form.
  /// Non-finite values (which JSON cannot hold) are written as null.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// A string as a quoted JSON string literal.
  package static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<": out += "\\u003c"  // safe to embed in HTML <script> blocks
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let bool): out += bool ? "true" : "false"
    case .number(let number): out += Self.number(number)
    case .string(let string): out += quoted(string)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "[\n"
      for (i, element) in elements.enumerated() {
        out += String(repeating: "  ", count: indent + 1)
        write(element.value, indent: indent + 1, into: &out)
        out += i + 1 < elements.count ? ",\n" : "\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      for (i, member) in members.enumerated() {
        out += String(repeating: "  ", count: indent + 1) + quoted(member.key) + ": "
        write(member.value.value, indent: indent + 1, into: &out)
        out += i + 1 < members.count ? ",\n" : "\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    }
  }
}

extension JSONValue {
  /// An object from key-value pairs in the given order.
  package static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(pairs.map { JSONMember(key: $0.key, value: JSONNode($0.value)) })
  }

  /// An object from an ordered list of pairs.
  package static func orderedObject(_ pairs: [(String, JSONValue)]) -> JSONValue {
    .object(pairs.map { JSONMember(key: $0.0, value: JSONNode($0.1)) })
  }

  /// An array of values.
  package static func list(_ values: [JSONValue]) -> JSONValue {
    .array(values.map { JSONNode($0) })
  }
}
