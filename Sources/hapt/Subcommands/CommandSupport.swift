import Foundation
import HaptCore

/// Small steps several commands share after parsing.
enum CommandSupport {
  /// The exit status for files that could not be read, or nil if there were none: 65 when
  /// any file is there but bad (this wins), 66 when every failure is a missing file.
  static func loadFailureStatus(_ errors: [InputError]) -> ExitStatus? {
    guard !errors.isEmpty else { return nil }
    return errors.allSatisfy { $0.exitStatus == .noInput } ? .noInput : .dataError
  }

  /// Creates the folders above an output folder `out` (`Baselines/` for
  /// `--out Baselines/library`), as `mkdir -p` would; the output itself is written later.
  /// - Throws: ``InputError`` (exit 73) if they cannot be created.
  static func createParentFolder(of out: String) throws {
    let parent = URL(fileURLWithPath: out).deletingLastPathComponent().path
    guard !FileManager.default.fileExists(atPath: parent) else { return }
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: out, "cannot create the parent folder", status: .cannotCreate)
    }
  }
}
