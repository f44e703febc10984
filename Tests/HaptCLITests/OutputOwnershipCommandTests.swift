import HaptTestSupport
import Foundation
import Testing

/// No command deletes or overwrites what hapt did not write (Docs/Reliability.md §3): a
/// file added to a previous report or baseline is named and kept; single-file outputs
/// refuse the run's own inputs and files hapt did not write (unless --force); an output
/// folder that takes no files is found before the work starts.
@Suite(.tags(.endToEnd), .slow, .serialized) struct OutputOwnershipCommandTests {
  static let bound_s = 120.0
  static let fast = ["--device", "erm-phone", "--state", "prepared"]

  static func project() throws -> ScratchFolder {
    let scratch = try ScratchFolder("ownership")
    try scratch.write("corp/tap.ahap", HostileInputTests.validAHAP)
    return scratch
  }

  /// Expects exit 73, one `error:` line naming `named`, and `file` unchanged.
  static func expectRefused(
    _ arguments: [String], in scratch: ScratchFolder, naming named: String, keeping file: String
  ) throws {
    let before = FileManager.default.contents(atPath: scratch.file(file))
    let run = try HaptInProcess.run(arguments, in: scratch.url)
    let label = arguments.joined(separator: " ")
    #expect(run.status == 73, "\(label): \(run.status) \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].hasPrefix("error: ") && lines[0].contains(named), "\(label): \(run.stderr)")
    #expect(FileManager.default.contents(atPath: scratch.file(file)) == before, "\(label) changed \(file)")
  }

  @Test func aRerunKeepsAFileTheUserAddedToTheReport() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    let first = try HaptInProcess.run(
      ["report", "corp", "--out", "rep"] + Self.fast, in: scratch.url)
    #expect(first.status == 0, "\(first.stderr)")
    let again = try HaptInProcess.run(
      ["report", "corp", "--out", "rep"] + Self.fast, in: scratch.url)
    #expect(again.status == 0, "a report replaces its own previous output: \(again.stderr)")
    try scratch.write("rep/my-notes.md", "notes about this report")
    try Self.expectRefused(
      ["report", "corp", "--out", "rep"] + Self.fast, in: scratch, naming: "my-notes.md", keeping: "rep/my-notes.md")
  }

  @Test func aWebsiteOrABrowserExtensionIsNotReplaced() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    for name in ["index.html", "patterns.csv", "app.js"] { try scratch.write("site/\(name)", "mine") }
    try Self.expectRefused(
      ["report", "corp", "--out", "site"] + Self.fast, in: scratch, naming: "app.js", keeping: "site/app.js")
    try scratch.write("extension/manifest.json", "{\"manifest_version\": 3}")
    try scratch.write("extension/background.js", "chrome.runtime")
    try Self.expectRefused(
      ["baseline", "record", "corp", "--out", "extension", "--force"] + Self.fast, in: scratch,
      naming: "background.js", keeping: "extension/manifest.json")
  }

  @Test func singleFileOutputsRefuseTheRunsInputs() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    try Self.expectRefused(
      ["lint", "corp/tap.ahap", "--summary", "corp/tap.ahap"], in: scratch, naming: "input", keeping: "corp/tap.ahap")
    try Self.expectRefused(
      ["lint", "corp", "--summary", "corp/summary.md"], in: scratch, naming: "inside", keeping: "corp/tap.ahap")
    try Self.expectRefused(
      ["convert", "corp/tap.ahap", "--out", "corp/tap.ahap"], in: scratch, naming: "input", keeping: "corp/tap.ahap")
    try Self.expectRefused(
      ["convert", "corp/tap.ahap", "--out", "corp/tap.ahap", "--force"], in: scratch, naming: "input",
      keeping: "corp/tap.ahap")
    let record = try HaptInProcess.run(
      ["baseline", "record", "corp", "--out", "base"] + Self.fast, in: scratch.url)
    #expect(record.status == 0, "\(record.stderr)")
    try Self.expectRefused(
      ["baseline", "check", "corp", "--baseline", "base", "--junit", "base/manifest.json"] + Self.fast, in: scratch,
      naming: "base/manifest.json", keeping: "base/manifest.json")
  }

  @Test func anExistingFileIsReplacedOnlyIfHaptWroteItOrWithForce() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    for (arguments, out) in [
      (["render", "corp/tap.ahap", "--out"], "out.wav"), (["render", "corp/tap.ahap", "--out"], "out.csv"),
      (["convert", "corp/tap.ahap", "--out"], "out.ahap"), (["rhythm", "--taps", "0,0.1", "--out"], "taps.ahap"),
      (["lint", "corp", "--summary"], "summary.md"),
    ] {
      try scratch.write(out, "the user's own file")
      try Self.expectRefused(arguments + [out], in: scratch, naming: out, keeping: out)
    }
    // With --force, then again: hapt's own WAV, CSV and summary are replaced without it.
    for (arguments, out) in [
      (["render", "corp/tap.ahap", "--out"], "out.wav"), (["render", "corp/tap.ahap", "--out"], "out.csv"),
    ] {
      let forced = try HaptInProcess.run(arguments + [out, "--force"], in: scratch.url)
      #expect(forced.status == 0, "\(forced.stderr)")
      let again = try HaptInProcess.run(arguments + [out], in: scratch.url)
      #expect(again.status == 0, "\(out): \(again.stderr)")
    }
    // An empty file ($GITHUB_STEP_SUMMARY at the start of a step) is written, then rewritten.
    try scratch.write("step.md", "")
    for _ in 0..<2 {
      let lint = try HaptInProcess.run(["lint", "corp", "--summary", "step.md"], in: scratch.url)
      #expect(lint.status == 0, "\(lint.stderr)")
    }
    let summary = try String(contentsOfFile: scratch.file("step.md"), encoding: .utf8)
    #expect(summary.hasSuffix("<!-- written by hapt -->\n"), "\(summary)")
  }

  /// Two `baseline record` runs into one absent folder at once: exactly one succeeds and
  /// the other fails with 73 (before, both succeeded and the later replaced the other).
  @Test func twoConcurrentRecordsIntoOneAbsentFolderDoNotBothSucceed() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    for index in 0..<20 { try scratch.write("corp/p\(index).ahap", HostileInputTests.validAHAP) }
    let arguments = ["baseline", "record", "corp", "--out", "base"] + Self.fast
    let runs = Locked<[TimedRun]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      if let run = try? HaptBinary.run(arguments, in: scratch.url, timeout_s: Self.bound_s) {
        runs.withLock { $0.append(run) }
      }
    }
    let statuses = runs.withLock { $0.map(\.status) }.sorted()
    #expect(statuses == [0, 73], "\(runs.withLock { $0.map(\.stderr) })")
    #expect(FileManager.default.fileExists(atPath: scratch.file("base/manifest.json")))
  }

  @Test func anOutputFolderThatTakesNoFilesIsFoundBeforeTheWork() throws {
    guard FileManager.default.fileExists(atPath: "/proc/self") else { return }  // no /proc here
    let scratch = try Self.project()
    defer { scratch.remove() }
    try scratch.write("notes.txt", "a file, not a folder")
    for arguments in [
      ["report", "corp", "--out", "/proc/hapt-report"] + Self.fast,
      ["lint", "corp", "--summary", "/proc/hapt-summary.md"],
      ["render", "corp/tap.ahap", "--out", "notes.txt/out.wav"],
      ["render", "corp/tap.ahap", "--out", "no-such-folder/out.wav"],
    ] {
      let run = try HaptInProcess.run(arguments, in: scratch.url)
      let label = arguments.joined(separator: " ")
      #expect(run.status == 73, "\(label): \(run.stderr)")
      #expect(
        run.stderr.contains("does not take new files") || run.stderr.contains("is not a folder")
          || run.stderr.contains("does not exist"),
        "\(label): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(label) did the work first: \(run.stdout)")
    }
  }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
