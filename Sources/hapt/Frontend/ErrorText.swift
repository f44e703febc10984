import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptSimulation
import HaptBaselines
import HaptCodegen

/// How the command line ends on an error: the exit status and the words, from the
/// libraries' typed errors (as swift-argument-parser's `MessageInfo` does). Library
/// messages never name options; the option that changes the outcome is added here.
enum ErrorText {
  /// The line printed after `error: `.
  static func line(_ error: any Error) -> String {
    switch error {
    case let error as InputError:
      if let limit = error.limit { return error.description + " (see \(option(raising: limit)))" }
      if error.setting == .replaceOutput { return error.description + "; pass --force to replace it" }
      if let setting = error.setting { return error.description + " (check \(option(for: setting)))" }
      return error.description
    case BaselineError.alreadyExists(let folder):
      return BaselineError.alreadyExists(folder: folder).description + "; pass --force to replace it"
    case let error as CustomStringConvertible:
      return error.description
    default:
      return "\(error)"
    }
  }

  /// The exit status a command ends with because of `error`.
  static func status(_ error: any Error) -> ExitStatus {
    switch error {
    case is UsageError, is CodegenError: .usage
    case let error as InputError: status(error.kind)
    case is DeviceLookupError: .noInput
    case is BaselineError: .cannotCreate
    default: .dataError
    }
  }

  /// The exit status for an input error of `kind`: 66 missing, 73 unwritable, else 65.
  static func status(_ kind: InputError.Kind) -> ExitStatus {
    switch kind {
    case .missing: .noInput
    case .unwritable: .cannotCreate
    case .malformed, .overLimit, .unsupported: .dataError
    }
  }

  /// The option that raises `limit`.
  static func option(raising limit: InputLimit) -> String {
    switch limit {
    case .fileBytes: return "--max-file-bytes"
    case .corpusFiles: return "--max-files"
    case .events: return "--max-events"
    case .controlPoints: return "--max-control-points"
    case .patternTime_s: return "--max-pattern-time"
    }
  }

  /// The option that sets `setting`.
  static func option(for setting: InputError.Setting) -> String {
    switch setting {
    case .recordingScale: return "--scale"
    case .replaceOutput: return "--force"
    }
  }
}
