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
///
/// Linear in the file: line starts, the offsets of multi-byte characters and an index of
/// the members of large JSON objects are computed once, so that each finding costs a
/// binary search and a walk of its path, even on a one-line (minified) file with a finding
/// per entry.
package struct FindingLocator: Sendable {
  let bytes: [UInt8]
  /// The byte offset where each line starts.
  let lineStarts: [Int]
  /// The byte offsets of UTF-8 continuation bytes, ascending (empty for ASCII files).
  let continuations: [Int]
  let root: JSONNode?
  /// For each JSON object of more than ``indexedMembers`` members, by its position: the
  /// index of the last member of each key.
  let memberIndex: [NodePosition: [String: Int]]
  let format: PatternFormat?
  let sources: PatternSourceMap

  /// Objects with more members than this are indexed; smaller ones are searched.
  static let indexedMembers = 16

  struct NodePosition: Hashable, Sendable {
    var line: Int
    var column: Int
  }

  package init(bytes: [UInt8], format: PatternFormat?, sources: PatternSourceMap = PatternSourceMap()) {
    var lineStarts = [0]
    var continuations: [Int] = []
    for (i, byte) in bytes.enumerated() {
      if byte == 0x0A {
        lineStarts.append(i + 1)
      } else if byte & 0xC0 == 0x80 {
        continuations.append(i)
      }
    }
    self.bytes = bytes
    self.lineStarts = lineStarts
    self.continuations = continuations
    self.format = format
    self.sources = sources
    root = format == .androidXML ? nil : (try? JSONParser.parse(bytes))?.root
    memberIndex = root.map(Self.indexMembers) ?? [:]
  }

  /// The member index of every large object under `root`, walked without recursion.
  static func indexMembers(_ root: JSONNode) -> [NodePosition: [String: Int]] {
    var index: [NodePosition: [String: Int]] = [:]
    var pending = [root]
    while let node = pending.popLast() {
      switch node.value {
      case .object(let members):
        if members.count > indexedMembers {
          var keys: [String: Int] = [:]
          for (i, member) in members.enumerated() { keys[member.key] = i }
          index[NodePosition(line: node.line, column: node.column)] = keys
        }
        pending += members.map(\.value)
      case .array(let elements):
        pending += elements
      default:
        break
      }
    }
    return index
  }

  /// The last member named `key` of an object node (by index for a large object).
  func member(_ key: String, of node: JSONNode, _ members: [JSONMember]) -> JSONNode? {
    if members.count > Self.indexedMembers {
      return memberIndex[NodePosition(line: node.line, column: node.column)].flatMap { $0[key] }.map {
        members[$0].value
      }
    }
    return members.last(where: { $0.key == key })?.value
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
        guard let member = member(key, of: node, members) else { return position(of: node) }
        node = member
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

  /// The bytes of `line` (1-based), without its newline; empty if absent.
  private func line(_ line: Int) -> ArraySlice<UInt8> {
    guard lineStarts.indices.contains(line - 1) else { return [] }
    let start = lineStarts[line - 1]
    let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    return bytes[start..<end]
  }

  /// The line of the first element (`<` and a letter) of an XML file.
  private func rootElementPosition() -> SourcePosition {
    for number in 1...lineStarts.count {
      let text = line(number)
      var previous: UInt8 = 0
      for (offset, byte) in text.enumerated() {
        if previous == UInt8(ascii: "<"), (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
          return SourcePosition(line: number, column: codePointColumn(number, offset))
        }
        previous = byte
      }
    }
    return .start
  }

  /// The column of the first non-blank character of `line` (1 if blank or absent).
  private func firstNonBlankColumn(_ number: Int) -> Int {
    let text = line(number)
    guard let first = text.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return 1 }
    return codePointColumn(number, first - text.startIndex + 1)
  }

  /// A 1-based byte column of `line` as a 1-based column in code points: the byte column
  /// less the continuation bytes before it on the line (code points start at every other
  /// byte), counted by binary search.
  private func codePointColumn(_ number: Int, _ byteColumn: Int) -> Int {
    guard lineStarts.indices.contains(number - 1), byteColumn > 1 else { return max(byteColumn, 1) }
    let text = line(number)
    let end = text.startIndex + min(byteColumn - 1, text.count)
    let skipped = continuationsBefore(end) - continuationsBefore(text.startIndex)
    return end - text.startIndex - skipped + 1
  }

  /// How many continuation bytes lie before byte offset `offset`.
  private func continuationsBefore(_ offset: Int) -> Int {
    var low = 0
    var high = continuations.count
    while low < high {
      let mid = (low + high) / 2
      if continuations[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
