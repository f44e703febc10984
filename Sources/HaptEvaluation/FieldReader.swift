import HaptCore
import HaptPatterns
import HaptFormats

/// Reads ``FieldCodec`` fields in order, throwing one error for anything unexpected.
package struct FieldReader {
  package let fields: [Substring]
  package let error: InputError
  package var index = 0

  package init(fields: [Substring], error: InputError) {
    self.fields = fields
    self.error = error
  }

  package var isAtEnd: Bool { index == fields.count }

  package mutating func next() throws -> Substring {
    guard index < fields.count else { throw error }
    defer { index += 1 }
    return fields[index]
  }

  package mutating func expect(_ key: String) throws {
    guard try next() == key else { throw error }
  }

  package mutating func integer() throws -> Int {
    guard let value = Int(try next()) else { throw error }
    return value
  }

  package mutating func number() throws -> Double {
    guard let value = FieldCodec.number(try next()), let value else { throw error }
    return value
  }

  package mutating func optionalText() throws -> String? {
    guard let value = FieldCodec.text(try next()) else { throw error }
    return value
  }

  package mutating func flag() throws -> Bool {
    let field = try next()
    guard field == "0" || field == "1" else { throw error }
    return field == "1"
  }

  /// `limits` and the five pattern limits.
  package mutating func limits() throws -> PatternLimits {
    try expect("limits")
    return PatternLimits(
      maxEvents: try integer(), maxControlPoints: try integer(), maxTime_s: try number(), maxDepth: try integer(),
      maxBytes: try integer())
  }

  /// The fields ``limits()`` reads.
  package static func fields(_ limits: PatternLimits) -> [String] {
    [
      "limits", String(limits.maxEvents), String(limits.maxControlPoints), FieldCodec.number(limits.maxTime_s),
      String(limits.maxDepth), String(limits.maxBytes),
    ]
  }

  /// `key`, a count, then that many raw fields.
  package mutating func list(_ key: String) throws -> [Substring] {
    try expect(key)
    let count = try integer()
    guard count >= 0, index + count <= fields.count else { throw error }
    defer { index += count }
    return Array(fields[index..<(index + count)])
  }

  /// `key`, a count, then that many text fields (none of them `-`).
  package mutating func texts(_ key: String) throws -> [String] {
    try list(key).map { field in
      guard let text = FieldCodec.text(field), let text else { throw error }
      return text
    }
  }
}
