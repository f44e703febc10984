import HaptTestSupport
import Foundation
import Testing

/// End-to-end tests of `hapt fit`: a recording of a tap (kept resonance and Q, with the
/// warning, a profile other commands accept) and bad recordings (exit 65, one line).
/// The calibration round trip runs in the library's tests (Tests/HaptWorkflowsTests).
@Suite(.tags(.endToEnd), .slow) struct FitCommandTests {
  static func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-fit-cli-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    ).path
  }

  /// A 16-bit PCM WAV file with interleaved `frames`.
  static func pcm16WAV(channels: Int, sampleRate: Int, frames: [Int16]) -> [UInt8] {
    var bytes: [UInt8] = []
    func u32(_ v: Int) { bytes += withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
    func u16(_ v: Int) { bytes += withUnsafeBytes(of: UInt16(v).littleEndian, Array.init) }
    let data = frames.count * 2
    bytes += Array("RIFF".utf8)
    u32(36 + data)
    bytes += Array("WAVEfmt ".utf8)
    u32(16)
    u16(1)
    u16(channels)
    u32(sampleRate)
    u32(sampleRate * channels * 2)
    u16(channels * 2)
    u16(16)
    bytes += Array("data".utf8)
    u32(data)
    for f in frames { bytes += withUnsafeBytes(of: f.littleEndian, Array.init) }
    return bytes
  }

  @Test func tapRecordingFitsGainAndLatencyAndWarnsAboutResonance() throws {
    let recording = Self.temporary("tap.wav")
    let out = Self.temporary("tap-fit.json")
    defer {
      try? FileManager.default.removeItem(atPath: recording)
      try? FileManager.default.removeItem(atPath: out)
    }
    let pattern = "Corpora/system/uikit-impact-heavy.ahap"
    let render = try HaptInProcess.run(["render", pattern, "--out", recording, "--state", "cold"])
    #expect(render.status == 0, "\(render.stderr)")
    let run = try HaptInProcess.run(["fit", recording, "--pattern", pattern, "--state", "cold", "--out", out])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("warning: the pattern drives the resonance band"))
    #expect(run.stderr.contains("resonance and Q are not identified"))
    for key in ["resonance_Hz", "qualityFactor", "gain", "engineLatency_ms", "kept (not identified)", "residual: d'"] {
      #expect(run.stdout.contains(key), "\(key)")
    }
    // Its own render fits itself: gain 1, the cold latency 200 ms.
    let gainLine = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("gain") })
    #expect(gainLine.contains("1.0000"), "\(gainLine)")
    let latencyLine = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("engineLatency_ms") })
    #expect(latencyLine.contains("200.000"), "\(latencyLine)")
    // The profile is accepted by the other commands.
    let again = try HaptInProcess.run(["render", pattern, "--device", out, "--out", recording])
    #expect(again.status == 0, "\(again.stderr)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("Fitted by hapt fit"))
  }

  /// The case: a recording of android-lra-235 fitted without a start (before the
  /// search tried several starts: Q 1,848,380, gain 0.036, 18.75 JND, exit 0).
  @Test func androidRecordingFitsFromTheDefaultStarts() throws {
    let recording = Self.temporary("android.wav")
    let out = Self.temporary("android-fit.json")
    defer {
      try? FileManager.default.removeItem(atPath: recording)
      try? FileManager.default.removeItem(atPath: out)
    }
    let pattern = "Corpora/calibration/calibration.ahap"
    let render = try HaptInProcess.run(["render", pattern, "--device", "android-lra-235", "--out", recording])
    #expect(render.status == 0, "\(render.stderr)")
    let run = try HaptInProcess.run(["fit", recording, "--pattern", pattern, "--out", out])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("start: android-lra-235 (best of iphone-wideband-lra, "), "\(run.stdout)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("resonance_Hz") })
    #expect(line.contains("234.996  234.996"), "\(line)")
    #expect(run.stdout.contains("fit: succeeded\nwrote: \(out)"))
    #expect(FileManager.default.fileExists(atPath: out))
  }

  /// A recording that is no response to the pattern: exit 1, what to try, nothing written;
  /// with --force the profile is written and the status stays 1.
  @Test(arguments: ["noise", "sine"])
  func unfittableRecordingExits1AndWritesNothing(_ kind: String) throws {
    let recording = Self.temporary("\(kind)-unfittable.wav")
    let out = Self.temporary("\(kind)-unfittable-fit.json")
    defer {
      try? FileManager.default.removeItem(atPath: recording)
      try? FileManager.default.removeItem(atPath: out)
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let frames: [Int16] = (0..<32_000).map { n in
      if kind == "sine" { return Int16(10_000 * sin(2 * Double.pi * 60 * Double(n) / 8000)) }
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int16(truncatingIfNeeded: Int(state >> 49) - 16_384)
    }
    try Data(Self.pcm16WAV(channels: 1, sampleRate: 8000, frames: frames)).write(to: URL(fileURLWithPath: recording))
    let pattern = "Corpora/calibration/calibration.ahap"
    let run = try HaptInProcess.run(["fit", recording, "--pattern", pattern, "--out", out])
    #expect(run.status == 1, "\(run.stderr)")
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count == 1, "\(run.stderr)")
    let error = try #require(errors.first)
    #expect(error.hasPrefix("error: \(recording): the fit failed: "), "\(error)")
    #expect(error.contains("Try: record the calibration pattern"), "\(error)")
    #expect(error.hasSuffix("No profile written (--force writes it anyway)."), "\(error)")
    #expect(run.stdout.contains("fit: failed"), "\(run.stdout)")
    #expect(run.stdout.contains("not written: \(out)"), "\(run.stdout)")
    #expect(!FileManager.default.fileExists(atPath: out))
    if kind == "sine" {
      let forced = try HaptInProcess.run(["fit", recording, "--pattern", pattern, "--out", out, "--force"])
      #expect(forced.status == 1, "\(forced.stderr)")
      #expect(forced.stderr.contains("Wrote \(out) anyway (--force)."), "\(forced.stderr)")
      #expect(FileManager.default.fileExists(atPath: out))
    }
  }

  struct BadCase: Sendable, CustomTestStringConvertible {
    let name: String
    let channels: Int
    let frames: [Int16]
    let message: String
    var testDescription: String { name }
  }

  static let badCases: [BadCase] = [
    BadCase(name: "stereo", channels: 2, frames: [Int16](repeating: 1000, count: 200), message: "has 2 channels"),
    BadCase(name: "silent", channels: 1, frames: [Int16](repeating: 0, count: 8000), message: "is silent"),
    BadCase(
      name: "short", channels: 1, frames: (0..<40).map { Int16(10000 * sin(Double($0))) },
      message: "shorter than the pattern's first event"),
    BadCase(
      name: "clipped", channels: 1,
      frames: (0..<8000).map { Int16(max(min(60000 * sin(2 * Double.pi * 170 * Double($0) / 8000), 32767), -32767)) },
      message: "is clipped"),
  ]

  @Test(arguments: badCases)
  func badRecordingExits65WithOneLine(_ c: BadCase) throws {
    let recording = Self.temporary("\(c.name).wav")
    let out = Self.temporary("\(c.name)-fit.json")
    defer { try? FileManager.default.removeItem(atPath: recording) }
    try Data(Self.pcm16WAV(channels: c.channels, sampleRate: 8000, frames: c.frames)).write(
      to: URL(fileURLWithPath: recording))
    let run = try HaptInProcess.run([
      "fit", recording, "--pattern", "Corpora/calibration/calibration.ahap", "--out", out,
    ])
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("error: \(recording): "), "\(run.stderr)")
    #expect(run.stderr.contains(c.message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func helpListsTheOptions() throws {
    let run = try HaptInProcess.run(["fit", "--help"])
    #expect(run.status == 0)
    for option in ["--pattern", "--out", "--device", "--state", "--scale", "--force", "--format"] {
      #expect(run.stdout.contains(option))
    }
  }
}
