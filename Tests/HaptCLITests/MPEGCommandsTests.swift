import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// End-to-end: MPEG-I Haptics files through `convert`, `render --device ideal`, `lint`
/// and `devices`.
@Suite(.tags(.endToEnd), .slow) struct MPEGCommandsTests {
  /// An absolute path: a test that runs hapt in another folder changes this process's
  /// current folder meanwhile, so a relative one could be read from there.
  static let fixtures = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptPatternsTests/MPEGFixtures").path

  @Test func convertWritesHJIFAndStatesTheDistance() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-mpeg")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("explosion.hjif").path
    let run = try HaptInProcess.run(["convert", "Corpora/library/explosion.ahap", "--out", out])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("JND from the original on iphone-wideband-lra"))
    #expect(run.stderr.contains("lost: continuous intensity follows straight lines"))
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("\"profile\": \"Simple Parametric\"") && text.contains("\"VectorialWave\""))
    // Byte-identical when run again.
    let again = folder.appendingPathComponent("again.hjif").path
    _ = try HaptInProcess.run(["convert", "Corpora/library/explosion.ahap", "--out", again])
    #expect(try String(contentsOfFile: again, encoding: .utf8) == text)
    // And back to AHAP.
    let back = folder.appendingPathComponent("back.ahap").path
    let reverse = try HaptInProcess.run(["convert", out, "--out", back])
    #expect(reverse.status == 0 && FileManager.default.fileExists(atPath: back))
  }

  @Test func renderOnIdealWritesTheDecodedSignal() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-mpeg")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("sine.csv").path
    let run = try HaptInProcess.run([
      "render", "\(Self.fixtures)/sine-constant.hjif", "--device", "ideal", "--out", out,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").dropFirst()
    // Sample 5: t = 5/8000 s, 0.8 sin(2 pi 100 t) = 0.8 sin(pi / 8).
    let cells = rows[rows.startIndex + 5].split(separator: ",")
    let accel = try #require(Double(cells[2]))
    #expect(abs(accel - 0.8 * sin(Double.pi / 8)) < 1e-6)
  }

  @Test func lintReadsHJIFAndNamesABrokenBinary() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-mpeg")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/two-perceptions.hjif")))
      .write(to: folder.appendingPathComponent("two.hjif"))
    try Data([0x01, 0x02]).write(to: folder.appendingPathComponent("stream.hmpg"))
    let run = try HaptInProcess.run(["lint", folder.path])
    #expect(run.status == 65)
    #expect(run.stdout.contains("[MPG004]"))
    #expect(run.stderr.contains("stream.hmpg: byte 0: unit header ends early (2 of 9 bytes)"))
  }

  @Test func devicesListsIdeal() throws {
    let run = try HaptInProcess.run(["devices"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("ideal"))
  }
}
