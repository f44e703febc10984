import HaptTestSupport
import Foundation
import Testing

import HaptCore
import HaptPatterns
import HaptFormats
import HaptSimulation
import HaptEvaluation

/// Engine latency and the pattern's own latency, apart (issue 18 item 4): a pattern that
/// passes on a prepared engine is never judged as failing because the engine starts cold,
/// and the prepare() lead named is the one that makes it pass.
@Suite(.slow) struct PatternLatencyTests {
  static func library() throws -> PatternCorpus {
    PatternCorpus.load([try #require(Corpora.directory("library")).path])
  }

  @Test func aPatternThatPassesPreparedOnlyNeedsPrepareOnEveryShippedProfile() throws {
    let corpus = try Self.library()
    let devices = try DeviceProfile.shipped()
    let options = EvaluationOptions(devices: devices, states: [.prepared, .cold])
    let measurements = Evaluation.run(corpus.entries, options: options).measurements
    let latencies = PatternLatency.assess(measurements, devices: devices, states: 2, budget: .default)
    #expect(latencies.count == corpus.entries.count * devices.count)
    var needingPrepare = 0
    for (k, latency) in latencies.enumerated() {
      let rows = Array(measurements[(k * 2)..<(k * 2 + 2)])
      let prepared = try #require(rows.first { $0.state == .prepared })
      let cold = try #require(rows.first { $0.state == .cold })
      #expect(prepared.device == latency.device && prepared.pattern == latency.pattern)
      let device = try #require(devices.first { $0.name == latency.device })
      if case .none = device.actuator {
        #expect(latency.verdict == .unplayable)
        continue
      }
      switch prepared.verdict {
      case .pass:
        #expect(latency.verdict == (cold.verdict == .pass ? .pass : .prepare), "\(latency)")
      case .warn: #expect(latency.verdict == .warn)
      case .fail: #expect(latency.verdict == .fail)
      case .silent: #expect(latency.verdict == .silent)
      }
      if latency.verdict == .prepare { needingPrepare += 1 }
      // The onset is nearly the same in both states: the engine only delays the pattern
      // (within 1 ms: the detect marker is found on a sampled envelope).
      if let a = prepared.onset_s, let b = cold.onset_s {
        #expect(abs(a - b) < 0.001, "\(latency.device) \(latency.pattern): onset prepared \(a) s, cold \(b) s")
      }
    }
    #expect(needingPrepare > 0)
  }

  /// The lead named makes the pattern pass when rendered with it; a lead 2 ms shorter
  /// does not (on every shipped profile with an actuator, for a tap and a slow swell).
  @Test(arguments: ["double-tap.ahap", "ui-long-press.ahap"])
  func theNamedLeadIsTheShortestThatPasses(file: String) throws {
    let library = try #require(Corpora.directory("library"))
    let pattern = try #require(PatternCorpus.load([library.appendingPathComponent(file).path]).entries.first?.pattern)
    for device in try DeviceProfile.shipped() {
      if case .none = device.actuator { continue }
      let renderer = Renderer(device: device)
      func measure(_ state: EngineState, lead: Double? = nil) -> PatternMeasurement {
        var options = RenderOptions()
        options.state = state
        options.prepareLead_s = lead
        return PatternMeasurement(
          pattern: file, device: device.name, state: state, rendering: renderer.render(pattern, options: options),
          budget: .default)
      }
      let latency = PatternLatency(
        rows: [measure(.prepared), measure(.cold)], latency: device.latency, budget: .default)
      guard latency.verdict == .prepare else { continue }
      let lead = try #require(latency.prepareLead_s)
      #expect(lead > 0 && lead <= device.latency.prepareLead_s)
      let withLead = measure(.prepared, lead: lead + 0.000_5)
      #expect(withLead.verdict == .pass, "\(file) on \(device.name): lead \(lead) s")
      if lead > 0.002 {
        let shorter = measure(.prepared, lead: lead - 0.002)
        #expect(shorter.verdict != .pass, "\(file) on \(device.name): a shorter lead \(lead - 0.002) s still passes")
      }
    }
  }

  @Test func shortestLeadFollowsTheLatencyModel() {
    let model = LatencyParameters(prepared_s: 0.01, cold_s: 0.2, prepareLead_s: 0.19, prepareTimeout_s: 5)
    #expect(model.shortestLead_s(toStartWithin: 0.25) == 0)
    #expect(model.shortestLead_s(toStartWithin: 0.005) == nil)
    #expect(abs((model.shortestLead_s(toStartWithin: 0.05) ?? -1) - 0.15) < 1e-12)
    #expect(model.shortestLead_s(toStartWithin: 0.01) == 0.19)
    for target in stride(from: 0.01, through: 0.2, by: 0.01) {
      let lead = model.shortestLead_s(toStartWithin: target) ?? .nan
      #expect(model.latency_s(state: .cold, prepareLead: lead) <= target + 1e-12)
    }
  }
}
