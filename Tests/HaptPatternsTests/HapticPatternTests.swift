import HaptCore
import Testing

import HaptPatterns
import HaptFormats

@Suite struct HapticPatternTests {
  @Test func durationCountsEventsStepsAndCurvesWithTransientsAsZeroLength() {
    var pattern = HapticPattern(events: [
      .transient(at: 0.9, intensity: 1, sharpness: 1),
      .continuous(at: 0.1, duration_s: 0.5, intensity: 1, sharpness: 0.5),
    ])
    #expect(pattern.duration_s == 0.9)
    pattern.parameterSteps.append(ParameterStep(parameterID: .hapticIntensityControl, time_s: 1.2, value: 1))
    #expect(pattern.duration_s == 1.2)
    pattern.parameterCurves.append(
      ParameterCurve(parameterID: .hapticSharpnessControl, time_s: 1, controlPoints: [.init(time_s: 0.5, value: 0)]))
    #expect(pattern.duration_s == 1.5)
    #expect(HapticPattern().duration_s == 0)
  }

  @Test func transientsHaveNoDuration() {
    let event = HapticEvent(type: .hapticTransient, time_s: 0, duration_s: 3)
    #expect(event.duration_s == 0)
    #expect(event.intensity == HapticEvent.Defaults.intensity)
    #expect(event.isSustained)
  }

  @Test func sustainedEnvelopeRampsUpHoldsAndReleases() {
    let event = HapticEvent.continuous(
      at: 0, duration_s: 1, intensity: 1, sharpness: 0.5, attackTime: 0.2, releaseTime: 0.4)
    #expect(event.envelope(atOffset: -0.01) == 0)
    #expect(event.envelope(atOffset: 0) == 0)
    #expect(abs(event.envelope(atOffset: 0.1) - 0.5) < 1e-12)
    #expect(event.envelope(atOffset: 0.2) == 1)
    #expect(event.envelope(atOffset: 0.6) == 1)
    #expect(abs(event.envelope(atOffset: 0.8) - 0.5) < 1e-12)
    #expect(event.envelope(atOffset: 1.0) == 0)
    #expect(event.envelope(atOffset: 2) == 0)
  }

  @Test func unsustainedEnvelopeDecaysAfterTheAttack() {
    let event = HapticEvent.continuous(
      at: 0, duration_s: 2, intensity: 1, sharpness: 0.5, attackTime: 0.1, decayTime: 0.5, isSustained: false)
    #expect(event.envelope(atOffset: 0.2) == 1)  // attack ends at 0.2 s
    #expect(abs(event.envelope(atOffset: 0.7) - 0.5) < 1e-12)  // decay over 1 s
    #expect(event.envelope(atOffset: 1.2) == 0)
    #expect(event.envelope(atOffset: 1.9) == 0)
    let abrupt = HapticEvent.continuous(at: 0, duration_s: 1, intensity: 1, sharpness: 0.5, isSustained: false)
    #expect(abrupt.envelope(atOffset: 0.5) == 0)
  }

