import HaptCommandLine
import Foundation
import HaptCore

/// Small steps several commands share after parsing.
enum CommandSupport {
  /// The exit status for files that could not be read, or nil if there were none: 65 when
  /// any file is there but bad (this wins), 66 when every failure is a missing file.
  static func loadFailureStatus(_ errors: [InputError]) -> ExitStatus? {
    guard !errors.isEmpty else { return nil }
    return errors.allSatisfy { $0.kind == .missing } ? .noInput : .dataError
  }
}
