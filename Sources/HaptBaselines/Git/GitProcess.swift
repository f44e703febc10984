import Foundation
import HaptCore

/// Runs the `git` executable (found on `PATH` through `/usr/bin/env`) and captures its
/// output. Standard output and standard error are read at the same time, so a large
/// output never blocks git; standard input is a file or nothing.
struct GitProcess {
  /// The folder git runs in (`git -C`).
  let folder: String

  struct Output {
    var status: Int32
    var stdout: Data
    var stderr: String
    /// Standard output as text without its final newline.
    var text: String { String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .newlines) }
  }

  /// Runs `git -C folder arguments...`, standard input read from `input` if given.
  /// - Throws: ``InputError`` (kind `missing`) when git cannot be started.
  func run(_ arguments: [String], input: URL? = nil) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    process.environment = environment
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw InputError("cannot run git (\(error.localizedDescription))", kind: .missing)
    }
    let box = OutputBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      box.set(errPipe.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let stdout = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    if process.terminationStatus == 127 {
      throw InputError("the git executable was not found on PATH", kind: .missing)
    }
    let stderr = String(decoding: box.get(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return Output(status: process.terminationStatus, stdout: stdout, stderr: stderr)
  }
}

/// Standard error's bytes, handed from the reading thread.
private final class OutputBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}
