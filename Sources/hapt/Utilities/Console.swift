import Foundation
import HaptCore

/// Where a command writes: results to stdout, diagnostics to stderr, and a progress line
/// only when stderr is a terminal.
///
/// The streams are injectable: the executable writes to the process's standard output and
/// standard error (``init()``); tests run a command in-process and collect both texts
/// (``init(standardOutput:standardError:isErrorTerminal:)``).
final class Console: @unchecked Sendable {
  /// Where one stream's text goes, in the order written (called under the console's lock).
  typealias Sink = @Sendable (String) -> Void

  private let lock = NSLock()
  private let standardOutput: Sink
  private let standardError: Sink

  /// Whether stderr is an interactive terminal (progress lines are shown only then).
  let isErrorTerminal: Bool

  /// A console on the process's standard output and standard error.
  convenience init() {
    self.init(
      standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
      standardError: { FileHandle.standardError.write(Data($0.utf8)) },
      isErrorTerminal: isatty(STDERR_FILENO) != 0)
  }

  /// A console writing to `standardOutput` and `standardError`; progress lines only if
  /// `isErrorTerminal`.
  init(standardOutput: @escaping Sink, standardError: @escaping Sink, isErrorTerminal: Bool = false) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.isErrorTerminal = isErrorTerminal
  }

  /// Writes `text` to stdout as is.
  func out(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    standardOutput(text)
  }

  /// Writes one line to stdout (``OneLine``: a name or value holding a line break or a
  /// terminal control cannot break it or start a line of its own).
  func line(_ text: String = "") { out(OneLine.escaped(text) + "\n") }

  /// Writes `error: MESSAGE` to stderr, on one line (``OneLine``: names holding line
  /// separators or controls cannot break it).
  func error(_ message: String) { err("error: \(OneLine.escaped(message))\n") }

  /// Writes `warning: MESSAGE` to stderr, on one line.
  func warning(_ message: String) { err("warning: \(OneLine.escaped(message))\n") }

  /// Writes `note: MESSAGE` to stderr, on one line.
  func note(_ message: String) { err("note: \(OneLine.escaped(message))\n") }

  /// Writes a usage hint to stderr as is (after an `error:` line; it may span lines).
  func err(usageHint: String) { err(usageHint + "\n") }

  /// Rewrites a one-line progress indicator on stderr, only if it is a terminal.
  func progress(_ message: String) {
    guard isErrorTerminal else { return }
    err("\r\u{1B}[K" + message)
  }

  /// Clears the progress line.
  func endProgress() {
    guard isErrorTerminal else { return }
    err("\r\u{1B}[K")
  }

  private func err(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    standardError(text)
  }
}
