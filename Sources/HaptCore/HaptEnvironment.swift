import Foundation

/// What a run of hapt reads from the process it runs in: its environment variables
/// (`HAPT_THREADS`, `HAPT_DEVICES`, `HAPT_CORPORA`) and its current folder.
///
/// The executable takes them from its process once (``process``) and its commands pass
/// the value down to every library call that needs one: the thread count, the user's
/// device profiles, the corpora folder, and the folder an output may not replace. Tests
/// run a command in-process with a value of their own, so one test's `HAPT_DEVICES` or
/// folder is never another's. ``process`` is the one place that reads the process's
/// environment and current folder; a library reads them only through a value given to
/// it (its parameters default to ``process`` for callers that have none, as HaptTesting).
///
/// Relative paths in arguments are still opened by the operating system against the
/// process's current folder: a caller giving another `currentFolder` also runs there
/// (the in-process test runner changes the process's folder for such a run).
package struct HaptEnvironment: Sendable, Equatable {
  /// The environment variables, by name.
  package var variables: [String: String]
  /// The current folder, an absolute path.
  package var currentFolder: String

  package init(variables: [String: String], currentFolder: String) {
    self.variables = variables
    self.currentFolder = currentFolder
  }

  /// This process's environment variables and current folder, read now.
  package static var process: HaptEnvironment {
    HaptEnvironment(
      variables: ProcessInfo.processInfo.environment, currentFolder: FileManager.default.currentDirectoryPath)
  }

  /// The environment variable naming the default worker-thread count.
  package static let threadsVariable = "HAPT_THREADS"

  /// The thread count to use by default: `HAPT_THREADS` if set to a positive whole
  /// number, otherwise the number of active processors.
  package var threadCount: Int {
    if let text = variables[Self.threadsVariable], let n = Int(text), n > 0 { return n }
    return max(1, ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The folder a variable names, or nil when it is unset or empty.
  package func folder(named variable: String) -> URL? {
    guard let value = variables[variable], !value.isEmpty else { return nil }
    return URL(fileURLWithPath: value)
  }
}
