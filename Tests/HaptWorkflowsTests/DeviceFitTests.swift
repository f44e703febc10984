import HaptTestSupport
import Foundation
import HaptCore
import HaptPatterns
import HaptSignals
import HaptSimulation
import Testing

@testable import HaptCalibration
import HaptFormats

/// `hapt fit` round trip: a recording made on a known device (another resonance, Q, gain
/// and latency than the start profile), with noise 40 dB below the signal, resampled to
/// 48 kHz and written as WAV, is fitted back.
@Suite(.slow) struct DeviceFitTests {
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
    #expect(fit.succeeded && fit.problems.isEmpty, "\(fit.problems)")
    let profile = try #require(fit.profile)
    let again = try DeviceProfile(jsonBytes: Array(profile.jsonText().utf8), file: "fitted.json")
    #expect(again == profile)
    #expect(abs(again.latency.prepared_s - 0.023) < 0.0005)
    #expect(profile.description.contains("Fitted by hapt fit"))
    #expect(profile.description.contains("calibration.ahap"))
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
    #expect(fit.profile?.resonance_Hz.map { abs($0 - 170.005) < 0.01 } == true)
    // Gain and latency are still fitted.
    #expect(fit.values.first { $0.key == "engineLatency_s" }?.isFitted == true)
    #expect(fit.profile?.description.contains("kept from iphone-wideband-lra") == true)
    #expect(fit.succeeded, "\(fit.problems)")
  }

  /// The shipped profiles with an LRA, whatever `Corpora/devices` holds when the tests run.
  static let shippedLRAs: [String] = {
    let folder = corpora.appendingPathComponent("devices")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
      guard let device = try? DeviceProfile(contentsOf: folder.appendingPathComponent(file).path),
        device.actuator.typeName == "lra"
      else { return nil }
      return device.name
    }
  }()

  /// `device` with its resonance times `resonance`, mechanical Q times `quality` and the
  /// prepared latency `latency_s`.
  static func modified(
    _ device: DeviceProfile, resonance: Double, quality: Double, latency_s: Double
  )
    -> DeviceProfile
  {
    var out = device
    guard case .lra(var p) = device.actuator else { return device }
    let q = p.mechanicalQ * quality
    p.stiffness_N_per_m = p.movingMass_kg * pow(2 * Double.pi * p.resonance_Hz * resonance, 2)
    p.damping_Ns_per_m = (p.stiffness_N_per_m * p.movingMass_kg).squareRoot() / q
    out.actuator = .lra(p)
    out.latency.prepared_s = latency_s
    return out
  }

  /// A recording of the calibration pattern on each shipped LRA profile (as shipped, and
  /// with its resonance 7 % lower, Q x1.3, gain x0.8, latency 23 ms), fitted from the
  /// default starts (what `hapt fit` does without a start), recovers the resonance within
  /// 1 % and succeeds. (Before the search tried several starts, a recording of
  /// android-lra-235 fitted from iphone-wideband-lra gave Q 1.8e6 and 18.75 JND.)
  @Test(arguments: shippedLRAs, [false, true])
  func calibrationOfEveryShippedLRAIsRecoveredFromTheDefaultStart(_ name: String, _ shifted: Bool) throws {
    let shipped = try DeviceProfile(contentsOf: Self.corpora.appendingPathComponent("devices/\(name).json").path)
    let truth =
      shifted ? Self.modified(shipped, resonance: 0.93, quality: 1.3, latency_s: 0.023) : shipped
    let pattern = try PatternFile.load(path: Self.calibrationPath).pattern
    let (signal, path) = try Self.recording(
      pattern, on: truth, gain: shifted ? 0.8 : 1, name: "every-\(name)-\(shifted)")
    let starts = try DeviceFit.defaultStarts()
    let fit = try DeviceFit.fit(
      try Self.prepare(signal, path: path, start: starts[0], pattern: pattern), pattern: pattern,
      patternPath: Self.calibrationPath, starts: starts, state: .prepared, name: "fitted")
    let expected = try #require(truth.resonance_Hz)
    let resonance = try #require(fit.values.first { $0.key == "resonance_Hz" })
    #expect(resonance.isFitted)
    #expect(abs(resonance.value / expected - 1) < 0.01, "\(name): \(fit.values), start \(fit.start.name)")
    #expect(fit.succeeded, "\(name): \(fit.problems), d' \(fit.dPrime_JND)")
    // Unshifted, the best start is the profile itself. Shifted 7 % down, a neighbouring
    // class can be the better start (measured: the shifted iphone-wideband-lra starts best
    // from iphone-8-taptic, the shifted iphone-8-taptic from iphone-wideband-lra); the
    // resonance is recovered and the fit succeeds either way.
    if !shifted { #expect(fit.start.name == name) }
    #expect(fit.startsTried.count == starts.count)
  }

  /// A 4 s recording that is no response to the pattern (white noise; a 60 Hz sine) fails:
  /// problems, not a profile that pretends.
  @Test(arguments: ["noise", "sine"])
  func anUnfittableRecordingFails(_ kind: String) throws {
    let pattern = try PatternFile.load(path: Self.calibrationPath).pattern
    let fs = 8000.0
    var random = SplitMix64(seed: 0x5EED)
    let samples: [Double] = (0..<32_000).map { n in
      kind == "noise" ? 0.05 * random.nextGaussian() : 0.3 * sin(2 * Double.pi * 60 * Double(n) / fs)
    }
    let starts = try DeviceFit.defaultStarts()
    let fit = try DeviceFit.fit(
      try Self.prepare(
        Signal(samples: samples, sampleRate_Hz: fs), path: "\(kind).wav", start: starts[0], pattern: pattern),
      pattern: pattern, patternPath: Self.calibrationPath, starts: starts, state: .prepared, name: "bad")
    #expect(!fit.succeeded)
    #expect(!fit.problems.isEmpty)
    #expect(fit.problems.allSatisfy { !$0.description.contains("--") }, "\(fit.problems)")
  }

  /// The verdict's rules, one by one.
  @Test func problemsNameTheResidualRangesAndUncertainties() {
    func value(_ key: String, _ v: Double, _ u: Double?) -> DeviceFit.Value {
      DeviceFit.Value(key: key, start: v, value: v, uncertainty: u, isFitted: true)
    }
    let good = [
      value("resonance_Hz", 170, 0.1), value("qualityFactor", 3.7, 0.02), value("gain", 0.8, 0.002),
      value("engineLatency_s", 0.01, 1e-6),
    ]
    #expect(DeviceFit.problems(values: good, dPrime: 0.2, sampleRate_Hz: 8000).isEmpty)
    #expect(
      DeviceFit.problems(values: good, dPrime: 1.2, sampleRate_Hz: 8000) == [
        .residual(dPrime_JND: 1.2, limit_JND: 1)
      ])
    var bad = good
    bad[1] = value("qualityFactor", 1_848_380, 7.5e11)
    bad[2] = value("gain", 0.8, 0.9)
    let problems = DeviceFit.problems(values: bad, dPrime: 0.5, sampleRate_Hz: 8000)
    #expect(problems.count == 2, "\(problems)")
    #expect(problems.first?.description.contains("qualityFactor 1850000 is outside the physical range") == true)
    #expect(problems.last?.description.contains("gain 0.8 is not determined (uncertainty +- 0.9") == true)
    // A latency of 0 with a sub-sample uncertainty is determined; a kept value is not judged.
    var zero = good
    zero[3] = value("engineLatency_s", 0, 1e-5)
    zero[0] = DeviceFit.Value(key: "resonance_Hz", start: 170, value: 170, uncertainty: nil, isFitted: false)
    #expect(DeviceFit.problems(values: zero, dPrime: 0, sampleRate_Hz: 8000).isEmpty)
  }

  /// Bad recordings: one line naming the file, exit 65. "out of range": samples near 1e38
  /// (issue 24 item 8) were fitted and reported a body mass of -0.002 kg.
  @Test(arguments: ["silent", "short", "clipped", "out of range"])
  func badRecordingIsRefused(_ kind: String) throws {
    let start = try Self.start()
    let pattern = try PatternFile.load(path: Self.calibrationPath).pattern
    let fs = 8000.0
    let samples: [Double]
    switch kind {
    case "silent": samples = [Double](repeating: 0, count: 8000)
    case "short": samples = (0..<40).map { 0.5 * sin(2 * Double.pi * 170 * Double($0) / fs) }
    case "out of range": samples = (0..<8000).map { 1e38 * sin(2 * Double.pi * 170 * Double($0) / fs + 0.3) }
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
        "out of range": "the recording's samples are not acceleration in g",
      ]
      #expect(!error.description.contains("body mass"))
      #expect(error.description.contains(expected[kind]!), "\(error.description)")
    }
  }

  /// A clean sine at 192 kHz holds its peak for at most a sample or two: not clipping.
  @Test func aSineIsNotClipping() {
    let samples = (0..<192_000).map { 0.9 * sin(2 * Double.pi * 150 * Double($0) / 192_000 + 0.3) }
    #expect(FitRecording.clipping(samples) == nil)
  }
}
