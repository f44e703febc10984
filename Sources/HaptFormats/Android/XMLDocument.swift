import HaptCore
import HaptPatterns

/// A small XML element tree with source lines, enough for Android's vibration XML.
///
/// Written here rather than taken from Foundation because the place of every error must be
/// reported the same way on Linux and macOS (FoundationXML's parser reports positions
/// differently across platforms). It reads well-formed XML 1.0 elements, attributes,
/// comments, processing instructions (the `<?xml ...?>` declaration) and the five
/// predefined entities plus numeric character references. It refuses DOCTYPE declarations
/// (no entity expansion) and CDATA sections, which vibration XML never needs.
struct XMLElement: Equatable {
  struct Attribute: Equatable {
    var name: String
    var value: String
    var line: Int
  }

  var name: String
  var attributes: [Attribute]
  var children: [XMLElement]
  /// Line of the element's `<`, 1-based.
  var line: Int
  /// The line of the first non-whitespace text directly inside the element, if any.
  var textLine: Int?

  func attribute(_ name: String) -> Attribute? { attributes.last { $0.name == name } }
}

/// Parses bytes into the root ``XMLElement``.
struct XMLReader {
  /// Deepest element nesting accepted.
  static let maxDepth = 32

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1
  private let maxElements: Int
  private var elementCount = 0

  init(_ bytes: [UInt8], maxElements: Int) {
    self.bytes = bytes
    self.maxElements = maxElements
  }

  /// The document's root element.
  /// - Throws: ``InputError`` with place `line L, column C` for XML that is not well formed.
  static func parse(_ bytes: [UInt8], maxElements: Int = 100_000) throws -> XMLElement {
    var reader = XMLReader(bytes, maxElements: maxElements)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    return try reader.document()
  }

  private var place: String { "line \(line), column \(column)" }

  private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> InputError {
    let where_ = line.map { "line \($0)" + (column.map { ", column \($0)" } ?? "") } ?? place
    return InputError(place: where_, message)
  }

  private var atEnd: Bool { index >= bytes.count }
  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func advance() {
    guard index < bytes.count else { return }
    if bytes[index] == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    index += 1
  }

  private func lookingAt(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    guard index + utf8.count <= bytes.count else { return false }
    return bytes[index..<(index + utf8.count)].elementsEqual(utf8)
  }

