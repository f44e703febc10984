/// A command: typed options (``ParsableArguments``) with the words its help prints.
package protocol ParsableCommand: ParsableArguments {
  /// Name, summary, usage lines and discussion.
  static var help: CommandHelp { get }
}

extension ParsableCommand {
  /// The text of `TOOL NAME --help`.
  package static func helpText(tool: String, subcommands: [CommandHelp] = []) -> String {
    help.text(tool: tool, options: optionSpecs, subcommands: subcommands)
  }
}
