import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// End-to-end tests of `hapt render` and `hapt devices`.
@Suite(.tags(.endToEnd), .slow) struct SimulationCommandsTests {
  static let pattern = "Corpora/system/swiftui-error.ahap"

  static func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-sim-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    ).path
  }

  @Test func devicesListsEveryProfileWithDerivedValues() throws {
    let run = try HaptInProcess.run(["devices"])
    #expect(run.status == 0)
    for name in ["iphone-wideband-lra (default)", "android-lra-235", "erm-phone", "tablet-none"] {
      #expect(run.stdout.contains(name))
    }
    #expect(run.stdout.contains("resonance_Hz 170.005"))
    #expect(run.stdout.contains("stiffness_N_per_m 2282"))
    #expect(run.stdout.contains("spinUpTimeConstant_s"))
    // Every profile value has its value beside its key: booleans, lists and nested
    // objects too (the android block printed its keys alone).
    #expect(
      run.stdout.contains(
        "  android: supportedEffects click,tick,double_click,heavy_click  supportedPrimitives none  hasAmplitudeControl yes  supportsEnvelopeEffects no"
      ), "\(run.stdout)")
    #expect(run.stdout.contains("primitiveDurations_ms (click 12 tick 5 low_tick 12 quick_rise 150"))
    #expect(run.stdout.contains("controller-voice-coil"))
  }

  @Test func devicesAsJSONParses() throws {
    let run = try HaptInProcess.run(["devices", "--format", "json"])
    #expect(run.status == 0)
    let value = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
    let profiles = try #require(value)
    #expect(profiles.count >= 10)
    let iphone = try #require(profiles.first { $0["name"] as? String == "iphone-wideband-lra" })
    let derived = try #require(iphone["derived"] as? [String: Any])
    #expect(abs((derived["resonance_Hz"] as? Double ?? 0) - 170.005) < 0.001)
  }

  @Test func renderWritesCSVWithFullPrecisionAndSummary() throws {
    let out = Self.temporary("render.csv")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let run = try HaptInProcess.run(["render", Self.pattern, "--out", out])
    #expect(run.status == 0, "\(run.stderr)")
    for key in ["peak:", "rms:", "energy:", "dominant frequency:", "onset latency:"] {
      #expect(run.stdout.contains(key))
    }
    let text = try String(contentsOfFile: out, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "time_s,drive_V,accel_g")
    // 10 ms latency + pattern + 0.1 s tail at 8 kHz, one row per sample.
    #expect(lines.count > 1000)
    let row = lines[200].split(separator: ",").map { Double(String($0)) }
    #expect(row.count == 3 && row.allSatisfy { $0 != nil })
    #expect(row[0] == 199.0 / 8000)
    let peak =
      lines.dropFirst().compactMap { Double(String($0.split(separator: ",")[2])) }.map(abs).max() ?? 0
    #expect(run.stdout.contains(String(format: "peak: %.6g g", peak)))
  }

  @Test func renderWritesWavAndFlac() throws {
    for ext in ["wav", "flac"] {
      let out = Self.temporary("render.\(ext)")
      defer { try? FileManager.default.removeItem(atPath: out) }
      let run = try HaptInProcess.run([
        "render", Self.pattern, "--out", out, "--device", "android-lra-235", "--state", "cold",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("latency: 50.000 ms"))
      let size = (try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
      #expect(size > 1000)
    }
  }

  @Test func silentRendersSayWhy() throws {
    let out = Self.temporary("silent.csv")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let tablet = try HaptInProcess.run(["render", Self.pattern, "--out", out, "--device", "tablet-none"])
    #expect(tablet.status == 0)
    #expect(tablet.stdout.contains("silent: device has no actuator"))
    let off = try HaptInProcess.run([
      "render", Self.pattern, "--out", out, "--condition", "haptics-off", "--format", "json",
    ])
    #expect(off.status == 0)
    #expect(off.stdout.contains("\"silenceReason\": \"haptics off\""))
    #expect(off.stdout.contains("\"peak_g\": 0"))
  }

  struct Failure: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let failures: [Failure] = [
    Failure(
      arguments: ["render", pattern, "--out", "x.mp3"], status: 64,
      message: "expected a file ending in .wav, .flac or .csv"),
    Failure(arguments: ["render", pattern], status: 64, message: "missing --out FILE"),
    Failure(arguments: ["render", "--out", "x.csv"], status: 64, message: "missing PATTERN"),
    Failure(arguments: ["render", pattern, "--out", "x.csv", "--rate", "3"], status: 64, message: "--rate"),
    Failure(
      arguments: ["render", pattern, "--out", "x.csv", "--state", "cold", "--prepare-lead", "50ms"],
      status: 64, message: "not both"),
    Failure(
      arguments: ["render", pattern, "--out", "x.csv", "--device", "no-such-phone"], status: 66,
      message: "no such device"),
    Failure(
      arguments: ["render", pattern, "--out", "x.csv", "--max-duration", "10ms"], status: 65,
      message: "over the limit of 0.01 s"),
    Failure(
      arguments: ["render", pattern, "--out", "/nonexistent-folder/x.csv"], status: 73,
      message: "cannot be written"),
    Failure(arguments: ["devices", "extra"], status: 64, message: "unexpected argument"),
  ]

  @Test(arguments: failures)
  func failuresHaveTheRightStatusAndMessage(_ failure: Failure) throws {
    let run = try HaptInProcess.run(failure.arguments)
    #expect(run.status == failure.status, "\(run.stderr)")
    #expect(run.stderr.contains(failure.message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func badDeviceProfileNamesTheKey() throws {
    let path = Self.temporary("bad-device.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let good = try String(
      contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/iphone-wideband-lra.json"),
      encoding: .utf8)
    try good.replacingOccurrences(of: "\"movingMass_kg\": 0.002", with: "\"movingMass_kg\": -1").write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try HaptInProcess.run([
      "render", Self.pattern, "--out", Self.temporary("never.csv"), "--device", path,
    ])
    #expect(run.status == 65)
    #expect(run.stderr.contains("actuator.movingMass_kg: must be greater than 0, got -1"))
  }
}
