import Foundation
import Testing

/// `hapt describe` walks folders (patterns and recordings, sorted), exits 66 for a missing
/// file as every other command does, and names the shipped corpora as the user typed them.
@Suite struct DescribeFoldersTests {
  @Test func aFolderIsWalkedForPatternsAndRecordings() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sub = folder.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try Data(contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap"))
      .write(to: folder.appendingPathComponent("tap.ahap"))
    try RecordingRateLimitTests.wav(rate_Hz: 8000, frames: 4000).write(to: sub.appendingPathComponent("buzz.wav"))
    try Data("notes".utf8).write(to: folder.appendingPathComponent("read.me"))
    let run = try HaptInProcess.run(["describe", folder.path, "--format", "csv"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let rows = run.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
    #expect(
      rows == [folder.appendingPathComponent("sub/buzz.wav").path, folder.appendingPathComponent("tap.ahap").path])
  }

  @Test func aMissingFileExits66() throws {
    let run = try HaptInProcess.run(["describe", "/nonexistent/hapt-missing.ahap"])
    #expect(run.status == 66, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").filter { $0.contains("hapt-missing.ahap") }.count == 1)
  }

  @Test func shippedFilesAreNamedAsTyped() throws {
    let elsewhere = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let run = try HaptInProcess.run(["describe", "Corpora/library/explosion.ahap", "Corpora/system"], in: elsewhere)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("Corpora/library/explosion.ahap"))
    #expect(run.stdout.contains("Corpora/system/"))
    #expect(!(run.stdout + run.stderr).contains(".resources"))
    // lint too: its findings in shipped files name them as typed.
    let lint = try HaptInProcess.run(["lint", "Corpora", "--format", "csv"], in: elsewhere)
    #expect(lint.stdout.contains("\nCorpora/calibration/calibration.ahap,"), "\(lint.stdout)")
    #expect(!(lint.stdout + lint.stderr).contains(".resources"), "\(lint.stdout)")
  }
}
