import HaptCore
import Testing

import HaptPatterns
import HaptFormats
import HaptLint

@Suite struct LofeltHapticTests {
  @Test func sampleMapsToContinuousEventCurvesAndEmphasisTransient() throws {
    let (pattern, findings) = try LofeltHaptic.decode(Fixtures.bytes("lofelt-sample.haptic"), file: "s.haptic")
    #expect(findings.isEmpty)
    #expect(pattern.metadata.project == "Demo" && pattern.metadata.description == "A hit with a tail")
    let continuous = pattern.events.filter { $0.type == .hapticContinuous }
    #expect(continuous.count == 1)
    #expect(continuous[0].time_s == 0 && continuous[0].duration_s == 0.6)
    #expect(continuous[0].intensity == 1 && continuous[0].sharpness == 0)
    let controls = pattern.controls
    // Effective intensity and sharpness follow the envelopes.
    #expect(abs(controls.effectiveIntensity(of: continuous[0], at: 0.175) - 0.6) < 1e-12)
    #expect(abs(controls.effectiveSharpness(of: continuous[0], at: 0.3) - 0.35) < 1e-12)
    // One transient for the emphasis; its effective sharpness is the emphasis frequency.
    let transients = pattern.events.filter { $0.type == .hapticTransient }
    #expect(transients.count == 1)
    #expect(transients[0].time_s == 0.05 && transients[0].intensity == 1)
    #expect(abs(controls.effectiveSharpness(of: transients[0], at: 0.05) - 0.9) < 1e-12)
  }

