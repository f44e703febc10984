import HaptCommandLine
import HaptCore

/// "did you mean '--budget'?" for a mistyped option, command or subcommand word, found
/// with ``NearestName`` among the names the command line accepts there (as preset and
/// device names are).
enum UsageSuggestion {
  /// The usage error's text with the nearest known name, when one is near:
  /// "unknown option '--budjet'; did you mean '--budget'?".
  /// `command`: the command being parsed (nil: the command word itself).
  static func text(_ error: UsageError, command: (any HaptCommand.Type)?) -> String {
    guard let name = nearest(error, command: command) else { return error.description }
    return error.description + "; did you mean '\(name)'?"
  }

  /// The known name nearest to the one `error` names under `command`, or nil.
  static func nearest(_ error: UsageError, command: (any HaptCommand.Type)?) -> String? {
    if case .unknownCommand(let name) = error {
      return NearestName.closest(to: name, among: Commands.all.map { $0.help.name })
    }
    guard let command else { return nil }
    switch error {
    case .unknownOption(let option):
      let names = command.optionSpecs.map { "--" + $0.name } + ["--help"]
      return NearestName.closest(to: option, among: names)
    case .invalidValue(let option, let value, _) where option == command.help.name && !command.subcommands.isEmpty:
      return NearestName.closest(to: value, among: command.subcommands.map { $0.help.lastWord })
    default:
      return nil
    }
  }
}
