import HaptTestSupport
import Foundation
import Testing

/// A corpus is what the user thinks it is (issue 10 item 6, issue 15 item 11): patterns
/// are named by relative path with extension, files hapt cannot read are listed once, and
/// a folder without a readable pattern is an error (exit 66), never a pass.
@Suite(.tags(.endToEnd), .slow) struct CorpusIdentityTests {
  static let fixtures = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptPatternsTests/Fixtures").path

  /// A folder with `tap.ahap` and `tap.haptic` (different patterns, one stem) and three
  /// files hapt does not read.
  static func mixedFolder() throws -> URL {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-identity")
    try FileManager.default.copyItem(
      atPath: HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap").path,
      toPath: folder.appendingPathComponent("tap.ahap").path)
    try FileManager.default.copyItem(
      atPath: "\(fixtures)/lofelt-sample.haptic", toPath: folder.appendingPathComponent("tap.haptic").path)
    for name in ["a.vij", "b.vij", "c.bin"] {
      try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  @Test func sameStemDifferentExtensionsAreTwoPatterns() throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lint = try HaptInProcess.run(["lint", folder.path])
    #expect(lint.stdout.contains("2 file(s) checked"), "\(lint.stdout)")
    #expect(lint.stderr.contains("warning: skipped 2 .vij files, 1 .bin file: not a pattern format hapt reads"))
    let report = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-report")
    defer { try? FileManager.default.removeItem(at: report) }
    let reportRun = try HaptInProcess.run(["report", folder.path, "--out", report.path])
    #expect(reportRun.status == 0, "\(reportRun.stderr)")
    let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("Skipped 2 .vij files, 1 .bin file: not a pattern format hapt reads"))
    let baseline = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-baseline")
      .path
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let record = try HaptInProcess.run(["baseline", "record", folder.path, "--out", baseline, "--state", "prepared"])
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stderr.contains("skipped 2 .vij files, 1 .bin file: not a pattern format hapt reads"))
    #expect(record.stderr.components(separatedBy: "skipped").count == 2)  // said once
    let check = try HaptInProcess.run(["baseline", "check", folder.path, "--baseline", baseline, "--format", "csv"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("tap.ahap,iphone-wideband-lra,prepared,unchanged"))
    #expect(check.stdout.contains("tap.haptic,iphone-wideband-lra,prepared,unchanged"))
  }

  @Test(arguments: [["lint"], ["latency"], ["report", "--out"], ["baseline", "record"], ["baseline", "check"]])
  func aFolderWithoutPatternsIsAnError(_ command: [String]) throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-empty")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a.vij", "b.vij"] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
    var arguments = command
    switch command.last {
    case "--out": arguments = ["report", folder.path, "--out", folder.appendingPathComponent("report").path]
    case "record": arguments += [folder.path, "--out", folder.appendingPathComponent("baseline").path]
    case "check": arguments += [folder.path, "--baseline", folder.appendingPathComponent("baseline").path]
    default: arguments.append(folder.path)
    }
    let run = try HaptInProcess.run(arguments)
    #expect(run.status == 66, "\(arguments): \(run.stderr)")
    #expect(run.stderr.contains("no patterns found in \(folder.path); skipped 2 .vij files"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report").path))
  }

  /// Issue 31 item 6: a file given twice (by itself twice, or by itself and in its folder)
  /// is one pattern.
  @Test func theSameFileGivenTwiceIsOnePattern() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-twice")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = HaptBinary.packageRoot.appendingPathComponent("Corpora/library")
    for name in ["double-tap.ahap", "heartbeat.ahap"] {
      try FileManager.default.copyItem(
        at: library.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    let tap = folder.appendingPathComponent("double-tap.ahap").path
    let latency = try HaptInProcess.run(["latency", tap, tap, "--state", "prepared", "--format", "csv"])
    #expect(latency.status == 0 || latency.status == 1, "\(latency.stderr)")
    let rows = latency.stdout.split(separator: "\n").dropFirst()
    #expect(rows.count == 1, "\(latency.stdout)")
    let both = try HaptInProcess.run(
      ["latency", folder.path, tap, folder.path + "/./double-tap.ahap", "--state", "prepared", "--format", "csv"])
    #expect(both.stdout.split(separator: "\n").dropFirst().count == 2, "\(both.stdout)")
    let confusion = try HaptInProcess.run(["confusion", tap, tap])
    #expect(confusion.status == 64, "\(confusion.stdout)\(confusion.stderr)")
    #expect(!confusion.stdout.contains("likely to be confused"))
    #expect(confusion.stderr.contains("at least two patterns"), "\(confusion.stderr)")
  }

  /// Issue 31 item 6: a file renamed without a change of its bytes reads as a rename under
  /// `--baseline` (the manifest's fingerprint), as under `--against`, and passes.
  @Test func aByteIdenticalRenameUnderBaselineIsARename() throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-baseline")
      .path
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let record = try HaptInProcess.run(["baseline", "record", folder.path, "--out", baseline, "--state", "prepared"])
    #expect(record.status == 0, "\(record.stderr)")
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("tap.ahap"), to: folder.appendingPathComponent("renamed-tap.ahap"))
    let check = try HaptInProcess.run(["baseline", "check", folder.path, "--baseline", baseline])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let row = try #require(check.stdout.split(separator: "\n").first { $0.hasPrefix("renamed-tap.ahap") })
    #expect(row.contains("unchanged") && row.contains("renamed from tap.ahap"), "\(row)")
    #expect(check.stdout.contains("PASS: 2 unchanged, 0 changed, 0 added, 0 removed"), "\(check.stdout)")
    // Renamed and edited (other bytes): not paired by fingerprint, one added and one removed.
    let edited = folder.appendingPathComponent("renamed-tap.ahap")
    var text = try String(contentsOf: edited, encoding: .utf8)
    text += "\n"
    try text.write(to: edited, atomically: true, encoding: .utf8)
    let changedBytes = try HaptInProcess.run(["baseline", "check", folder.path, "--baseline", baseline])
    #expect(changedBytes.status == 1)
    #expect(changedBytes.stdout.contains("1 added, 1 removed"), "\(changedBytes.stdout)")
  }
}
