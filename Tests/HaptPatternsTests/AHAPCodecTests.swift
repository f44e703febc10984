import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats
import HaptLint

@Suite struct AHAPCodecTests {
  @Test func appleStyleFileDecodesWithTrailingCommaFindings() throws {
    let (pattern, findings) = try AHAP.decode(Fixtures.bytes("apple-style-trailing-commas.ahap"), file: "s.ahap")
    #expect(pattern.version == 1)
    #expect(pattern.metadata.project == "Sparkle")
    #expect(pattern.events.count == 4)
    #expect(pattern.events.map(\.type) == [.hapticTransient, .hapticContinuous, .audioCustom, .audioContinuous])
    let continuous = pattern.events[1]
    #expect(continuous.time_s == 0.015 && continuous.duration_s == 0.25)
    #expect(continuous.intensity == 0.6 && continuous.sharpness == 0.3)
    #expect(continuous.attackTime == 0.1 && continuous.releaseTime == 0.4 && continuous.decayTime == 0.5)
    #expect(!continuous.isSustained)
    let audio = pattern.events[2]
    #expect(
      audio.waveformPath == "Sparkle.wav" && audio.waveformLoopEnabled == false
        && audio.waveformUseVolumeEnvelope == true)
    #expect(
      audio.audioVolume == 0.75 && audio.audioPan == -0.5 && audio.audioPitch == 0.2 && audio.audioBrightness == 0.9)
    #expect(pattern.parameterCurves.count == 1 && pattern.parameterCurves[0].controlPoints.count == 3)
    #expect(pattern.parameterSteps == [ParameterStep(parameterID: .hapticSharpnessControl, time_s: 0.1, value: -0.3)])
    #expect(findings.allSatisfy { $0.ruleID == "AHAP001" && $0.file == "s.ahap" })
    #expect(findings.count == 7)
  }

  @Test func lenientBreaksBecomeFindings() throws {
    let (pattern, findings) = try AHAP.decode(Fixtures.bytes("lenient-breaks.ahap"), file: "b.ahap")
    let rules = Set(findings.rules())
    for expected in ["AHAP002", "AHAP003", "AHAP004", "AHAP005", "AHAP006", "AHAP007", "AHAP012", "AHAP015"] {
      #expect(rules.contains(expected), "missing \(expected)")
    }
    // HapticBuzz is skipped; the others are kept.
    #expect(pattern.events.count == 2)
    #expect(pattern.events[0].intensity == 1 && pattern.events[0].sharpness == 0)  // clamped
    #expect(pattern.events[0].time_s == 0)  // missing Time
    #expect(pattern.events[1].time_s == 0)  // negative Time
    #expect(pattern.parameterSteps[0].value == 1)  // clamped to 0...1
    #expect(
      findings.contains { $0.place == "Pattern[0].Event.EventParameters[0].ParameterValue" && $0.ruleID == "AHAP004" })
    #expect(findings.contains { $0.place == "Pattern[2].Event.EventType" && $0.ruleID == "AHAP005" })
  }

  @Test func wrongTypeFailsWithFileAndJSONPath() throws {
    #expect {
      try AHAP.decode(Fixtures.bytes("broken-type.ahap"), file: "boom.ahap")
    } throws: { error in
      let error = error as? InputError
      return error?.description
        == "boom.ahap: Pattern[3].Event.EventParameters[1].ParameterValue: expected a number, found a string"
        && error?.isBadData == true
    }
  }

  @Test(arguments: [
    ("[1, 2]", "boom.ahap: line 1, column 1: expected an AHAP object"),
    ("{\"Pattern\": {}}", "boom.ahap: Pattern: expected an array"),
    ("{\"Pattern\": [3]}", "boom.ahap: Pattern[0]: expected an object"),
    (
      "{\"Pattern\": [{\"Event\": {\"Time\": 1e300, \"EventType\": \"HapticTransient\"}}]}",
      "boom.ahap: Pattern[0].Event.Time: time"
    ),
    (
      "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": 3}}]}",
      "boom.ahap: Pattern[0].Event.EventType: expected a string"
    ),
    ("{\"Pattern\": [", "boom.ahap: line 1, column 14"),
    ("{\"Version\": 1e999}", "boom.ahap: line 1, column 13: number 1e999 is out of range"),
  ])
  func structuralErrorsAreOneLine(input: String, prefix: String) {
    #expect {
      try AHAP.decode(input, file: "boom.ahap")
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.description.hasPrefix(prefix) && !error.description.contains("\n")
    }
  }

  @Test func limitsAreEnforced() {
    let events = (0..<20).map { "{\"Event\": {\"Time\": \($0), \"EventType\": \"HapticTransient\"}}" }
    let text = "{\"Pattern\": [\(events.joined(separator: ","))]}"
    #expect(throws: InputError.self) { try AHAP.decode(text, file: "x", limits: PatternLimits(maxEvents: 10)) }
    #expect(throws: Never.self) { try AHAP.decode(text, file: "x", limits: PatternLimits(maxEvents: 20)) }
  }

  @Test func longCurveAndLongEventDecodeWithFindings() throws {
    let (pattern, findings) = try AHAP.decode(Fixtures.bytes("long-curve-long-event.ahap"), file: "l.ahap")
    #expect(pattern.events[0].duration_s == 175)
    #expect(pattern.parameterCurves[0].controlPoints.count == 800)
    #expect(findings.rules().contains("AHAP008"))
    #expect(findings.rules().contains("AHAP009"))
  }

  @Test func metadataKeepsUnknownKeysAndRoundTrips() throws {
    let (pattern, findings) = try AHAP.decode(Fixtures.bytes("metadata-block.ahap"), file: "m.ahap")
    #expect(findings.isEmpty)
    #expect(pattern.metadata.createdFor == "iPhone")
    #expect(pattern.metadata.other.map(\.key) == ["Editor", "Tags", "Author"])
    let again = try AHAP.decode(AHAP.encode(pattern), file: "m2.ahap")
    #expect(again.pattern == pattern)
    #expect(again.findings.isEmpty)
  }

  @Test(arguments: Fixtures.all.filter { $0.hasSuffix(".ahap") && $0 != "broken-type.ahap" })
  func everyFixtureRoundTrips(name: String) throws {
    let (pattern, _) = try AHAP.decode(Fixtures.bytes(name), file: name)
    let text = AHAP.encode(pattern)
    let (again, findings) = try AHAP.decode(text, file: name)
    #expect(again == pattern)
    #expect(
      !findings.contains {
        ($0.ruleID == "AHAP001" || $0.ruleID == "AHAP003" || $0.ruleID == "AHAP004") && $0.place != "Version"
      })
    #expect(AHAP.encode(again) == text)  // stable
  }

  @Test func encodingIsStrictJSONWithStableKeyOrder() throws {
    let pattern = HapticPattern(
      metadata: PatternMetadata(project: "P", description: "D"),
      events: [
        .continuous(at: 0.1, duration_s: 0.2, intensity: 0.5, sharpness: 0.25, attackTime: 0.1, isSustained: false)
      ],
      parameterSteps: [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0, value: 0.5)])
    let text = AHAP.encode(pattern)
    let data = Data(text.utf8)
    #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
    let expected = """
      {
        "Version": 1,
        "Metadata": {
          "Project": "P",
          "Description": "D"
        },
        "Pattern": [
          {
            "Parameter": {
              "ParameterID": "HapticIntensityControl",
              "Time": 0,
              "ParameterValue": 0.5
            }
          },
          {
            "Event": {
              "Time": 0.1,
              "EventType": "HapticContinuous",
              "EventDuration": 0.2,
              "EventParameters": [
                {
                  "ParameterID": "HapticIntensity",
                  "ParameterValue": 0.5
                },
                {
                  "ParameterID": "HapticSharpness",
                  "ParameterValue": 0.25
                },
                {
                  "ParameterID": "AttackTime",
                  "ParameterValue": 0.1
                },
                {
                  "ParameterID": "Sustained",
                  "ParameterValue": 0
                }
              ]
            }
          }
        ]
      }

      """
    #expect(text == expected)
  }

  /// Every construct, with random values, survives encode then decode exactly.
  @Test(arguments: [UInt64(11), 12, 13, 14, 15, 16, 17, 18, 19, 20])
  func randomPatternsRoundTrip(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let pattern = RandomPatterns.make(&random)
    let (decoded, findings) = try AHAP.decode(AHAP.encode(pattern), file: "r.ahap")
    #expect(decoded == pattern)
    #expect(!findings.contains { ($0.ruleID == "AHAP004" || $0.ruleID == "AHAP003") && $0.place != "Version" })
  }
}

