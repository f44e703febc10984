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

  /// Checks, before any work, that each of `outputs` (single files; nil: not asked for)
  /// may be written: not an input nor inside one, an existing file replaced only if hapt
  /// wrote it or `force`, its folder writable (``OutputFileGuard``).
  static func checkOutputs(
    _ outputs: [String?], inputs: [String], force: Bool = false, forceable: Bool = false, knownStarts: [String] = []
  ) throws {
    let outputGuard = OutputFileGuard(inputs: inputs, force: force, forceable: forceable, knownStarts: knownStarts)
    for case let output? in outputs { try outputGuard.check(output) }
  }
}
