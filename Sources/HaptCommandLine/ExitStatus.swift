/// Process exit statuses of hapt's executables (sysexits.h values).
///
/// Only the command line knows them: libraries throw typed errors and the command line
/// maps them here (Docs/Design.md, "Errors").
package enum ExitStatus: Int32, Sendable, CaseIterable {
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
