import HaptTestSupport
import Foundation
import Testing

import HaptCore
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptBaselines
import HaptFormats

/// Halving one event at low sharpness is a regression on every shipped LRA and ERM profile,
/// end to end through `Baseline.record` and `Baseline.check`. (Before intensity 1 was capped
/// per frequency and lower intensities scaled from it, iphone-wideband-lra rendered
/// intensities 0.3 to 1 at sharpness 0 identically, and halving a heartbeat's
/// sharpness-0.1 event read "unchanged, 0.00".)
@Suite(.slow) struct HalvedIntensityRegressionTests {
  static let sharpnesses = [0.0, 0.1, 0.2]

  /// The library's heartbeat and a 300 ms buzz at intensity 1, each at one sharpness.
  static func corpus() throws -> [String: HapticPattern] {
    let library = try #require(Corpora.directory("library")).appendingPathComponent("heartbeat.ahap").path
    var heartbeat = try PatternFile.load(path: library).pattern
    heartbeat.metadata = PatternMetadata()
    var patterns: [String: HapticPattern] = [:]
    for s in sharpnesses {
      var h = heartbeat
      for i in h.events.indices { h.events[i].sharpness = s }
      patterns["heartbeat-s\(s).ahap"] = h
      patterns["buzz-s\(s).ahap"] = HapticPattern(events: [
        .continuous(at: 0, duration_s: 0.3, intensity: 1, sharpness: s)
      ])
    }
    return patterns
  }

  static func write(_ patterns: [String: HapticPattern], to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, pattern) in patterns {
      try AHAP.encode(pattern).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
  }

  @Test func halvingOneEventFailsTheCheckOnEveryShippedActuator() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-halved-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let base = try Self.corpus()
    try Self.write(base, to: root.appendingPathComponent("base"))
    let devices = try DeviceProfile.shipped().filter { $0.actuator.typeName != "none" }
    #expect(devices.contains { $0.actuator.typeName == "lra" } && devices.contains { $0.actuator.typeName == "erm" })
    let baseline = root.appendingPathComponent("baseline").path
    try Baseline.record(
      PatternCorpus.load([root.appendingPathComponent("base").path]),
      options: EvaluationOptions(devices: devices, states: [.prepared]), to: baseline, force: false)
    for (index, file) in base.keys.sorted().enumerated() {
      var patterns = base
      // The first event: intensity 1 at the cap on the iPhone-class profile at low sharpness.
      patterns[file]!.events[0].intensity /= 2
      let folder = root.appendingPathComponent("edit-\(index)")
      try Self.write(patterns, to: folder)
      let result = try Baseline.check(PatternCorpus.load([folder.path]), baseline: baseline)
      #expect(result.problems.isEmpty)
      #expect(!result.passed, "\(file): halved, yet the check passes")
      for device in devices {
        let rows = result.comparisons.filter { $0.device == device.name }
        #expect(rows.count == base.count)
        for row in rows {
          let context = "\(file) halved, on \(device.name), \(row.pattern): \(row.status) d' \(row.dPrime_JND ?? -1)"
          #expect(row.status == (row.pattern == file ? .changed : .unchanged), "\(context)")
          // The message (and the JUnit failure built from it) names the file's event.
          if row.pattern == file {
            let named = file.hasPrefix("heartbeat") ? "event 1 (transient at 0.00 s)" : "event 1 (continuous at 0.00 s)"
            #expect(row.summary.contains(named), "\(context): \(row.summary)")
            #expect(BaselineJUnit.xml(result).contains(named), "\(context)")
          }
        }
      }
    }
  }
}
