import Foundation
import HaptCore
import HaptPatterns
import HaptFormats
import Testing

import HaptSimulation

/// The decode of each hand-made MPEG-I Haptics fixture on the `ideal` profile, against the
/// signal its construct defines, written out here analytically (not taken from any
/// reference software).
@Suite struct MPEGSynthesisTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("HaptPatternsTests/MPEGFixtures")

  static func decoded(_ name: String, device: String = "ideal") throws -> (signal: [Double], rate: Double) {
    let path = folder.appendingPathComponent(name + ".hjif").path
    let pattern = try MPEGHaptics.decode(InputFile.read(path), file: path).haptics.pattern()
    let renderer = Renderer(device: try Fixtures.shippedProfile(device))
    let rendering = renderer.render(pattern)
    return (rendering.acceleration_g.samples, rendering.acceleration_g.sampleRate_Hz)
  }

  /// Largest |decoded - expected| over the render (expected 0 where it returns nil... or
  /// outside `0..<end_s`).
  static func maxError(_ name: String, end_s: Double, _ expected: (Double) -> Double) throws -> Double {
    let (x, fs) = try decoded(name)
    var worst = 0.0
    for (n, value) in x.enumerated() {
      let t = Double(n) / fs
      let want = t <= end_s + 1e-12 ? expected(t) : 0
      worst = max(worst, abs(value - want))
    }
    return worst
  }

  static func sine(_ f: Double, _ t: Double) -> Double { sin(2 * Double.pi * f * t) }

  @Test func idealProfileIsTheDecodedSignal() throws {
    let ideal = try Fixtures.shippedProfile("ideal")
    #expect(ideal.actuator == .ideal && !ideal.actuator.isPhysical)
    #expect(ideal.sampleRate_Hz == 8000 && ideal.drive.ratedVoltage_V == 1 && ideal.drive.maxVoltage_V == 1)
    #expect(ideal.latency.prepared_s == 0 && ideal.latency.cold_s == 0)
    #expect(try MPEGSynthesisTests.maxError("sine-constant", end_s: 0.2) { 0.8 * Self.sine(100, $0) } < 1e-9)
  }

  @Test func chirpPhaseIsTheIntegralOfALinearFrequency() throws {
    // f(t) = 60 + 600 t Hz over 0.3 s: phase 2 pi (60 t + 300 t^2).
    let error = try Self.maxError("chirp", end_s: 0.3) { t in 0.7 * sin(2 * Double.pi * (60 * t + 300 * t * t)) }
    #expect(error < 1e-9)
  }

  @Test func amplitudeRampsAreLinearBetweenKeyframes() throws {
    let error = try Self.maxError("amplitude-ramp", end_s: 0.3) { t in
      let a = t < 0.1 ? t / 0.1 : (t < 0.25 ? 1 : (0.3 - t) / 0.05)
      return a * Self.sine(150, t)
    }
    #expect(error < 1e-9)
  }

  @Test func positionAndPhaseShiftTheCarrier() throws {
    let error = try Self.maxError("phase-position", end_s: 0.15) { t in
      t < 0.05 ? 0 : 0.6 * sin(2 * Double.pi * 120 * (t - 0.05) + 1.5707963)
    }
    #expect(error < 1e-9)
  }

  /// The base signals after x cycles, written out piecewise.
  static func shape(_ name: String, _ x: Double) -> Double {
    let p = x.truncatingRemainder(dividingBy: 1)
    switch name {
    case "base-square": return p < 0.5 ? 1 : -1
    case "base-triangle": return p < 0.25 ? 4 * p : (p < 0.75 ? 2 - 4 * p : 4 * p - 4)
    case "base-sawtoothup": return p < 0.5 ? 2 * p : 2 * p - 2
    default: return p < 0.5 ? -2 * p : 2 - 2 * p
    }
  }

  @Test(arguments: ["base-square", "base-triangle", "base-sawtoothup", "base-sawtoothdown"])
  func baseSignalsFollowTheirShapes(name: String) throws {
    let (x, fs) = try Self.decoded(name)
    var worst = 0.0
    // Skip samples within 1e-6 cycles of a jump, where rounding decides the side.
    for n in 0...800 {
      let cycles = 50 * Double(n) / fs
      let fraction = cycles - cycles.rounded(.down)
      if min(abs(fraction), abs(fraction - 0.5), abs(fraction - 1)) < 1e-6 && name != "base-triangle" { continue }
      worst = max(worst, abs(x[n] - 0.5 * Self.shape(name, cycles)))
    }
    #expect(worst < 1e-9)
  }

  @Test func transientsPlayTwoCyclesOfTheirFrequency() throws {
    let f0 = 2 / 0.022
    let defaults = try Self.maxError("transient-default", end_s: 1) { t in
      (t <= 0.022 ? Self.sine(f0, t) : 0) + (t >= 0.1 && t <= 0.122 ? 0.5 * Self.sine(f0, t - 0.1) : 0)
    }
    #expect(defaults < 1e-9)
    let given = try Self.maxError("transient-frequency", end_s: 1) { t in
      (t >= 0.02 && t <= 0.042 ? 0.9 * Self.sine(f0, t - 0.02) : 0)
        + (t >= 0.1 && t <= 0.11 ? 0.4 * Self.sine(200, t - 0.1) : 0)
    }
    #expect(given < 1e-9)
  }

  @Test func linearAndCubicCurvesJoinTheirKeyframes() throws {
    let xs = [0.0, 0.04, 0.1, 0.16, 0.2]
    let ys = [0.0, 0.9, 0.3, 0.6, 0.0]
    func segment(_ t: Double) -> Int { min(max(xs.lastIndex { $0 <= t } ?? 0, 0), 3) }
    let linear = try Self.maxError("curve-linear", end_s: 0.2) { t in
      let i = segment(t)
      return ys[i] + (ys[i + 1] - ys[i]) * (t - xs[i]) / (xs[i + 1] - xs[i])
    }
    #expect(linear < 1e-9)
    let cubic = try Self.maxError("curve-cubic", end_s: 0.2) { t in
      let i = segment(t)
      let s = (t - xs[i]) / (xs[i + 1] - xs[i])
      return ys[i] + (ys[i + 1] - ys[i]) * (3 * s * s - 2 * s * s * s)
    }
    #expect(cubic < 1e-9)
    // A curve at 100 ms plays there (the reference software's output is silent).
    let offset = try Self.maxError("curve-offset", end_s: 0.2) { t in
      t < 0.1 ? 0 : (t < 0.15 ? (t - 0.1) / 0.05 : (0.2 - t) / 0.05)
    }
    #expect(offset < 1e-9)
  }

  @Test func smoothCurvesPassThroughTheirKeyframesWithinRange() throws {
    for name in ["curve-akima", "curve-bezier", "curve-bspline"] {
      let (x, _) = try Self.decoded(name)
      #expect(abs(x[0]) < 1e-9 && abs(x[1600]) < 1e-9, "\(name) starts and ends at 0")
      #expect(x.allSatisfy { abs($0) <= 1 }, "\(name) stays within full scale")
      #expect((x.max() ?? 0) > 0.3, "\(name) rises")
    }
    // Akima passes through every keyframe.
    let (akima, _) = try Self.decoded("curve-akima")
    for (n, y) in [(320, 0.9), (800, 0.3), (1280, 0.6)] { #expect(abs(akima[n] - y) < 1e-9) }
    // The quadratic Bezier's middle on-curve point is keyframe 2 (0.3 at 100 ms).
    let (bezier, _) = try Self.decoded("curve-bezier")
    #expect(abs(bezier[800] - 0.3) < 1e-9)
  }

  @Test func referencesCompositesAndChannelsMix() throws {
    let library = try Self.maxError("reference-library", end_s: 0.21) { t in
      (t <= 0.06 ? 0.9 * Self.sine(170, t) : 0) + (t >= 0.15 ? 0.9 * Self.sine(170, t - 0.15) : 0)
    }
    #expect(library < 1e-9)
    let composite = try Self.maxError("composite", end_s: 0.22) { t in
      (t >= 0.1 && t <= 0.15 ? 0.5 * Self.sine(90, t - 0.1) : 0)
        + (t >= 0.18 ? 0.8 * Self.sine(200, t - 0.18) : 0)
    }
    #expect(composite < 1e-9)
    // Channel 0 (gain 1) and channel 1 (gain 0.5), each with mixing coefficient 0.5.
    let mixed = try Self.maxError("two-channels", end_s: 0.15) { t in
      0.5 * (t <= 0.1 ? 0.8 * Self.sine(100, t) : 0) + 0.5 * 0.5 * (t >= 0.05 ? Self.sine(200, t - 0.05) : 0)
    }
    #expect(mixed < 1e-9)
    // The Force perception is not rendered.
    let vibrotactileOnly = try Self.maxError("two-perceptions", end_s: 0.1) { 0.6 * Self.sine(170, $0) }
    #expect(vibrotactileOnly < 1e-9)
  }

  @Test func physicalDevicesClampTheCarrierToTheirDriveBand() throws {
    // base-square is 50 Hz, below the default device's 80-230 Hz band: its drive repeats
    // every 1/80 s (100 samples at 8 kHz), not every 1/50 s.
    let device = try Fixtures.shippedProfile("iphone-wideband-lra")
    let renderer = Renderer(device: device)
    let path = Self.folder.appendingPathComponent("base-square.hjif").path
    let pattern = try MPEGHaptics.decode(InputFile.read(path), file: path).haptics.pattern()
    let drive = renderer.render(pattern).drive_V.samples
    let start = Int((device.latency.prepared_s * device.sampleRate_Hz).rounded())
    let first = Array(drive[(start + 10)..<(start + 40)])
    let period = Array(drive[(start + 110)..<(start + 140)])
    for (a, b) in zip(first, period) { #expect(abs(a - b) < 1e-9) }
    #expect((drive.map(abs).max() ?? 0) <= device.drive.maxVoltage_V + 1e-12)
    #expect((drive.map(abs).max() ?? 0) > 0.5 * device.drive.ratedVoltage_V)
  }

  @Test func driversOverdriveAndBrakeMPEGEffectsLikeEvents() throws {
    // transient-default on android-lra-235: the 90.9 Hz default clamps to the 200-270 Hz
    // band, 2 cycles of 200 Hz (40 samples each at 8 kHz) after the 10 ms latency; the first
    // half cycle at the 2.8 V overdrive, the rest at 2.0 V, then one brake cycle reversed.
    let device = try Fixtures.shippedProfile("android-lra-235")
    let path = Self.folder.appendingPathComponent("transient-default.hjif").path
    let pattern = try MPEGHaptics.decode(InputFile.read(path), file: path).haptics.pattern()
    let drive = Renderer(device: device).render(pattern).drive_V.samples
    let onset = 80
    #expect(abs(drive[onset + 10] - 2.8) < 1e-9)
    #expect(abs(drive[onset + 50] - 2.0) < 1e-9)
    #expect(abs(drive[onset + 90] + 2.0) < 1e-9)
    #expect(drive[(onset + 121)..<(onset + 800)].allSatisfy { $0 == 0 })
  }

  @Test func aTransientWithoutAmplitudeRendersNothingAndEnds() throws {
    let text = """
      {"version": "2023", "profile": "Simple Parametric", "level": 1, "date": "2026-01-01", "description": "t",
       "timescale": 1000, "avatars": [], "perceptions": [{"id": 0, "perception_modality": "Vibrotactile",
       "description": "p", "avatar_id": 1, "effect_library": [], "channels": [{"id": 0, "description": "c",
       "gain": 1, "mixing_coefficient": 1, "bands": [{"band_type": "Transient", "lower_frequency_limit": 0,
       "upper_frequency_limit": 1000, "effects": [{"effect_type": "Basis", "position": 0,
       "keyframes": [{"relative_position": 0, "frequency_modulation": 100}, {"relative_position": 50,
       "amplitude_modulation": 0.5, "frequency_modulation": 100}]}]}]}]}]}
      """
    let (haptics, findings) = try MPEGHaptics.decode(text, file: "t.hjif")
    #expect(findings.contains { $0.ruleID == "MPG008" })
    let x = Renderer(device: try Fixtures.shippedProfile("ideal")).render(haptics.pattern()).acceleration_g.samples
    #expect(x[0..<400].allSatisfy { $0 == 0 })
    #expect(abs(x[400 + 20] - 0.5) < 1e-9)  // a quarter cycle of 100 Hz after 50 ms
  }
}
