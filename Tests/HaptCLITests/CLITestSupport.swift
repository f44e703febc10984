import Foundation
import Testing

/// Runs the built `hapt` binary and captures its output (end-to-end tests).
struct HaptRun {
  let status: Int32
  let stdout: String
  let stderr: String
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

  /// Runs `hapt` with `arguments` in `directory` (default: the package root).
  static func run(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil) throws -> HaptRun {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes concurrently so a large output cannot deadlock the child.
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
    return HaptRun(
      status: process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
