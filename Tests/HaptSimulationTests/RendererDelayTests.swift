import Foundation
import HaptCore
import HaptFormats
import HaptPatterns
import HaptSignals
import Testing

import HaptSimulation

/// ``Renderer/delayed(_:of:from:to:)`` against rendering: wherever it derives a later
/// state's render from the first one, the result is the render, bit for bit; where it
/// cannot be sure, it declines.
@Suite struct RendererDelayTests {
  /// The shipped library's AHAP files and a few patterns made for the edges (a tap at
  /// time 0, a long ramp under curves, taps past the end of a short render).
  static let patterns: [(name: String, pattern: HapticPattern)] = {
    let library = Fixtures.devicesFolder.deletingLastPathComponent().appendingPathComponent("library")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []
    let read = files.filter { $0.hasSuffix(".ahap") }.sorted().compactMap { file -> (String, HapticPattern)? in
      guard let data = FileManager.default.contents(atPath: library.appendingPathComponent(file).path),
        let pattern = try? AHAP.decode([UInt8](data), file: file).pattern
      else { return nil }
      return (file, pattern)
    }
    return read + [
      ("tap at 0", HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 1)])),
      ("curves", RendererTests.pattern),
      (
        "long ramp",
        HapticPattern(events: [
          .continuous(at: 0.01, duration_s: 1.5, intensity: 0.4, sharpness: 0.2, attackTime: 0.5, releaseTime: 0.4)
        ])
      ),
    ]
  }()

  /// Every shipped profile, cold from prepared and from a prepare lead: the derived
  /// render equals the render bit for bit (drive, acceleration, latency, drive end,
  /// silence, truncation, notes). On a profile with an actuator every pattern that is
  /// felt is derived (so the comparison is not vacuous).
  @Test(arguments: DeviceProfileTests.shippedNames)
  func derivedRenderIsTheRenderBitForBit(_ name: String) throws {
    let device = try Fixtures.shippedProfile(name)
    let renderer = Renderer(device: device)
    #expect(!Self.patterns.isEmpty)
    var derived = 0
    for (patternName, pattern) in Self.patterns {
      let prepared = RenderOptions(state: .prepared)
      let base = renderer.render(pattern, options: prepared)
      for later in [RenderOptions(state: .cold), RenderOptions(prepareLead_s: 0.1)] {
        let rendered = renderer.render(pattern, options: later)
        guard let (made, delay) = renderer.delayed(base, of: pattern, from: prepared, to: later) else {
          #expect(
            base.silenceReason != nil || !device.actuator.exists,
            "\(name), \(patternName): a felt render on a profile with an actuator should be derived")
          continue
        }
        derived += 1
        #expect(Self.bits(made.acceleration_g) == Self.bits(rendered.acceleration_g), "\(name), \(patternName)")
        #expect(Self.bits(made.drive_V) == Self.bits(rendered.drive_V), "\(name), \(patternName)")
        #expect(made.latency_s.bitPattern == rendered.latency_s.bitPattern)
        #expect(made.driveEnd_s.bitPattern == rendered.driveEnd_s.bitPattern, "\(name), \(patternName)")
        #expect(made.silenceReason == rendered.silenceReason)
        #expect(made.isTruncated == rendered.isTruncated)
        #expect(made.notes == rendered.notes)
        #expect(delay == rendered.acceleration_g.samples.count - base.acceleration_g.samples.count)
      }
    }
    if device.actuator.exists { #expect(derived > 0) }
  }

  /// It declines what it cannot be sure of: other render options, a render cut at the
  /// length limit, an event before time 0, a latency that moves by a fraction of a
  /// sample, a silent render, and an earlier state from a later one.
  @Test func declinesWhatIsNotAnExactShift() throws {
    let device = try Fixtures.shippedProfile("iphone-wideband-lra")
    let renderer = Renderer(device: device)
    let pattern = RendererTests.pattern
    let prepared = RenderOptions(state: .prepared)
    let base = renderer.render(pattern, options: prepared)
    #expect(renderer.delayed(base, of: pattern, from: prepared, to: RenderOptions(state: .cold)) != nil)
    // Another rate, loop count or tail is another render.
    #expect(renderer.delayed(base, of: pattern, from: prepared, to: RenderOptions(state: .cold, tail_s: 0.2)) == nil)
    #expect(renderer.delayed(base, of: pattern, from: prepared, to: RenderOptions(state: .cold, loopCount: 2)) == nil)
    // Cut at the limit: the later render would be cut elsewhere.
    let short = RenderOptions(state: .prepared, maxDuration_s: 0.05)
    let cut = renderer.render(pattern, options: short)
    #expect(cut.isTruncated)
    #expect(
      renderer.delayed(cut, of: pattern, from: short, to: RenderOptions(state: .cold, maxDuration_s: 0.05)) == nil)
    // An event before time 0 is cut at the render's start by a different amount.
    var early = pattern
    early.events.append(.transient(at: -0.002, intensity: 1, sharpness: 0.5))
    let earlyBase = renderer.render(early, options: prepared)
    #expect(renderer.delayed(earlyBase, of: early, from: prepared, to: RenderOptions(state: .cold)) == nil)
    // A latency that moves by a fraction of a sample.
    var fractional = device
    fractional.latency.cold_s = device.latency.prepared_s + 0.000_062_5 * 1.5
    let fractionalRenderer = Renderer(device: fractional)
    let fractionalBase = fractionalRenderer.render(pattern, options: prepared)
    #expect(
      fractionalRenderer.delayed(fractionalBase, of: pattern, from: prepared, to: RenderOptions(state: .cold)) == nil)
    // Silence is rendered, not derived.
    let silent = HapticPattern(events: [.transient(at: 0, intensity: 0, sharpness: 0.5)])
    let silentBase = renderer.render(silent, options: prepared)
    #expect(silentBase.silenceReason != nil)
    #expect(renderer.delayed(silentBase, of: silent, from: prepared, to: RenderOptions(state: .cold)) == nil)
    // A cold render does not give the prepared one.
    let cold = RenderOptions(state: .cold)
    let coldBase = renderer.render(pattern, options: cold)
    #expect(renderer.delayed(coldBase, of: pattern, from: cold, to: prepared) == nil)
  }

  static func bits(_ signal: Signal) -> [UInt64] {
    signal.samples.map(\.bitPattern) + [signal.sampleRate_Hz.bitPattern]
  }
}
