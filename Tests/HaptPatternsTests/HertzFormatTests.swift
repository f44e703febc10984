import HaptCore
import Testing

@testable import HaptPatterns
@testable import HaptFormats

/// `.haps` and `.ivs` semantics on hand-made fixtures, one construct each.
@Suite struct InterhapticsHapsTests {
  func load(_ name: String) throws -> LoadedPattern { try PatternFile.load(path: Fixtures.path(name)) }

  @Test func everyGainLevelMultipliesAndMutedMelodiesAreSilent() throws {
    let loaded = try load("haps-transients-gains.haps")
    let hertz = try #require(loaded.pattern.hertz)
    // global 0.8 x vibration 0.5 x melody 1 x note 1 (and 0.5); the muted melody's note is gone.
    #expect(hertz.transients.map(\.time_s) == [0.1, 0.3])
    #expect(abs(hertz.transients[0].intensity - 0.4) < 1e-12)
    #expect(abs(hertz.transients[1].intensity - 0.2) < 1e-12)
    let transients = loaded.pattern.hapticEvents
    #expect(transients.count == 2 && transients.allSatisfy { $0.type == .hapticTransient })
    #expect(abs(transients[0].intensity - 0.4) < 1e-12)
    #expect(loaded.findings.isEmpty, "\(loaded.findings)")
  }

  @Test func hermiteTangentsShapeTheAmplitudeAndFrequencyIsInHertz() throws {
    let loaded = try load("haps-curves-tangents.haps")
    let vibration = try #require(loaded.pattern.hertz?.vibrations.first)
    #expect(vibration.start_s == 0.05 && abs(vibration.duration_s - 0.4) < 1e-12)
    // Flat tangents at 0 and 0.2 s: a smoothstep, so at 0.1 s (u = 0.5) the value is 0.5
    // and at 0.05 s (u = 0.25) it is 3u^2 - 2u^3 = 0.15625, not the straight line's 0.25.
    let at = { (t: Double) in HertzPattern.value(vibration.amplitude, at: 0.05 + t)! }
    #expect(abs(at(0.1) - 0.5) < 1e-9)
    #expect(abs(at(0.05) - 0.15625) < 0.01)
    // 0.2 -> 0.3 s: out-slope 0 at 1.0, no in-slope at 0.5 (straight-line slope -5/s).
    let key = { (t: Double, v: Double, i: Double?, o: Double?) in
      HapsCurve.Key(time_s: t, value: v, inSlope: i, outSlope: o)
    }
    let mid = HapsCurve.segment(key(0.2, 1, 0, 0), key(0.3, 0.5, nil, nil), at: 0.25)
    #expect(abs(at(0.25) - mid) < 0.01)
    #expect(abs(mid - 0.8125) < 1e-9)
    // After the last key the value holds to the note's end.
    #expect(abs(at(0.39) - 0.5) < 1e-9)
    // Frequency 80 -> 230 Hz: on the default band (80...230 Hz) sharpness 0 -> 1.
    let controls = loaded.pattern.controls
    #expect(abs(controls.sharpnessOffset(at: 0.05)) < 1e-9)
    #expect(abs(controls.sharpnessOffset(at: 0.25) - 0.5) < 1e-6)
    // On a 200...270 Hz band the same 155 Hz is below the band: clamped to 0.
    let other = try #require(loaded.pattern.hertz).resolved(band_Hz: 200...270)
    #expect(other.controls.sharpnessOffset(at: 0.25) == 0)
    let f = 80 + 150 * 0.399 / 0.4
    #expect(abs(other.controls.sharpnessOffset(at: 0.449) - (f - 200) / 70) < 1e-6)
    // Texture is read and reported, not rendered.
    #expect(loaded.findings.rules() == ["HAPS001"])
    // Converting to AHAP says what it loses.
    let losses = AHAPConversionLosses.notes(for: loaded)
    #expect(losses.contains { $0.hasPrefix("frequencies in Hz become sharpness") })
    #expect(losses.contains { $0.contains("texture and stiffness") })
  }

