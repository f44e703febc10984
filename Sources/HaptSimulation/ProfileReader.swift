import Foundation
import HaptCore

/// Reads the members of one JSON object of a device profile, validating each number
/// against its allowed range and refusing unknown keys (a misspelt key is an error, not a
/// silent default).
struct ProfileReader {
  let cursor: JSONCursor

  /// Checks that `cursor` is an object whose keys are all in `allowed`.
  init(_ cursor: JSONCursor, allowed: [String]) throws {
    self.cursor = cursor
    for member in try cursor.members() where !allowed.contains(member.key) {
      throw member.cursor.error(
        "unknown key \"\(member.key)\" (expected one of: \(allowed.joined(separator: ", ")))")
    }
  }

  /// A required string member.
  func string(_ key: String, nonEmpty: Bool = true) throws -> String {
    let child = try cursor.required(key)
    let value = try child.string()
    if nonEmpty, value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw child.error("must not be empty")
    }
    return value
  }

  /// A required number member within `range`.
  ///
  /// - Parameters:
  ///   - key: the member's key (its unit is in the name).
  ///   - range: allowed values.
  ///   - strictlyAboveLower: whether the lower bound itself is excluded (positive values).
  func number(
    _ key: String, _ range: ClosedRange<Double>, strictlyAboveLower: Bool = false
  ) throws
    -> Double
  {
    let child = try cursor.required(key)
    let value = try child.number()
    if strictlyAboveLower, !(value > range.lowerBound) {
      throw child.error("must be greater than \(format(range.lowerBound)), got \(format(value))")
    }
    if !range.contains(value) {
      throw child.error(
        "must be between \(format(range.lowerBound)) and \(format(range.upperBound)), got \(format(value))")
    }
    return value
  }

  /// A required positive number member, at most `upper`.
  func positive(_ key: String, max upper: Double) throws -> Double {
    try number(key, 0...upper, strictlyAboveLower: true)
  }

  /// The error at member `key` (which exists) with `message`.
  func error(at key: String, _ message: String) throws -> InputError {
    try cursor.required(key).error(message)
  }

  private func format(_ value: Double) -> String { JSONWriter.number(value) }
}
