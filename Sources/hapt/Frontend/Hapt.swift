import HaptCore

/// The `hapt` command line: dispatches to a subcommand and maps errors to exit statuses.
enum Hapt {
  /// The tool's version, also recorded in baselines and reports.
  static let version = HaptVersion.string

  /// Runs the command line and returns the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    let console = Console()
    let rest = Array(arguments.dropFirst())
    guard let first = rest.first else {
      console.out(overview)
      return ExitStatus.usage.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      if rest.count > 1, let command = Commands.named(rest[1]) {
        console.out(command.help)
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
      console.error(UsageError.unknownCommand(first).description)
      console.err(usageHint: "Run 'hapt --help' for the list of commands.")
      return ExitStatus.usage.rawValue
    }
    do {
      let parsed = try ParsedArguments(Array(rest.dropFirst()), options: command.options)
      if parsed.flag("help") {
        console.out(command.help)
        return ExitStatus.success.rawValue
      }
      return try command.run(parsed, console).rawValue
    } catch let error as UsageError {
      console.error(error.description)
      console.err(usageHint: "usage: hapt \(command.usage.first ?? command.name)\nSee 'hapt \(command.name) --help'.")
      return error.exitStatus.rawValue
    } catch let error as HaptError {
      console.error(ErrorText.line(error))
      return error.exitStatus.rawValue
    } catch {
      console.error("\(error)")
      return ExitStatus.dataError.rawValue
    }
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
    let width = (Commands.all.map(\.name.count).max() ?? 0) + 4
    for command in Commands.all {
      lines.append("  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary)
    }
    lines += ["", "See 'hapt <command> --help' for a command's options.", ""]
    return lines.joined(separator: "\n")
  }
}

extension Console {
  /// Writes a usage hint to stderr (after an `error:` line).
  func err(usageHint: String) {
    FileHandleWriter.stderr(usageHint + "\n")
  }
}
