import HaptTestSupport
import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation
import HaptAndroid
import Testing
import HaptFormats

/// What each device class plays of a pattern (Docs/Devices.md, "Fallback rules").
@Suite(.slow) struct DevicePlaybackTests {
  static func device(_ name: String) throws -> DeviceProfile { try DeviceProfile.load(nameOrPath: name) }

  static func xml(_ text: String) throws -> HapticPattern {
    try AndroidVibration.decode(text, file: "test.xml").vibration.resolved().pattern
  }

  /// Click primitives first, the same rhythm as a waveform second.
  static let clicksOrWaveform = """
    <vibration-select>
      <vibration-effect>
        <primitive-effect name="click"/>
        <primitive-effect name="click" delayMs="90"/>
      </vibration-effect>
      <vibration-effect><waveform-effect>
        <waveform-entry durationMs="12" amplitude="255"/>
        <waveform-entry durationMs="88" amplitude="0"/>
        <waveform-entry durationMs="12" amplitude="255"/>
      </waveform-effect></vibration-effect>
    </vibration-select>
    """

  /// Two taps at sharpness 0.5, 100 ms apart.
  static let taps = HapticPattern(events: [
    .transient(at: 0, intensity: 1, sharpness: 0.5), .transient(at: 0.1, intensity: 1, sharpness: 0.5),
  ])

