import Foundation
import HaptCore
import HaptPatterns
import HaptSignals
import HaptSimulation
import Testing

@testable import HaptWorkflows

/// `hapt fit` round trip: a recording made on a known device (another resonance, Q, gain
/// and latency than the start profile), with noise 40 dB below the signal, resampled to
/// 48 kHz and written as WAV, is fitted back.
@Suite struct DeviceFitTests {
  static let corpora = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpora")
  static let calibrationPath = corpora.appendingPathComponent("calibration/calibration.ahap").path

  static func start() throws -> DeviceProfile {
    try DeviceProfile(contentsOf: corpora.appendingPathComponent("devices/iphone-wideband-lra.json").path)
  }

  /// The start profile with resonance 150 Hz, mechanical Q x1.5 and prepared latency 23 ms.
  static func truth(_ start: DeviceProfile) -> DeviceProfile {
    var device = start
    guard case .lra(var p) = start.actuator else { return start }
    let q = p.mechanicalQ * 1.5
    p.stiffness_N_per_m = p.movingMass_kg * pow(2 * Double.pi * 150, 2)
    p.damping_Ns_per_m = (p.stiffness_N_per_m * p.movingMass_kg).squareRoot() / q
    device.actuator = .lra(p)
    device.latency.prepared_s = 0.023
    return device
  }

