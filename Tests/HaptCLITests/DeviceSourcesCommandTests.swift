import HaptTestSupport
import Foundation
import Testing

/// `hapt devices --sources NAME`, the `sources` of `hapt devices --format json`, and the
/// recording a fitted profile names (Docs/Devices.md, "Where the numbers come from").
@Suite(.tags(.endToEnd), .slow) struct DeviceSourcesCommandTests {
  @Test func everyNumberOfEveryShippedProfileHasASourceInTheJSON() throws {
    let run = try HaptInProcess.run(["devices", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let profiles = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(profiles.count >= 13)
    for profile in profiles {
      let name = profile["name"] as? String ?? "?"
      let sources = try #require(profile["sources"] as? [[String: Any]], "\(name)")
      #expect(!sources.isEmpty, "\(name)")
      for entry in sources {
        #expect(entry["kind"] is String, "\(name): \(entry["field"] ?? "?") has no source")
        #expect(entry["value"] is Double || entry["value"] is Int, "\(name)")
      }
    }
    let pixel = try #require(profiles.first { $0["name"] as? String == "pixel-flagship-lra" })
    let sources = try #require(pixel["sources"] as? [[String: Any]])
    let mass = try #require(sources.first { $0["field"] as? String == "actuator.movingMass_kg" })
    #expect(mass["kind"] as? String == "guess")
    #expect((mass["plausibleRange"] as? [Double]) == [0.0015, 0.004])
  }

  @Test func sourcesPrintsATable() throws {
    let run = try HaptInProcess.run(["devices", "--sources", "pixel-flagship-lra"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("field") == true)
    let thud = try #require(lines.first { $0.hasPrefix("android.primitiveDurations_ms.thud") })
    // The class takes the primitive lengths from Google's HAL and says where.
    #expect(thud.contains("300") && thud.contains("document") && thud.contains("Vibrator.cpp"))
    #expect(lines.last == "pixel-flagship-lra: 8 of 33 numbers are guesses")
    // A profile loaded by path prints its table too.
    let byPath = try HaptInProcess.run(["devices", "--sources", "Corpora/devices/erm-phone.json"])
    #expect(byPath.status == 0, "\(byPath.stderr)")
    #expect(byPath.stdout.split(separator: "\n").last?.hasPrefix("erm-phone: ") == true)
    let unknown = try HaptInProcess.run(["devices", "--sources", "no-such-phone"])
    #expect(unknown.status == 66)
    #expect(unknown.stderr.contains("no-such-phone: no such device"))
  }

  @Test func aFittedProfileNamesTheRecordingItCameFrom() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-sources-cli-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("my-phone.wav").path
    let out = folder.appendingPathComponent("my-phone.json").path
    let pattern = "Corpora/calibration/calibration.ahap"
    let render = try HaptInProcess.run(["render", pattern, "--device", "android-lra-235", "--out", recording])
    #expect(render.status == 0, "\(render.stderr)")
    let fit = try HaptInProcess.run([
      "fit", recording, "--pattern", pattern, "--device", "android-lra-235", "--out", out,
    ])
    #expect(fit.status == 0, "\(fit.stderr)")
    let table = try HaptInProcess.run(["devices", "--sources", out])
    #expect(table.status == 0, "\(table.stderr)")
    let measured = table.stdout.split(separator: "\n").filter { $0.contains("measurement") }
    #expect(!measured.isEmpty, "\(table.stdout)")
    for line in measured { #expect(line.contains("hapt fit from the recording my-phone.wav"), "\(line)") }
    // The numbers the fit kept keep the start's sources.
    #expect(table.stdout.contains("student model of a Jahwa J6"))
  }

  /// The report's Devices section says what rests on guesses, computed on 9 presets.
  @Test func theReportNamesTheGuessesThatMoveVerdicts() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-guesses-cli-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report").path
    let run = try HaptInProcess.run([
      "report", "Corpora/library/double-tap.ahap", "--device", "pixel-flagship-lra,ideal", "--state", "prepared",
      "--out", out,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(html.contains("What rests on guesses"))
    #expect(html.contains("re-evaluated on 9 of the shipped system presets"))
    #expect(html.contains("actuator.movingMass_kg 0.0015-0.004 ("))
    #expect(html.contains("no guesses"))
    // The devices table gives both quality factors: the HAL's Q 10 is the one under
    // voltage drive, beside the mechanical Q it leaves (about 22).
    #expect(html.contains("<th class=\"num\" scope=\"col\">Q (mechanical)<th"))
    #expect(html.contains("<th class=\"num\" scope=\"col\">Q (voltage drive)<th"))
    #expect(html.contains("<td class=\"num\">22.38<td class=\"num\">10.00<"))
  }
}