  private mutating func skip(_ text: String) {
    for _ in text.utf8 { advance() }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private mutating func skipSpace() {
    while let byte = current, Self.isSpace(byte) { advance() }
  }

  /// Skips comments, processing instructions and white space; true if it skipped any.
  private mutating func skipMisc() throws {
    while true {
      skipSpace()
      if lookingAt("<!--") {
        try skipComment()
      } else if lookingAt("<?") {
        try skipProcessingInstruction()
      } else {
        return
      }
    }
  }

  private mutating func skipComment() throws {
    let (startLine, startColumn) = (line, column)
    skip("<!--")
    while !atEnd {
      if lookingAt("-->") {
        skip("-->")
        return
      }
      advance()
    }
    throw error("comment is never closed", line: startLine, column: startColumn)
  }

  private mutating func skipProcessingInstruction() throws {
    let (startLine, startColumn) = (line, column)
    skip("<?")
    while !atEnd {
      if lookingAt("?>") {
        skip("?>")
        return
      }
      advance()
    }
    throw error("'<?' declaration is never closed", line: startLine, column: startColumn)
  }

  private mutating func document() throws -> XMLElement {
    try skipMisc()
    if lookingAt("<!DOCTYPE") || lookingAt("<!doctype") {
      throw error("DOCTYPE declarations are not accepted in vibration XML")
    }
    guard current == UInt8(ascii: "<") else {
      throw error(atEnd ? "no root element (empty document)" : "expected the root element, found text")
    }
    let root = try element(depth: 1)
    try skipMisc()
    if !atEnd {
      throw error("content after the root element <\(root.name)> closed")
    }
    return root
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  private mutating func name(what: String) throws -> String {
    guard let first = current, Self.isNameStart(first) else {
      throw error(atEnd ? "file ends inside a tag" : "expected \(what)")
    }
    let start = index
    let (startLine, startColumn) = (line, column)
    while let byte = current, Self.isNameByte(byte) { advance() }
    let length = index - start
    guard length <= Self.maxNameBytes else {
      // Never echoed whole: the first characters, an ellipsis, and the limit.
      let shown = String(decoding: bytes[start..<(start + 40)], as: UTF8.self)
      throw error(
        "a name of \(length) bytes (\(shown)..., cut here) is over the limit of \(Self.maxNameBytes) bytes",
        line: startLine, column: startColumn)
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// The longest element or attribute name read, in bytes: no name of a format hapt reads
  /// comes close, and a message that names an element echoes at most this much of it.
  static let maxNameBytes = 256

  /// Reads the attributes of start tag `tag` into `result` (names kept in a set: the
  /// duplicate check is linear in their number), through its `>` or `/>`.
  /// - Returns: whether the element closes itself (`/>`: no content follows).
  private mutating func readAttributes(
    of tag: String, into result: inout XMLElement, start: (line: Int, column: Int)
  ) throws -> Bool {
    let (startLine, startColumn) = start
    var attributeNames: Set<String> = []
    while true {
      let hadSpace = current.map(Self.isSpace) ?? false
      skipSpace()
      guard let byte = current else {
        throw error("<\(tag)> is never closed (file ends inside its start tag)", line: startLine, column: startColumn)
      }
      if byte == UInt8(ascii: "/") {
        advance()
        guard current == UInt8(ascii: ">") else { throw error("expected '>' after '/' in <\(tag)>") }
        advance()
        return true
      }
      if byte == UInt8(ascii: ">") {
        advance()
        return false
      }
      guard hadSpace else { throw error("expected white space before an attribute of <\(tag)>") }
      let attributeLine = line
      let attributeName = try name(what: "an attribute name or '>' in <\(tag)>")
      skipSpace()
      guard current == UInt8(ascii: "=") else { throw error("expected '=' after attribute \(attributeName)") }
      advance()
      skipSpace()
      guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw error("expected a quoted value for attribute \(attributeName)")
      }
      advance()
      let value = try text(until: quote, what: "attribute \(attributeName)")
      advance()  // closing quote
      if !attributeNames.insert(attributeName).inserted {
        throw error("attribute \(attributeName) given twice in <\(tag)>", line: attributeLine)
      }
      result.attributes.append(.init(name: attributeName, value: value, line: attributeLine))
    }
  }

  private mutating func element(depth: Int) throws -> XMLElement {
    guard depth <= Self.maxDepth else { throw error("elements nested deeper than \(Self.maxDepth)") }
    elementCount += 1
    guard elementCount <= maxElements else { throw error("more than \(maxElements) elements") }
    let (startLine, startColumn) = (line, column)
    advance()  // '<'
    let tag = try name(what: "an element name after '<'")
    var result = XMLElement(name: tag, attributes: [], children: [], line: startLine, textLine: nil)
    if try readAttributes(of: tag, into: &result, start: (startLine, startColumn)) { return result }
    // Content.
    while true {
      guard let byte = current else {
        throw error("<\(tag)> is never closed", line: startLine, column: startColumn)
      }
      if byte == UInt8(ascii: "<") {
        if lookingAt("</") {
          let (endLine, endColumn) = (line, column)
          skip("</")
          let closing = try name(what: "an element name after '</'")
          skipSpace()
          guard current == UInt8(ascii: ">") else { throw error("expected '>' to end </\(closing)>") }
          advance()
          guard closing == tag else {
            throw error(
              "</\(closing)> does not close <\(tag)> (opened on line \(startLine))", line: endLine, column: endColumn)
          }
          return result
        } else if lookingAt("<!--") {
          try skipComment()
        } else if lookingAt("<![CDATA[") {
          throw error("CDATA sections are not accepted in vibration XML")
        } else if lookingAt("<?") {
          try skipProcessingInstruction()
        } else if lookingAt("<!") {
          throw error("unexpected '<!' declaration inside <\(tag)>")
        } else {
          result.children.append(try element(depth: depth + 1))
        }
      } else {
        // Character data: vibration XML allows only white space here; remember where
        // other text starts so the decoder can name the line.
        if result.textLine == nil, !Self.isSpace(byte) { result.textLine = line }
        if byte == UInt8(ascii: "&") { _ = try entity() } else { advance() }
      }
    }
  }

  /// Reads character data up to (not including) `terminator`, decoding entities.
  private mutating func text(until terminator: UInt8, what: String, allowEnd: Bool = false) throws -> String {
    var out: [UInt8] = []
    while let byte = current, byte != terminator {
      if byte == UInt8(ascii: "&") {
        out.append(contentsOf: try entity())
      } else if byte == UInt8(ascii: "<") {
        throw error("'<' inside \(what)")
      } else {
        out.append(byte)
        advance()
      }
    }
    if atEnd && !allowEnd { throw error("file ends inside \(what)") }
    return String(decoding: out, as: UTF8.self)
  }

  private mutating func entity() throws -> [UInt8] {
    let (startLine, startColumn) = (line, column)
    advance()  // '&'
    let start = index
    while let byte = current, byte != UInt8(ascii: ";"), index - start < 12 { advance() }
    guard current == UInt8(ascii: ";") else {
      throw error("'&' starts no entity (write &amp;)", line: startLine, column: startColumn)
    }
    let body = String(decoding: bytes[start..<index], as: UTF8.self)
    advance()
    switch body {
    case "amp": return [UInt8(ascii: "&")]
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default:
      var code: UInt32?
      if body.hasPrefix("#x") {
        code = UInt32(body.dropFirst(2), radix: 16)
      } else if body.hasPrefix("#") {
        code = UInt32(body.dropFirst(), radix: 10)
      }
      guard let code, let scalar = Unicode.Scalar(code), code != 0 else {
        throw error("unknown entity \(AndroidXML.shown("&" + body + ";"))", line: startLine, column: startColumn)
      }
      return Array(String(Character(scalar)).utf8)
    }
  }
}
