import HaptCore
import Testing

import HaptPatterns
import HaptFormats

/// Android 16 vibration XML: the CTS cases, envelopes, repeating effects, delay types.
@Suite struct Android16Tests {
  @Test(arguments: AndroidCTSCases.accepted.map(\.name))
  func ctsAcceptedDocumentsAreAccepted(name: String) throws {
    let xml = try #require(AndroidCTSCases.accepted.first { $0.name == name }).xml
    #expect(AndroidVibration.androidAccepts(Array(xml.utf8)), "\(name)")
    // What hapt writes back reads back the same.
    let vibration = try AndroidVibration.decode(xml, file: "cts.xml").vibration
    #expect(try AndroidVibration.decode(vibration.encode(), file: "again.xml").vibration == vibration)
  }

  @Test(arguments: AndroidCTSCases.rejected.map(\.name))
  func ctsRejectedDocumentsAreRejected(name: String) throws {
    let xml = try #require(AndroidCTSCases.rejected.first { $0.name == name }).xml
    #expect(!AndroidVibration.androidAccepts(Array(xml.utf8)), "\(name)")
  }

  static func decode(_ xml: String) throws -> AndroidVibration {
    try AndroidVibration.decode(xml, file: "a.xml").vibration
  }

  @Test func waveformEnvelopeRampsFromZeroInHertz() throws {
    let vibration = try Self.decode(
      AndroidCTSCases.wrap(
        "<waveform-envelope-effect initialFrequencyHz=\"80\"><control-point amplitude=\"1\" frequencyHz=\"230\" durationMs=\"100\"/>"
          + "<control-point amplitude=\"0.5\" frequencyHz=\"230\" durationMs=\"100\"/></waveform-envelope-effect>"))
    let pattern = vibration.resolved().pattern  // default device: 80...230 Hz
    #expect(pattern.hapticEvents.count == 1)
    #expect(abs(pattern.duration_s - 0.2) < 1e-9)
    let controls = pattern.controls
    #expect(abs(controls.intensityMultiplier(at: 0.05) - 0.5) < 1e-9)
    #expect(abs(controls.intensityMultiplier(at: 0.15) - 0.75) < 1e-9)
    #expect(abs(controls.sharpnessOffset(at: 0.05) - 0.5) < 1e-9)
    #expect(abs(controls.sharpnessOffset(at: 0.15) - 1) < 1e-9)
  }

  @Test func basicEnvelopeUsesIntensityAndSharpnessAndMustEndAtZero() throws {
    let xml = AndroidCTSCases.wrap(
      "<basic-envelope-effect initialSharpness=\"0\"><control-point intensity=\"1\" sharpness=\"1\" durationMs=\"50\"/>"
        + "<control-point intensity=\"0\" sharpness=\"1\" durationMs=\"50\"/></basic-envelope-effect>")
    let (vibration, findings) = try AndroidVibration.decode(xml, file: "b.xml")
    #expect(findings.isEmpty)
    let controls = vibration.resolved().pattern.controls
    #expect(abs(controls.intensityMultiplier(at: 0.025) - 0.5) < 1e-9)
    #expect(abs(controls.sharpnessOffset(at: 0.025) - 0.5) < 1e-9)
    let bad = AndroidCTSCases.wrap(
      "<basic-envelope-effect><control-point intensity=\"0.2\" sharpness=\"0.8\" durationMs=\"100\" /></basic-envelope-effect>"
    )
    #expect(try AndroidVibration.decode(bad, file: "c.xml").findings.rules() == ["AND007"])
  }

  @Test func envelopesPlayOnlyWhereSupportedAndSelectPicksPerDevice() throws {
    let envelope =
      "<vibration-effect><waveform-envelope-effect><control-point amplitude=\"1\" frequencyHz=\"150\" durationMs=\"100\"/></waveform-envelope-effect></vibration-effect>"
    let fallback = AndroidCTSCases.wrap(AndroidCTSCases.waveform(AndroidCTSCases.entries([(50, "255")])))
    let select = try Self.decode("<vibration-select>" + envelope + fallback + "</vibration-select>")
    var old = AndroidPlayback()
    old.supportsEnvelopes = false
    #expect(abs(select.resolved().pattern.duration_s - 0.1) < 1e-9)
    #expect(abs(select.resolved(for: old).pattern.duration_s - 0.05) < 1e-9)
    let alone = try Self.decode(envelope).resolved(for: old)
    #expect(alone.pattern.hapticEvents.isEmpty)
    #expect(alone.silenceReason?.description.contains("envelope") == true)
    let none = try Self.decode("<vibration-select>" + envelope + "</vibration-select>").resolved(for: old)
    #expect(none.silenceReason?.description.contains("no alternative") == true)
    #expect(try Self.decode("<vibration-select/>").resolved().silenceReason != nil)
  }

