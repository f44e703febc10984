import HaptCore
import HaptPatterns
import HaptFormats

/// Turns the place of a lint finding into a line and column of its file.
///
/// Places are `line L, column C` (the JSON parser's and the XML reader's), `line L` (the
/// Android XML reader's: the column is that of the line's first non-blank character), a
/// JSON path (`Pattern[3].Event.EventParameters[1].ParameterValue`: the position of that
/// value, or of the deepest part of the path the file has, for a missing key) or a
/// model place (`events[2]`, `parameterCurves[0]`: the AHAP entry it was decoded from,
/// through the ``PatternSourceMap``; in a `.haptic` file its amplitude envelope; in an
/// Android XML file the root element). An empty place (the whole pattern) is the start of
/// the file, or the root element of an Android XML file.
package struct FindingLocator: Sendable {
  let lines: [ArraySlice<UInt8>]
  let root: JSONNode?
  let format: PatternFormat?
  let sources: PatternSourceMap

  package init(bytes: [UInt8], format: PatternFormat?, sources: PatternSourceMap = PatternSourceMap()) {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (i, byte) in bytes.enumerated() where byte == 0x0A {
      lines.append(bytes[start..<i])
      start = i + 1
    }
    lines.append(bytes[start...])
    self.lines = lines
    self.format = format
    self.sources = sources
    root = format == .androidXML ? nil : (try? JSONParser.parse(bytes))?.root
  }

  /// The position of `place`; the start of the file when the place cannot be found.
  package func position(of place: String) -> SourcePosition {
    if let explicit = Self.lineAndColumn(place) {
      return explicit.column.map { SourcePosition(line: explicit.line, column: codePointColumn(explicit.line, $0)) }
        ?? SourcePosition(line: explicit.line, column: firstNonBlankColumn(explicit.line))
    }
    let isModelPlace = ["events[", "parameterSteps[", "parameterCurves["].contains { place.hasPrefix($0) }
    switch format {
    case .androidXML:
      return rootElementPosition()
    case .haptic where isModelPlace || place.isEmpty:
      return jsonPosition("signals.continuous.envelopes.amplitude")
    default:
      if place.isEmpty { return .start }
      if isModelPlace { return sources.filePlace(of: place).map(jsonPosition) ?? .start }
      return jsonPosition(place)
    }
  }

  /// `line L, column C` or `line L`.
  static func lineAndColumn(_ place: String) -> (line: Int, column: Int?)? {
    guard place.hasPrefix("line ") else { return nil }
    let parts = place.dropFirst(5).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let line = parts.first.flatMap({ Int($0) }), line >= 1 else { return nil }
    if parts.count > 1, parts[1].hasPrefix("column "), let column = Int(parts[1].dropFirst(7)) {
      return (line, column)
    }
    return (line, nil)
  }

  /// The position of the value at a dotted JSON path, or of its deepest existing part.
  func jsonPosition(_ path: String) -> SourcePosition {
    guard var node = root else { return .start }
    for segment in Self.segments(path) {
      switch (segment, node.value) {
      case (.key(let key), .object(let members)):
        guard let member = members.last(where: { $0.key == key }) else { return position(of: node) }
        node = member.value
      case (.index(let index), .array(let elements)) where elements.indices.contains(index):
        node = elements[index]
      default:
        return position(of: node)
      }
    }
    return position(of: node)
  }

  enum Segment: Equatable {
    case key(String)
    case index(Int)
  }

  /// `Pattern[3].Event` as key Pattern, index 3, key Event.
  static func segments(_ path: String) -> [Segment] {
    var result: [Segment] = []
    for part in path.split(separator: ".") {
      var rest = Substring(part)
      if let open = rest.firstIndex(of: "[") {
        if open > rest.startIndex { result.append(.key(String(rest[..<open]))) }
        rest = rest[open...]
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
          if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { result.append(.index(index)) }
          rest = rest[rest.index(after: close)...]
        }
      } else {
        result.append(.key(String(rest)))
      }
    }
    return result
  }

  private func position(of node: JSONNode) -> SourcePosition {
    guard node.line >= 1 else { return .start }
    return SourcePosition(line: node.line, column: codePointColumn(node.line, node.column))
  }

  /// The line of the first element (`<` and a letter) of an XML file.
  private func rootElementPosition() -> SourcePosition {
    for (index, line) in lines.enumerated() {
      var previous: UInt8 = 0
      for (offset, byte) in line.enumerated() {
        if previous == UInt8(ascii: "<"), (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
          return SourcePosition(line: index + 1, column: codePointColumn(index + 1, offset))
        }
        previous = byte
      }
    }
    return .start
  }

  /// The column of the first non-blank character of `line` (1 if blank or absent).
  private func firstNonBlankColumn(_ line: Int) -> Int {
    guard lines.indices.contains(line - 1) else { return 1 }
    let text = lines[line - 1]
    guard let first = text.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return 1 }
    return codePointColumn(line, first - text.startIndex + 1)
  }

  /// A 1-based byte column of `line` as a 1-based column in code points.
  private func codePointColumn(_ line: Int, _ byteColumn: Int) -> Int {
    guard lines.indices.contains(line - 1), byteColumn > 1 else { return max(byteColumn, 1) }
    let text = lines[line - 1]
    let prefix = text.prefix(byteColumn - 1)
    // Code points start at every byte that is not a UTF-8 continuation byte.
    return prefix.filter { $0 & 0xC0 != 0x80 }.count + 1
  }
}
