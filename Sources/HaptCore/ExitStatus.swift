/// Process exit statuses of the `hapt` command line (sysexits.h values).
///
/// Library layers attach a status to their errors so that the command line can map any
/// failure to the contract in Docs/Design.md without knowing every error type.
public enum ExitStatus: Int32, Sendable, CaseIterable {
  /// Everything worked and every check passed.
  case success = 0
  /// A check failed: a budget, a regression, a confusable set, a strict lint error.
  case checkFailed = 1
  /// The command line was wrong (EX_USAGE).
  case usage = 64
  /// An input file was malformed (EX_DATAERR).
  case dataError = 65
  /// An input file does not exist or cannot be opened (EX_NOINPUT).
  case noInput = 66
  /// An output file could not be created (EX_CANTCREAT).
  case cannotCreate = 73
}

/// An error that knows which exit status it maps to.
public protocol HaptError: Error, CustomStringConvertible {
  /// The exit status the command line uses when this error ends a command.
  var exitStatus: ExitStatus { get }
}
