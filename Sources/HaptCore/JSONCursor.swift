/// A JSON node together with its path from the document root, for decoders that report
/// errors at their place (`Pattern[3].Event.EventParameters[1].ParameterValue`).
package struct JSONCursor: Sendable {
  package var node: JSONNode
  /// Dotted path from the root: `Pattern[3].Event.Time`; empty at the root.
  package var path: String

  package init(_ node: JSONNode, path: String = "") {
    self.node = node
    self.path = path
  }

  package var value: JSONValue { node.value }

  /// The place to name in an error: the JSON path, or the position at the root.
  package var place: String { path.isEmpty ? "line \(node.line), column \(node.column)" : path }

  /// An error at this node's place.
  package func error(_ message: String) -> InputError {
    InputError(place: place, message)
  }

  /// The error for a value of the wrong type.
  package func typeError(expected: String) -> InputError {
    error("expected \(expected), found \(value.typeDescription)")
  }

  /// The members of an object, each with its path. Throws if this is not an object.
  package func members() throws -> [(key: String, cursor: JSONCursor)] {
    guard case .object(let members) = value else { throw typeError(expected: "an object") }
    return members.map { ($0.key, JSONCursor($0.value, path: child(key: $0.key))) }
  }

  /// The elements of an array, each with its path. Throws if this is not an array.
  package func elements() throws -> [JSONCursor] {
    guard case .array(let elements) = value else { throw typeError(expected: "an array") }
    return elements.enumerated().map { JSONCursor($1, path: "\(path)[\($0)]") }
  }

  /// The last member named `key` of an object, or nil if absent. Throws if not an object.
  package func member(_ key: String) throws -> JSONCursor? {
    guard case .object(let members) = value else { throw typeError(expected: "an object") }
    guard let found = members.last(where: { $0.key == key }) else { return nil }
    return JSONCursor(found.value, path: child(key: key))
  }

  /// The member named `key`, which must be present.
  package func required(_ key: String) throws -> JSONCursor {
    guard let found = try member(key) else {
      throw error("missing key \"\(key)\"")
    }
    return found
  }

  /// This node as a finite number.
  package func number() throws -> Double {
    guard case .number(let number) = value else { throw typeError(expected: "a number") }
    return number
  }

  /// This node as a string.
  package func string() throws -> String {
    guard case .string(let string) = value else { throw typeError(expected: "a string") }
    return string
  }

  /// This node as a boolean.
  package func bool() throws -> Bool {
    guard case .bool(let bool) = value else { throw typeError(expected: "a boolean") }
    return bool
  }

  private func child(key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }
}
