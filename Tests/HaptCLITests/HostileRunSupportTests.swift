import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `hapt` run with a time bound, for the hostile-input, interrupt and limits tests.
struct TimedRun {
  let status: Int32
  let stdout: String
  let stderr: String
  /// Killed by a signal (a crash such as SIGSEGV/SIGILL/SIGTRAP, or our timeout kill).
  let signal: Int32?
  /// The harness killed it because it ran past the bound.
  let timedOut: Bool
  let elapsed_s: Double
}

extension HaptBinary {
  /// Runs `hapt` and kills it with SIGKILL after `timeout_s`.
  ///
  /// - Parameters:
  ///   - environment: variables set on top of this process's environment.
  ///   - executable: what to run instead of the built binary (`/usr/bin/env` to find
  ///     `hapt` through `PATH`).
  ///   - inheritedEnvironment: the environment to start from (default: this process's).
  static func run(
    _ arguments: [String], in directory: URL? = nil, timeout_s: Double,
    environment: [String: String] = [:], executable: URL? = nil,
    inheritedEnvironment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> TimedRun {
    RunLog.record("subprocess", arguments)
    let process = Process()
    process.executableURL = executable ?? url
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    var env = inheritedEnvironment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    let pid = process.processIdentifier
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var timedOut = false
    let watchdog = Thread {
      if finished.wait(timeout: .now() + timeout_s) == .timedOut {
        timedOut = true
        kill(pid, SIGKILL)
      }
    }
    watchdog.start()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    finished.signal()
    let elapsed = Date().timeIntervalSince(start)
    let bySignal = process.terminationReason == .uncaughtSignal
    return TimedRun(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self), signal: bySignal ? process.terminationStatus : nil,
      timedOut: timedOut, elapsed_s: elapsed)
  }
}

/// A fresh temporary folder for one test (removed by the caller with `remove`).
struct ScratchFolder {
  let url: URL
  var path: String { url.path }

  init(_ label: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("hapt-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { url.appendingPathComponent(name).path }

  func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }

  func write(_ name: String, _ bytes: [UInt8]) throws {
    let target = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: target)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }

  /// Every file and folder below the folder (relative paths, sorted), hidden ones included.
  func listing(_ sub: String = "") -> [String] {
    let base = sub.isEmpty ? url : url.appendingPathComponent(sub)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return (enumerator.allObjects as? [String] ?? []).sorted()
  }
}

@Test func timedRunReportsExitStatusAndTime() throws {
  let run = try HaptBinary.run(["--help"], timeout_s: 60)
  #expect(run.status == 0 && run.signal == nil && !run.timedOut)
  #expect(run.elapsed_s < 60)
}
