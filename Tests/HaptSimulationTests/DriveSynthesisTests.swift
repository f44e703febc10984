import Foundation
import HaptCore
import HaptPatterns
import HaptFormats
import Testing

@testable import HaptSimulation

@Suite struct DriveSynthesisTests {
  static let iphone = try! Fixtures.shippedProfile("iphone-wideband-lra")
  static let android = try! Fixtures.shippedProfile("android-lra-235")

  /// A pattern exercising every rule: transients at several sharpnesses, a continuous
  /// event with attack, decay and release, a sharpness curve (frequency changing every
  /// sample), intensity steps, and overlapping events that clip.
  static let busy = HapticPattern(
    events: [
      .transient(at: 0, intensity: 1, sharpness: 0.3),
      .continuous(
        at: 0.05, duration_s: 0.5, intensity: 0.8, sharpness: 0.4, attackTime: 0.1, releaseTime: 0.2),
      .continuous(
        at: 0.6, duration_s: 0.3, intensity: 0.9, sharpness: 0.7, attackTime: 0.05, decayTime: 0.5,
        isSustained: false),
      .transient(at: 0.2, intensity: 0.7, sharpness: 1),
      .transient(at: 0.2003, intensity: 1, sharpness: 0.9),
      .transient(at: 0.95, intensity: 0.5, sharpness: 0),
    ],
    parameterSteps: [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.3, value: 0.6)],
    parameterCurves: [
      ParameterCurve(
        parameterID: .hapticSharpnessControl, time_s: 0.1,
        controlPoints: [
          .init(time_s: 0, value: 0), .init(time_s: 0.3, value: 0.5), .init(time_s: 0.7, value: -0.4),
        ])
    ])

  /// Long plain events: exercise the constant-amplitude and per-sample-amplitude fast
  /// paths (whole 512-sample chunks with constant controls, inside and outside the sustain).
  static let plain = HapticPattern(
    events: [
      .continuous(at: 0, duration_s: 0.6, intensity: 0.9, sharpness: 0.35, attackTime: 0.2, releaseTime: 0.3),
      .continuous(at: 0.7, duration_s: 0.5, intensity: 0.6, sharpness: 0.8),
      .transient(at: 0.3, intensity: 1, sharpness: 0.2),
    ],
    parameterSteps: [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.9, value: 0.5)],
    parameterCurves: [
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 1.0,
        controlPoints: [.init(time_s: 0, value: 0.5), .init(time_s: 0.15, value: 1)])
    ])

  @Test(arguments: ["iphone-wideband-lra", "android-lra-235"], [true, false])
  func fastDriveAgreesWithNaiveReference(_ name: String, busy: Bool) throws {
    let device = try Fixtures.shippedProfile(name)
    let pattern = busy ? Self.busy : Self.plain
    let rendering = Renderer(device: device).render(pattern, options: .init(), closedLoopBrakes: false)
    let reference = ReferenceDrive.drive(
      pattern, device: device, latency_s: rendering.latency_s, count: rendering.drive_V.count)
    var worst = 0.0
    for (a, b) in zip(rendering.drive_V.samples, reference) { worst = max(worst, abs(a - b)) }
    #expect(worst < 1e-9, "largest difference \(worst) V")
    #expect(rendering.drive_V.samples.contains { $0 != 0 })
  }

  /// Seeded random patterns through every path of the synthesizer (fast, middle and
  /// per-sample chunks, overdrive windows, brakes, events before the render's start,
  /// control steps and curves, renders cut short) against the naive reference.
  @Test(arguments: ["iphone-wideband-lra", "android-lra-235"], [UInt64(1), 2, 3, 4, 5, 6])
  func randomPatternsAgreeWithNaiveReference(_ name: String, seed: UInt64) throws {
    let device = try Fixtures.shippedProfile(name)
    var random = SplitMix64(seed: seed &* 7919)
    func unit() -> Double { random.nextUnit() }
    var pattern = HapticPattern()
    for _ in 0..<(1 + Int(random.next() % 6)) {
      let time_s = unit() * 1.2 - 0.05
      if random.next() % 3 == 0 {
        pattern.events.append(.transient(at: time_s, intensity: unit(), sharpness: unit()))
      } else {
        pattern.events.append(
          .continuous(
            at: time_s, duration_s: 0.01 + unit() * 0.8, intensity: unit(), sharpness: unit(),
            attackTime: unit() * 0.5, decayTime: unit(), releaseTime: unit() * 0.5,
            isSustained: random.next() % 4 != 0))
      }
    }
    for _ in 0..<Int(random.next() % 3) {
      let id: DynamicParameterID = random.next() % 2 == 0 ? .hapticIntensityControl : .hapticSharpnessControl
      pattern.parameterSteps.append(ParameterStep(parameterID: id, time_s: unit(), value: unit() * 2 - 1))
    }
    for _ in 0..<Int(random.next() % 3) {
      let id: DynamicParameterID = random.next() % 2 == 0 ? .hapticIntensityControl : .hapticSharpnessControl
      var t = 0.0
      var points: [ParameterCurve.ControlPoint] = []
      for _ in 0..<(2 + Int(random.next() % 5)) {
        points.append(.init(time_s: t, value: id == .hapticIntensityControl ? unit() : unit() - 0.5))
        t += unit() * 0.3
      }
      pattern.parameterCurves.append(ParameterCurve(parameterID: id, time_s: unit() * 0.8, controlPoints: points))
    }
    let lowPower = seed % 2 == 0
    let options = RenderOptions(
      condition: lowPower ? .lowPower : .normal, maxDuration_s: seed % 3 == 0 ? 0.4 : 30)
    let rendering = Renderer(device: device).render(pattern, options: options, closedLoopBrakes: false)
    let reference = ReferenceDrive.drive(
      pattern, device: device, latency_s: rendering.latency_s, count: rendering.drive_V.count,
      intensityScale: lowPower ? device.drive.lowPowerIntensityScale : 1)
    var worst = 0.0
    for (a, b) in zip(rendering.drive_V.samples, reference) { worst = max(worst, abs(a - b)) }
    #expect(worst < 1e-9, "largest difference \(worst) V")
  }

  @Test func lowPowerScalesIntensity() throws {
    let device = Self.android
    let rendering = Renderer(device: device).render(
      Self.busy, options: .init(condition: .lowPower), closedLoopBrakes: false)
    let reference = ReferenceDrive.drive(
      Self.busy, device: device, latency_s: rendering.latency_s, count: rendering.drive_V.count,
      intensityScale: device.drive.lowPowerIntensityScale)
    for (a, b) in zip(rendering.drive_V.samples, reference) { #expect(abs(a - b) < 1e-9) }
  }

  /// The oscillator's rotation recurrences against per-sample sin of the same accumulated
  /// phase over 150000 samples: a constant frequency, occasional jumps, and a chirp whose
  /// step changes every sample (the small-turn path).
  @Test func oscillatorAgreesWithPerSampleSine() {
    var oscillator = PhaseOscillator()
    var phase = 0.0
    var worst = 0.0
    for n in 0..<150_000 {
      worst = max(worst, abs(oscillator.sine - sin(phase)))
      let frequency_Hz =
        n < 50_000
        ? 170.0 : n < 100_000 ? (n % 7000 < 10 ? Double(n % 13) * 10 + 80 : 229.0) : 80 + Double(n % 50_000) * 0.003
      let step = 2 * Double.pi * frequency_Hz / 8000
      oscillator.advance(by: step)
      phase += step
    }
    // Between anchors the rotation follows the exact sum of the steps, the accumulated
    // phase its rounded one: at phases near 1e5 rad (19 s of drive) each addition rounds
    // by up to 7e-12 rad, so the two may part by about 1e-10 before the next anchor.
    #expect(worst < 1e-9, "worst \(worst)")
  }

  /// The small-angle series against the C library over the range each is used on.
  @Test func rotationSeriesMatchTheLibrary() {
    var worst = 0.0
    for k in -1000...1000 {
      let x = Double(k) / 1000 * 0.5
      let (c, s) = PhaseOscillator.rotation(by: x)
      worst = max(worst, abs(c - cos(x)), abs(s - sin(x)))
      let small = x * PhaseOscillator.maxIncrementalChange / 0.5
      let (cs, ss) = PhaseOscillator.smallRotation(by: small)
      worst = max(worst, abs(cs - cos(small)), abs(ss - sin(small)))
    }
    #expect(worst <= 2.3e-16, "worst \(worst)")
  }

  /// A transient: `transientCycles / f` seconds from phase 0, amplitude Vrated I^gamma
  /// (a plain driver; the shipped iPhone profile equalises, tested below).
  @Test func transientSamplesFollowTheDiscreteConvention() throws {
    var device = Self.iphone
    device.drive.equalization = .none
    let pattern = HapticPattern(events: [.transient(at: 0.01, intensity: 0.5, sharpness: 0.5)])
    let rendering = Renderer(device: device).render(pattern)
    let f = 80 + 0.5 * 150.0
    let start = rendering.latency_s + 0.01
    let n0 = Int((start * 8000 - 1e-9).rounded(.up))
    let n1 = Int(((start + 2 / f) * 8000 - 1e-9).rounded(.up))
    let drive = rendering.drive_V.samples
    #expect(drive[..<n0].allSatisfy { $0 == 0 })
    #expect(drive[n0] == 0)  // sin(0)
    #expect(drive[n1...].allSatisfy { $0 == 0 })
    for n in n0..<n1 {
      #expect(abs(drive[n] - 1.25 * sin(2 * Double.pi * f * Double(n - n0) / 8000)) < 1e-12)
    }
    #expect(abs(rendering.driveEnd_s - Double(n1) / 8000) < 1e-12)
  }

  /// An equalising driver scales the transient by |a(fref)| / |a(f)| (here 0.2897 /
  /// 0.2473 g/V at 170 and 155 Hz), capped so that intensity 1 stays at maxVoltage_V; lower
  /// intensities scale from the capped intensity 1.
  @Test func equalizedTransientAmplitude() throws {
    let device = Self.iphone
    let pattern = HapticPattern(events: [.transient(at: 0.01, intensity: 0.5, sharpness: 0.5)])
    let drive = Renderer(device: device).render(pattern).drive_V.samples
    let factor = ReferenceDrive.bodyAcceleration(device, 170) / ReferenceDrive.bodyAcceleration(device, 155)
    #expect(abs(factor - 1.1714) < 1e-3)
    #expect(abs(drive.max()! - 1.25 * factor) < 0.01 * 1.25 * factor)
    // Intensity 1 at sharpness 0 (80 Hz) would need 18 V: the cap holds it at 4.2 V.
    let capped = Renderer(device: device).render(
      HapticPattern(events: [.transient(at: 0.01, intensity: 1, sharpness: 0)])
    ).drive_V.samples
    #expect(abs(capped.max()! - device.drive.maxVoltage_V) < 0.01)
    // Intensity 0.5 there would need 9 V, also above the cap: it gets half the capped
    // drive, not the cap itself (intensities never merge).
    let half = Renderer(device: device).render(
      HapticPattern(events: [.transient(at: 0.01, intensity: 0.5, sharpness: 0)])
    ).drive_V.samples
    #expect(abs(half.max()! - 0.5 * device.drive.maxVoltage_V) < 0.01)
  }

  /// Overdrive on the first half cycle and braking after the drive (android profile), as
  /// synthesised (open loop: ClosedLoopBrakeTests checks how the brake is cut).
  @Test func overdriveAndBraking() throws {
    let device = Self.android
    let pattern = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])
    let rendering = Renderer(device: device).render(pattern, options: .init(), closedLoopBrakes: false)
    let f = 200 + 0.5 * 70.0
    let n0 = Int((rendering.latency_s * 8000 - 1e-9).rounded(.up))
    let n1 = Int(((rendering.latency_s + 2 / f) * 8000 - 1e-9).rounded(.up))
    let nb = Int((1 * 8000 / f - 1e-9).rounded(.up))
    let drive = rendering.drive_V.samples
    let step = 2 * Double.pi * f / 8000
    for n in n0..<(n1 + nb) {
      let phase = Double(n - n0) * step
      let expected: Double
      if n >= n1 {
        expected = -2 * sin(phase)
      } else if phase < Double.pi {
        expected = 2.8 * sin(phase)
      } else {
        expected = 2 * sin(phase)
      }
      #expect(abs(drive[n] - expected) < 1e-9, "sample \(n)")
    }
    #expect(drive[(n1 + nb)...].allSatisfy { $0 == 0 })
    #expect(abs(rendering.driveEnd_s - Double(n1 + nb) / 8000) < 1e-12)
  }

  @Test func overlappingEventsAreClippedToMaxVoltage() throws {
    let device = Self.iphone
    let pattern = HapticPattern(events: [
      .continuous(at: 0, duration_s: 0.1, intensity: 1, sharpness: 0.5),
      .continuous(at: 0, duration_s: 0.1, intensity: 1, sharpness: 0.5),
    ])
    let drive = Renderer(device: device).render(pattern).drive_V.samples
    #expect(drive.max() == device.drive.maxVoltage_V)
    #expect(drive.min() == -device.drive.maxVoltage_V)
  }

  @Test func audioEventsAreNotRendered() throws {
    let pattern = HapticPattern(events: [
      HapticEvent(type: .audioContinuous, time_s: 0, duration_s: 0.2, intensity: 1, sharpness: 1)
    ])
    let rendering = Renderer(device: Self.iphone).render(pattern)
    #expect(rendering.drive_V.samples.allSatisfy { $0 == 0 })
    #expect(rendering.silenceReason?.description == "the pattern has no haptic events")
  }

  @Test func silenceReasonNamesAPatternThatDrivesNothing() throws {
    var silent = HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: 0.8, sharpness: 0.5)])
    silent.parameterSteps = [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0, value: 0)]
    #expect(
      Renderer(device: Self.iphone).render(silent).silenceReason?.description.contains("intensity is 0 throughout")
        == true)
    let felt = HapticPattern(events: [.transient(at: 0, intensity: 0.8, sharpness: 0.5)])
    #expect(Renderer(device: Self.iphone).render(felt).silenceReason == nil)
  }

  /// The ERM gets a DC drive: level A env, kick, reverse-voltage brake.
  @Test func ermDriveIsDirectCurrent() throws {
    let device = try Fixtures.shippedProfile("erm-phone")
    let pattern = HapticPattern(events: [.continuous(at: 0, duration_s: 0.1, intensity: 0.5, sharpness: 0)])
    let rendering = Renderer(device: device).render(pattern)
    let drive = rendering.drive_V.samples
    let n0 = Int((rendering.latency_s * 8000).rounded())
    #expect(drive[n0] == 3.3 * 0.5)  // overdrive kick
    #expect(drive[n0 + 100] == 1.5)
    let n1 = n0 + 800
    #expect(drive[n1] == -1.5)  // brake
    #expect(drive[n1 + 2 * 8000 / 150 + 1] == 0)
  }
}
