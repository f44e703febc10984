import HaptPatterns
import Foundation

/// The name of an XML file's root element, read from its first bytes: how a folder walk
/// tells Android vibration XML from other XML without parsing the whole file.
enum XMLRootElement {
  /// How many bytes are looked at: a declaration and a few comments fit.
  static let prefixLength = 4096

  /// The root element's name in the file at `path`, or nil if it cannot be read or no
  /// element starts within ``prefixLength`` bytes.
  static func name(ofFileAt path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: prefixLength) else { return nil }
    return name(in: ArraySlice(data))
  }

  /// The first element name after an optional byte-order mark, white space, `<?...?>`
  /// declarations, comments and a DOCTYPE.
  static func name(in bytes: ArraySlice<UInt8>) -> String? {
    var i = bytes.startIndex
    if bytes[i...].starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
    func starts(_ text: String) -> Bool { bytes[i...].starts(with: Array(text.utf8)) }
    func skip(past terminator: String) -> Bool {
      let end = Array(terminator.utf8)
      while i < bytes.endIndex {
        if bytes[i...].starts(with: end) {
          i += end.count
          return true
        }
        i += 1
      }
      return false
    }
    while i < bytes.endIndex {
      let byte = bytes[i]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        i += 1
      } else if starts("<?") {
        guard skip(past: "?>") else { return nil }
      } else if starts("<!--") {
        guard skip(past: "-->") else { return nil }
      } else if starts("<!") {
        guard skip(past: ">") else { return nil }
      } else if byte == UInt8(ascii: "<") {
        i += 1
        let start = i
        while i < bytes.endIndex, !(bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D),
          bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/")
        {
          i += 1
        }
        guard i > start, i < bytes.endIndex else { return nil }
        return String(decoding: bytes[start..<i], as: UTF8.self)
      } else {
        return nil
      }
    }
    return nil
  }
}

extension AndroidVibration {
  /// Whether `name` is the root element of Android vibration XML.
  package static func isRootElement(_ name: String) -> Bool {
    name == AndroidXML.Tag.effect || name == AndroidXML.Tag.select
  }
}
