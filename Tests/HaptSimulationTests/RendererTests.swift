import Foundation
import HaptCore
import HaptPatterns
import HaptFormats
import Testing

import HaptSimulation

@Suite struct RendererTests {
  static let iphone = try! Fixtures.shippedProfile("iphone-wideband-lra")
  static let pattern = HapticPattern(
    events: [
      .transient(at: 0, intensity: 1, sharpness: 0.4),
      .continuous(
        at: 0.03, duration_s: 0.12, intensity: 0.7, sharpness: 0.6, attackTime: 0.2, releaseTime: 0.3),
    ],
    parameterCurves: [
      ParameterCurve(
        parameterID: .hapticSharpnessControl, time_s: 0.05,
        controlPoints: [.init(time_s: 0, value: 0), .init(time_s: 0.1, value: 0.3)])
    ])

  /// The cold render is the prepared render delayed by exactly cold_s - prepared_s:
  /// compared sample array against sample array, bit for bit.
  @Test(arguments: ["iphone-wideband-lra", "android-lra-235", "erm-phone"])
  func coldRenderIsPreparedRenderDelayed(_ name: String) throws {
    let device = try Fixtures.shippedProfile(name)
    let renderer = Renderer(device: device)
    let prepared = renderer.render(Self.pattern, options: .init(state: .prepared))
    let cold = renderer.render(Self.pattern, options: .init(state: .cold))
    let shift = Int(((device.latency.cold_s - device.latency.prepared_s) * device.sampleRate_Hz).rounded())
    #expect(cold.latency_s - prepared.latency_s == device.latency.cold_s - device.latency.prepared_s)
    #expect(cold.drive_V.count == prepared.drive_V.count + shift)
    #expect(cold.drive_V.samples[..<shift].allSatisfy { $0 == 0 })
    #expect(Array(cold.drive_V.samples[shift...]) == prepared.drive_V.samples)
    #expect(cold.acceleration_g.samples[..<shift].allSatisfy { $0 == 0 })
    #expect(Array(cold.acceleration_g.samples[shift...]) == prepared.acceleration_g.samples)
    #expect(prepared.acceleration_g.samples.contains { $0 != 0 })
  }

  /// An odd whole-sample latency difference (1 sample) is also an exact shift.
  @Test func oddSampleShiftIsExact() throws {
    var device = Self.iphone
    device.latency.cold_s = 0.010125  // 81 samples against 80
    let renderer = Renderer(device: device)
    let prepared = renderer.render(Self.pattern, options: .init(state: .prepared))
    let cold = renderer.render(Self.pattern, options: .init(state: .cold))
    #expect(cold.acceleration_g.samples.first == 0)
    #expect(Array(cold.acceleration_g.samples.dropFirst()) == prepared.acceleration_g.samples)
    #expect(Array(cold.drive_V.samples.dropFirst()) == prepared.drive_V.samples)
  }

  /// Docs/Model.md §4: lead >= prepareLead: prepared; 0 < lead < prepareLead: cold - lead
  /// floored at prepared; lead > prepareTimeout: cold again; lead <= 0: cold.
  @Test(arguments: [
    (0.0, 0.2), (0.05, 0.15), (0.1, 0.1), (0.185, 0.015), (0.19, 0.01), (0.195, 0.01), (1, 0.01),
    (5, 0.01), (5.001, 0.2), (60, 0.2), (-1, 0.2),
  ])
  func prepareLeadInterpolatesLatency(_ lead: Double, _ expected: Double) {
    let latency = Self.iphone.latency.latency_s(state: .prepared, prepareLead: lead)
    #expect(abs(latency - expected) < 1e-12, "lead \(lead): \(latency)")
    let rendering = Renderer(device: Self.iphone).render(
      Self.pattern, options: .init(state: .cold, prepareLead_s: lead))
    #expect(abs(rendering.latency_s - expected) < 1e-12)
  }

  @Test func floorAtPreparedLatency() {
    // A profile whose prepareLead is longer than cold - prepared: the floor applies.
    var latency = Self.iphone.latency
    latency.prepareLead_s = 0.5
    #expect(latency.latency_s(state: .cold, prepareLead: 0.3) == latency.prepared_s)
    #expect(abs(latency.latency_s(state: .cold, prepareLead: 0.1) - 0.1) < 1e-12)
  }

  /// The drive of a render with an intermediate prepare lead starts where the latency says.
  @Test func intermediateLeadShiftsTheOnset() throws {
    let renderer = Renderer(device: Self.iphone)
    let rendering = renderer.render(Self.pattern, options: .init(prepareLead_s: 0.1))
    let first = try #require(rendering.drive_V.samples.firstIndex { $0 != 0 })
    // The transient starts at sample ceil(0.1 * 8000) = 800 with sin(0) = 0; 801 is the first nonzero.
    #expect(first == 801)
  }

