import Foundation
import HaptCore
import Testing

@testable import hapt

/// Runs hapt's command line in this test process (``Hapt/main(_:console:)`` with a
/// ``Console`` that collects both streams): the same parsing, commands, output and exit
/// status as the binary, without starting a process.
///
/// Each run gets its own ``HaptEnvironment``: this process's variables with the test's
/// (`HAPT_DEVICES`, `HAPT_THREADS`) set on top, and the folder it runs in, so tests that
/// set a variable run in-process side by side.
///
/// What still needs the built binary runs it through ``HaptBinary``: signals and kills
/// (InterruptTests), crashes and hangs caught under a time bound (the hostile-input and
/// limits tests, which expect no signal and no timeout), finding `hapt` and its resources
/// through `PATH` (ResourceLookupTests), a full disk, races between two processes, and
/// smoke runs of the real executable's exit statuses (TopLevelTests).
enum HaptInProcess {
  /// Runs `hapt ARGUMENTS` in-process, in the package root (relative paths in `arguments`
  /// are read from there), with `environment` set on top of this process's variables. If
  /// this process's current folder is not the package root (a test run started
  /// elsewhere), it runs the binary there instead.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> HaptRun {
    RunLog.record("in-process", arguments)
    folderLock.lockShared()
    defer { folderLock.unlock() }
    guard isInPackageRoot else {
      return HaptRun(try HaptBinary.run(arguments, timeout_s: 600, environment: environment))
    }
    return runHere(arguments, environment: environment)
  }

  /// Runs `hapt ARGUMENTS` in-process with `directory` as the current folder: the process's
  /// current folder is changed for the run and restored after it, while no other in-process
  /// run is under way (runs in the package root share the folder; a run elsewhere has it to
  /// itself). Nothing else in the tests reads the current folder: the binary runs get theirs
  /// from `Process`, files are named by absolute paths.
  /// `unsetting` names variables of this process the run does not see.
  static func run(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:], unsetting: [String] = []
  ) throws -> HaptRun {
    RunLog.record("in-process-elsewhere", arguments)
    folderLock.lockExclusive()
    defer { folderLock.unlock() }
    let previous = FileManager.default.currentDirectoryPath
    guard FileManager.default.changeCurrentDirectoryPath(directory.path) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
    }
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    return runHere(arguments, environment: environment, unsetting: unsetting)
  }

  /// Whether relative paths resolve here as in a run of the binary in the package root
  /// (read under the shared lock, so never while a run elsewhere has changed the folder).
  static var isInPackageRoot: Bool {
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
    return here.path == HaptBinary.packageRoot.resolvingSymlinksInPath().path
  }

  /// Runs in the process's current folder, with `variables` set on top of its own.
  private static func runHere(
    _ arguments: [String], environment variables: [String: String], unsetting: [String] = []
  ) -> HaptRun {
    let out = Collected()
    let err = Collected()
    let console = Console(standardOutput: out.append, standardError: err.append)
    var environment = HaptEnvironment.process
    for name in unsetting { environment.variables[name] = nil }
    for (name, value) in variables { environment.variables[name] = value }
    let status = Hapt.main(["hapt"] + arguments, console: console, environment: environment)
    return HaptRun(status: status, stdout: out.text, stderr: err.text)
  }

  private static let folderLock = FolderLock()

  /// Many readers (runs in the package root) or one writer (a run in another folder).
  private final class FolderLock: @unchecked Sendable {
    private var lock = pthread_rwlock_t()
    init() { pthread_rwlock_init(&lock, nil) }
    func lockShared() { pthread_rwlock_rdlock(&lock) }
    func lockExclusive() { pthread_rwlock_wrlock(&lock) }
    func unlock() { pthread_rwlock_unlock(&lock) }
  }

  /// One stream's text, appended under the console's lock.
  private final class Collected: @unchecked Sendable {
    private(set) var text = ""
    func append(_ piece: String) { text += piece }
  }
}

/// Counts runs of hapt by the tests: with `HAPT_TEST_RUN_LOG=FILE` set, each run through
/// ``HaptInProcess`` or ``HaptBinary`` appends a line (`in-process`, `in-process-elsewhere`
/// or `subprocess`, then the arguments) to FILE, so `sort | uniq -c` of its first words gives the counts.
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
