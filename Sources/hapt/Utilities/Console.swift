import Foundation
import HaptCore

/// Where a command writes: results to stdout, diagnostics to stderr, and a progress line
/// only when stderr is a terminal.
final class Console: @unchecked Sendable {
  private let lock = NSLock()

  /// Whether stderr is an interactive terminal (progress lines are shown only then).
  let isErrorTerminal: Bool = isatty(STDERR_FILENO) != 0

  /// Writes `text` to stdout as is.
  func out(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    FileHandle.standardOutput.write(Data(text.utf8))
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
    FileHandle.standardError.write(Data(text.utf8))
  }
}