  @Test func envelopeLintAgainstTheDefaultDevice() throws {
    let xml = AndroidCTSCases.wrap(
      "<waveform-envelope-effect><control-point amplitude=\"1\" frequencyHz=\"400\" durationMs=\"5\"/></waveform-envelope-effect>"
    )
    #expect(try AndroidVibration.decode(xml, file: "e.xml").findings.rules() == ["AND008", "AND009"])
    let resolution = try Self.decode(xml).resolved()
    #expect(resolution.notes.contains { $0.contains("nearest edge") })
    #expect(abs(resolution.pattern.controls.sharpnessOffset(at: 0.004) - 1) < 1e-9)
  }

  @Test func repeatingEffectPlaysPreambleOnceThenRepeats() throws {
    let xml = AndroidCTSCases.wrap(
      "<repeating-effect><preamble><predefined-effect name=\"click\"/></preamble><repeating>"
        + AndroidCTSCases.entries([(500, "128"), (500, "0")]) + "</repeating></repeating-effect>")
    let (vibration, findings) = try AndroidVibration.decode(xml, file: "r.xml")
    #expect(findings.rules() == ["AND003"])
    let resolution = vibration.resolved()
    let events = resolution.pattern.hapticEvents
    #expect(events.first?.type == .hapticTransient)
    // click (10 ms) then 1 s passes until 3 s: the bursts start at 10, 1010, 2010 ms.
    #expect(events.dropFirst().map { ($0.time_s * 1000).rounded() } == [10, 1010, 2010])
    #expect(resolution.notes.contains { $0.contains("3 pass(es)") })
  }

  @Test func delayTypeRelativeStartOffsetCountsFromThePreviousStart() throws {
    let xml = AndroidCTSCases.wrap(
      "<primitive-effect name=\"thud\"/><primitive-effect name=\"click\" delayMs=\"10\" delayType=\"relative_start_offset\"/>"
        + "<primitive-effect name=\"click\" delayMs=\"10\"/>")
    let events = try Self.decode(xml).resolved().pattern.hapticEvents
    // thud 0-40 ms; click at 0 + 10 ms (its start offset); the next click pauses 10 ms
    // after the longest so far ends (40 ms).
    #expect(events.map { ($0.time_s * 1000).rounded() } == [0, 10, 50])
    let encoded = try Self.decode(xml).encode()
    #expect(encoded.contains("delayType=\"relative_start_offset\""))
    #expect(!encoded.contains("delayType=\"pause\""))
  }

  @Test func theConverterWritesABasicEnvelopeWhereTheSourceHasSharpness() throws {
    let sharp = HapticPattern(events: [.continuous(at: 0.05, duration_s: 0.2, intensity: 0.8, sharpness: 0.9)])
    let conversion = AndroidVibration.converting(sharp)
    #expect(conversion.vibration.isSelect && conversion.vibration.effects.count == 3)
    guard case .basicEnvelope(let envelope) = conversion.vibration.effects[0] else {
      Issue.record("\(conversion.vibration)")
      return
    }
    #expect(envelope.controlPoints.last?.intensity == 0)
    #expect(envelope.controlPoints.allSatisfy { $0.duration_ms >= 10 })
    #expect(envelope.controlPoints.dropLast().filter { $0.intensity > 0 }.allSatisfy { $0.sharpness == 0.9 })
    // Android accepts what hapt writes, and it plays the sharpness where envelopes play.
    let xml = conversion.vibration.encode()
    #expect(AndroidVibration.androidAccepts(Array(xml.utf8)), "\(xml)")
    let played = conversion.vibration.resolved().pattern
    #expect(abs(played.controls.sharpnessOffset(at: 0.15) - 0.9) < 1e-9)
    var old = AndroidPlayback()
    old.supportsEnvelopes = false
    #expect(conversion.vibration.resolved(for: old).pattern.parameterCurves.isEmpty)
    // A pattern at the default sharpness keeps the plain waveform.
    let plain = AndroidVibration.converting(
      HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: 0.8, sharpness: 0.5)]))
    #expect(!plain.vibration.isSelect)
  }
}
