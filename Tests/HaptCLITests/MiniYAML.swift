import Foundation

/// The subset of YAML that `action.yml` and `.pre-commit-hooks.yaml` use, parsed
/// strictly: block mappings and sequences (a sequence item may open a mapping), plain,
/// single- and double-quoted scalars, literal (`|`) and folded (`>`, `>-`) block scalars,
/// and comments. Flow collections (`{...}`, `[...]`), anchors, tags and tabs are errors,
/// so a file outside the subset fails the test instead of being misread.
indirect enum YAMLNode: Equatable {
  case scalar(String)
  case mapping([YAMLPair])
  case sequence([YAMLNode])

  subscript(key: String) -> YAMLNode? {
    guard case .mapping(let pairs) = self else { return nil }
    return pairs.first { $0.key == key }?.value
  }

  var string: String? {
    if case .scalar(let text) = self { return text }
    return nil
  }
}

struct YAMLPair: Equatable {
  var key: String
  var value: YAMLNode
}

struct YAMLError: Error, CustomStringConvertible {
  var line: Int
  var message: String
  var description: String { "line \(line): \(message)" }
}

struct MiniYAML {
  private var lines: [String]
  private var index = 0

  static func parse(_ text: String) throws -> YAMLNode {
    var parser = MiniYAML(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    for (number, line) in parser.lines.enumerated() where line.contains("\t") {
      throw YAMLError(line: number + 1, message: "tab character")
    }
    parser.skipInsignificant()
    guard parser.index < parser.lines.count else { return .mapping([]) }
    let node = try parser.block(indent: parser.indent(of: parser.lines[parser.index]))
    parser.skipInsignificant()
    if parser.index < parser.lines.count {
      throw YAMLError(line: parser.index + 1, message: "unexpected indentation")
    }
    return node
  }

  private init(lines: [String]) { self.lines = lines }

  private func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

  private func content(_ line: String) -> String { String(line.drop { $0 == " " }) }

  private func isInsignificant(_ line: String) -> Bool {
    let text = content(line)
    return text.isEmpty || text.hasPrefix("#")
  }

  private mutating func skipInsignificant() {
    while index < lines.count, isInsignificant(lines[index]) { index += 1 }
  }

  private func isSequenceItem(_ text: String) -> Bool { text == "-" || text.hasPrefix("- ") }

  private mutating func block(indent: Int) throws -> YAMLNode {
    isSequenceItem(content(lines[index])) ? try sequence(indent: indent) : try mapping(indent: indent)
  }

  private mutating func mapping(indent: Int) throws -> YAMLNode {
    var pairs: [YAMLPair] = []
    while true {
      skipInsignificant()
      guard index < lines.count, self.indent(of: lines[index]) == indent else { break }
      let text = content(lines[index])
      if isSequenceItem(text) { break }
      let lineNumber = index + 1
      let (key, rest) = try splitKey(text, line: lineNumber)
      if pairs.contains(where: { $0.key == key }) { throw YAMLError(line: lineNumber, message: "duplicate key \(key)") }
      index += 1
      let value: YAMLNode
      if rest.isEmpty {
        skipInsignificant()
        if index < lines.count, self.indent(of: lines[index]) > indent {
          value = try block(indent: self.indent(of: lines[index]))
        } else if index < lines.count, self.indent(of: lines[index]) == indent, isSequenceItem(content(lines[index])) {
          value = try sequence(indent: indent)
        } else {
          value = .scalar("")
        }
      } else if rest.hasPrefix("|") || rest.hasPrefix(">") {
        value = .scalar(blockScalar(rest, parentIndent: indent))
      } else {
        value = .scalar(try scalar(rest, line: lineNumber))
      }
      pairs.append(YAMLPair(key: key, value: value))
    }
    if pairs.isEmpty { throw YAMLError(line: index + 1, message: "expected a mapping") }
    return .mapping(pairs)
  }

  private mutating func sequence(indent: Int) throws -> YAMLNode {
    var items: [YAMLNode] = []
    while true {
      skipInsignificant()
      guard index < lines.count, self.indent(of: lines[index]) == indent, isSequenceItem(content(lines[index])) else {
        break
      }
      let item = String(content(lines[index]).dropFirst(1).drop { $0 == " " })
      let lineNumber = index + 1
      if item.isEmpty {
        index += 1
        skipInsignificant()
        guard index < lines.count, self.indent(of: lines[index]) > indent else {
          items.append(.scalar(""))
          continue
        }
        items.append(try block(indent: self.indent(of: lines[index])))
      } else if (try? splitKey(item, line: lineNumber)) != nil, !item.hasPrefix("\""), !item.hasPrefix("'") {
        // "- key: value" opens a mapping indented past the dash.
        lines[index] = String(repeating: " ", count: indent + 2) + item
        items.append(try mapping(indent: indent + 2))
      } else {
        items.append(.scalar(try scalar(item, line: lineNumber)))
        index += 1
      }
    }
    return .sequence(items)
  }

  /// `key: rest` (rest may be empty).
  private func splitKey(_ text: String, line: Int) throws -> (String, String) {
    if let range = text.range(of: ": ") {
      let key = String(text[..<range.lowerBound])
      guard !key.isEmpty, !key.contains("#") else { throw YAMLError(line: line, message: "bad key") }
      return (key, text[range.upperBound...].trimmingCharacters(in: .whitespaces))
    }
    if text.hasSuffix(":") { return (String(text.dropLast()), "") }
    throw YAMLError(line: line, message: "expected 'key: value'")
  }

  /// A scalar on one line: quoted, or plain with a trailing ` #` comment removed.
  private func scalar(_ raw: String, line: Int) throws -> String {
    let text = raw.trimmingCharacters(in: .whitespaces)
    if let first = text.first, "{[&*!".contains(first) {
      throw YAMLError(line: line, message: "outside the supported subset: \(text)")
    }
    if text.hasPrefix("'") {
      guard text.count >= 2, text.hasSuffix("'") else { throw YAMLError(line: line, message: "unclosed quote") }
      return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
    if text.hasPrefix("\"") {
      guard text.count >= 2, text.hasSuffix("\"") else { throw YAMLError(line: line, message: "unclosed quote") }
      return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
        .replacingOccurrences(of: "\\\\", with: "\\")
    }
    if let comment = text.range(of: " #") { return String(text[..<comment.lowerBound]) }
    return text
  }

  /// The lines of a `|` or `>` block scalar below the current line.
  private mutating func blockScalar(_ indicator: String, parentIndent: Int) -> String {
    var body: [String] = []
    var blockIndent: Int?
    while index < lines.count {
      let line = lines[index]
      if content(line).isEmpty {
        body.append("")
        index += 1
        continue
      }
      let lineIndent = indent(of: line)
      guard lineIndent > parentIndent, lineIndent >= (blockIndent ?? 0) else { break }
      if blockIndent == nil { blockIndent = lineIndent }
      body.append(String(line.dropFirst(blockIndent ?? 0)))
      index += 1
    }
    while body.last == "" { body.removeLast() }
    if indicator.hasPrefix(">") {
      let folded = body.joined(separator: " ")
      return indicator.hasSuffix("-") ? folded : folded + "\n"
    }
    let literal = body.joined(separator: "\n")
    return indicator.hasSuffix("-") ? literal : literal + "\n"
  }
}
