/// A mistake on the command line (exit 64), with the offending argument in its payload.
package enum UsageError: Error, Equatable, CustomStringConvertible {
  case unknownCommand(String)
  case unknownOption(String)
  case missingValue(String)
  case unexpectedValue(String)
  case repeatedOption(String)
  case invalidValue(option: String, value: String, expected: String)
  case missingArgument(String)
  case unexpectedArgument(String)
  case conflict(String)

  package var description: String {
    switch self {
    case .unknownCommand(let name): "unknown command '\(name)'"
    case .unknownOption(let option): "unknown option '\(option)'"
    case .missingValue(let option): "option '\(option)' needs a value"
    case .unexpectedValue(let option): "option '\(option)' takes no value"
    case .repeatedOption(let option): "option '\(option)' given more than once"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for '\(option)': expected \(expected)"
    case .missingArgument(let what): "missing \(what)"
    case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
    case .conflict(let message): message
    }
  }
}
