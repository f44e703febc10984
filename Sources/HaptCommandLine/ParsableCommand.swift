/// A command: typed options (``ParsableArguments``) with the words its help prints.
package protocol ParsableCommand: ParsableArguments {
  /// Name, summary, other forms and discussion.
  static var help: CommandHelp { get }
}

extension ParsableCommand {
  /// The usage line generated from the command's table.
  package static var usage: Usage { usage(name: help.name) }

  /// The text of `TOOL NAME --help`.
  package static func helpText(tool: String, subcommands: [(help: CommandHelp, usage: Usage)] = []) -> String {
    help.text(tool: tool, usage: usage, subcommands: subcommands)
  }
}
