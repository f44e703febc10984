import HaptCore
import Testing

@testable import HaptPatterns

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

  @Test func formatRulesBecomeFindings() throws {
    let (pattern, findings) = try LofeltHaptic.decode(Fixtures.bytes("lofelt-invalid.haptic"), file: "i.haptic")
    let rules = findings.rules()
    #expect(rules.contains("HAP002"))  // 0.1 after 0.2
    #expect(rules.contains("HAP003"))  // emphasis 0.3 below 0.5
    #expect(rules.contains("HAP004"))  // amplitude 1.4
    #expect(pattern.events.first?.duration_s == 0.2)
  }

  @Test func tooFewPointsIsAFinding() throws {
    let text = #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 1}]}}}}"#
    let (_, findings) = try LofeltHaptic.decode(text, file: "x.haptic")
    #expect(findings.rules().contains("HAP001"))
  }

  @Test func longEnvelopesSplitIntoCurvesOf16PointsThatRoundTripThroughAHAP() throws {
    let (pattern, _) = try LofeltHaptic.decode(Fixtures.bytes("lofelt-long.haptic"), file: "l.haptic")
    #expect(pattern.parameterCurves.allSatisfy { $0.controlPoints.count <= 16 })
    // 400 amplitude points in chunks of 16 sharing boundaries: ceil(399 / 15) curves.
    #expect(pattern.parameterCurves.filter { $0.parameterID == .hapticIntensityControl }.count == 27)
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
