/// A set of typed options declared by one argument table: a command, or a shared group
/// of options that commands include with ``Argument/group(_:)``.
package protocol ParsableArguments {
  /// The options at their defaults (what an empty command line gives).
  init()
  /// The table that parses and documents the options, in the order help lists them.
  static var arguments: [Argument<Self>] { get }
  /// Options that must not be given together (checked before any value is converted).
  static var exclusions: [Exclusion] { get }
  /// Rules across options, after every value is converted (throw a ``UsageError``).
  mutating func validate() throws
  /// Sees the command line as split (default: nothing). For commands that record it.
  mutating func didParse(_ raw: RawArguments)
}

extension ParsableArguments {
  package static var exclusions: [Exclusion] { [] }
  package mutating func validate() throws {}
  package mutating func didParse(_ raw: RawArguments) {}

  /// Every option spec of the table, groups flattened, in help order.
  package static var optionSpecs: [OptionSpec] { arguments.flatMap(\.optionSpecs) }

  /// Parses `arguments` (after the command's name) into typed options, or `nil` when
  /// `--help` or `-h` was given (the caller prints ``CommandHelp``).
  ///
  /// Order: the command line is split against the table (unknown, repeated or valueless
  /// options fail first), `--help` wins over everything after that, then the positionals'
  /// count, exclusions, each value in table order, and ``validate()``.
  /// - Throws: ``UsageError`` naming the bad argument.
  package static func parse(_ arguments: [String]) throws -> Self? {
    let raw = try RawArguments(arguments, options: optionSpecs)
    if raw.flags.contains("help") { return nil }
    return try parse(raw)
  }

  /// Converts an already split command line.
  package static func parse(_ raw: RawArguments) throws -> Self {
    var command = Self()
    for exclusion in exclusions { try exclusion.check(raw) }
    try command.apply(arguments, raw)
    command.didParse(raw)
    try command.validate()
    return command
  }

  /// Applies `table` to the split command line: positionals first, then options in order.
  private mutating func apply(_ table: [Argument<Self>], _ raw: RawArguments) throws {
    for entry in table {
      if case .positionals(let spec) = entry.kind {
        try spec.check(raw.positionals)
        try entry.apply(&self, raw.positionals)
      }
    }
    if !table.contains(where: { if case .positionals = $0.kind { true } else { false } }),
      let first = raw.positionals.first
    {
      throw UsageError.unexpectedArgument(first)
    }
    try applyOptions(table, raw)
  }

  private mutating func applyOptions(_ table: [Argument<Self>], _ raw: RawArguments) throws {
    for entry in table {
      switch entry.kind {
      case .option(let spec):
        if spec.valueName == nil {
          if raw.flags.contains(spec.name) { try entry.apply(&self, []) }
        } else if let values = raw.values[spec.name] {
          try entry.apply(&self, values)
        }
      case .positionals:
        break
      case .group(let members):
        try applyOptions(members, raw)
      }
    }
  }
}

/// Options that must not be given together, by name without dashes.
package struct Exclusion: Sendable, Equatable {
  package var names: [String]

  package init(_ names: String...) { self.names = names }

  /// Throws ``UsageError/conflict(_:)`` when more than one of the options was given.
  func check(_ raw: RawArguments) throws {
    let given = names.filter(raw.contains)
    guard given.count > 1 else { return }
    let options = given.map { "--\($0)" }
    throw UsageError.conflict(
      options.count == 2
        ? "give either \(options[0]) or \(options[1]), not both"
        : "give only one of \(options.joined(separator: ", "))")
  }
}
