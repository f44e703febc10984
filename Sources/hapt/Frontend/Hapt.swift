import HaptCommandLine
import HaptCore

/// The `hapt` command line: dispatches to a subcommand and maps errors to exit statuses.
enum Hapt {
  /// The tool's version, also recorded in baselines and reports.
  static let version = HaptVersion.string

  /// Runs the command line and returns the exit status; the executable's `main` exits
  /// with it. Tests call it in-process with a ``Console`` that collects both streams.
  ///
  /// - Parameters:
  ///   - arguments: the command line, the program name first (as `CommandLine.arguments`).
  ///   - console: where results and diagnostics go (default: standard output and error).
  ///   - environment: the variables (`HAPT_THREADS`, `HAPT_DEVICES`, `HAPT_CORPORA`) and
  ///     the current folder the commands read (default: this process's). Relative paths
  ///     in `arguments` are opened against the process's current folder, so a caller
  ///     giving another folder runs in it.
  static func main(
    _ arguments: [String], console: Console = Console(), environment: HaptEnvironment = .process
  ) -> Int32 {
    let rest = Array(arguments.dropFirst())
    guard let first = rest.first else {
      console.out(overview)
      return ExitStatus.usage.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      if rest.count > 1, let command = Commands.named(rest[1]) {
        console.out(helpText(command))
      } else {
        console.out(overview)
      }
      return ExitStatus.success.rawValue
    case "--version", "version":
      console.line("hapt \(version)")
      return ExitStatus.success.rawValue
    default:
      break
    }
    guard let command = Commands.named(first) else {
      console.error(UsageSuggestion.text(.unknownCommand(first), command: nil))
      console.err(usageHint: "Run 'hapt --help' for the list of commands.")
      return ExitStatus.usage.rawValue
    }
    return run(command, Array(rest.dropFirst()), console, environment)
  }

  /// Parses `arguments` for `command` (descending into its subcommands), runs it, and
  /// words any error.
  static func run(
    _ command: any HaptCommand.Type, _ arguments: [String], _ console: Console, _ environment: HaptEnvironment
  ) -> Int32 {
    var command = command
    var arguments = arguments
    do {
      command = try resolve(command, &arguments)
      guard let parsed = try command.parse(arguments) else {
        console.out(helpText(command))
        return ExitStatus.success.rawValue
      }
      return try parsed.run(console, in: environment).rawValue
    } catch let error as UsageError {
      console.error(UsageSuggestion.text(error, command: command))
      console.err(
        usageHint:
          "usage: hapt \(command.usage.shortSynopsis)\nSee 'hapt \(command.help.name) --help'.")
      return ExitStatus.usage.rawValue
    } catch {
      console.error(ErrorText.line(error))
      return ErrorText.status(error).rawValue
    }
  }

  /// The subcommand that `arguments` name under `command` (its word removed), or
  /// `command` itself for a leaf or for `--help`.
  /// - Throws: ``UsageError`` for a group without a known subcommand word.
  static func resolve(_ command: any HaptCommand.Type, _ arguments: inout [String]) throws -> any HaptCommand.Type {
    let subcommands = command.subcommands
    guard !subcommands.isEmpty else { return command }
    let words = subcommands.map { $0.help.lastWord }
    guard let first = arguments.first else { throw UsageError.missingArgument(words.joined(separator: " or ")) }
    if ["--help", "-h"].contains(first) { return command }
    guard let sub = subcommands.first(where: { $0.help.lastWord == first }) else {
      if first.hasPrefix("-") { throw UsageError.missingArgument(words.joined(separator: " or ")) }
      throw UsageError.invalidValue(option: command.help.name, value: first, expected: words.joined(separator: " or "))
    }
    arguments.removeFirst()
    return try resolve(sub, &arguments)
  }

  /// The text of `hapt COMMAND --help`.
  static func helpText(_ command: any HaptCommand.Type) -> String {
    command.helpText(tool: "hapt", subcommands: command.subcommands.map { ($0.help, $0.usage) })
  }

  /// The text of `hapt --help`.
  static var overview: String {
    var lines = [
      "OVERVIEW: hapt \(version): evaluate haptic patterns as a hand would feel them.",
      "",
      "USAGE: hapt <command> [options]",
      "",
      "COMMANDS:",
    ]
    let names = Commands.all.map { $0.help.name }
    let width = (names.map(\.count).max() ?? 0) + 4
    for command in Commands.all {
      let name = command.help.name
      lines.append("  " + name + String(repeating: " ", count: width - name.count) + command.help.summary)
    }
    lines += ["", "See 'hapt <command> --help' for a command's options.", ""]
    return lines.joined(separator: "\n")
  }
}
