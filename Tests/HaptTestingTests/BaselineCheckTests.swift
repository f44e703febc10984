import Foundation
import HaptPatterns
import HaptSimulation
import HaptTesting
import Testing
import HaptFormats

/// `HaptCheck.matchesBaseline`: records, matches an unchanged pattern, and reports a
/// changed one with what a person would feel.
@Suite struct BaselineCheckTests {
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-testing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func writeTap(_ intensity: Double, to folder: URL) throws -> String {
    let path = folder.appendingPathComponent("tap.ahap").path
    let pattern = HapticPattern(events: [.transient(at: 0, intensity: intensity, sharpness: 0.5)])
    try AHAP.encode(pattern).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func recordsThenMatchesThenCatchesAChange() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let baseline = root.appendingPathComponent("Baselines/tap").path
    let original = try RenderedHaptic(file: Self.writeTap(1, to: root))

    let missing = HaptCheck.matchesBaseline(original, in: baseline, record: false)
    #expect(!missing.passed)
    #expect(
      missing.summary.contains("no baseline in \(baseline); run the test once with HAPT_RECORD_BASELINES=1"))

    let recording = HaptCheck.matchesBaseline(original, in: baseline, record: true)
    #expect(!recording.passed && recording.summary.contains("recorded its baseline"), "\(recording)")

    let same = HaptCheck.matchesBaseline(original, in: baseline, record: false)
    #expect(same.passed, "\(same)")
    #expect(same.summary.contains("matches its baseline (d' 0.0 JND, similarity 1.000)"), "\(same)")

    let edited = root.appendingPathComponent("edited")
    try FileManager.default.createDirectory(at: edited, withIntermediateDirectories: true)
    let weaker = try RenderedHaptic(file: Self.writeTap(0.5, to: edited))
    let changed = HaptCheck.matchesBaseline(weaker, in: baseline, record: false)
    #expect(!changed.passed)
    #expect(
      changed.summary.contains("tap on iphone-wideband-lra (prepared): changed from its baseline"),
      "\(changed)")
    #expect(changed.summary.hasSuffix("Baselines/tap: d' 2.6 JND >= 1.0"), "\(changed)")
    #expect(
      changed.message.contains(try Regex(#"\n  event 1 \(transient at 0\.00 s\): 6\.\d dB weaker \(2\.\d JND\)"#)),
      "\(changed)")

    let cold = try RenderedHaptic(file: Self.writeTap(1, to: root), state: .cold)
    #expect(
      HaptCheck.matchesBaseline(cold, in: baseline, record: false).summary.contains("not in the baseline"))
  }

  @Test func aPatternBuiltInCodeHasNoBaselineFile() throws {
    let device = try DeviceProfile.load(nameOrPath: RenderedHaptic.defaultDevice)
    let haptic = try RenderedHaptic(
      HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 1)]), named: "x", device: device)
    #expect(!HaptCheck.matchesBaseline(haptic, in: "/nonexistent", record: false).passed)
  }
}