/// Random patterns that use every construct, with in-range values.
enum RandomPatterns {
  static func make(_ random: inout SplitMix64) -> HapticPattern {
    func unit() -> Double { random.nextUnit() }
    var pattern = HapticPattern(version: random.next() % 3 == 0 ? nil : 1)
    if random.next() % 2 == 0 {
      pattern.metadata = PatternMetadata(
        project: "p\(random.next() % 100)", created: "today", description: "a \"quoted\" <desc> & more\n",
        createdFor: random.next() % 2 == 0 ? nil : "iPhone",
        other: [JSONMember(key: "X", value: JSONNode(.list([.number(1.5), .string("y"), .null, .bool(true)])))])
    }
    for _ in 0..<Int(random.next() % 12) {
      let type = HapticEventType.allCases[Int(random.next() % 4)]
      var event = HapticEvent(type: type, time_s: unit() * 3, duration_s: type.hasDuration ? unit() : 0)
      event.intensity = unit()
      event.sharpness = unit()
      if random.next() % 2 == 0 {
        event.attackTime = unit()
        event.decayTime = unit()
        event.releaseTime = unit()
        event.isSustained = random.next() % 2 == 0
      }
      if type == .audioCustom || random.next() % 5 == 0 {
        event.audioVolume = unit()
        event.audioPan = unit() * 2 - 1
        event.audioPitch = unit() * 2 - 1
        event.audioBrightness = unit()
        event.waveformPath = "w\(random.next() % 10).wav"
        event.waveformLoopEnabled = random.next() % 2 == 0
        event.waveformUseVolumeEnvelope = random.next() % 3 == 0 ? nil : true
      }
      pattern.events.append(event)
    }
    for _ in 0..<Int(random.next() % 4) {
      let id = DynamicParameterID.known[Int(random.next() % UInt64(DynamicParameterID.known.count))]
      pattern.parameterSteps.append(
        ParameterStep(
          parameterID: id, time_s: unit() * 3,
          value: id.range.lowerBound + unit() * (id.range.upperBound - id.range.lowerBound)))
    }
    for _ in 0..<Int(random.next() % 4) {
      let id = DynamicParameterID.known[Int(random.next() % 2)]
      var t = 0.0
      let points = (0..<Int(1 + random.next() % 10)).map { _ -> ParameterCurve.ControlPoint in
        t += unit() * 0.1
        return .init(time_s: t, value: id.range.lowerBound + unit() * (id.range.upperBound - id.range.lowerBound))
      }
      pattern.parameterCurves.append(ParameterCurve(parameterID: id, time_s: unit() * 2, controlPoints: points))
    }
    return pattern
  }
}

