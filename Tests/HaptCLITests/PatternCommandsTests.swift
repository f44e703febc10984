import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// End-to-end tests of `hapt lint`, `convert`, `presets` and `rhythm`.
@Suite(.tags(.endToEnd), .slow) struct PatternCommandsTests {
  static let fixtures = "Tests/HaptPatternsTests/Fixtures"

  static func temporaryFolder() throws -> URL { try HaptBinary.temporaryFolder(prefix: "hapt-patterns") }

  @Test func lintReportsFindingsAndContinuesPastBrokenFiles() throws {
    let run = try HaptInProcess.run(["lint", Self.fixtures])
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "error: \(Self.fixtures)/broken-type.ahap: Pattern[3].Event.EventParameters[1].ParameterValue: expected a number"
      ))
    #expect(
      run.stdout.contains("lenient-breaks.ahap: Pattern[2].Event.EventType: error: unknown event type \"HapticBuzz\""))
    #expect(run.stdout.contains("[AHAP009]"))
    #expect(run.stdout.contains("1 file(s) unreadable"))
  }

  @Test func lintStrictFailsOnErrorFindingsOnly() throws {
    let clean = try HaptInProcess.run(["lint", "--strict", "Corpora/library/heartbeat.ahap"])
    #expect(clean.status == 0)
    #expect(clean.stdout.contains("1 file(s) checked: 0 error(s)"))
    let errors = try HaptInProcess.run(["lint", "--strict", "\(Self.fixtures)/lenient-breaks.ahap"])
    #expect(errors.status == 1)
    let lenient = try HaptInProcess.run(["lint", "\(Self.fixtures)/lenient-breaks.ahap"])
    #expect(lenient.status == 0)
  }

  @Test func lintFormats() throws {
    let csv = try HaptInProcess.run(["lint", "--format", "csv", "\(Self.fixtures)/long-curve-long-event.ahap"])
    #expect(csv.status == 0)
    #expect(csv.stdout.hasPrefix("file,place,rule,severity,message"))
    #expect(csv.stdout.contains("AHAP008,warning"))
    let json = try HaptInProcess.run(["lint", "--format", "json", "\(Self.fixtures)/long-curve-long-event.ahap"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let summary = object?["summary"] as? [String: Any]
    #expect(summary?["errors"] as? Int == 1)
  }

  @Test func lintMissingFileIs66AndOthersAreStillChecked() throws {
    let run = try HaptInProcess.run(["lint", "nope.ahap", "Corpora/library/heartbeat.ahap"])
    #expect(run.status == 66)
    #expect(run.stderr.contains("error: nope.ahap: no such file"))
    #expect(run.stdout.contains("1 file(s) checked"))
  }

  @Test func lintWithoutPathIsUsageError() throws {
    let run = try HaptInProcess.run(["lint"])
    #expect(run.status == 64)
  }

  @Test func convertHapticToAHAPAndBack() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("impact.ahap").path
    let run = try HaptInProcess.run(["convert", "\(Self.fixtures)/lofelt-sample.haptic", "--out", out])
    #expect(run.status == 0)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("\"HapticIntensityControl\""))
    #expect(text.contains("\"HapticTransient\""))
    let again = folder.appendingPathComponent("again.ahap").path
    #expect(try HaptInProcess.run(["convert", out, "--out", again]).status == 0)
    #expect(try String(contentsOfFile: again, encoding: .utf8) == text)
    let lint = try HaptInProcess.run(["lint", "--strict", out])
    #expect(lint.status == 0)
  }

  @Test func convertErrors() throws {
    #expect(try HaptInProcess.run(["convert", "\(Self.fixtures)/lofelt-sample.haptic"]).status == 64)
    #expect(
      try HaptInProcess.run(["convert", "\(Self.fixtures)/lofelt-sample.haptic", "--out", "/tmp/x.wav"]).status == 64)
    let broken = try HaptInProcess.run([
      "convert", "\(Self.fixtures)/broken-type.ahap", "--out", "/tmp/never-written.ahap",
    ])
    #expect(broken.status == 65)
    #expect(broken.stderr.hasPrefix("error: \(Self.fixtures)/broken-type.ahap: Pattern[3]"))
  }

  @Test func presetsListsEveryPresetWithPlatforms() throws {
    let run = try HaptInProcess.run(["presets", "--format", "json"])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    #expect(
      object?["defaultReviewSet"] as? [String] == [
        "uikit-notification-success", "uikit-notification-warning", "uikit-notification-error",
      ])
    let presets = object?["presets"] as? [[String: Any]] ?? []
    #expect(presets.count == 35)
    let start = presets.first { $0["name"] as? String == "swiftui-start" }
    #expect(start?["platforms"] as? [String] == ["watchOS"])
    let text = try HaptInProcess.run(["presets"])
    #expect(text.stdout.contains("uikit-notification-error *"))
  }

  @Test func presetsExportWritesEveryFile() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("presets").path
    let run = try HaptInProcess.run(["presets", "--export", target, "--format", "csv"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("name,api,iOS,watchOS,macOS,iPad,defaultReviewSet,file"))
    let files = try FileManager.default.contentsOfDirectory(atPath: target)
    #expect(files.count == 35)
    let lint = try HaptInProcess.run(["lint", "--strict", target])
    #expect(lint.status == 0)
  }

  @Test func rhythmWritesTapsAsTransients() throws {
    let run = try HaptInProcess.run(["rhythm", "--taps", "0.5,0.71,1.0,9"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("1 tap(s) more than 4 s after the first were dropped"))
    #expect(run.stdout.contains("\"Time\": 0.21"))
    #expect(run.stdout.components(separatedBy: "HapticTransient").count == 4)
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("r.ahap").path
    #expect(try HaptInProcess.run(["rhythm", "--taps", "0", "--taps", "0.3", "--out", out]).status == 0)
    #expect(FileManager.default.fileExists(atPath: out))
    #expect(try HaptInProcess.run(["rhythm", "--taps", "0,abc"]).status == 64)
    #expect(try HaptInProcess.run(["rhythm"]).status == 64)
  }

  @Test(arguments: [
    "lint", "render", "compare", "confusion", "latency", "report", "baseline", "presets", "devices", "convert",
    "rhythm",
    "assess",
  ])
  func helpWorks(command: String) throws {
    let short = try HaptInProcess.run([command, "-h"])
    #expect(short.status == 0)
    #expect(short.stdout.contains("USAGE:"))
    let long = try HaptInProcess.run([command, "--help"])
    #expect(long.status == 0)
    #expect(long.stdout == short.stdout)
  }
}
