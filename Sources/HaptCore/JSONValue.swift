/// A parsed JSON value that remembers where it stood in its file.
///
/// Objects keep their keys in file order (duplicates included), so that lenient decoders
/// can report each rule break at its place and encoders can keep a stable order.
package indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONNode])
  case object([JSONMember])

  /// A short name of the value's type for error messages ("a number", "an object").
  package var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON value and its position (1-based line and column of its first character).
package struct JSONNode: Equatable, Sendable {
  package var value: JSONValue
  package var line: Int
  package var column: Int

  package init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
    self.value = value
    self.line = line
    self.column = column
  }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Equatable, Sendable {
  package var key: String
  package var value: JSONNode

  package init(key: String, value: JSONNode) {
    self.key = key
    self.value = value
  }
}

/// Something the lenient parser accepted although strict JSON forbids it.
package struct JSONLeniency: Equatable, Sendable {
  package var line: Int
  package var column: Int
  package var message: String
}
