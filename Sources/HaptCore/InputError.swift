import Foundation

/// A problem with an input file: names the file, the place in it, and what is wrong.
///
/// Rendered on one line as `FILE: PLACE: MESSAGE`, for example
/// `boom.ahap: Pattern[3].Event.EventParameters[1].ParameterValue: expected a number`.
/// The place is a JSON path, a `line L, column C`, a byte offset or a CSV cell, whichever
/// the format has.
public struct InputError: HaptError, Equatable, Sendable {
  /// The file's path as the user gave it, or nil while the error is raised inside a
  /// parser that does not know it (callers fill it in with ``inFile(_:)``).
  public var file: String?
  /// Where in the file: a JSON path, `line 3, column 7`, `byte 1024`, `row 2, column 3`.
  public var place: String?
  /// What is wrong, in a short lower-case phrase.
  public var message: String
  /// The exit status: ``ExitStatus/dataError`` unless the file is missing or unwritable.
  public var exitStatus: ExitStatus
  /// The size limit the input ran into, if that is what is wrong.
  public var limit: InputLimit?

  public init(
    file: String? = nil, place: String? = nil, _ message: String,
    status: ExitStatus = .dataError, limit: InputLimit? = nil
  ) {
    self.file = file
    self.place = place
    self.message = message
    self.exitStatus = status
    self.limit = limit
  }

  /// The same error, naming `file` if it did not name a file yet.
  public func inFile(_ file: String) -> InputError {
    var copy = self
    if copy.file == nil { copy.file = file }
    return copy
  }

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

  public var description: String {
    [file, place, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
  }
}
