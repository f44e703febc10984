import Foundation
import HaptAndroid
import HaptEvaluation
import HaptSimulation
import Testing

@testable import HaptReports

/// "What plays where" reads the latency table's prepared measurement where a pattern
/// plays as written (issue 32: one render fewer per Core Haptics device and pattern):
/// the rows are exactly those it gets by rendering again, silent and faint patterns
/// included, and a measurement of another device is not taken for this one.
@Suite(.slow) struct PlaybackFromMeasurementTests {
  static let files = ReportFixture.files().merging([
    // Played, but under the detection threshold throughout on the iPhone.
    "faint.ahap": ReportFixture.ahap([ReportFixture.continuous(0, 0.2, intensity: 0.03, sharpness: 0.5)])
  ]) { a, _ in a }

  @Test func rowsFromTheMeasurementsAreTheRowsRenderedAgain() throws {
    let e = try ReportFixture.evaluation(Self.files)
    let entries = e.corpus.entries.map { (name: $0.name, path: $0.path, pattern: $0.pattern) }
    let states = e.options.states
    let prepared = try #require(states.firstIndex(of: .prepared))
    #expect(e.options.renderOptions(.prepared) == RenderOptions(), "the sections' options")
    let perPattern = e.options.devices.count * states.count
    let measurements = e.measurements
    let rendered = AndroidSections.rows(entries, devices: e.options.devices, threads: 2)
    let measured = AndroidSections.rows(entries, devices: e.options.devices, threads: 2) { entry, device in
      measurements[entry * perPattern + device * states.count + prepared]
    }
    #expect(measured == rendered)
    // Each outcome occurs: rows that play, rows silent by the renderer's reason (no
    // intensity) and rows too faint to feel, whose peak the measurement gives.
    let asWritten = measured.playback.filter { $0.form == .asWritten }
    #expect(asWritten.contains { $0.outcome == .plays })
    #expect(asWritten.contains { $0.pattern == "mute-1.ahap" && $0.outcome != .plays })
    #expect(
      asWritten.contains {
        if $0.pattern == "faint.ahap", case .silent(.belowDetectionThreshold) = $0.outcome { true } else { false }
      })
  }

  @Test func aMeasurementOfAnotherDeviceIsNotUsed() throws {
    let e = try ReportFixture.evaluation(Self.files)
    let iphone = try #require(e.options.devices.first { $0.name == DeviceProfile.defaultName })
    let entry = try #require(e.corpus.entries.first { $0.name == "tap-hard.ahap" })
    let other = try #require(e.measurements.first { $0.pattern == "mute-1.ahap" && $0.device != iphone.name })
    let row = DevicePlayback.evaluate(entry.pattern, name: entry.name, on: iphone, measured: other)
    #expect(row == DevicePlayback.evaluate(entry.pattern, name: entry.name, on: iphone))
    #expect(row.outcome == .plays)
  }
}
