import HaptTestSupport
import Foundation
import Testing

/// `hapt latency` on a pattern nobody feels: a failure on every shipped profile with an
/// actuator, information on a profile without one.
@Suite(.tags(.endToEnd), .slow) struct LatencySilenceTests {
  /// The shipped profiles by name, with whether each has an actuator (its `type`).
  static func shippedProfiles() throws -> [(name: String, hasActuator: Bool)] {
    let folder = HaptBinary.packageRoot.appendingPathComponent("Corpora/devices")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
      .sorted()
    return try files.map { file in
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let compact = text.replacingOccurrences(of: " ", with: "")
      return (String(file.dropLast(".json".count)), !compact.contains("\"type\":\"none\""))
    }
  }

  static func writePattern(_ intensity: Double, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("weak-\(intensity).ahap").path
    let text = """
      {"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[\
      {"ParameterID":"HapticIntensity","ParameterValue":\(intensity)},\
      {"ParameterID":"HapticSharpness","ParameterValue":0.5}]}}]}
      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: [0.0, 0.02])
  func aPatternBelowThresholdFailsOnEveryProfileWithAnActuator(intensity: Double) throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pattern = try Self.writePattern(intensity, in: folder)
    let profiles = try Self.shippedProfiles()
    #expect(profiles.contains { $0.hasActuator } && profiles.contains { !$0.hasActuator })
    for profile in profiles {
      let run = try HaptInProcess.run(["latency", pattern, "--device", profile.name, "--format", "csv"])
      let rows = run.stdout.split(separator: "\n").dropFirst()
      #expect(rows.count == 2, "\(profile.name): \(run.stdout)")
      if profile.hasActuator {
        #expect(run.status == 1, "\(profile.name) has an actuator: a pattern never felt fails")
        #expect(rows.allSatisfy { $0.contains(",silent,yes,") }, "\(profile.name): \(run.stdout)")
        #expect(run.stderr.contains("never felt on \(profile.name)"), "\(profile.name): \(run.stderr)")
      } else {
        #expect(run.status == 0, "\(profile.name) has no actuator: silence is information")
        #expect(rows.allSatisfy { $0.contains(",silent,no,") }, "\(profile.name): \(run.stdout)")
      }
    }
  }

  @Test func aFeltPatternStillPassesAndTheTextNamesTheSilentFailure() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let weak = try Self.writePattern(0.02, in: folder)
    let felt = try HaptInProcess.run(["latency", "Corpora/library/double-tap.ahap", "--state", "prepared"])
    #expect(felt.status == 0)
    let text = try HaptInProcess.run(["latency", weak, "--state", "prepared", "--device", "iphone-wideband-lra"])
    #expect(text.status == 1)
    #expect(text.stdout.contains("silent, fails (below the detection threshold"))
    #expect(text.stdout.contains("1 never felt on a device with an actuator (fail)"))
  }

  @Test func onsetIsDetectMinusTheEngineLatency() throws {
    let run = try HaptInProcess.run([
      "latency", "Corpora/library/double-tap.ahap", "--device", "iphone-wideband-lra", "--format", "csv",
    ])
    let lines = run.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let header = try #require(lines.first).map(String.init)
    let engine = try #require(header.firstIndex(of: "engineLatency_ms"))
    let detect = try #require(header.firstIndex(of: "detect_ms"))
    let onset = try #require(header.firstIndex(of: "onset_ms"))
    #expect(lines.count == 3)
    var onsets: [Double] = []
    for row in lines.dropFirst() {
      let e = try #require(Double(row[engine]))
      let d = try #require(Double(row[detect]))
      let o = try #require(Double(row[onset]))
      #expect(abs(d - e - o) < 1e-9)
      onsets.append(o)
    }
    // The same pattern has the same onset prepared and cold (the engine only delays it).
    #expect(abs(onsets[0] - onsets[1]) < 0.2)
  }
}
