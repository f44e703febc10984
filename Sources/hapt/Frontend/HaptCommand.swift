import HaptCommandLine
import HaptCore

/// A `hapt` subcommand: typed options parsed from its argument table, and a body that
/// calls the libraries and prints.
///
/// To add a command: a struct conforming to this protocol in `Subcommands/`, and its type
/// in ``Commands/all``. To add an option: one field with its default and one entry in
/// `arguments` (Docs/Design.md, "Command line").
protocol HaptCommand: ParsableCommand {
  /// Nested commands (`baseline record`, `baseline check`); empty for a leaf command.
  static var subcommands: [any HaptCommand.Type] { get }
  /// Runs the command in `environment` (its variables and current folder, passed to every
  /// library call that reads one); returns the exit status. Throws ``UsageError`` or a
  /// library error.
  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus
}

extension HaptCommand {
  static var subcommands: [any HaptCommand.Type] { [] }
}

/// A command that only groups subcommands (`hapt baseline`): no options of its own.
protocol HaptCommandGroup: HaptCommand {}

extension HaptCommandGroup {
  static var arguments: [Argument<Self>] { [] }
  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    throw UsageError.missingArgument(Self.subcommands.map { $0.help.lastWord }.joined(separator: " or "))
  }
}
