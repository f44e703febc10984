import Foundation
import HaptCore

/// A small JSON Schema (draft-07) validator for the keywords the SARIF 2.1.0 schema uses
/// on what hapt writes: `type`, `required`, `properties`, `additionalProperties: false`,
/// `items`, `enum`, `minimum`, `maximum`, `minItems`, `uniqueItems`, `anyOf` and `$ref`
/// to `#/definitions/NAME`. Unknown keywords are ignored, as the standard says.
struct MiniJSONSchema {
  let root: JSONValue

  init(json: String) throws {
    root = try JSONParser.parse(json).root.value
  }

  /// Every violation, as "PATH: what is wrong"; empty when `value` is valid.
  func validate(_ value: JSONValue) -> [String] {
    var errors: [String] = []
    check(value, against: root, path: "$", errors: &errors)
    return errors
  }

  private func resolve(_ schema: JSONValue) -> JSONValue {
    guard case .string(let ref)? = schema["$ref"], ref.hasPrefix("#/definitions/"),
      let target = root["definitions"]?[String(ref.dropFirst("#/definitions/".count))]
    else { return schema }
    return resolve(target)
  }

  private func check(_ value: JSONValue, against raw: JSONValue, path: String, errors: inout [String]) {
    let schema = resolve(raw)
    if case .string(let type)? = schema["type"], !Self.has(value, type: type) {
      errors.append("\(path): expected \(type), found \(value.typeDescription)")
      return
    }
    if case .array(let allowed)? = schema["enum"], !allowed.contains(where: { Self.equal($0.value, value) }) {
      errors.append("\(path): not one of the allowed values")
    }
    if case .number(let number) = value {
      if case .number(let minimum)? = schema["minimum"], number < minimum { errors.append("\(path): below \(minimum)") }
      if case .number(let maximum)? = schema["maximum"], number > maximum { errors.append("\(path): above \(maximum)") }
    }
    if case .object(let members) = value {
      if case .array(let required)? = schema["required"] {
        for case .string(let key) in required.map(\.value) where !members.contains(where: { $0.key == key }) {
          errors.append("\(path): missing required \(key)")
        }
      }
      for member in members {
        if let property = schema["properties"]?[member.key] {
          check(member.value.value, against: property, path: "\(path).\(member.key)", errors: &errors)
        } else if case .bool(false)? = schema["additionalProperties"] {
          errors.append("\(path): property \(member.key) is not allowed")
        }
      }
    }
    if case .array(let elements) = value {
      let items = elements.map(\.value)
      if case .number(let minItems)? = schema["minItems"], Double(items.count) < minItems {
        errors.append("\(path): fewer than \(Int(minItems)) items")
      }
      if case .bool(true)? = schema["uniqueItems"] {
        for i in items.indices where items[..<i].contains(where: { Self.equal($0, items[i]) }) {
          errors.append("\(path)[\(i)]: duplicate item")
        }
      }
      if let itemSchema = schema["items"] {
        for (i, item) in items.enumerated() { check(item, against: itemSchema, path: "\(path)[\(i)]", errors: &errors) }
      }
    }
    if case .array(let options)? = schema["anyOf"] {
      let passing = options.contains { option in
        var optionErrors: [String] = []
        check(value, against: option.value, path: path, errors: &optionErrors)
        return optionErrors.isEmpty
      }
      if !passing { errors.append("\(path): matches none of anyOf") }
    }
  }

  static func has(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number),
      ("null", .null):
      return true
    case ("integer", .number(let number)): return number == number.rounded()
    default: return false
    }
  }

  /// Equality of JSON values, positions ignored.
  static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equal($0.value, $1.value) }
    case (.object(let x), .object(let y)):
      return x.count == y.count
        && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value.value, member.value.value) } }
    default: return false
    }
  }
}

extension JSONValue {
  /// The last member named `key` of an object, or nil.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value.value
  }
}
