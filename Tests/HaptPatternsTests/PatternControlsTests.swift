import HaptCore
import Testing

@testable import HaptPatterns
@testable import HaptFormats

/// Docs/Model.md §1: steps, curves, holding, no effect before the first point, and the sweep
/// agreeing with point queries.
@Suite struct PatternControlsTests {
  typealias Point = ParameterCurve.ControlPoint

  static func curve(
    _ id: DynamicParameterID = .hapticIntensityControl, at time_s: Double, _ points: [(Double, Double)]
  ) -> ParameterCurve {
    ParameterCurve(parameterID: id, time_s: time_s, controlPoints: points.map { Point(time_s: $0.0, value: $0.1) })
  }

  @Test func defaultsWithoutControls() {
    let controls = HapticPattern(events: [.transient(at: 0, intensity: 0.5, sharpness: 0.5)]).controls
    #expect(controls.intensityMultiplier(at: 0.3) == 1)
    #expect(controls.sharpnessOffset(at: 0.3) == 0)
  }

  @Test func curveHasNoEffectBeforeItsFirstPointAndHoldsItsLastValue() {
    // Curve at 1 s with points at +0.5 s (0.2) and +1.5 s (0.6): first point at 1.5 s.
    let pattern = HapticPattern(parameterCurves: [Self.curve(at: 1, [(0.5, 0.2), (1.5, 0.6)])])
    let c = pattern.controls
    #expect(c.intensityMultiplier(at: 0) == 1)
    #expect(c.intensityMultiplier(at: 1.2) == 1)
    #expect(c.intensityMultiplier(at: 1.4999) == 1)
    #expect(c.intensityMultiplier(at: 1.5) == 0.2)
    #expect(abs(c.intensityMultiplier(at: 2.0) - 0.4) < 1e-12)
    #expect(c.intensityMultiplier(at: 2.5) == 0.6)
    #expect(c.intensityMultiplier(at: 100) == 0.6)
  }

