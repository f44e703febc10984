import HaptTestSupport
import Foundation
import Testing

/// Folder walks find every pattern format (issue 21 item 4): `.ahap`, `.haptic`, `.haps`,
/// `.ivs` and Android vibration XML (by its root element); other XML is passed over
/// without a word. Every corpus command covers the mixed folder.
@Suite(.tags(.endToEnd), .slow) struct MixedFormatFolderTests {
  static let fixtures = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptPatternsTests/Fixtures").path
  static let android = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptPatternsTests/AndroidFixtures").path

  /// Six patterns, one per format (two Android XML, one of them Android 16), and an XML
  /// file that is not a vibration.
  static func mixedFolder() throws -> URL {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-mixed")
    let copies = [
      (HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap").path, "a.ahap"),
      ("\(fixtures)/lofelt-sample.haptic", "b.haptic"),
      ("\(fixtures)/haps-curves-tangents.haps", "c.haps"),
      ("\(fixtures)/ivs-periodic-attack-fade.ivs", "d.ivs"),
      ("\(android)/waveform-two-taps.xml", "e.xml"),
    ]
    for (from, to) in copies {
      try FileManager.default.copyItem(atPath: from, toPath: folder.appendingPathComponent(to).path)
    }
    let envelope = """
      <?xml version="1.0" encoding="utf-8"?>
      <!-- Android 16 -->
      <vibration-select>
          <vibration-effect>
              <basic-envelope-effect initialSharpness="0.2">
                  <control-point intensity="1.0" sharpness="0.8" durationMs="80"/>
                  <control-point intensity="0.0" sharpness="0.8" durationMs="80"/>
              </basic-envelope-effect>
          </vibration-effect>
          <vibration-effect><predefined-effect name="click"/></vibration-effect>
      </vibration-select>
      """
    try Data(envelope.utf8).write(to: folder.appendingPathComponent("f.xml"))
    try Data("<?xml version=\"1.0\"?><manifest package=\"x\"/>".utf8).write(
      to: folder.appendingPathComponent("AndroidManifest.xml"))
    return folder
  }

  @Test func everyCorpusCommandCoversEveryFormat() throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = ["a.ahap", "b.haptic", "c.haps", "d.ivs", "e.xml", "f.xml"]

    let lint = try HaptInProcess.run(["lint", folder.path])
    #expect(lint.stdout.contains("6 file(s) checked"), "\(lint.stdout)\(lint.stderr)")
    #expect(!lint.stderr.contains("skipped") && !lint.stdout.contains("AndroidManifest"), "\(lint.stderr)")

    let latency = try HaptInProcess.run(["latency", folder.path, "--state", "prepared", "--format", "csv"])
    #expect(latency.status == 0 || latency.status == 1, "\(latency.stderr)")
    for name in names { #expect(latency.stdout.contains(name), "latency: \(name)") }

    let confusion = try HaptInProcess.run(["confusion", folder.path, "--state", "prepared", "--format", "csv"])
    #expect(confusion.status == 0 || confusion.status == 1, "\(confusion.stderr)")
    for name in names { #expect(confusion.stdout.contains(name), "confusion: \(name)") }

    let baseline = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-baseline")
      .path
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let record = try HaptInProcess.run(["baseline", "record", folder.path, "--out", baseline, "--state", "prepared"])
    #expect(record.status == 0, "\(record.stderr)")
    let check = try HaptInProcess.run(["baseline", "check", folder.path, "--baseline", baseline, "--format", "csv"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    for name in names {
      #expect(check.stdout.contains("\(name),iphone-wideband-lra,prepared,unchanged"), "baseline: \(name)")
    }

    let report = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-report")
    defer { try? FileManager.default.removeItem(at: report) }
    let run = try HaptInProcess.run(["report", folder.path, "--out", report.path])
    #expect(run.status == 0, "\(run.stderr)")
    let csv = try String(contentsOf: report.appendingPathComponent("patterns.csv"), encoding: .utf8)
    let rows = csv.split(separator: "\n").dropFirst()
    #expect(rows.count == 6, "\(csv)")
    // Every pattern is felt on the default device (peak_g, column 7, above 0).
    for row in rows {
      let peak = Double(row.split(separator: ",")[6]) ?? 0
      #expect(peak > 0.05, "\(row)")
    }
  }
}
