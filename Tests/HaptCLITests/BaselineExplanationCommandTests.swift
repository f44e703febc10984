import Foundation
import HaptTestSupport
import Testing

/// `hapt baseline check --baseline` prints compare's two-layer explanation of a designer's
/// edit in every format (text, CSV, JSON, JUnit, GitHub annotations), on an LRA and an
/// ERM profile, and a baseline it records keeps the pattern file, not signals.
@Suite(.tags(.endToEnd)) struct BaselineExplanationCommandTests {
  static let tap = """
    {"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [
      {"ParameterID": "HapticIntensity", "ParameterValue": 0.9},
      {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
      {"Event": {"Time": 0.12, "EventType": "HapticTransient", "EventParameters": [
      {"ParameterID": "HapticIntensity", "ParameterValue": 0.9},
      {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
    """

  @Test(arguments: ["iphone-wideband-lra", "erm-phone"])
  func everyFormatExplainsTheEdit(_ device: String) throws {
    let scratch = try ScratchFolder("baseline-explained")
    defer { scratch.remove() }
    try scratch.write("corpus/tap.ahap", Self.tap)
    let record = try HaptInProcess.run(
      ["baseline", "record", "corpus", "--out", "base", "--device", device, "--state", "prepared"], in: scratch.url)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(FileManager.default.fileExists(atPath: scratch.file("base/patterns/tap.ahap")))
    #expect(scratch.listing("base/signals").isEmpty)
    // The second tap moved 50 ms later.
    try scratch.write("corpus/tap.ahap", Self.tap.replacingOccurrences(of: "\"Time\": 0.12", with: "\"Time\": 0.17"))
    let edit = "in the file: event 2 (transient at 0.17 s): moved 50 ms later (0.12 → 0.17 s)"
    for format in ["text", "csv", "json", "github"] {
      let run = try HaptInProcess.run(
        ["baseline", "check", "corpus", "--baseline", "base", "--format", format, "--junit", "junit-\(format).xml"],
        in: scratch.url)
      #expect(run.status == 1, "\(format): \(run.stdout) \(run.stderr)")
      #expect(run.stdout.contains(edit), "\(format) on \(device): \(run.stdout)")
      #expect(run.stdout.contains("— felt: event 2 (transient at 0.17 s)"), "\(format) on \(device): \(run.stdout)")
      #expect(run.stdout.contains("how it feels: the file feels"), "\(format) on \(device): \(run.stdout)")
      let junit = try String(contentsOfFile: scratch.file("junit-\(format).xml"), encoding: .utf8)
      #expect(junit.contains(edit), "JUnit on \(device)")
    }
  }
}