  @Test func aLoopingVibrationRepeatsForABoundedLength() throws {
    let loaded = try load("haps-loop.haps")
    let hertz = try #require(loaded.pattern.hertz)
    // One pass lasts 0.75 s: rendered for 3 s / 0.75 s = 4 passes.
    #expect(hertz.transients.map(\.time_s) == [0, 0.75, 1.5, 2.25])
    #expect(hertz.vibrations.count == 4)
    #expect(loaded.findings.rules() == ["HAPS006"])
    // The transient before the vibration plays at its own intensity; the vibration at 0.6.
    #expect(abs(loaded.pattern.controls.intensityMultiplier(at: 0.5) - 0.6) < 1e-9)
    #expect(loaded.pattern.controls.intensityMultiplier(at: 0.75 + 0.1) == 1)
  }

  @Test func aTransientDuringAQuieterVibrationKeepsItsIntensity() throws {
    let hertz = HertzPattern(
      vibrations: [
        .init(
          start_s: 0, duration_s: 1, amplitude: [.init(time_s: 0, value: 0.2)],
          frequency_Hz: [.init(time_s: 0, value: 230)])
      ],
      transients: [.init(time_s: 0.5, intensity: 0.9), .init(time_s: 0.7, intensity: 0.1)])
    let pattern = hertz.resolved(band_Hz: 80...230)
    let controls = pattern.controls
    for event in pattern.events where event.type == .hapticTransient {
      let effective = event.intensity * controls.intensityMultiplier(at: event.time_s)
      let target = event.time_s == 0.5 ? 0.9 : 0.1
      #expect(abs(effective - target) < 1e-9, "\(event)")
      #expect(abs(controls.effectiveSharpness(of: event, at: event.time_s) - 0.5) < 1e-9)
    }
    // Away from the spike the vibration keeps its level.
    #expect(abs(controls.intensityMultiplier(at: 0.3) - 0.2) < 1e-9)
  }

  @Test func overlappingVibrationsSumAndTheLoudestSetsTheFrequency() {
    let hertz = HertzPattern(vibrations: [
      .init(
        start_s: 0, duration_s: 1, amplitude: [.init(time_s: 0, value: 0.3)],
        frequency_Hz: [.init(time_s: 0, value: 80)]),
      .init(
        start_s: 0.5, duration_s: 1, amplitude: [.init(time_s: 0.5, value: 0.5)],
        frequency_Hz: [.init(time_s: 0.5, value: 230)]),
    ])
    let pattern = hertz.resolved(band_Hz: 80...230)
    #expect(pattern.hapticEvents.count == 1)
    let controls = pattern.controls
    #expect(abs(controls.intensityMultiplier(at: 0.25) - 0.3) < 1e-9)
    #expect(abs(controls.intensityMultiplier(at: 0.75) - 0.8) < 1e-9)
    #expect(abs(controls.intensityMultiplier(at: 1.25) - 0.5) < 1e-9)
    #expect(abs(controls.sharpnessOffset(at: 0.25)) < 1e-9)
    #expect(abs(controls.sharpnessOffset(at: 0.75) - 1) < 1e-9)
  }

  @Test func brokenFilesFailWithOneLineNamingTheFile() {
    #expect(throws: InputError.self) { try InterhapticsHaps.decode("{\"m_vibration\": 3}", file: "x.haps") }
    do {
      _ = try InterhapticsHaps.decode(
        "{\"m_vibration\": {\"m_melodies\": [{\"m_notes\": [{\"m_startingPoint\": \"a\"}]}]}}", file: "x.haps")
      Issue.record("decoded")
    } catch let error as InputError {
      #expect(error.file == "x.haps")
      #expect(error.place == "m_vibration.m_melodies[0].m_notes[0].m_startingPoint")
    } catch { Issue.record("\(error)") }
  }
}

