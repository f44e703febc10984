import Foundation

/// Shared by the test targets (the one copy): how many seeded cases a fuzz test runs: `HAPT_FUZZ_CASES` (cases per input format) if
/// set to a positive integer, else the test's CI default. `Scripts/fuzz` sets it to
/// 100,000 for a long local run.
package enum FuzzCases {
  /// `HAPT_FUZZ_CASES`, or `ciDefault`.
  package static func perFormat(default ciDefault: Int) -> Int {
    guard let text = ProcessInfo.processInfo.environment["HAPT_FUZZ_CASES"], let n = Int(text), n > 0 else {
      return ciDefault
    }
    return n
  }
}
