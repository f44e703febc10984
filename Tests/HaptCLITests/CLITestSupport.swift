import Foundation
import Testing

/// Runs the built `hapt` binary and captures its output (end-to-end tests).
struct HaptRun {
  let status: Int32
  let stdout: String
  let stderr: String
}

extension HaptRun {
  /// The status and output of a time-bounded run (its signal and timing left out).
  init(_ run: TimedRun) { self.init(status: run.status, stdout: run.stdout, stderr: run.stderr) }
}

enum HaptBinary {
  /// The package root, found from this file's path.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `hapt` executable built beside the test bundle.
  static var url: URL {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("hapt"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hapt"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hapt"),
      packageRoot.appendingPathComponent(".build/debug/hapt"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
  }

  /// A fresh, empty temporary folder (the caller removes it with a `defer`).
  static func temporaryFolder(prefix: String = "hapt-e2e") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `hapt` with `arguments` in `directory` (default: the package root), with the
  /// timed runner's watchdog (HostileRunSupportTests.swift) as a guard against hangs.
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> HaptRun {
    let run = try run(arguments, in: directory, timeout_s: 600)
    return HaptRun(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }
}
