import HaptTestSupport
import Foundation
import Testing

/// Names in output as the user gave them and never raw (issue 33): `report`, `latency`
/// and `baseline` name a shipped file as typed (`Corpora/library/explosion.ahap`), not by
/// the resource bundle's path; `describe`, `confusion` and `assess` escape control
/// characters in names in text output (``OneLine``); `presets --export` replaces no file
/// hapt did not write.
@Suite(.tags(.endToEnd), .slow, .serialized) struct NamesAsTypedTests {
  static let bound_s = 300.0
  static let fast = ["--device", "erm-phone", "--state", "prepared"]
  static let shipped = "Corpora/library/explosion.ahap"
  /// A name that would start a GitHub Actions workflow command and clear a terminal.
  static let hostileName = "name\n::warning::named\u{1B}[2J\u{07}"

  /// Every file under `folder` (relative path -> text).
  static func texts(under folder: URL) -> [String: String] {
    var result: [String: String] = [:]
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if let data = FileManager.default.contents(atPath: url.path) {
        result[url.path] = String(decoding: data, as: UTF8.self)
      }
    }
    return result
  }

  /// No line a runner obeys, no ESC or BEL.
  static func expectInert(_ text: String, _ label: String) {
    for line in text.split(separator: "\n") { #expect(!line.hasPrefix("::"), "\(label): \(line)") }
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(label): \(text)")
  }

  @Test func reportNamesAShippedFileAsTyped() throws {
    let scratch = try ScratchFolder("typed-report")
    defer { scratch.remove() }
    let run = try HaptInProcess.run(
      ["report", Self.shipped, "--out", "rep"] + Self.fast, in: scratch.url)
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    let written = Self.texts(under: scratch.url.appendingPathComponent("rep"))
    let csv = written.first { $0.key.hasSuffix("patterns.csv") }?.value ?? ""
    #expect(csv.contains(Self.shipped), "\(csv)")
    for (file, text) in written { #expect(!text.contains(".resources"), "\(file)") }
    #expect(!(run.stdout + run.stderr).contains(".resources"), "\(run.stdout)\(run.stderr)")
  }

  /// A failing latency check is a finding on the file: `file=` names it as typed.
  @Test func latencyNamesAShippedFileAsTyped() throws {
    let scratch = try ScratchFolder("typed-latency")
    defer { scratch.remove() }
    for format in ["github", "xcode", "sarif", "text", "json"] {
      let run = try HaptInProcess.run(
        ["latency", Self.shipped, "Corpora/nothing-here.ahap", "--budget", "1ms", "--format", format] + Self.fast,
        in: scratch.url)
      #expect(run.stdout.contains("explosion"), "\(format): \(run.stdout)")
      if format == "github" { #expect(run.stdout.contains("file=\(Self.shipped),"), "\(run.stdout)") }
      #expect(run.stderr.contains("Corpora/nothing-here.ahap"), "\(format): \(run.stderr)")
      #expect(!(run.stdout + run.stderr).contains(".resources"), "\(format): \(run.stdout)\(run.stderr)")
    }
  }

  /// A pattern the baseline lacks is a finding on the file: `file=` names it as typed.
  @Test func baselineNamesAShippedFileAsTyped() throws {
    let scratch = try ScratchFolder("typed-baseline")
    defer { scratch.remove() }
    let record = try HaptInProcess.run(
      ["baseline", "record", Self.shipped, "Corpora/calibration", "--out", "base"] + Self.fast, in: scratch.url)
    #expect(record.status == 0, "\(record.stderr)")
    for (file, text) in Self.texts(under: scratch.url.appendingPathComponent("base")) {
      #expect(!text.contains(".resources"), "\(file)")
    }
    let added = "Corpora/library/heartbeat.ahap"
    for format in ["github", "sarif", "text", "csv"] {
      let check = try HaptInProcess.run(
        [
          "baseline", "check", Self.shipped, added, "Corpora/nothing-here.ahap", "--baseline", "base", "--format",
          format,
        ]
          + Self.fast, in: scratch.url)
      #expect(check.stdout.contains("heartbeat"), "\(format): \(check.stdout)\(check.stderr)")
      if format == "github" { #expect(check.stdout.contains("file=\(added),"), "\(check.stdout)") }
      #expect(check.stderr.contains("Corpora/nothing-here.ahap"), "\(format): \(check.stderr)")
      #expect(!(check.stdout + check.stderr).contains(".resources"), "\(format): \(check.stdout)\(check.stderr)")
    }
  }

  @Test func describeEscapesNamesInText() throws {
    let scratch = try ScratchFolder("escape-describe")
    defer { scratch.remove() }
    try scratch.write("corp/\(Self.hostileName).ahap", HostileInputTests.validAHAP)
    let run = try HaptInProcess.run(["describe", "corp"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\\u{1B}[2J"), "\(run.stdout)")
    Self.expectInert(run.stdout + run.stderr, "describe")
  }

  @Test func confusionEscapesNamesInText() throws {
    let scratch = try ScratchFolder("escape-confusion")
    defer { scratch.remove() }
    try scratch.write("corp/\(Self.hostileName).ahap", HostileInputTests.validAHAP)
    try scratch.write("corp/tap.ahap", HostileInputTests.ahap(HostileInputTests.transient("0")))
    for extra in [[], ["--all-pairs"]] {
      let run = try HaptInProcess.run(["confusion", "corp"] + extra + Self.fast, in: scratch.url)
      #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
      #expect(run.stdout.contains("\\u{1B}[2J"), "\(run.stdout)")
      Self.expectInert(run.stdout + run.stderr, "confusion \(extra)")
    }
    try scratch.write("\(Self.hostileName).csv", "presented,a,b\na,9,1\nb,2,8\n")
    let counts = try HaptInProcess.run(
      ["confusion", "--counts", "\(Self.hostileName).csv"], in: scratch.url)
    #expect(counts.status == 0, "\(counts.stderr)")
    #expect(counts.stdout.contains("\\u{1B}[2J"), "\(counts.stdout)")
    Self.expectInert(counts.stdout + counts.stderr, "confusion --counts")
  }

  @Test func assessEscapesTheDeviceNameInText() throws {
    let scratch = try ScratchFolder("escape-assess")
    defer { scratch.remove() }
    let profile = try String(
      contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/android-lra-235.json"),
      encoding: .utf8)
    let hostile = "my\\u001b[2J\\u0007phone"
    try scratch.write(
      "devices/mine.json", profile.replacingOccurrences(of: "\"android-lra-235\"", with: "\"\(hostile)\""))
    let run = try HaptInProcess.run(
      ["assess", "--device", "devices/mine.json"], in: scratch.url)
    #expect(run.stdout.contains("my\\u{1B}[2J\\u{7}phone"), "\(run.stdout)\(run.stderr)")
    Self.expectInert(run.stdout + run.stderr, "assess")
  }

  @Test func presetsExportReplacesNoFileHaptDidNotWrite() throws {
    let scratch = try ScratchFolder("presets-export")
    defer { scratch.remove() }
    let first = try HaptInProcess.run(["presets", "--export", "out"], in: scratch.url)
    #expect(first.status == 0, "\(first.stderr)")
    // A rerun finds its own files, each holding the preset's text already: nothing lost.
    let again = try HaptInProcess.run(["presets", "--export", "out"], in: scratch.url)
    #expect(again.status == 0, "\(again.stderr)")
    // A file of a preset's name that the user changed is refused and kept, and nothing
    // else is written.
    try scratch.write("out/uikit-selection.ahap", "{\"Version\": 1, \"Pattern\": []} mine")
    try FileManager.default.removeItem(atPath: scratch.file("out/watchos-click.ahap"))
    let refused = try HaptInProcess.run(["presets", "--export", "out"], in: scratch.url)
    #expect(refused.status == 73, "\(refused.stderr)")
    #expect(refused.stderr.contains("uikit-selection.ahap") && refused.stderr.contains("--force"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: scratch.file("out/uikit-selection.ahap"), encoding: .utf8).hasSuffix("mine"))
    #expect(!FileManager.default.fileExists(atPath: scratch.file("out/watchos-click.ahap")))
    let forced = try HaptInProcess.run(
      ["presets", "--export", "out", "--force"], in: scratch.url)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(!(try String(contentsOfFile: scratch.file("out/uikit-selection.ahap"), encoding: .utf8).hasSuffix("mine")))
    #expect(FileManager.default.fileExists(atPath: scratch.file("out/watchos-click.ahap")))
    // A file where the folder should be is refused; so is a symbolic link of a preset's name.
    try scratch.write("file", "mine")
    let onFile = try HaptInProcess.run(["presets", "--export", "file"], in: scratch.url)
    #expect(onFile.status == 73, "\(onFile.stderr)")
    try scratch.write("target.txt", "mine")
    try FileManager.default.createDirectory(atPath: scratch.file("links"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.file("links/uikit-selection.ahap"), withDestinationPath: scratch.file("target.txt"))
    let onLink = try HaptInProcess.run(
      ["presets", "--export", "links", "--force"], in: scratch.url)
    #expect(onLink.status == 73, "\(onLink.stderr)")
    #expect(try String(contentsOfFile: scratch.file("target.txt"), encoding: .utf8) == "mine")
  }
}
