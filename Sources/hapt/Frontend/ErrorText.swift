import HaptCore
import HaptWorkflows

/// How the command line words a library error: the library's one-line message, plus the
/// option that changes the outcome when there is one (library messages never name options).
enum ErrorText {
  /// The line printed after `error: `.
  static func line(_ error: any Error) -> String {
    switch error {
    case let error as InputError:
      guard let limit = error.limit else { return error.description }
      return error.description + " (see \(option(raising: limit)))"
    case BaselineError.alreadyExists(let folder):
      return BaselineError.alreadyExists(folder: folder).description + "; pass --force to replace it"
    case let error as HaptError:
      return error.description
    default:
      return "\(error)"
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
}