  @Test func stepAppliesAtItsTimeAndHoldsUntilTheNextOfTheSameID() {
    let pattern = HapticPattern(parameterSteps: [
      ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.5, value: 0.3),
      ParameterStep(parameterID: .hapticSharpnessControl, time_s: 0.7, value: -0.4),
      ParameterStep(parameterID: .hapticIntensityControl, time_s: 1.0, value: 0.8),
    ])
    let c = pattern.controls
    #expect(c.intensityMultiplier(at: 0.49) == 1)
    #expect(c.intensityMultiplier(at: 0.5) == 0.3)
    #expect(c.intensityMultiplier(at: 0.99) == 0.3)
    #expect(c.intensityMultiplier(at: 1.0) == 0.8)
    #expect(c.sharpnessOffset(at: 0.69) == 0)
    #expect(c.sharpnessOffset(at: 0.7) == -0.4)
    #expect(c.sharpnessOffset(at: 5) == -0.4)
  }

  @Test func laterStepInterruptsACurveAndLaterCurveReplacesAStep() {
    let pattern = HapticPattern(
      parameterSteps: [
        ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.5, value: 0.1),
        ParameterStep(parameterID: .hapticIntensityControl, time_s: 3.0, value: 0.9),
      ],
      parameterCurves: [Self.curve(at: 0, [(0, 0), (1, 1)]), Self.curve(at: 2, [(0, 0.5), (1, 0.7)])])
    let c = pattern.controls
    #expect(c.intensityMultiplier(at: 0.25) == 0.25)  // first curve
    #expect(c.intensityMultiplier(at: 0.75) == 0.1)  // step at 0.5 overrides the curve
    #expect(c.intensityMultiplier(at: 1.9) == 0.1)
    #expect(abs(c.intensityMultiplier(at: 2.5) - 0.6) < 1e-12)  // second curve
    #expect(c.intensityMultiplier(at: 3.5) == 0.9)  // step at 3 cuts the second curve
  }

  @Test func curveAtTheSameTimeAsAStepWins() {
    let pattern = HapticPattern(
      parameterSteps: [ParameterStep(parameterID: .hapticIntensityControl, time_s: 1, value: 0.1)],
      parameterCurves: [Self.curve(at: 1, [(0, 0.5), (1, 0.5)])])
    #expect(pattern.controls.intensityMultiplier(at: 1.5) == 0.5)
  }

  @Test func unsortedPointsAreEvaluatedInTimeOrderAndValuesAreClamped() {
    let pattern = HapticPattern(parameterCurves: [
      Self.curve(.hapticSharpnessControl, at: 0, [(1, 3), (0, -2)])  // clamped to -1...1
    ])
    let c = pattern.controls
    #expect(c.sharpnessOffset(at: 0) == -1)
    #expect(c.sharpnessOffset(at: 0.5) == 0)
    #expect(c.sharpnessOffset(at: 1) == 1)
  }

  @Test func effectiveValuesAreClamped() {
    let event = HapticEvent.transient(at: 0, intensity: 0.8, sharpness: 0.9)
    let pattern = HapticPattern(
      events: [event],
      parameterSteps: [
        ParameterStep(parameterID: .hapticIntensityControl, time_s: 0, value: 0.5),
        ParameterStep(parameterID: .hapticSharpnessControl, time_s: 0, value: 0.4),
      ])
    let c = pattern.controls
    #expect(c.effectiveIntensity(of: event, at: 0) == 0.4)
    #expect(c.effectiveSharpness(of: event, at: 0) == 1)
  }

  /// The sweep equals point queries sample for sample, on random step/curve mixes.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func sweepMatchesPointQueries(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var pattern = HapticPattern()
    for _ in 0..<Int(random.next() % 6) {
      let id: DynamicParameterID = random.next() % 2 == 0 ? .hapticIntensityControl : .hapticSharpnessControl
      pattern.parameterSteps.append(
        ParameterStep(parameterID: id, time_s: random.nextUnit() * 2, value: random.nextUnit() * 2 - 1))
    }
    for _ in 0..<Int(random.next() % 5) {
      let id: DynamicParameterID = random.next() % 2 == 0 ? .hapticIntensityControl : .hapticSharpnessControl
      var points: [(Double, Double)] = []
      var t = random.nextUnit() * 0.1
      for _ in 0..<Int(1 + random.next() % 20) {
        points.append((t, random.nextUnit() * 2 - 1))
        t += random.next() % 4 == 0 ? 0 : random.nextUnit() * 0.2  // duplicates allowed
      }
      pattern.parameterCurves.append(Self.curve(id, at: random.nextUnit() * 1.5, points))
    }
    let controls = pattern.controls
    let n = 2_500
    let start = -0.1
    let step = 1.0 / 1000
    var intensities = [Double](repeating: .nan, count: n)
    var offsets = [Double](repeating: .nan, count: n)
    intensities.withUnsafeMutableBufferPointer {
      controls.fillIntensityMultipliers(start_s: start, step_s: step, into: $0)
    }
    offsets.withUnsafeMutableBufferPointer {
      controls.fillSharpnessOffsets(start_s: start, step_s: step, into: $0)
    }
    for k in 0..<n {
      let t = start + Double(k) * step
      #expect(intensities[k] == controls.intensityMultiplier(at: t), "k=\(k)")
      #expect(offsets[k] == controls.sharpnessOffset(at: t), "k=\(k)")
    }
  }

  /// Breakpoints exactly on sample times (and a step that is not a power of two): the
  /// sweep's runs must split where the point queries change branch, ties included.
  @Test(arguments: [UInt64(11), 12, 13, 14])
  func sweepMatchesPointQueriesOnSampleAlignedBreakpoints(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let step = 1.0 / 8000
    var pattern = HapticPattern()
    for _ in 0..<3 {
      pattern.parameterSteps.append(
        ParameterStep(
          parameterID: .hapticIntensityControl, time_s: Double(random.next() % 4000) * step,
          value: random.nextUnit()))
    }
    for _ in 0..<3 {
      var points: [(Double, Double)] = []
      var t = 0.0
      for _ in 0..<8 {
        points.append((t, random.nextUnit()))
        t += Double(random.next() % 300) * step
      }
      pattern.parameterCurves.append(
        Self.curve(.hapticIntensityControl, at: Double(random.next() % 4000) * step, points))
    }
    let controls = pattern.controls
    let n = 6_000
    var intensities = [Double](repeating: .nan, count: n)
    intensities.withUnsafeMutableBufferPointer {
      controls.fillIntensityMultipliers(start_s: 0, step_s: step, into: $0)
    }
    var mismatches = 0
    for k in 0..<n where intensities[k] != controls.intensityMultiplier(at: Double(k) * step) {
      mismatches += 1
    }
    #expect(mismatches == 0)
  }

  /// The sweep's run splitter against a linear scan: the first sample at or after a
  /// boundary, for boundaries on, just before and just after sample times (where the
  /// division's estimate can be one off either way).
  @Test func firstSampleAtOrAfterBoundaryMatchesLinearScan() {
    var random = SplitMix64(seed: 99)
    var checked = 0
    for _ in 0..<20_000 {
      let step = [1.0 / 8000, 1.0 / 44100, 0.1, 1.0 / 3][Int(random.next() % 4)]
      let start = (random.nextUnit() - 0.5) * 2
      let n = 1 + Int(random.next() % 200)
      let k = Int(random.next() % UInt64(n))
      let onSample = start + Double(k + 1 + Int(random.next() % 150)) * step
      let boundary = [onSample, onSample.nextDown, onSample.nextUp, onSample + step * random.nextUnit()][
        Int(random.next() % 4)]
      guard start + Double(k) * step < boundary else { continue }
      var expected = k + 1
      while expected < n, start + Double(expected) * step < boundary { expected += 1 }
      let found = ControlTimeline.firstSample(atOrAfter: boundary, after: k, count: n, start_s: start, step_s: step)
      #expect(found == expected, "start \(start) step \(step) boundary \(boundary) k \(k)")
      checked += 1
    }
    #expect(checked > 10_000)
  }

  @Test func sweepWithoutControlsIsTheDefault() {
    let controls = HapticPattern().controls
    var out = [Double](repeating: .nan, count: 16)
    out.withUnsafeMutableBufferPointer { controls.fillIntensityMultipliers(start_s: 0, step_s: 0.01, into: $0) }
    #expect(out.allSatisfy { $0 == 1 })
  }
}
