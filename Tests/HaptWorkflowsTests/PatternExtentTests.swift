import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import Testing
import HaptFormats

/// `rms_g` and `stop` are measured on the pattern's own extent (issue 24 item 15): the
/// silent lead-in of a cold engine does not dilute the RMS (it read 0.0628 g prepared and
/// 0.0380 g cold for the same pattern), and a recording of a render has the render's
/// `stop` (it had none).
@Suite struct PatternExtentTests {
  static func libraryPatterns() throws -> [(name: String, pattern: HapticPattern)] {
    let folder = try #require(Corpora.directory("library")).path
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ahap") }.sorted()
    return try names.map { ($0, try PatternFile.load(path: folder + "/" + $0).pattern) }
  }

  static func measure(
    _ pattern: HapticPattern, on device: DeviceProfile, _ state: EngineState
  )
    -> PatternMeasurement
  {
    var options = RenderOptions()
    options.state = state
    return PatternMeasurement(
      pattern: "p", device: device.name, state: state,
      rendering: Renderer(device: device).render(pattern, options: options),
      budget: .default)
  }

  @Test func preparedAndColdRendersHaveTheSameRMSAndStopAfterTheirLatency() throws {
    var checked = 0
    for device in [
      try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"), try DeviceProfile.load(nameOrPath: "erm-phone"),
    ] {
      for (name, pattern) in try Self.libraryPatterns() {
        let prepared = Self.measure(pattern, on: device, .prepared)
        let cold = Self.measure(pattern, on: device, .cold)
        #expect(cold.engineLatency_s > prepared.engineLatency_s + 0.02, "\(name) on \(device.name)")
        guard prepared.rms_g > 0 else {
          #expect(cold.rms_g == 0)
          continue
        }
        #expect(
          abs(cold.rms_g - prepared.rms_g) <= 0.002 * prepared.rms_g,
          "\(name) on \(device.name): rms_g \(prepared.rms_g) prepared, \(cold.rms_g) cold")
        let preparedStop = try #require(prepared.markers.stop_s) - prepared.engineLatency_s
        let coldStop = try #require(cold.markers.stop_s) - cold.engineLatency_s
        #expect(
          abs(coldStop - preparedStop) < 0.0005,
          "\(name) on \(device.name): stop \(preparedStop) s prepared, \(coldStop) s cold, after the latency")
        let summaries = [EngineState.prepared, .cold].map { state in
          var options = RenderOptions()
          options.state = state
          return RenderSummary(Renderer(device: device).render(pattern, options: options))
        }
        #expect(
          abs(summaries[1].rms_g - summaries[0].rms_g) <= 0.002 * summaries[0].rms_g, "hapt render's rms of \(name)")
        checked += 1
      }
    }
    #expect(checked >= 20)
  }

  @Test func aRecordingOfARenderHasTheRendersStopAndRMS() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-extent-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let library = try #require(Corpora.directory("library")).path
    for name in ["heartbeat.ahap", "double-tap.ahap", "explosion.ahap"] {
      let path = library + "/" + name
      for state in [EngineState.prepared, .cold] {
        var options = RenderOptions()
        options.state = state
        let rendered = try SignalSource.load(path, device: device, options: options)
        let rendering = Renderer(device: device).render(try PatternFile.load(path: path).pattern, options: options)
        let wav = folder.appendingPathComponent("\(name)-\(state.rawValue).wav").path
        try AudioFile.write(rendering.acceleration_g, to: wav, metadata: [:])
        let recorded = try SignalSource.load(wav, device: device, options: options)
        let renderStop = try #require(
          EnvelopeMarkers.measure(rendered.acceleration_g, driveEnd_s: rendered.driveEnd_s).stop_s)
        let recordingStop = try #require(
          EnvelopeMarkers.measure(recorded.acceleration_g, driveEnd_s: nil).stop_s, "\(name): a recording has a stop")
        #expect(
          abs(recordingStop - renderStop) < 0.0002,
          "\(name) \(state.rawValue): stop \(renderStop) s rendered, \(recordingStop) s recorded")
        let renderRMS = PatternExtent.rms(rendered.acceleration_g.samples)
        let recordingRMS = PatternExtent.rms(recorded.acceleration_g.samples)
        #expect(renderRMS > 0 && abs(recordingRMS - renderRMS) <= 1e-4 * renderRMS, "\(name): rms")
      }
    }
  }
}
