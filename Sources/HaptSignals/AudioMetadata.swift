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

  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "=": out += "\\="
      default: out.append(character)
      }
    }
    return out
  }

  /// Splits `key=value` at the first unescaped `=` and unescapes both halves.
  private static func splitEntry(_ line: String) -> (String, String)? {
    var key = ""
    var value = ""
    var inValue = false
    var escaped = false
    for character in line {
      if escaped {
        let plain: Character
        switch character {
        case "n": plain = "\n"
        case "r": plain = "\r"
        default: plain = character
        }
        if inValue { value.append(plain) } else { key.append(plain) }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "=" && !inValue {
        inValue = true
      } else if inValue {
        value.append(character)
      } else {
        key.append(character)
      }
    }
    return inValue && !key.isEmpty ? (key, value) : nil
  }
}

extension Substring {
  fileprivate var trimmingTrailingCR: Substring { last == "\r" ? dropLast() : self }
}