  @Test func primitivesFallBackToTheWaveformWithADPrime() throws {
    let row = DevicePlayback.evaluate(
      try Self.xml(Self.clicksOrWaveform), name: "clicks", on: try Self.device("android-lra-amplitude"))
    #expect(row.platform == .android)
    #expect(row.form == .amplitudeWaveform)
    #expect(row.causes == [.missingPrimitives(["click"])])
    let d = try #require(row.dPrime_JND)
    #expect(d.isFinite && d > 0, "d' \(d)")
    #expect(
      row.sentence.hasPrefix("falls back (the device lacks the primitive(s) click): plays the amplitude waveform; "))
    #expect(row.sentence.hasSuffix(" from the intended effect"))
    // How it feels comes before the number, where people would notice the fallback.
    if d >= 1 {
      let feel = try #require(row.howItFeels)
      #expect(feel.hasPrefix("the fallback feels ") && feel.hasSuffix(" than the intended effect"), "\(feel)")
      #expect(row.sentence.contains("waveform; \(feel); d' "))
    } else {
      #expect(row.howItFeels == nil)
      #expect(row.sentence.contains("waveform; d' "))
    }
  }

  /// A fallback people would notice says how it feels, in the words of every explanation.
  @Test func aNoticeableFallbackSaysHowItFeels() throws {
    let rows = try ["android-lra-onoff", "erm-phone", "erm-budget-amplitude", "android-lra-amplitude"].map {
      DevicePlayback.evaluate(Self.taps, name: "taps", on: try Self.device($0))
    }
    let noticed = rows.filter { ($0.dPrime_JND ?? 0) >= 1 }
    #expect(!noticed.isEmpty, "\(rows.map(\.sentence))")
    for row in noticed {
      let feel = try #require(row.howItFeels, "\(row.device)")
      #expect(feel.hasPrefix("the fallback feels "), "\(row.device): \(feel)")
      #expect(row.sentence.contains("; \(feel); d' "), "\(row.sentence)")
    }
  }

  @Test func anAHAPPortFallsBackWhereTheAppPortsIt() throws {
    // The port is a <vibration-select> of click primitives, then 12 ms pulses.
    let onAmplitude = DevicePlayback.evaluate(Self.taps, name: "taps", on: try Self.device("android-lra-amplitude"))
    #expect(onAmplitude.form == .amplitudeWaveform)
    #expect(onAmplitude.causes == [.missingPrimitives(["click"])])
    #expect(onAmplitude.dPrime_JND != nil)
    // On an on/off ERM the amplitude waveform is passed over too (its levels need
    // amplitude control), and the on/off one plays.
    let onERM = DevicePlayback.evaluate(Self.taps, name: "taps", on: try Self.device("erm-phone"))
    #expect(onERM.form == .onOffWaveform)
    #expect(onERM.causes == [.missingPrimitives(["click"]), .noAmplitudeControl])
  }

  /// On an Android phone the port is `hapt convert`'s adaptive export, so what plays
  /// where agrees with the Android ports table, pattern by pattern: the same alternative,
  /// and where it falls back the same d' from the pattern as written on that device.
  @Test func thePortIsHaptConvertsAndAgreesWithTheAndroidPorts() throws {
    let flagship = try Self.device("pixel-flagship-lra")
    let library = try #require(Corpora.directory("library"))
    let names = ["explosion.ahap", "game-engine-rumble.ahap", "heartbeat.ahap", "double-tap.ahap", "game-damage.ahap"]
    let patterns = try names.map {
      (name: $0, pattern: try PatternFile.load(path: library.appendingPathComponent($0).path).pattern)
    }
    let rows = DevicePlayback.rows(patterns: patterns, devices: [flagship])
    let ports = AndroidPort.rows(patterns: patterns, devices: [flagship])
    #expect(rows.count == names.count && ports.count == names.count)
    let forms: [String: PlayedForm] = [
      "envelope": .envelopeEffect, "primitives": .primitives, "amplitude": .amplitudeWaveform,
      "on-off": .amplitudeWaveform,
    ]
    var byName: [String: DevicePlayback] = [:]
    for (row, port) in zip(rows, ports) {
      #expect(row.pattern == port.pattern)
      byName[row.pattern] = row
      #expect(row.form == port.alternative.flatMap { forms[$0] }, "\(row.pattern): \(row) against \(port)")
      if let d = row.dPrime_JND {
        let portD = try #require(port.dPrime_JND)
        #expect(abs(d - portD) < 1e-9, "\(row.pattern): \(d) against \(portD)")
      }
    }
    // An envelope's taps are ramps: the explosion's tap falls back for it; the rumble,
    // which has no tap, plays.
    let explosion = try #require(byName["explosion.ahap"])
    #expect(explosion.form == .envelopeEffect && explosion.causes.contains(.tapsAsRamps), "\(explosion)")
    let rumble = try #require(byName["game-engine-rumble.ahap"])
    #expect(rumble.form == .envelopeEffect && rumble.outcome == .plays, "\(rumble)")
  }

  @Test func aCompositionAloneIsSilentWithoutThePrimitive() throws {
    let composition = try Self.xml(
      #"<vibration-effect><primitive-effect name="thud"/><primitive-effect name="click"/></vibration-effect>"#)
    let row = DevicePlayback.evaluate(composition, name: "thud", on: try Self.device("android-lra-amplitude"))
    #expect(row.outcome == .silent(.unsupportedPrimitives(["click", "thud"])))
    #expect(row.form == nil)
    #expect(row.sentence.hasPrefix("silent: the device does not support the primitive(s) click, thud"))
  }

  @Test func theMacIsSilentWithTheReason() throws {
    let row = DevicePlayback.evaluate(Self.taps, name: "taps", on: try Self.device("mac-none"))
    #expect(row.platform == .coreHaptics)
    #expect(row.outcome == .silent(.noActuator))
    #expect(row.sentence == "silent: device has no actuator")
  }

  @Test func theFlagshipAndTheIPhonePlayIt() throws {
    let pixel = DevicePlayback.evaluate(Self.taps, name: "taps", on: try Self.device("pixel-flagship-lra"))
    #expect(pixel.outcome == .plays)
    #expect(pixel.form == .primitives)
    #expect(pixel.causes.isEmpty)
    let iphone = DevicePlayback.evaluate(Self.taps, name: "taps", on: try Self.device("iphone-wideband-lra"))
    #expect(iphone.outcome == .plays)
    #expect(iphone.form == .asWritten)
    #expect(iphone.sentence == "plays as written")
    let xml = DevicePlayback.evaluate(
      try Self.xml(Self.clicksOrWaveform), name: "clicks", on: try Self.device("pixel-flagship-lra"))
    #expect(xml.outcome == .plays)
  }

  @Test func withoutAmplitudeControlAHalfLevelPlaysOnOff() throws {
    let soft = HapticPattern(events: [.continuous(at: 0, duration_s: 0.3, intensity: 0.5, sharpness: 0.5)])
    let row = DevicePlayback.evaluate(soft, name: "soft", on: try Self.device("android-lra-onoff"))
    #expect(row.form == .onOffWaveform)
    #expect(row.causes.contains(.noAmplitudeControl), "\(row.causes)")
    let d = try #require(row.dPrime_JND)
    #expect(d > 0.5, "d' \(d): a half level played at full strength")
    // With amplitude control the same waveform plays as intended. (The export writes an
    // envelope first, since sharpness 0.5 is 37 Hz above the flagship's resonance, so this
    // device falls back from it to the waveform, within a tenth of a JND.)
    let amplitude = DevicePlayback.evaluate(soft, name: "soft", on: try Self.device("android-lra-amplitude"))
    #expect(amplitude.form == .amplitudeWaveform)
    #expect(!amplitude.causes.contains(.noAmplitudeControl))
    let amplitudeD = try #require(amplitude.dPrime_JND)
    #expect(amplitudeD < 0.1, "d' \(amplitudeD)")
  }

  @Test func sharpnessIsLostAtResonanceOrOnAnERM() throws {
    let sharp = HapticPattern(events: [.continuous(at: 0, duration_s: 0.3, intensity: 1, sharpness: 0.95)])
    let device = try Self.device("android-lra-amplitude")
    let lra = DevicePlayback.evaluate(sharp, name: "sharp", on: device)
    #expect(lra.form == .amplitudeWaveform)
    #expect(lra.causes == [.noEnvelopeEffects, .sharpnessAtResonance(resonance_Hz: try #require(device.resonance_Hz))])
    let erm = DevicePlayback.evaluate(sharp, name: "sharp", on: try Self.device("erm-budget-amplitude"))
    #expect(erm.causes == [.noEnvelopeEffects, .noFrequencyControl])
    // The flagship plays the envelope alternative, frequencies and all.
    let pixel = DevicePlayback.evaluate(sharp, name: "sharp", on: try Self.device("pixel-flagship-lra"))
    #expect(pixel.form == .envelopeEffect)
    #expect(pixel.outcome == .plays)
  }

  @Test func aMissingEffectPlaysThePlatformFallback() throws {
    let click = try Self.xml(#"<vibration-effect><predefined-effect name="click"/></vibration-effect>"#)
    let row = DevicePlayback.evaluate(click, name: "click", on: try Self.device("android-lra-onoff"))
    #expect(row.form == .platformFallback("click"))
    #expect(row.causes == [.platformFallback("click")])
    #expect(row.dPrime_JND != nil)
    let thud = try Self.xml(#"<vibration-effect><predefined-effect name="thud"/></vibration-effect>"#)
    let silent = DevicePlayback.evaluate(thud, name: "thud", on: try Self.device("android-lra-onoff"))
    #expect(silent.outcome == .silent(.unimplementedEffect("thud", fallbackAsked: true)))
  }

  @Test func lintFindingsFollowTheOutcome() throws {
    let devices = try ["mac-none", "iphone-wideband-lra", "android-lra-amplitude"].map(Self.device)
    let rows = devices.map { DevicePlayback.evaluate(Self.taps, name: "taps", on: $0) }
    let findings = rows.map { $0.finding(file: "taps.ahap") }
    #expect(findings[0]?.ruleID == "DEV004")
    #expect(findings[1] == nil)
    let fallback = try #require(findings[2])
    #expect(["DEV001", "DEV002"].contains(fallback.ruleID))
    #expect(fallback.ruleID == ((rows[2].dPrime_JND ?? 0) >= 1 ? "DEV001" : "DEV002"))
    #expect(fallback.message.hasPrefix("on android-lra-amplitude: falls back (the device lacks the primitive(s) click"))
  }

  @Test func notesGroupManyRowsPerDevice() throws {
    let device = try Self.device("android-lra-amplitude")
    let patterns = (0..<7).map { (name: "taps\($0)", pattern: Self.taps) }
    let rows = DevicePlayback.rows(patterns: patterns, devices: [device], threads: 2)
    #expect(rows.count == 7)
    let notes = DevicePlayback.notes(rows)
    #expect(notes.count == 1)
    #expect(notes[0].hasPrefix("on android-lra-amplitude, of 7 patterns: 0 play, 7 fall back"), "\(notes[0])")
    #expect(DevicePlayback.notes(Array(rows.prefix(2))).count == 2)
  }

  @Test func aFaintPatternIsSilentBelowThresholdUnlessOnOffMakesItFull() throws {
    let faint = HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: 0.02, sharpness: 0.5)])
    let iphone = DevicePlayback.evaluate(faint, name: "faint", on: try Self.device("iphone-wideband-lra"))
    guard case .silent(.belowDetectionThreshold(let peak)) = iphone.outcome else {
      Issue.record("expected silence below the threshold, got \(iphone.outcome)")
      return
    }
    #expect(peak > 0)
    #expect(iphone.sentence.hasPrefix("silent: below the detection threshold throughout"))
    // Amplitude 5 of 255 with amplitude control: still below the threshold.
    let amplitude = DevicePlayback.evaluate(faint, name: "faint", on: try Self.device("android-lra-amplitude"))
    #expect(amplitude.silenceReason.map { if case .belowDetectionThreshold = $0 { true } else { false } } == true)
    #expect(amplitude.form == .amplitudeWaveform)
    // Without amplitude control any non-zero amplitude plays at full strength: felt.
    let waveform = try Self.xml(
      #"<vibration-effect><waveform-effect><waveform-entry durationMs="200" amplitude="5"/></waveform-effect></vibration-effect>"#
    )
    let onOff = DevicePlayback.evaluate(waveform, name: "faint", on: try Self.device("android-lra-onoff"))
    #expect(onOff.causes == [.noAmplitudeControl])
    let d = try #require(onOff.dPrime_JND)
    #expect(d >= 1, "d' \(d)")
    // The app's port skips the amplitude waveform there, and its on/off alternative keeps
    // the faint pattern unfelt, as the original is.
    let port = DevicePlayback.evaluate(faint, name: "faint", on: try Self.device("android-lra-onoff"))
    #expect(port.form == .onOffWaveform && port.causes == [.noAmplitudeControl], "\(port)")
    #expect(port.dPrime_JND == nil && port.silenceReason != nil, "\(port)")
  }

  @Test func rowsPortOncePerPatternAndMatchEachEvaluation() throws {
    let devices = try ["pixel-flagship-lra", "android-lra-amplitude", "mac-none", "iphone-8-taptic"].map(Self.device)
    let soft = HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: 0.6, sharpness: 0.8)])
    let patterns = [(name: "taps", pattern: Self.taps), (name: "soft", pattern: soft)]
    let rows = DevicePlayback.rows(patterns: patterns, devices: devices, threads: 3)
    let one = patterns.flatMap { p in devices.map { DevicePlayback.evaluate(p.pattern, name: p.name, on: $0) } }
    #expect(rows == one)
    #expect(rows.map(\.device) == (devices + devices).map(\.name))
  }
}
