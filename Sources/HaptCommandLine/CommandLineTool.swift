import Foundation

/// Parsing for a small tool (hapt-bench) that prints help and usage errors itself.
package enum CommandLineTool {
  /// What to do after parsing: run the command, or exit with a status.
  package enum Outcome<Command> {
    case run(Command)
    case exit(Int32)
  }

  /// Parses `arguments` (after the command's words) into `Command`; prints its help to
  /// stdout (exit 0) or a usage error to stderr as `error: ...` with the usage line (exit 64).
  package static func parse<Command: ParsableCommand>(
    _ type: Command.Type, _ arguments: [String], tool: String
  ) -> Outcome<Command> {
    let words = [tool, Command.help.name].filter { !$0.isEmpty }.joined(separator: " ")
    do {
      guard let command = try Command.parse(arguments) else {
        FileHandle.standardOutput.write(Data(Command.helpText(tool: tool).utf8))
        return .exit(0)
      }
      return .run(command)
    } catch let error as UsageError {
      let usage = "\(tool) \(Command.usage.shortSynopsis)"
      FileHandle.standardError.write(
        Data("error: \(error.description)\nusage: \(usage)\nSee '\(words) --help'.\n".utf8))
      return .exit(64)
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      return .exit(64)
    }
  }
}