  @Test func emptyActuatorRendersExactZerosAndSaysWhy() throws {
    let tablet = try Fixtures.shippedProfile("tablet-none")
    let rendering = Renderer(device: tablet).render(Self.pattern)
    #expect(rendering.silenceReason?.description == "device has no actuator")
    #expect(rendering.acceleration_g.count > 0)
    #expect(rendering.acceleration_g.samples.allSatisfy { $0 == 0 })
    #expect(rendering.drive_V.samples.allSatisfy { $0 == 0 })
  }

  @Test(arguments: ["iphone-wideband-lra", "erm-phone"])
  func hapticsOffRendersExactZerosAndSaysWhy(_ name: String) throws {
    let rendering = Renderer(device: try Fixtures.shippedProfile(name)).render(
      Self.pattern, options: .init(condition: .hapticsOff))
    #expect(rendering.silenceReason?.description == "haptics off")
    #expect(rendering.acceleration_g.samples.allSatisfy { $0 == 0 })
    #expect(rendering.drive_V.samples.allSatisfy { $0 == 0 })
  }

  @Test func renderCoversLatencyDurationAndTail() {
    let rendering = Renderer(device: Self.iphone).render(Self.pattern, options: .init(tail_s: 0.1))
    // 0.01 + 0.15 + 0.1 s at 8 kHz
    #expect(rendering.acceleration_g.count == 80 + 1200 + 800)
    #expect(rendering.acceleration_g.sampleRate_Hz == 8000)
  }

  @Test func playbackRateAndLoopsScaleTheLength() {
    let renderer = Renderer(device: Self.iphone)
    let base = renderer.render(Self.pattern, options: .init(tail_s: 0))
    let fast = renderer.render(Self.pattern, options: .init(playbackRate: 2, tail_s: 0))
    let looped = renderer.render(Self.pattern, options: .init(loopCount: 3, tail_s: 0))
    #expect(fast.acceleration_g.count == 80 + 600)
    #expect(looped.acceleration_g.count == 80 + 3 * (base.acceleration_g.count - 80))
  }

  @Test func tooLongRenderFailsCleanlyOrTruncates() throws {
    let long = HapticPattern(events: [.continuous(at: 0, duration_s: 700, intensity: 1, sharpness: 0.5)])
    let renderer = Renderer(device: Self.iphone)
    #expect(throws: InputError.self) { try renderer.renderChecked(long) }
    do {
      _ = try renderer.renderChecked(long)
    } catch let error as InputError {
      #expect(error.description.contains("over the limit of 600 s"))
      #expect(error.isBadData)
    }
    // The limit is configurable both ways.
    #expect(throws: InputError.self) {
      try renderer.renderChecked(Self.pattern, options: .init(maxDuration_s: 0.05))
    }
    #expect(
      try renderer.renderChecked(Self.pattern, options: .init(maxDuration_s: 1)).acceleration_g.count > 0)
  }

  @Test func nonThrowingRenderTruncatesAtTheLimit() {
    let long = HapticPattern(events: [.continuous(at: 0, duration_s: 700, intensity: 1, sharpness: 0.5)])
    let rendering = Renderer(device: Self.iphone).render(long, options: .init(maxDuration_s: 0.5))
    #expect(rendering.isTruncated)
    #expect(rendering.acceleration_g.count == 4000)
  }

  @Test(arguments: [
    RenderOptions(playbackRate: 3), RenderOptions(playbackRate: .nan), RenderOptions(loopCount: 0),
    RenderOptions(loopCount: 10_001), RenderOptions(tail_s: -1), RenderOptions(prepareLead_s: .infinity),
  ])
  func invalidOptionsAreRefused(_ options: RenderOptions) {
    #expect(throws: InputError.self) {
      try Renderer(device: Self.iphone).renderChecked(Self.pattern, options: options)
    }
  }

  /// Profiles built in code are not validated: the renderer must not trap on them.
  @Test func unvalidatedProfilesDoNotTrap() {
    var broken = Self.iphone
    broken.sampleRate_Hz = .nan
    #expect(
      Renderer(device: broken).render(Self.pattern).silenceReason?.description
        == "device parameters cannot be simulated")
    broken = Self.iphone
    broken.latency.cold_s = 1e300
    #expect(
      Renderer(device: broken).render(Self.pattern, options: .init(state: .cold)).acceleration_g.count == 0)
    broken = Self.iphone
    broken.actuator = .lra(
      LRAParameters(
        movingMass_kg: 0, stiffness_N_per_m: 1, damping_Ns_per_m: 1, forceFactor_N_per_A: 1,
        resistance_ohm: 1,
        inductance_H: 1))
    let rendering = Renderer(device: broken).render(Self.pattern)
    #expect(rendering.acceleration_g.samples.allSatisfy { $0 == 0 })
    for value in [Double.nan, 0, -5, .infinity] {
      broken = try! Fixtures.shippedProfile("android-lra-235")
      broken.drive.fmin_Hz = value
      broken.drive.transientCycles = value
      _ = Renderer(device: broken).render(Self.pattern)
    }
  }

  @Test func renderingIsDeterministic() {
    let renderer = Renderer(device: Self.iphone)
    #expect(renderer.render(Self.pattern) == renderer.render(Self.pattern))
  }
}