@Suite struct ImmersionIVSTests {
  @Test func periodicEffectWithAttackAndFadeAndAMagnitudeSweep() throws {
    let loaded = try PatternFile.load(path: Fixtures.path("ivs-periodic-attack-fade.ivs"))
    let hertz = try #require(loaded.pattern.hertz)
    #expect(hertz.vibrations.count == 2)
    let buzz = hertz.vibrations[0]
    #expect(buzz.duration_s == 0.2)
    #expect(buzz.frequency_Hz.map(\.value) == [200])  // period 5 ms
    let level = { (t: Double) in HertzPattern.value(buzz.amplitude, at: t)! }
    #expect(abs(level(0)) < 1e-12)
    #expect(abs(level(0.025) - 0.4) < 1e-12)  // halfway up the attack to 0.8
    #expect(abs(level(0.075) - 0.8) < 1e-12)
    #expect(abs(level(0.15) - 0.5) < 1e-12)  // halfway down the fade to 0.2
    #expect(abs(level(0.2) - 0.2) < 1e-12)
    let sweep = hertz.vibrations[1]
    #expect(sweep.start_s == 0.3 && sweep.frequency_Hz.isEmpty)
    #expect(sweep.amplitude.allSatisfy { $0.value == 1 })  // magnitude-override 10000
    #expect(loaded.findings.isEmpty, "\(loaded.findings)")
  }

  @Test func repeatEventsReplayTheirSpanAndDelayWhatFollows() throws {
    let loaded = try PatternFile.load(path: Fixtures.path("ivs-repeats.ivs"))
    let hertz = try #require(loaded.pattern.hertz)
    let starts = hertz.vibrations.map { ($0.start_s * 1000).rounded() }
    #expect(starts == [0, 50, 100, 150, 200, 250, 350])
    #expect(hertz.vibrations[1].duration_s == 0.03)  // duration-override
    #expect(hertz.vibrations[0].frequency_Hz.map(\.value) == [250])  // 4000 us with the sign bit
    #expect(hertz.vibrations[6].frequency_Hz.map(\.value) == [250])  // period-override 4 ms
    #expect(loaded.findings.rules() == ["IVS006", "IVS001"])
  }

  @Test func nestedRepeats() throws {
    let xml = """
      <ivs-file><effects><basis-effect name="T" type="magsweep" duration="10" magnitude="10000"/>
      <timeline-effect name="x">
      <launch-event effect="T" time="0"/><launch-event effect="T" time="20"/>
      <repeat-event time="0" count="1" duration="40"/><repeat-event time="20" count="1" duration="20"/>
      <launch-event effect="T" time="50"/>
      </timeline-effect></effects></ivs-file>
      """
    let hertz = try ImmersionIVS.decode(xml, file: "n.ivs").pattern
    // Inner span [20, 40) plays twice (adds 20 ms); the outer span, now 60 ms, twice
    // (adds 60 ms more): the launch at 50 ms plays at 50 + 20 + 60 = 130 ms.
    #expect(hertz.vibrations.map { ($0.start_s * 1000).rounded() } == [0, 20, 40, 60, 80, 100, 130])
  }

  @Test func noTimelinePlaysTheFirstBasisEffectAndBadRootsFail() throws {
    let (hertz, findings) = try ImmersionIVS.decode(
      "<ivs-file><effects><basis-effect name=\"A\" type=\"periodic\" duration=\"50\" magnitude=\"5000\" period=\"10\"/></effects></ivs-file>",
      file: "a.ivs")
    #expect(hertz.vibrations.count == 1 && findings.rules() == ["IVS005"])
    #expect(throws: InputError.self) { try ImmersionIVS.decode("<vibration-effect/>", file: "a.ivs") }
    #expect(throws: InputError.self) {
      try ImmersionIVS.decode(
        "<ivs-file><effects><basis-effect name=\"A\" type=\"periodic\" duration=\"x\"/></effects></ivs-file>",
        file: "a.ivs")
    }
  }
}
