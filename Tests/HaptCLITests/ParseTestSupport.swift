import HaptCommandLine
import Testing

@testable import hapt

/// In-process parsing, as `hapt` does it (command word, subcommand words, then the
/// command's table), without running anything: the analogue of swift-argument-parser's
/// `AssertParse`.
enum Parse {
  /// The typed command for `words` (`["latency", "x.ahap", "--budget", "40ms"]`), or nil
  /// when the line asks for help.
  /// - Throws: the ``UsageError`` the command line would print (exit 64).
  static func hapt(_ words: [String]) throws -> (any HaptCommand)? {
    guard let name = words.first, let command = Commands.named(name) else {
      throw UsageError.unknownCommand(words.first ?? "")
    }
    var arguments = Array(words.dropFirst())
    let resolved = try Hapt.resolve(command, &arguments)
    return try resolved.parse(arguments)
  }

  /// `words` parsed as `Command`, failing the test when it is another command or help.
  static func hapt<Command: HaptCommand>(
    _ words: [String], as type: Command.Type, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Command {
    let parsed = try hapt(words)
    return try #require(
      parsed as? Command, "\(words) parsed as \(String(describing: parsed))", sourceLocation: sourceLocation)
  }

  /// The usage error `words` give, or nil when they parse.
  static func error(_ words: [String]) -> UsageError? {
    do {
      _ = try hapt(words)
      return nil
    } catch let error as UsageError {
      return error
    } catch {
      Issue.record("\(words): not a usage error: \(error)")
      return nil
    }
  }
}
