/// One entry of a command's argument table: an option, a flag, the positionals or a group
/// of shared options. The same table parses the command line and prints `--help`.
///
/// Declare an option with one entry and one typed field:
///
///     var budget_s = 0.05
///     static var arguments: [Argument<Self>] {
///       [.option("budget", .durationValueName, help: "Pass limit (default 50ms).", \.budget_s, .duration)]
///     }
package struct Argument<Command> {
  /// What the entry declares.
  package enum Kind {
    /// An option or flag (a flag's spec has no value name).
    case option(OptionSpec)
    /// The positionals, with how many the command takes.
    case positionals(PositionalSpec)
    /// Options of a shared group (``ParsableArguments`` of their own).
    case group([Argument<Command>])
  }

  package let kind: Kind
  /// Stores the values given (for a flag: none) into the command.
  let apply: (inout Command, [String]) throws -> Void

  init(kind: Kind, apply: @escaping (inout Command, [String]) throws -> Void) {
    self.kind = kind
    self.apply = apply
  }

  /// The option specs of this entry (a group's, flattened), in table order.
  package var optionSpecs: [OptionSpec] {
    switch kind {
    case .option(let spec): [spec]
    case .positionals: []
    case .group(let members): members.flatMap(\.optionSpecs)
    }
  }

  /// `--name`, a flag: sets `keyPath` to true when given.
  package static func flag(_ name: String, help: String, _ keyPath: WritableKeyPath<Command, Bool>) -> Argument {
    Argument(kind: .option(OptionSpec(name: name, valueName: nil, help: help, repeatable: false))) { command, _ in
      command[keyPath: keyPath] = true
    }
  }

  /// `--name VALUE`, given at most once, converted by `parser` into a field with a default.
  package static func option<Value>(
    _ name: String, _ valueName: String, help: String, _ keyPath: WritableKeyPath<Command, Value>,
    _ parser: ValueParser<Value>
  ) -> Argument {
    Argument(kind: .option(OptionSpec(name: name, valueName: valueName, help: help, repeatable: false))) {
      command, values in
      command[keyPath: keyPath] = try parser.convert(values[values.count - 1], "--\(name)")
    }
  }

  /// `--name VALUE`, given at most once, converted by `parser` into an optional field (nil
  /// when the option is absent).
  package static func option<Value>(
    _ name: String, _ valueName: String, help: String, _ keyPath: WritableKeyPath<Command, Value?>,
    _ parser: ValueParser<Value>
  ) -> Argument {
    Argument(kind: .option(OptionSpec(name: name, valueName: valueName, help: help, repeatable: false))) {
      command, values in
      command[keyPath: keyPath] = try parser.convert(values[values.count - 1], "--\(name)")
    }
  }

  /// `--name VALUE[,VALUE...]`, repeatable: every value given, comma-separated lists split,
  /// empty items dropped, in order.
  package static func list(
    _ name: String, _ valueName: String, help: String, _ keyPath: WritableKeyPath<Command, [String]>
  ) -> Argument {
    Argument(kind: .option(OptionSpec(name: name, valueName: valueName, help: help, repeatable: true))) {
      command, values in
      command[keyPath: keyPath] = values.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    }
  }

  /// The positionals: how many the command takes and what a missing one is called.
  package static func positionals(
    _ keyPath: WritableKeyPath<Command, [String]>, _ spec: PositionalSpec
  ) -> Argument {
    Argument(kind: .positionals(spec)) { command, values in command[keyPath: keyPath] = values }
  }

  /// A shared group's options (its own table), stored in the field `keyPath`.
  package static func group<Group: ParsableArguments>(_ keyPath: WritableKeyPath<Command, Group>) -> Argument {
    Argument(kind: .group(Group.arguments.map { $0.lifted(into: keyPath) })) { _, _ in }
  }

  /// This entry, applied to the field `keyPath` of a larger command.
  func lifted<Outer>(into keyPath: WritableKeyPath<Outer, Command>) -> Argument<Outer> {
    let kind: Argument<Outer>.Kind
    switch self.kind {
    case .option(let spec): kind = .option(spec)
    case .positionals(let spec): kind = .positionals(spec)
    case .group(let members): kind = .group(members.map { $0.lifted(into: keyPath) })
    }
    let apply = self.apply
    return Argument<Outer>(kind: kind) { outer, values in try apply(&outer[keyPath: keyPath], values) }
  }
}

/// How many positionals a command takes, what the usage calls them, and the words for a
/// missing one.
package struct PositionalSpec: Sendable, Equatable {
  /// The fewest the command needs.
  package var minimum: Int
  /// The most it takes (nil: any number).
  package var maximum: Int?
  /// What is missing when fewer are given: `PATH (a pattern file or folder)`.
  package var missing: String
  /// Their placeholders in the usage line: one (`PATH`, repeated as `PATH...` when the
  /// command takes several) or one per positional (`A`, `B`).
  package var valueNames: [String]

  /// - Parameters:
  ///   - minimum: The fewest positionals the command needs.
  ///   - maximum: The most it takes (nil: any number).
  ///   - missing: What `missing ...` says when fewer than `minimum` are given.
  ///   - valueNames: Their placeholders in the usage line; by default the first word of
  ///     `missing` (`PATH` of `PATH (a pattern file or folder)`), or `ARGUMENT`.
  package init(minimum: Int = 0, maximum: Int? = nil, missing: String = "", valueNames: [String]? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.missing = missing
    let firstWord = missing.split(whereSeparator: { $0 == " " || $0 == "(" }).first.map {
      String($0.prefix { $0 != "." })
    }
    self.valueNames = valueNames ?? [firstWord.flatMap { $0.isEmpty ? nil : $0 } ?? "ARGUMENT"]
  }

  /// The positionals as the usage line writes them: `PATH...`, `[FOLDER]`, `A B`.
  package var synopsis: String {
    if valueNames.count > 1 { return valueNames.joined(separator: " ") }
    let name = valueNames.first ?? "ARGUMENT"
    let words = maximum == 1 ? name : name + "..."
    return minimum == 0 ? "[\(words)]" : words
  }

  /// Throws the usage error for `positionals` that are too few or too many.
  func check(_ positionals: [String]) throws {
    if positionals.count < minimum { throw UsageError.missingArgument(missing) }
    if let maximum, positionals.count > maximum { throw UsageError.unexpectedArgument(positionals[maximum]) }
  }
}