  /// Meta Haptics Studio's "click": an emphasis on an envelope at amplitude 0 (as in its
  /// Button_Press_Default_A sample). The intensity control multiplies transients too, so
  /// a plain mapping would play it at 0.6 x 0 = silence.
  @Test func emphasisOnASilentEnvelopeIsFeltAtItsAmplitude() throws {
    let text = #"""
      {"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [
        {"time": 0, "amplitude": 0}, {"time": 0.004995, "amplitude": 0},
        {"time": 0.005, "amplitude": 0, "emphasis": {"amplitude": 0.6, "frequency": 0.7}},
        {"time": 0.064, "amplitude": 0}]}}}}
      """#
    let (pattern, findings) = try LofeltHaptic.decode(text, file: "click.haptic")
    #expect(findings.isEmpty)
    let controls = pattern.controls
    let transient = try #require(pattern.events.first { $0.type == .hapticTransient })
    #expect(abs(controls.effectiveIntensity(of: transient, at: transient.time_s) - 0.6) < 1e-12)
    #expect(!PatternLint.check(pattern, file: "click.ahap").map(\.ruleID).contains("PAT005"))
    // The spike is local: the envelope is back to 0 within 1 ms.
    let continuous = try #require(pattern.events.first { $0.type == .hapticContinuous })
    #expect(controls.effectiveIntensity(of: continuous, at: 0.0065) == 0)
    #expect(controls.effectiveIntensity(of: continuous, at: 0.004995) == 0)
  }

  @Test func emphasisWeakerThanTheEnvelopeIsDividedByTheControl() throws {
    let text = #"""
      {"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [
        {"time": 0, "amplitude": 0.8}, {"time": 0.1, "amplitude": 0.8, "emphasis": {"amplitude": 0.9, "frequency": 0.5}},
        {"time": 0.2, "amplitude": 0.5, "emphasis": {"amplitude": 0.5, "frequency": 0.5}}, {"time": 0.3, "amplitude": 0}]}}}}
      """#
    let pattern = try LofeltHaptic.decode(text, file: "e.haptic").pattern
    let controls = pattern.controls
    let transients = pattern.events.filter { $0.type == .hapticTransient }
    #expect(transients.count == 2)
    for (transient, expected) in zip(transients, [0.9, 0.5]) {
      #expect(abs(controls.effectiveIntensity(of: transient, at: transient.time_s) - expected) < 1e-12)
    }
  }

  @Test func envelopeWithEveryPointAtZeroIsAFinding() throws {
    let text =
      #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0, "amplitude": 0.8}]}}}}"#
    let (pattern, findings) = try LofeltHaptic.decode(text, file: "z.haptic")
    #expect(findings.rules().contains("HAP007"))
    // The mapped pattern lints as silent too (a continuous event of 0 s is never felt).
    #expect(PatternLint.check(pattern, file: "z.ahap").map(\.ruleID).contains("PAT005"))
    let moving =
      #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0.1, "amplitude": 0.8}]}}}}"#
    #expect(!(try LofeltHaptic.decode(moving, file: "m.haptic").findings.rules().contains("HAP007")))
  }

  @Test func convertedLongEnvelopeSplitIntoCurvesLintsClean() throws {
    // 19 amplitude points and 25 frequency points: the converter splits both into
    // 16-point curves that share boundary points. The first amplitude curve starts at
    // 0.31 s and ends at its 16th point, 0.9 s; read back, 0.31 + (0.9 - 0.31) is
    // 0.9000000000000001, a hair after the next curve's start at 0.9.
    let times = [0.31] + (1...14).map { (31 + 3 * Double($0)) / 100 } + [0.9, 0.95, 1.0, 1.1]
    let amplitude = times.enumerated().map { #"{"time": \#($1), "amplitude": \#(0.3 + 0.1 * Double($0 % 5))}"# }
    let frequency = (0..<25).map { #"{"time": \#(Double($0 * 5) / 100), "frequency": \#(Double($0 % 3) / 2)}"# }
    let text =
      #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": ["#
      + amplitude.joined(separator: ",") + #"], "frequency": ["# + frequency.joined(separator: ",") + "]}}}}"
    let (pattern, findings) = try LofeltHaptic.decode(text, file: "l.haptic")
    #expect(findings.isEmpty)
    #expect(pattern.parameterCurves.count == 4)  // 2 amplitude + 2 frequency curves
    let (reread, readFindings) = try AHAP.decode(AHAP.encode(pattern), file: "l.ahap")
    #expect(readFindings.isEmpty)
    #expect(!PatternLint.check(reread, file: "l.ahap").contains { $0.ruleID == "PAT002" })
  }

  @Test func formatRulesBecomeFindings() throws {
    let (pattern, findings) = try LofeltHaptic.decode(Fixtures.bytes("lofelt-invalid.haptic"), file: "i.haptic")
    let rules = findings.rules()
    #expect(rules.contains("HAP002"))  // 0.1 after 0.2
    #expect(rules.contains("HAP003"))  // emphasis 0.3 below 0.5
    #expect(rules.contains("HAP004"))  // amplitude 1.4
    #expect(pattern.events.first?.duration_s == 0.2)
  }

  @Test func tooFewPointsIsAFinding() throws {
    let text =
      #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 1}]}}}}"#
    let (_, findings) = try LofeltHaptic.decode(text, file: "x.haptic")
    #expect(findings.rules().contains("HAP001"))
  }

  @Test func longEnvelopesSplitIntoCurvesOf16PointsThatRoundTripThroughAHAP() throws {
    let (pattern, _) = try LofeltHaptic.decode(Fixtures.bytes("lofelt-long.haptic"), file: "l.haptic")
    #expect(pattern.parameterCurves.allSatisfy { $0.controlPoints.count <= 16 })
    // 400 amplitude points plus 2 spike points for each of the 8 emphases stronger than
    // the envelope, in chunks of 16 sharing boundaries: ceil(415 / 15) curves.
    #expect(pattern.parameterCurves.filter { $0.parameterID == .hapticIntensityControl }.count == 28)
    #expect(pattern.events.filter { $0.type == .hapticTransient }.count == 8)
    // The split curves give the same piecewise-linear envelope as the breakpoints.
    let controls = pattern.controls
    #expect(abs(controls.intensityMultiplier(at: 0.0775) - (abs(sin(15.0 / 30)) + abs(sin(16.0 / 30))) / 2) < 1e-6)
    #expect(PatternLint.check(pattern, file: "l").allSatisfy { $0.ruleID != "PAT002" })
    let (again, findings) = try AHAP.decode(AHAP.encode(pattern), file: "l.ahap")
    #expect(again == pattern)
    #expect(!findings.contains { $0.ruleID == "AHAP008" })
  }

  @Test func wrongTypeNamesThePath() {
    let text = #"{"signals": {"continuous": {"envelopes": {"amplitude": [{"time": "0", "amplitude": 1}]}}}}"#
    #expect {
      try LofeltHaptic.decode(text, file: "w.haptic")
    } throws: { error in
      (error as? InputError)?.description
        == "w.haptic: signals.continuous.envelopes.amplitude[0].time: expected a number, found a string"
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("hapt needs a C library module: Glibc, Musl or Darwin")
#endif