  /// `pattern` rendered on `device`, times `gain`, plus Gaussian noise 40 dB below the
  /// signal's RMS, resampled to 48 kHz, written to a WAV file and read back.
  static func recording(
    _ pattern: HapticPattern, on device: DeviceProfile, gain: Double, name: String
  ) throws
    -> (signal: Signal, path: String)
  {
    let rendered = Renderer(device: device).render(pattern, options: RenderOptions(tail_s: 0.2)).acceleration_g
    var samples = rendered.samples.map { $0 * gain }
    let rms = (samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count)).squareRoot()
    var random = SplitMix64(seed: 0xF17)
    for n in samples.indices { samples[n] += 0.01 * rms * random.nextGaussian() }
    let at48k = Resampler.resample(Signal(samples: samples, sampleRate_Hz: rendered.sampleRate_Hz), to: 48_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-fit-\(ProcessInfo.processInfo.processIdentifier)-\(name).wav"
    ).path
    try AudioFile.write(at48k, to: path, metadata: [:])
    defer { try? FileManager.default.removeItem(atPath: path) }
    return (try AudioFile.read(path: path).signal, path)
  }

  static func prepare(
    _ signal: Signal, path: String, start: DeviceProfile, pattern: HapticPattern
  ) throws
    -> FitRecording
  {
    try FitRecording(
      signal, path: path, scale: 1,
      firstEvent_s: start.latency.prepared_s + (pattern.hapticEvents.map(\.time_s).min() ?? 0),
      band_Hz: start.drive.fmin_Hz...start.drive.fmax_Hz, sampleRate_Hz: start.sampleRate_Hz)
  }

  @Test func calibrationRoundTripRecoversTheDevice() throws {
    let start = try Self.start()
    let pattern = try PatternFile.load(path: Self.calibrationPath).pattern
    let (signal, path) = try Self.recording(pattern, on: Self.truth(start), gain: 0.8, name: "calibration")
    #expect(signal.sampleRate_Hz == 48_000)
    let fit = try DeviceFit.fit(
      try Self.prepare(signal, path: path, start: start, pattern: pattern), pattern: pattern,
      patternPath: Self.calibrationPath, start: start, state: .prepared, name: "fitted")
    func value(_ key: String) throws -> DeviceFit.Value { try #require(fit.values.first { $0.key == key }) }
    let startQ = try #require(start.qualityFactor)
    let resonance = try value("resonance_Hz").value
    let quality = try value("qualityFactor").value
    let gain = try value("gain").value
    let latency = try value("engineLatency_s").value
    #expect(abs(resonance / 150 - 1) < 0.01, "\(fit.values)")
    #expect(abs(quality / (startQ * 1.5) - 1) < 0.10, "\(fit.values)")
    #expect(abs(gain / 0.8 - 1) < 0.05, "\(fit.values)")
    #expect(abs(latency - 0.023) < 0.001, "\(fit.values)")
    #expect(fit.values.allSatisfy { $0.isFitted })
    #expect(fit.dPrime_JND < 0.3, "d' \(fit.dPrime_JND)")
    #expect(fit.warnings.isEmpty, "\(fit.warnings)")
    // Uncertainties are reported (positive) for every fitted value.
    for key in ["resonance_Hz", "gain"] {
      let v = try value(key)
      let u = try #require(v.uncertainty)
      #expect(u > 0)
    }
    // The output is a complete, valid profile that renders the recording's latency.
    let again = try DeviceProfile(jsonBytes: Array(fit.profile.jsonText().utf8), file: "fitted.json")
    #expect(again == fit.profile)
    #expect(abs(again.latency.prepared_s - 0.023) < 0.0005)
    #expect(fit.profile.description.contains("Fitted by hapt fit"))
    #expect(fit.profile.description.contains("calibration.ahap"))
  }

  @Test func singleTapKeepsResonanceAndQWithAWarning() throws {
    let start = try Self.start()
    let pattern = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])
    let (signal, path) = try Self.recording(pattern, on: Self.truth(start), gain: 0.8, name: "tap")
    let fit = try DeviceFit.fit(
      try Self.prepare(signal, path: path, start: start, pattern: pattern), pattern: pattern, patternPath: "tap.ahap",
      start: start, state: .prepared, name: "tap-fit")
    #expect(fit.warnings.contains { $0.contains("resonance and Q are not identified") }, "\(fit.warnings)")
    let resonance = try #require(fit.values.first { $0.key == "resonance_Hz" })
    #expect(!resonance.isFitted && resonance.value == resonance.start)
    #expect(fit.profile.resonance_Hz.map { abs($0 - 170.005) < 0.01 } == true)
    // Gain and latency are still fitted.
    #expect(fit.values.first { $0.key == "engineLatency_s" }?.isFitted == true)
    #expect(fit.profile.description.contains("kept from iphone-wideband-lra"))
  }

  /// Bad recordings: one line naming the file, exit 65.
  @Test(arguments: ["silent", "short", "clipped"])
  func badRecordingIsRefused(_ kind: String) throws {
    let start = try Self.start()
    let pattern = try PatternFile.load(path: Self.calibrationPath).pattern
    let fs = 8000.0
    let samples: [Double]
    switch kind {
    case "silent": samples = [Double](repeating: 0, count: 8000)
    case "short": samples = (0..<40).map { 0.5 * sin(2 * Double.pi * 170 * Double($0) / fs) }
    default: samples = (0..<8000).map { Swift.min(Swift.max(2 * sin(2 * Double.pi * 170 * Double($0) / fs), -1), 1) }
    }
    do {
      _ = try Self.prepare(Signal(samples: samples, sampleRate_Hz: fs), path: "rec.wav", start: start, pattern: pattern)
      Issue.record("expected an error for \(kind)")
    } catch let error as InputError {
      #expect(error.isBadData)
      #expect(error.description.hasPrefix("rec.wav: "))
      #expect(!error.description.contains("\n"))
      let expected = [
        "silent": "is silent", "short": "shorter than the pattern's first event", "clipped": "is clipped",
      ]
      #expect(error.description.contains(expected[kind]!), "\(error.description)")
    }
  }

  /// A clean sine at 192 kHz holds its peak for at most a sample or two: not clipping.
  @Test func aSineIsNotClipping() {
    let samples = (0..<192_000).map { 0.9 * sin(2 * Double.pi * 150 * Double($0) / 192_000 + 0.3) }
    #expect(FitRecording.clipping(samples) == nil)
  }
}
