import Foundation

/// How the text of an option's value becomes a typed value, with the words of its error.
///
/// The parser gets the value's text and the option as messages write it (`--threads`);
/// it throws ``UsageError/invalidValue(option:value:expected:)`` naming both.
package struct ValueParser<Value> {
  package let convert: (_ text: String, _ option: String) throws -> Value

  package init(_ convert: @escaping (_ text: String, _ option: String) throws -> Value) {
    self.convert = convert
  }

  /// This parser, refusing values that fail `isAllowed` with `expected` as the words.
  package func refusing(unless isAllowed: @escaping (Value) -> Bool, expected: String) -> ValueParser<Value> {
    ValueParser { text, option in
      let value = try convert(text, option)
      guard isAllowed(value) else {
        throw UsageError.invalidValue(option: option, value: text, expected: expected)
      }
      return value
    }
  }

  /// This parser's values transformed by `transform` (which may throw a ``UsageError``).
  package func map<Other>(
    _ transform: @escaping (Value, _ text: String, _ option: String) throws -> Other
  )
    -> ValueParser<Other>
  {
    ValueParser<Other> { text, option in try transform(try convert(text, option), text, option) }
  }
}

extension ValueParser where Value == String {
  /// The text as given.
  package static var string: ValueParser<String> { ValueParser { text, _ in text } }
}

extension ValueParser where Value == Double {
  /// A finite number, optionally within `range`.
  package static func number(in range: ClosedRange<Double>? = nil) -> ValueParser<Double> {
    ValueParser { text, option in
      guard let number = Double(text), number.isFinite else {
        throw UsageError.invalidValue(option: option, value: text, expected: "a number")
      }
      if let range, !range.contains(number) {
        throw UsageError.invalidValue(
          option: option, value: text, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
  }

  /// A duration in seconds, written with its unit: `50ms` or `0.05s`.
  ///
  /// A bare number is refused: `--budget 40` could mean 40 ms or 40 s.
  package static var duration: ValueParser<Double> {
    ValueParser { text, option in
      let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
      let expected = "a duration with its unit, ms or s (for example 50ms or 0.05s)"
      guard let unit = OptionSpec.durationUnits.first(where: { trimmed.hasSuffix($0.suffix) }),
        let number = Double(trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)),
        number.isFinite, number >= 0
      else {
        throw UsageError.invalidValue(option: option, value: text, expected: expected)
      }
      return number * unit.seconds
    }
  }
}

extension ValueParser where Value == Int {
  /// A whole number within `range`.
  package static func integer(in range: ClosedRange<Int>) -> ValueParser<Int> {
    ValueParser { text, option in
      guard let number = Int(text), range.contains(number) else {
        throw UsageError.invalidValue(
          option: option, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
  }
}

extension ValueParser where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of the enumeration's raw values.
  package static var choice: ValueParser<Value> {
    ValueParser { text, option in
      guard let choice = Value(rawValue: text) else {
        throw UsageError.invalidValue(
          option: option, value: text, expected: Value.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return choice
    }
  }
}