@Suite struct HostileInputTests {
  /// Many metadata keys (duplicates included) decode in linear time, keeping the last value.
  @Test func manyMetadataKeysAreLinear() throws {
    let members = (0..<20_000).map { "\"K\($0 % 10_000)\": \($0)" }.joined(separator: ",")
    let (pattern, findings) = try AHAP.decode(
      "{\"Version\": 1, \"Metadata\": {\(members)}, \"Pattern\": []}", file: "m")
    #expect(pattern.metadata.other.count == 10_000)
    #expect(pattern.metadata.other[0].value.value == .number(10_000))
    #expect(findings.filter { $0.ruleID == "AHAP011" }.count == 10_000)
  }

  @Test func nullWaveformPathIsReadAsAbsentWithAFinding() throws {
    let text = #"""
      {"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventWaveformPath": null,
        "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.7}]}}]}
      """#
    let (pattern, findings) = try AHAP.decode(text, file: "n.ahap")
    #expect(pattern.events.count == 1 && pattern.events[0].waveformPath == nil)
    #expect(findings.contains { $0.ruleID == "AHAP003" && $0.place.hasSuffix("EventWaveformPath") })
    // A string of the wrong type is still an error.
    #expect(throws: InputError.self) {
      try AHAP.decode(
        #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventWaveformPath": 3}}]}"#,
        file: "b.ahap")
    }
  }

  @Test func longHapticEnvelopeIsSplitAtCoreHapticsLimit() throws {
    let text =
      #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 1}, {"time": 70, "amplitude": 0}]}}}}"#
    let (pattern, findings) = try LofeltHaptic.decode(text, file: "x.haptic")
    #expect(!findings.map(\.ruleID).contains("AHAP009"))
    let continuous = pattern.events.filter { $0.type == .hapticContinuous }
    #expect(continuous.map(\.time_s) == [0, 30, 60])
    #expect(continuous.map(\.duration_s) == [30, 30, 10])
    // Converted and linted: no AHAP009 (over 30 s) and no PAT001 (overlap) at the seams.
    let ahap = AHAP.encode(pattern)
    let (reread, readFindings) = try AHAP.decode(ahap, file: "x.ahap")
    let rules = Set(readFindings.map(\.ruleID) + PatternLint.check(reread, file: "x.ahap").map(\.ruleID))
    #expect(!rules.contains("AHAP009") && !rules.contains("PAT001"), "\(rules)")
  }
}

extension HostileInputTests {
  /// Many curves with distinct unknown identifiers lint in near-linear time.
  @Test func manyDistinctCurveIdentifiersLintQuickly() {
    let curves = (0..<5_000).map {
      ParameterCurve(
        parameterID: DynamicParameterID("X\($0)"), time_s: 0,
        controlPoints: [.init(time_s: 0, value: 0), .init(time_s: 1, value: 0)])
    }
    let pattern = HapticPattern(events: [.transient(at: 0, intensity: 0.5, sharpness: 0.5)], parameterCurves: curves)
    #expect(PatternLint.check(pattern, file: "x").isEmpty)
  }
}
