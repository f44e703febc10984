/// A command line split into options and positionals against a command's option specs,
/// before any value is converted (the first of the two parsing steps; the second is
/// ``ParsableArguments/parse(_:)``).
package struct RawArguments: Sendable, Equatable {
  /// Arguments that are not options, in order (those after `--` included).
  package var positionals: [String] = []
  /// How many of ``positionals`` came before a `--` (all of them without one).
  package var positionalsBeforeTerminator = 0
  /// Values of options that take one, in the order given.
  package var values: [String: [String]] = [:]
  /// Flags that were given (`help` for `--help` and `-h`).
  package var flags: Set<String> = []

  package init() {}

  /// Splits `arguments` (without the program and command names).
  ///
  /// Accepts `--name value`, `--name=value`, `--` to end options, `-h` for `--help`, a
  /// negative number as a positional, and `50 ms` (number, unit) as one duration value.
  /// - Throws: ``UsageError`` naming the bad argument.
  /// - Complexity: O(n) in the number of arguments.
  package init(_ arguments: [String], options: [OptionSpec]) throws {
    let table = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        if !optionsEnded { positionalsBeforeTerminator += 1 }
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
          positionalsBeforeTerminator += 1
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

  /// Whether `--name` was given, as a flag or with a value.
  package func contains(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

  /// The arguments again as a command line that splits to the same values (flags and
  /// options sorted by name, then `--` and the positionals), without the options
  /// `excluded`.
  package func commandLine(excluding excluded: Set<String>) -> [String] {
    var line: [String] = []
    for flag in flags.sorted() where !excluded.contains(flag) { line.append("--\(flag)") }
    for name in values.keys.sorted() where !excluded.contains(name) {
      for value in values[name] ?? [] { line.append("--\(name)=\(value)") }
    }
    return line + ["--"] + positionals
  }
}