  /// The plateau test the renderer relies on: where it holds the gain is exactly 1, and
  /// over increasing offsets it holds on one run (never true, false, true).
  @Test(arguments: [UInt64(1), 2, 3])
  func envelopePlateauIsOneRunWithGainExactlyOne(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let event = HapticEvent.continuous(
        at: 0, duration_s: 0.01 + random.nextUnit(), intensity: 1, sharpness: 0.5,
        attackTime: random.nextUnit() * 0.6, decayTime: random.nextUnit(), releaseTime: random.nextUnit() * 0.6,
        isSustained: random.next() % 4 != 0)
      let envelope = EventEnvelope(event)
      var runs = 0
      var previous = false
      for k in -10..<1200 {
        let offset = Double(k) / 1000
        let plateau = envelope.isOnPlateau(atOffset: offset)
        if plateau {
          #expect(envelope.gain(atOffset: offset) == 1)
          if !previous { runs += 1 }
        }
        #expect(envelope.gain(atOffset: offset) == event.envelope(atOffset: offset))
        previous = plateau
      }
      #expect(runs <= (event.isSustained ? 1 : 0))
    }
  }

  @Test func flatEnvelopeByDefault() {
    let event = HapticEvent.continuous(at: 0, duration_s: 0.3, intensity: 1, sharpness: 0.5)
    #expect(event.envelope(atOffset: 0) == 1)
    #expect(event.envelope(atOffset: 0.2999) == 1)
    #expect(event.envelope(atOffset: 0.3) == 0)
  }

  static let sample = HapticPattern(
    events: [
      .transient(at: 0, intensity: 1, sharpness: 0.5),
      .continuous(at: 0.1, duration_s: 0.4, intensity: 0.5, sharpness: 0.2),
    ],
    parameterSteps: [ParameterStep(parameterID: .hapticSharpnessControl, time_s: 0.2, value: 0.3)],
    parameterCurves: [
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0.1,
        controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 0.4, value: 0)])
    ])

  @Test func loopingOnceWithoutLoopEndIsTheIdentity() {
    #expect(Self.sample.looped(count: 1) == Self.sample)
    #expect(Self.sample.looped(count: 0) == Self.sample)
  }

  @Test func loopingRepeatsAtThePatternDurationAndResetsControls() {
    let looped = Self.sample.looped(count: 3)
    #expect(looped.events.count == 6)
    #expect(looped.events.map(\.time_s) == [0, 0.1, 0.5, 0.6, 1.0, 1.1])
    #expect(looped.parameterCurves.map(\.time_s) == [0.1, 0.6, 1.1])
    #expect(abs(looped.duration_s - 1.5) < 1e-12)
    let c = looped.controls
    // Before the second curve starts (0.6 s) the controls are reset at 0.5 s.
    #expect(c.intensityMultiplier(at: 0.55) == 1)
    #expect(c.sharpnessOffset(at: 0.55) == 0)
    #expect(abs(c.sharpnessOffset(at: 0.75) - 0.3) < 1e-12)
    #expect(abs(c.intensityMultiplier(at: 0.8) - 0.5) < 1e-12)
  }

  @Test func loopEndBeforeTheEndCutsEventsAndCurves() {
    let looped = Self.sample.looped(count: 2, loopEnd_s: 0.3)
    #expect(looped.events.count == 4)
    let continuous = looped.events.filter { $0.type == .hapticContinuous }
    #expect(continuous.map(\.time_s) == [0.1, 0.4])
    #expect(continuous.allSatisfy { abs($0.duration_s - 0.2) < 1e-12 })
    let curve = looped.parameterCurves[0]
    #expect(curve.controlPoints.count == 2)
    #expect(abs(curve.controlPoints[1].time_s - 0.2) < 1e-12)
    #expect(abs(curve.controlPoints[1].value - 0.5) < 1e-12)
    #expect(abs(looped.duration_s - 0.6) < 1e-12)
  }

  @Test func hugeLoopCountsAreClamped() {
    let one = HapticPattern(events: [.transient(at: 0.01, intensity: 1, sharpness: 1)])
    #expect(one.looped(count: Int.max).events.count == HapticPattern.maxLoopCount)
  }

  @Test func playbackRateScalesTimesOnly() {
    let fast = Self.sample.atPlaybackRate(2)
    #expect(fast.events.map(\.time_s) == [0, 0.05])
    #expect(fast.events[1].duration_s == 0.2)
    #expect(fast.events[1].intensity == 0.5)
    #expect(fast.parameterSteps[0].time_s == 0.1)
    #expect(fast.parameterCurves[0].controlPoints[1].time_s == 0.2)
    #expect(fast.duration_s == 0.25)
    #expect(Self.sample.atPlaybackRate(10) == fast)  // clamped to 2
    #expect(Self.sample.atPlaybackRate(.nan) == Self.sample)
    #expect(abs(Self.sample.atPlaybackRate(0.1).duration_s - 1.0) < 1e-12)  // clamped to 0.5
  }
}
