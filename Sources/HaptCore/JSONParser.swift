/// A lenient JSON parser with source positions and hard limits.
///
/// Accepts what real haptic files contain although strict JSON does not (trailing commas
/// in arrays and objects, a byte-order mark) and records each as a ``JSONLeniency``.
/// Anything else that is not JSON fails with an ``InputError`` whose place is
/// `line L, column C`. Nesting depth and input size are bounded, so hostile input can
/// neither overflow the stack nor exhaust memory. Non-finite and out-of-range numbers
/// (`1e999`) are errors: no haptic parameter is meaningfully infinite.
package struct JSONParser {
  /// Limits that bound the work one file can cause.
  package struct Limits: Sendable {
    /// Deepest nesting of arrays and objects accepted.
    package var maxDepth: Int
    /// Largest input accepted, in bytes.
    package var maxBytes: Int

    package init(maxDepth: Int = 64, maxBytes: Int = 64 << 20) {
      self.maxDepth = maxDepth
      self.maxBytes = maxBytes
    }
  }

  /// The parsed document and the leniencies it needed.
  package struct Document: Sendable {
    package var root: JSONNode
    package var leniencies: [JSONLeniency]
  }

  private let bytes: [UInt8]
  private let limits: Limits
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var leniencies: [JSONLeniency] = []

  private init(bytes: [UInt8], limits: Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Parses a whole document.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents (UTF-8).
  ///   - limits: depth and size bounds.
  /// - Returns: the root value with positions, and the leniencies used.
  /// - Throws: ``InputError`` with the place as `line L, column C`.
  /// - Complexity: O(n) in the input size.
  package static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws -> Document {
    guard bytes.count <= limits.maxBytes else {
      throw InputError("file is \(bytes.count) bytes, over the limit of \(limits.maxBytes) bytes")
    }
    var parser = JSONParser(bytes: bytes, limits: limits)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    parser.skipWhitespace()
    let root = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected text after the end of the JSON value")
    }
    return Document(root: root, leniencies: parser.leniencies)
  }

  /// Parses a string (convenience for tests and small inputs).
  package static func parse(_ text: String, limits: Limits = Limits()) throws -> Document {
    try parse(Array(text.utf8), limits: limits)
  }

  // MARK: - Values

  private var column: Int { index - lineStart + 1 }

  private func error(_ message: String) -> InputError {
    InputError(place: "line \(line), column \(column)", message)
  }

  private mutating func parseValue(depth: Int) throws -> JSONNode {
    guard index < bytes.count else { throw error("unexpected end of file") }
    let startLine = line
    let startColumn = column
    let value: JSONValue
    switch bytes[index] {
    case UInt8(ascii: "{"): value = try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): value = try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): value = .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
    default:
      throw error("unexpected character '\(printable(bytes[index]))'")
    }
    return JSONNode(value, line: startLine, column: startColumn)
  }

  private mutating func parseObject(depth: Int) throws -> JSONValue {
    guard depth <= limits.maxDepth else {
      throw error("nesting deeper than \(limits.maxDepth) levels")
    }
    index += 1  // {
    var members: [JSONMember] = []
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        throw error(index < bytes.count ? "expected a quoted key" : "unexpected end of file")
      }
      let key = try parseString()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after key \"\(key)\"") }
      index += 1
      skipWhitespace()
      members.append(JSONMember(key: key, value: try parseValue(depth: depth)))
      skipWhitespace()
      if peek(UInt8(ascii: "}")) {
        index += 1
        return .object(members)
      }
      guard peek(UInt8(ascii: ",")) else {
        throw error(index < bytes.count ? "expected ',' or '}'" : "unexpected end of file")
      }
      let commaLine = line
      let commaColumn = column
      index += 1
      skipWhitespace()
      if peek(UInt8(ascii: "}")) {
        leniencies.append(
          JSONLeniency(line: commaLine, column: commaColumn, message: "trailing comma in object"))
        index += 1
        return .object(members)
      }
    }
  }

  private mutating func parseArray(depth: Int) throws -> JSONValue {
    guard depth <= limits.maxDepth else {
      throw error("nesting deeper than \(limits.maxDepth) levels")
    }
    index += 1  // [
    var elements: [JSONNode] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      if peek(UInt8(ascii: "]")) {
        index += 1
        return .array(elements)
      }
      guard peek(UInt8(ascii: ",")) else {
        throw error(index < bytes.count ? "expected ',' or ']'" : "unexpected end of file")
      }
      let commaLine = line
      let commaColumn = column
      index += 1
      skipWhitespace()
      if peek(UInt8(ascii: "]")) {
        leniencies.append(
          JSONLeniency(line: commaLine, column: commaColumn, message: "trailing comma in array"))
        index += 1
        return .array(elements)
      }
    }
  }

  // MARK: - Scalars

  private mutating func expectLiteral(_ literal: StaticString) throws {
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected in
      index + count <= bytes.count && bytes[index..<index + count].elementsEqual(expected)
    }
    guard matches else { throw error("unexpected character '\(printable(bytes[index]))'") }
    index += count
  }

  private mutating func parseNumber() throws -> Double {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    guard index - start <= 400 else {
      index = start
      throw error("number literal too long")
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return value
  }

  private mutating func parseString() throws -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun(_ end: Int) {
      if end > runStart {
        scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        defer { index += 1 }
        // Without escapes (nearly every key and value), the run is the whole string: made
        // at once, not appended scalar by scalar (a fifth of loading 10,000 patterns).
        guard scalars.isEmpty else {
          flushRun(index)
          return String(scalars)
        }
        return String(decoding: bytes[runStart..<index], as: UTF8.self)
      case UInt8(ascii: "\\"):
        flushRun(index)
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
        default:
          index -= 1
          throw error("invalid escape '\\\(printable(escape))' in string")
        }
        runStart = index
      case 0..<0x20:
        if byte == UInt8(ascii: "\n") { throw error("unterminated string (line break inside)") }
        throw error("control character 0x\(String(byte, radix: 16)) inside a string")
      default:
        index += 1
      }
    }
  }

  private mutating func parseHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
    let high = try parseHex4()
    if (0xD800..<0xDC00).contains(high) {
      guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw error("unpaired surrogate in \\u escape") }
      index += 2
      let low = try parseHex4()
      guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
      let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      return Unicode.Scalar(combined)!
    }
    guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape") }
    return scalar
  }

  // MARK: - Helpers

  private func peek(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func printable(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }
}
