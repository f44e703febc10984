import Foundation
import Testing

@testable import hapt

/// Runs hapt's command line in this test process (``Hapt/main(_:console:)`` with a
/// ``Console`` that collects both streams): the same parsing, commands, output and exit
/// status as the binary, without starting a process.
///
/// What still needs the built binary runs it through ``HaptBinary``: signals and kills
/// (InterruptTests), crashes and hangs under a time bound (the hostile-input tests), another
/// current folder or environment (`PATH`, `HAPT_DEVICES`, a git repository), a full disk,
/// and a few smoke runs of the real executable's exit statuses (TopLevelTests).
enum HaptInProcess {
  /// Runs `hapt ARGUMENTS` in-process, in the package root (relative paths in `arguments`
  /// are read from there). If this process's current folder is not the package root (a
  /// test run started elsewhere), it runs the binary there instead.
  static func run(_ arguments: [String]) throws -> HaptRun {
    RunLog.record("in-process", arguments)
    guard isInPackageRoot else { return try HaptBinary.run(arguments) }
    let out = Collected()
    let err = Collected()
    let console = Console(standardOutput: out.append, standardError: err.append)
    let status = Hapt.main(["hapt"] + arguments, console: console)
    return HaptRun(status: status, stdout: out.text, stderr: err.text)
  }

  /// Whether relative paths resolve here as in a run of the binary in the package root.
  static let isInPackageRoot: Bool = {
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
    return here.path == HaptBinary.packageRoot.resolvingSymlinksInPath().path
  }()

  /// One stream's text, appended under the console's lock.
  private final class Collected: @unchecked Sendable {
    private(set) var text = ""
    func append(_ piece: String) { text += piece }
  }
}

/// Counts runs of hapt by the tests: with `HAPT_TEST_RUN_LOG=FILE` set, each run through
/// ``HaptInProcess`` or ``HaptBinary`` appends a line (`in-process` or `subprocess`, then
/// the arguments) to FILE, so `sort | uniq -c` of its first words gives the counts.
enum RunLog {
  private static let lock = NSLock()

  static func record(_ kind: String, _ arguments: [String]) {
    guard let path = ProcessInfo.processInfo.environment["HAPT_TEST_RUN_LOG"], !path.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    let line = Data(
      (kind + " " + arguments.joined(separator: " ").replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
    if let handle = FileHandle(forWritingAtPath: path) {
      handle.seekToEndOfFile()
      handle.write(line)
      try? handle.close()
    } else {
      FileManager.default.createFile(atPath: path, contents: line)
    }
  }
}
