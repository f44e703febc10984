import Foundation

/// A problem with an input (or output) file: names the file, the place in it, and what is
/// wrong, with a ``Kind`` a caller can act on.
///
/// Rendered on one line as `FILE: PLACE: MESSAGE`, for example
/// `boom.ahap: Pattern[3].Event.EventParameters[1].ParameterValue: expected a number`.
/// The place is a JSON path, a `line L, column C`, a byte offset or a CSV cell, whichever
/// the format has. The message never names a command-line option; a tool that reads
/// ``limit`` or ``setting`` names the option itself.
package struct InputError: HaptError, Equatable, Sendable {
  /// What kind of problem it is.
  package enum Kind: String, Sendable, CaseIterable {
    /// The file (or folder) is not there or cannot be opened.
    case missing
    /// The file is there but its content is wrong at ``InputError/place``.
    case malformed
    /// The output cannot be written (or a folder cannot be created or replaced).
    case unwritable
    /// The input is larger than a limit in force (``InputError/limit`` says which).
    case overLimit
    /// The input is well-formed but asks for something this reader does not support.
    case unsupported
  }

  /// A setting of the caller that is the likely cause (a tool names its option for it).
  package enum Setting: String, Sendable, CaseIterable {
    /// The scale from a recording's samples to g.
    case recordingScale
    /// Whether an existing output file hapt did not write may be replaced.
    case replaceOutput
  }

  /// The file's path as the user gave it, or nil while the error is raised inside a
  /// parser that does not know it (callers fill it in with ``inFile(_:)``).
  package var file: String?
  /// Where in the file: a JSON path, `line 3, column 7`, `byte 1024`, `row 2, column 3`.
  package var place: String?
  /// What is wrong, in a short lower-case phrase.
  package var message: String
  /// What kind of problem: ``Kind/malformed`` unless said otherwise.
  package var kind: Kind
  /// The size limit the input ran into, if that is what is wrong (kind ``Kind/overLimit``).
  package var limit: InputLimit?
  /// The caller's setting that likely caused it, if one did.
  package var setting: Setting?

  /// - Parameters:
  ///   - kind: What kind of problem (default ``Kind/malformed``; ``Kind/overLimit``
  ///     whenever `limit` is given).
  ///   - limit: The limit the input ran into.
  ///   - setting: The caller's setting that likely caused it.
  package init(
    file: String? = nil, place: String? = nil, _ message: String, kind: Kind = .malformed,
    limit: InputLimit? = nil, setting: Setting? = nil
  ) {
    self.file = file
    self.place = place
    self.message = message
    self.kind = limit == nil ? kind : .overLimit
    self.limit = limit
    self.setting = setting
  }

  /// The same error, naming `file` if it did not name a file yet.
  package func inFile(_ file: String) -> InputError {
    var copy = self
    if copy.file == nil { copy.file = file }
    return copy
  }

  /// Whether the input is there but bad (malformed, over a limit or unsupported), as
  /// opposed to missing or unwritable.
  package var isBadData: Bool { kind == .malformed || kind == .overLimit || kind == .unsupported }

  /// The same error naming the file under `target` where it named the same file under the
  /// internal `temporary` folder (messages never show hapt's temporary paths).
  package func naming(target: String, insteadOf temporary: String) -> InputError {
    var copy = self
    for prefix in [temporary, URL(fileURLWithPath: temporary).standardizedFileURL.path] {
      guard let file = copy.file, file == prefix || file.hasPrefix(prefix + "/") else { continue }
      copy.file = target + file.dropFirst(prefix.count)
    }
    if copy.message.contains(temporary) {
      copy.message = copy.message.replacingOccurrences(of: temporary, with: target)
    }
    return copy
  }

  package var description: String {
    [file, place, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
  }
}
