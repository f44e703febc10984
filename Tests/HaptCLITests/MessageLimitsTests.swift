import HaptTestSupport
import Foundation
import Testing

/// Bad input that is huge or hostile gets a short one-line error stating the limit or the
/// reason; names and echoed values cannot inject lines or terminal controls into text
/// output; a corrupt baseline signal or pattern copy is bad input, not a regression.
@Suite(.tags(.endToEnd), .slow, .serialized) struct MessageLimitsTests {
  static let fast = ["--device", "erm-phone", "--state", "prepared"]

  /// Expects exit `status` and one short `error:` line holding each of `parts`.
  static func expectOneLine(_ run: HaptRun, _ status: Int32, _ parts: [String], _ label: String) {
    #expect(run.status == status, "\(label): \(run.status) \(run.stderr.prefix(500))")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(label): \(run.stderr.prefix(500))")
    #expect(run.stderr.count < 1000, "\(label): \(run.stderr.count) characters")
    for part in parts { #expect(run.stderr.contains(part), "\(label): \(run.stderr.prefix(500))") }
  }

  @Test func aHugeProfileNameIsRefusedAtLoadWithTheLimit() throws {
    let scratch = try ScratchFolder("limits-profile")
    defer { scratch.remove() }
    let shipped = try String(
      contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/erm-phone.json"), encoding: .utf8)
    let name = String(repeating: "n", count: 100_000)
    try scratch.write("long.json", shipped.replacingOccurrences(of: "\"erm-phone\"", with: "\"\(name)\""))
    try scratch.write("tap.ahap", HostileInputTests.validAHAP)
    let run = try HaptInProcess.run(
      ["render", "tap.ahap", "--device", "long.json", "--out", "tap.wav"], in: scratch.url)
    Self.expectOneLine(run, 65, ["long.json", "name", "limit of 256 characters"], "render")
    #expect(!FileManager.default.fileExists(atPath: scratch.file("tap.wav")))
  }

  @Test func aHugeXMLNameIsCutInTheMessage() throws {
    let scratch = try ScratchFolder("limits-xml")
    defer { scratch.remove() }
    try scratch.write(
      "huge.xml", "<vibration-effect><" + String(repeating: "a", count: 1_000_000) + "/></vibration-effect>\n")
    let run = try HaptInProcess.run(["lint", "huge.xml", "--format", "json"], in: scratch.url)
    Self.expectOneLine(run, 65, ["huge.xml", "1000000 bytes", "...", "limit of 256 bytes"], "lint")
  }

  @Test func anOutOfRangeFrequencyStatesTheRange() throws {
    let scratch = try ScratchFolder("limits-range")
    defer { scratch.remove() }
    try scratch.write(
      "fast.xml",
      """
      <vibration-effect><waveform-envelope-effect>
      <control-point amplitude="0.5" frequencyHz="1e9" durationMs="20"/>
      </waveform-envelope-effect></vibration-effect>

      """)
    let run = try HaptInProcess.run(["lint", "fast.xml", "--format", "json"], in: scratch.url)
    Self.expectOneLine(run, 65, ["fast.xml", "frequencyHz", "above 0 and at most"], "lint")
  }

  @Test func devicesInAFileSaysWhyItCannotBeListed() throws {
    let scratch = try ScratchFolder("limits-devices")
    defer { scratch.remove() }
    try scratch.write("devices.json", "{}")
    let run = try HaptInProcess.run(
      ["devices"], in: scratch.url, environment: ["HAPT_DEVICES": scratch.file("devices.json")])
    #expect(run.status != 0)
    #expect(run.stderr.contains("cannot list the folder: it is a file"), "\(run.stderr)")
  }

  @Test func textAndXcodeOutputCannotInjectWorkflowCommandsOrEscapes() throws {
    let scratch = try ScratchFolder("limits-inject")
    defer { scratch.remove() }
    let hostile = "\\n::error file=README.md,line=1::pwned\\u001b]0;owned\\u0007\\u001b[2J"
    try scratch.write(
      "corp/evil.ahap",
      HostileInputTests.ahap(
        "{\"Event\": {\"Time\": 0, \"EventType\": \"\(hostile)\", \"EventParameters\": []}}"))
    try scratch.write("corp/name\n::warning::named\u{1B}[2J.ahap", HostileInputTests.validAHAP)
    for format in ["text", "xcode"] {
      let run = try HaptInProcess.run(["lint", "corp", "--format", format], in: scratch.url)
      #expect(run.stdout.contains("evil.ahap"), "\(format): \(run.stdout)")
      for line in (run.stdout + run.stderr).split(separator: "\n") {
        #expect(!line.hasPrefix("::"), "\(format): a line a runner obeys: \(line)")
      }
      #expect(!(run.stdout + run.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(format)")
    }
    let latency = try HaptInProcess.run(["latency", "corp"] + Self.fast, in: scratch.url)
    let render = try HaptInProcess.run(
      ["render", "corp/name\n::warning::named\u{1B}[2J.ahap", "--out", "out.wav"], in: scratch.url)
    #expect(render.status == 0, "\(render.stderr)")
    // A user's profile whose description holds a workflow command and an escape.
    let shipped = try String(
      contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/erm-phone.json"), encoding: .utf8)
    let profile = shipped.replacingOccurrences(of: "\"erm-phone\"", with: "\"my-phone\"")
      .replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"\(hostile) ")
    try scratch.write("devices/my-phone.json", profile)
    let devices = try HaptInProcess.run(
      ["devices"], in: scratch.url, environment: ["HAPT_DEVICES": scratch.file("devices")])
    #expect(devices.stdout.contains("my-phone"), "\(devices.stderr)")
    for (label, run) in [("latency", latency), ("render", render), ("devices", devices)] {
      for line in run.stdout.split(separator: "\n") { #expect(!line.hasPrefix("::"), "\(label): \(line)") }
      #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(label)")
    }
  }

  @Test func aCorruptBaselineSignalIsBadInput() throws {
    // A baseline of signals, as hapt wrote them before pattern copies.
    let scratch = try ScratchFolder("limits-signal")
    defer { scratch.remove() }
    let fixture = HaptBinary.packageRoot.appendingPathComponent("Tests/HaptReportsTests/Goldens/baseline-v1")
    try FileManager.default.copyItem(
      atPath: fixture.appendingPathComponent("baseline").path, toPath: scratch.file("base"))
    try FileManager.default.copyItem(
      atPath: fixture.appendingPathComponent("corpus").path, toPath: scratch.file("corp"))
    let signals = try FileManager.default.contentsOfDirectory(atPath: scratch.file("base/signals")).sorted()
    #expect(signals.count == 2)
    try scratch.write("base/signals/" + signals[0], Array("fLaC not really a stream".utf8))
    let check = try HaptInProcess.run(
      ["baseline", "check", "corp", "--baseline", "base"] + Self.fast, in: scratch.url)
    Self.expectOneLine(check, 65, ["base/signals/" + signals[0]], "check")
  }

  @Test func aCorruptPatternCopyIsBadInput() throws {
    let scratch = try ScratchFolder("limits-copy")
    defer { scratch.remove() }
    try scratch.write("corp/tap.ahap", HostileInputTests.validAHAP)
    let record = try HaptInProcess.run(
      ["baseline", "record", "corp", "--out", "base"] + Self.fast, in: scratch.url)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(FileManager.default.fileExists(atPath: scratch.file("base/patterns/tap.ahap")))
    try scratch.write("base/patterns/tap.ahap", Array("{ not the file recorded".utf8))
    let check = try HaptInProcess.run(
      ["baseline", "check", "corp", "--baseline", "base"] + Self.fast, in: scratch.url)
    Self.expectOneLine(check, 65, ["base/patterns/tap.ahap", "record the baseline again"], "check")
  }
}
