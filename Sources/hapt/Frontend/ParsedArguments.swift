import HaptCore

/// A command line parsed against a subcommand's option table.
struct ParsedArguments: Sendable {
  /// Arguments that are not options, in order.
  var positionals: [String] = []
  /// Values of options that take one, in the order given.
  var values: [String: [String]] = [:]
  /// Flags that were given.
  var flags: Set<String> = []
  /// The command's option table, by name: what `--help` prints is what is accepted.
  var specs: [String: OptionSpec] = [:]

  /// Parses `arguments` (without the program and subcommand names).
  ///
  /// Accepts `--name value`, `--name=value`, and `--` to end options.
  /// - Throws: ``UsageError`` naming the bad argument.
  init(_ arguments: [String], options: [OptionSpec]) throws {
    let table = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    specs = table
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      guard argument.hasPrefix("--") else {
        if argument == "-h" {
          flags.insert("help")
          continue
        }
        // A negative number is a positional (e.g. a tap time); anything else is an error.
        if Double(argument) != nil {
          positionals.append(argument)
          continue
        }
        throw UsageError.unknownOption(argument)
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if name == "help", inlineValue == nil {
        flags.insert("help")  // every command has --help, outside its table
        continue
      }
      guard let spec = table[name] else { throw UsageError.unknownOption("--\(name)") }
      if spec.valueName == nil {
        guard inlineValue == nil else { throw UsageError.unexpectedValue("--\(name)") }
        flags.insert(name)
        continue
      }
      var value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError.missingValue("--\(name)") }
        value = arguments[index]
        index += 1
        // `--budget 50 ms`: a number, then its unit as the next argument.
        if spec.valueName == OptionSpec.durationValueName, Double(value) != nil, index < arguments.count,
          OptionSpec.durationUnits.contains(where: { $0.suffix == arguments[index].lowercased() })
        {
          value += arguments[index]
          index += 1
        }
      }
      if !spec.repeatable, values[name] != nil {
        throw UsageError.repeatedOption("--\(name)")
      }
      values[name, default: []].append(value)
    }
  }

  /// The arguments again as a command line that parses to the same values (flags and
  /// options sorted by name, then `--` and the positionals), without the options
  /// `excluded`.
  func commandLine(excluding excluded: Set<String>) -> [String] {
    var line: [String] = []
    for flag in flags.sorted() where !excluded.contains(flag) { line.append("--\(flag)") }
    for name in values.keys.sorted() where !excluded.contains(name) {
      for value in values[name] ?? [] { line.append("--\(name)=\(value)") }
    }
    return line + ["--"] + positionals
  }

  /// Whether `--name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of `--name`, or nil.
  func value(_ name: String) -> String? { values[name]?.last }

  /// All values of a repeatable `--name`, with comma-separated lists split.
  func list(_ name: String) -> [String] {
    (values[name] ?? []).flatMap { $0.split(separator: ",").map(String.init) }
      .filter { !$0.isEmpty }
  }

  /// `--name` as a finite number, or `defaultValue` if absent.
  func number(
    _ name: String, default defaultValue: Double, in range: ClosedRange<Double>? = nil
  )
    throws -> Double
  {
    guard let text = value(name) else { return defaultValue }
    guard let number = Double(text), number.isFinite else {
      throw UsageError.invalidValue(option: "--\(name)", value: text, expected: "a number")
    }
    if let range, !range.contains(number) {
      throw UsageError.invalidValue(
        option: "--\(name)", value: text, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  /// `--name` as a whole number, or `defaultValue` if absent.
  func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
    guard let text = value(name) else { return defaultValue }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError.invalidValue(
        option: "--\(name)", value: text,
        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  /// `--name` as a duration in seconds: a number with its unit, `50ms` or `0.05s`.
  ///
  /// A bare number is refused (exit 64): `--budget 40` could mean 40 ms or 40 s.
  func seconds(_ name: String, default defaultValue: Double) throws -> Double {
    guard let text = value(name) else { return defaultValue }
    return try Self.duration(text, option: "--\(name)", bareUnit: nil)
  }

  /// A duration `NUMBERms` or `NUMBERs` (the one syntax of every duration), in seconds; a
  /// bare number is read in `bareUnit` where an option allows it (nil: refused).
  static func duration(_ text: String, option: String, bareUnit: Double?) throws -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let unit = OptionSpec.durationUnits.first(where: { trimmed.hasSuffix($0.suffix) })
    let digits = unit.map { String(trimmed.dropLast($0.suffix.count)) } ?? trimmed
    guard let scale = unit?.seconds ?? bareUnit, let number = Double(digits.trimmingCharacters(in: .whitespaces)),
      number.isFinite
    else {
      throw UsageError.invalidValue(
        option: option, value: text, expected: "a duration with its unit, ms or s (for example 50ms or 0.05s)")
    }
    guard number >= 0 else {
      throw UsageError.invalidValue(
        option: option, value: text, expected: "a duration of 0 or more (a time cannot be negative)")
    }
    return number * scale
  }

  /// `--name` as one of an enumeration's raw values.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) throws -> T
  where T.RawValue == String {
    guard let text = value(name) else { return defaultValue }
    guard let choice = T(rawValue: text) else {
      throw UsageError.invalidValue(
        option: "--\(name)", value: text,
        expected: T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return choice
  }

  /// The words a `--name` placeholder lists (`text|json` gives text and json), or nil when
  /// the placeholder is not such a list.
  func allowedWords(_ name: String) -> [String]? {
    guard let placeholder = specs[name]?.valueName, placeholder.contains("|") else { return nil }
    let words = placeholder.split(separator: "|").map(String.init)
    return words.allSatisfy { $0 == $0.lowercased() } ? words : nil
  }

  /// The `--format` option, restricted to what this command's table lists.
  func format() throws -> OutputFormat {
    let format: OutputFormat = try choice("format", default: .text)
    let allowed = allowedWords("format") ?? OutputFormat.allCases.map(\.rawValue)
    guard allowed.contains(format.rawValue) else {
      throw UsageError.invalidValue(
        option: "--format", value: format.rawValue, expected: allowed.joined(separator: ", "))
    }
    return format
  }
}
