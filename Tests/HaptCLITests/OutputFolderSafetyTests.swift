import HaptTestSupport
import Foundation
import Testing

/// `--out` of the commands that replace a whole folder (`report`, `merge`, `baseline
/// record`) never deletes what hapt did not write: the current folder, a corpus or part of
/// the same run, a folder holding either, and any non-empty folder without hapt's marker
/// are refused with one line and exit 73, with or without `--force`.
@Suite(.tags(.endToEnd), .slow, .serialized) struct OutputFolderSafetyTests {
  static let bound_s = 120.0
  static let fast = ["--device", "erm-phone", "--state", "prepared"]

  /// A folder holding a corpus and a notes file, as a user's project folder would.
  static func project() throws -> ScratchFolder {
    let scratch = try ScratchFolder("out-safety")
    try scratch.write("corp/tap.ahap", HostileInputTests.validAHAP)
    try scratch.write("notes.txt", "my notes")
    return scratch
  }

  /// Every file below `scratch` with its bytes, to compare before and after a run.
  static func snapshot(_ scratch: ScratchFolder) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in scratch.listing() {
      files[name] = FileManager.default.contents(atPath: scratch.file(name)) ?? Data()
    }
    return files
  }

  /// Runs `arguments` in `folder` and expects a one-line refusal (exit 73) that leaves
  /// every file of `scratch` as it was.
  static func expectRefused(_ arguments: [String], in folder: URL, _ scratch: ScratchFolder) throws {
    let before = snapshot(scratch)
    let run = try HaptInProcess.run(arguments, in: folder)
    let label = arguments.joined(separator: " ")
    #expect(run.status == 73, "\(label): \(run.status) \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(label): \(run.stderr)")
    #expect(lines.first?.hasPrefix("error: ") == true, "\(label): \(run.stderr)")
    #expect(snapshot(scratch) == before, "\(label) changed the folder")
  }

  /// The four outputs the issue names: "", ".", the corpus, and ".." from inside it.
  static func expectDangerousOutsRefused(
    _ command: [String], inputs: [String], extra: [String] = [], _ scratch: ScratchFolder
  ) throws {
    for out in ["", ".", "corp"] {
      try expectRefused(command + inputs + ["--out", out] + extra, in: scratch.url, scratch)
    }
    let inside = inputs.map { "../" + $0 }
    try expectRefused(
      command + inside + ["--out", ".."] + extra, in: scratch.url.appendingPathComponent("corp"), scratch)
    // The absolute path of the corpus and of its parent too.
    try expectRefused(command + inputs + ["--out", scratch.file("corp")] + extra, in: scratch.url, scratch)
    try expectRefused(command + inputs + ["--out", scratch.path] + extra, in: scratch.url, scratch)
  }

  @Test func reportRefusesTheCurrentFolderTheCorpusAndAncestors() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    try Self.expectDangerousOutsRefused(["report"], inputs: ["corp"], extra: Self.fast, scratch)
  }

  @Test func mergeRefusesTheCurrentFolderTheCorpusAndAncestors() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    let part = try HaptInProcess.run(
      ["report", "corp", "--shard", "1/1", "--out", "part"] + Self.fast, in: scratch.url)
    #expect(part.status == 0, "\(part.stderr)")
    try Self.expectDangerousOutsRefused(["merge"], inputs: ["part"], scratch)
    try Self.expectRefused(["merge", "part", "--out", "part"], in: scratch.url, scratch)
  }

  @Test func baselineRecordWithForceRefusesTheCurrentFolderTheCorpusAndAncestors() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    try Self.expectDangerousOutsRefused(
      ["baseline", "record"], inputs: ["corp"], extra: Self.fast + ["--force"], scratch)
  }

  @Test func aFolderHaptDidNotWriteIsRefusedAndAPreviousOutputIsReplaced() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    try scratch.write("mine/keep.txt", "keep")
    try Self.expectRefused(["report", "corp", "--out", "mine"] + Self.fast, in: scratch.url, scratch)
    try Self.expectRefused(
      ["baseline", "record", "corp", "--out", "mine", "--force"] + Self.fast, in: scratch.url, scratch)
    // An empty folder, then the same command's previous output, may be replaced.
    try FileManager.default.createDirectory(atPath: scratch.file("empty"), withIntermediateDirectories: true)
    for _ in 0..<2 {
      let run = try HaptInProcess.run(
        ["report", "corp", "--out", "empty"] + Self.fast, in: scratch.url)
      #expect(run.status == 0, "\(run.stderr)")
    }
    #expect(FileManager.default.fileExists(atPath: scratch.file("empty/.hapt-output")))
    // A report is not a baseline: record --force does not replace it.
    try Self.expectRefused(
      ["baseline", "record", "corp", "--out", "empty", "--force"] + Self.fast, in: scratch.url, scratch)
  }

  @Test func outputsOfEarlierVersionsWithoutAMarkerAreRecognised() throws {
    let scratch = try Self.project()
    defer { scratch.remove() }
    for (command, out) in [(["report", "corp"], "report"), (["baseline", "record", "corp", "--force"], "baseline")] {
      let first = try HaptInProcess.run(
        command + ["--out", out] + Self.fast, in: scratch.url)
      #expect(first.status == 0, "\(first.stderr)")
      try FileManager.default.removeItem(atPath: scratch.file("\(out)/.hapt-output"))
      // Baselines of earlier versions kept signals, no pattern copies.
      if out == "baseline" { try FileManager.default.removeItem(atPath: scratch.file("baseline/patterns")) }
      let second = try HaptInProcess.run(
        command + ["--out", out] + Self.fast, in: scratch.url)
      #expect(second.status == 0, "\(command): \(second.stderr)")
      #expect(FileManager.default.fileExists(atPath: scratch.file("\(out)/.hapt-output")))
      // A file hapt does not write there, in an old output without a marker: refused, kept.
      try FileManager.default.removeItem(atPath: scratch.file("\(out)/.hapt-output"))
      try scratch.write("\(out)/stale.txt", "the user's")
      try Self.expectRefused(command + ["--out", out] + Self.fast, in: scratch.url, scratch)
      #expect(FileManager.default.fileExists(atPath: scratch.file("\(out)/stale.txt")))
    }
  }
}
