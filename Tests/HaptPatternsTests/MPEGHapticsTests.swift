import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptTestSupport
import HaptFormats
import HaptLint

/// The hand-made MPEG-I Haptics fixtures, one construct each (MPEGFixtures/).
enum MPEGFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MPEGFixtures")
  static func path(_ name: String) -> String { folder.appendingPathComponent(name + ".hjif").path }
  static var all: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".hjif") }
      .map { String($0.dropLast(5)) }.sorted()
  }
  static func load(_ name: String) throws -> (haptics: MPEGHaptics, findings: [LintFinding]) {
    try MPEGHaptics.decode(InputFile.read(path(name)), file: name + ".hjif")
  }
}

/// A minimal valid document around one band, for lenient-reading cases.
private func document(band: String, extra: String = "", library: String = "[]") -> String {
  """
  {"version": "2023", "profile": "Simple Parametric", "level": 1, "date": "2026-01-01", "description": "t",
   "timescale": 1000, "avatars": [], "syncs": [], \(extra)
   "perceptions": [{"id": 0, "perception_modality": "Vibrotactile", "description": "p", "avatar_id": 1,
     "effect_library": \(library),
     "channels": [{"id": 0, "description": "c", "gain": 1, "mixing_coefficient": 1, "body_part_mask": 0,
       "bands": [\(band)]}]}]}
  """
}

@Suite struct MPEGHapticsDecodingTests {
  @Test(arguments: MPEGFixtures.all)
  func everyFixtureReadsWithoutWarnings(name: String) throws {
    let (haptics, findings) = try MPEGFixtures.load(name)
    #expect(!haptics.perceptions.isEmpty)
    let expected: Set<String> = name == "two-perceptions" ? ["MPG004"] : []
    #expect(Set(findings.rules()) == expected, "\(findings)")
    #expect(haptics.pattern().mpeg == haptics)
  }

  @Test func readsEveryLevelOfTheStructure() throws {
    let (haptics, _) = try MPEGFixtures.load("two-perceptions")
    #expect(haptics.timescale == 1000)
    #expect(haptics.perceptions.map(\.modality) == ["Vibrotactile", "Force"])
    let device = try #require(haptics.perceptions[0].referenceDevices.first)
    #expect(device.id == 1 && device.name == "LRA 170" && device.type == "LRA")
    #expect(
      device.resonanceFrequency_Hz == 170 && device.minimumFrequency_Hz == 80 && device.maximumFrequency_Hz == 300)
    #expect(device.maximumAmplitude == 1.2)
    let channel = haptics.perceptions[0].channels[0]
    #expect(channel.referenceDeviceID == 1 && channel.gain == 1 && channel.mixingCoefficient == 1)
    let band = channel.bands[0]
    #expect(band.type == .vectorialWave && band.lowerFrequencyLimit_Hz == 80 && band.upperFrequencyLimit_Hz == 300)
    #expect(
      band.effects[0].keyframes == [
        .init(0, amplitude: 0.6, frequency_Hz: 170), .init(100, amplitude: 0.6, frequency_Hz: 170),
      ])
    #expect(haptics.perceptions[1].channels[0].bands[0].curveType == .linear)

    let two = try MPEGFixtures.load("two-channels").haptics.perceptions[0].channels
    #expect(
      two.map(\.gain) == [1, 0.5] && two.map(\.mixingCoefficient) == [0.5, 0.5] && two.map(\.bodyPartMask) == [1, 2])
  }

  @Test(arguments: MPEGHaptics.CurveType.allCases.filter { $0 != .unknown })
  func readsEveryCurveType(type: MPEGHaptics.CurveType) throws {
    let band = try MPEGFixtures.load("curve-" + type.rawValue.lowercased()).haptics.perceptions[0].channels[0].bands[0]
    #expect(band.type == .curve && band.curveType == type)
  }

  @Test(arguments: MPEGHaptics.BaseSignal.allCases.filter { $0 != .sine })
  func readsEveryBaseSignal(signal: MPEGHaptics.BaseSignal) throws {
    let effect = try MPEGFixtures.load("base-" + signal.rawValue.lowercased()).haptics.perceptions[0].channels[0]
      .bands[0].effects[0]
    #expect(effect.baseSignal == signal)
  }

  @Test func resolvesReferencesAndComposites() throws {
    let reference = try MPEGFixtures.load("reference-library").haptics
    let perception = reference.perceptions[0]
    let played = reference.playedEffects(of: perception.channels[0].bands[0], in: perception)
    #expect(played.map(\.position) == [0, 150] && played.allSatisfy { $0.type == .basis && $0.keyframes.count == 2 })
    let composite = try MPEGFixtures.load("composite").haptics
    let parts = composite.playedEffects(of: composite.perceptions[0].channels[0].bands[0], in: composite.perceptions[0])
    #expect(parts.map(\.position) == [100, 180])
    #expect(abs(composite.duration_s - 0.22) < 1e-12)
  }

  @Test func patternModelOfTransientsAndTrapezoids() throws {
    let transients = try MPEGFixtures.load("transient-frequency").haptics.pattern()
    #expect(transients.events.map(\.time_s) == [0.02, 0.1])
    #expect(transients.events.map(\.intensity) == [0.9, 0.4])
    #expect(abs(transients.events[1].sharpness - (200 - 80) / 150) < 1e-12)
    let ramp = try MPEGFixtures.load("amplitude-ramp").haptics.pattern()
    let event = try #require(ramp.events.first)
    #expect(ramp.events.count == 1 && ramp.parameterCurves.isEmpty)
    #expect(event.duration_s == 0.3 && event.intensity == 1)
    #expect(abs(event.attackTime - 1.0 / 3) < 1e-12 && abs(event.releaseTime - 1.0 / 6) < 1e-12)
  }

  // MARK: - Lenient reading

  @Test func missingAndOutOfRangeValuesAreFindings() throws {
    let text = document(
      band: """
        {"band_type": "VectorialWave", "lower_frequency_limit": 0, "upper_frequency_limit": 20000,
         "effects": [{"effect_type": "Basis", "position": 1.5, "keyframes": [
           {"relative_position": 10, "amplitude_modulation": 2, "frequency_modulation": 100},
           {"relative_position": 0, "amplitude_modulation": 0.5}], "colour": 3}]}
        """)
    let (haptics, findings) = try MPEGHaptics.decode(text, file: "t.hjif")
    let effect = haptics.perceptions[0].channels[0].bands[0].effects[0]
    #expect(effect.position == 2)
    #expect(effect.keyframes.map(\.relativePosition) == [0, 10])
    #expect(effect.keyframes[1].amplitude == 1)
    #expect(haptics.perceptions[0].channels[0].bands[0].upperFrequencyLimit_Hz == 10_000)
    #expect(Set(findings.rules()) == ["MPG001", "MPG003", "MPG009"])
    #expect(findings.allSatisfy { $0.file == "t.hjif" })
    #expect(findings.contains { $0.place == "perceptions[0].channels[0].bands[0].effects[0].colour" })
  }

  @Test func unknownNamesReferencesAndBadTransientsAreFindings() throws {
    let text = document(
      band: """
        {"band_type": "Haptic", "lower_frequency_limit": 0, "upper_frequency_limit": 1000, "effects": []},
        {"band_type": "Transient", "lower_frequency_limit": 0, "upper_frequency_limit": 1000, "effects": [
          {"effect_type": "Basis", "position": 0, "keyframes": [{"relative_position": 0}]},
          {"effect_type": "Reference", "id": 9, "position": 10}]}
        """)
    let (haptics, findings) = try MPEGHaptics.decode(text, file: "t.hjif")
    #expect(haptics.perceptions[0].channels[0].bands.count == 1)
    #expect(Set(findings.rules()) == ["MPG006", "MPG007", "MPG008"])
    #expect(haptics.pattern().events.isEmpty)
  }

  @Test func waveletBandsAndOtherModalitiesAreNamed() throws {
    let text = document(
      band: """
        {"band_type": "WaveletWave", "block_length": 128, "lower_frequency_limit": 72, "upper_frequency_limit": 1000,
         "effects": [{"effect_type": "Basis", "position": 0, "wavelet_stream": "AAEC"}]}
        """)
    let (haptics, findings) = try MPEGHaptics.decode(text, file: "t.hjif")
    let band = haptics.perceptions[0].channels[0].bands[0]
    #expect(band.blockLength == 128 && band.effects[0].waveletStream == [0, 1, 2])
    #expect(findings.rules().isEmpty)  // 128 samples a block: decoded
    // 100 ticks at 1000 Hz is 100 samples a block, not a power of two: named, silent.
    let odd = try MPEGHaptics.decode(text.replacingOccurrences(of: "128", with: "100"), file: "t.hjif")
    #expect(odd.findings.rules() == ["MPG005"])
  }

  @Test func brokenInputFailsOnOneLineNamingFileAndPlace() throws {
    let cases: [(String, String)] = [
      ("{\"perceptions\": 3}", "perceptions"),
      (document(band: "{\"band_type\": 4}"), "perceptions[0].channels[0].bands[0].band_type"),
      (
        document(
          band:
            "{\"band_type\": \"Curve\", \"lower_frequency_limit\": 0, \"upper_frequency_limit\": 1, \"effects\": [{\"effect_type\": \"Basis\", \"position\": 1e12}]}"
        ), "perceptions[0].channels[0].bands[0].effects[0].position"
      ),
      ("[1, 2", "line 1, column 6"),
    ]
    for (text, place) in cases {
      let error = try #require(throws: InputError.self) { try MPEGHaptics.decode(text, file: "bad.hjif") }
      #expect(error.file == "bad.hjif")
      #expect(error.place == place, "\(error)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func effectAndKeyframeLimitsHold() throws {
    let keyframes = (0..<50).map { "{\"relative_position\": \($0), \"amplitude_modulation\": 0.5}" }.joined(
      separator: ",")
    let text = document(
      band:
        "{\"band_type\": \"VectorialWave\", \"lower_frequency_limit\": 0, \"upper_frequency_limit\": 1000, \"effects\": [{\"effect_type\": \"Basis\", \"position\": 0, \"keyframes\": [\(keyframes)]}]}"
    )
    let error = try #require(throws: InputError.self) {
      try MPEGHaptics.decode(Array(text.utf8), file: "big.hjif", limits: PatternLimits(maxControlPoints: 10))
    }
    #expect(error.limit == .controlPoints(10))
  }

  @Test func binaryStreamsFailCleanly() throws {
    let error = try #require(throws: InputError.self) { try MPEGHaptics.decodeBinary([1, 2, 3], file: "x.hmpg") }
    #expect(error.file == "x.hmpg" && error.place == "byte 0" && !error.description.contains("\n"))
  }
}

@Suite struct MPEGHapticsWritingTests {
  @Test(arguments: MPEGFixtures.all)
  func writtenFixturesReadBackEqual(name: String) throws {
    let haptics = try MPEGFixtures.load(name).haptics
    let again = try MPEGHaptics.decode(haptics.jsonText(), file: name)
    #expect(again.haptics == haptics)
    #expect(again.findings.filter { $0.ruleID != "MPG004" }.isEmpty)
  }

  @Test func conversionIsDeterministicAndComplete() throws {
    let pattern = HapticPattern(events: [
      .transient(at: 0.0125, intensity: 0.8, sharpness: 0.2),
      .continuous(at: 0.1, duration_s: 0.2, intensity: 0.6, sharpness: 0.7, attackTime: 0.25, releaseTime: 0.5),
    ])
    let mpeg = MPEGHaptics(pattern: pattern)
    #expect(mpeg.jsonText() == MPEGHaptics(pattern: pattern).jsonText())
    let bands = mpeg.perceptions[0].channels[0].bands
    #expect(bands.map(\.type) == [.transient, .vectorialWave])
    #expect(bands[0].effects[0].position == 13)  // 12.5 ms rounds to 13 ticks
    #expect(bands[0].effects[0].keyframes == [.init(0, amplitude: 0.8, frequency_Hz: 110)])
    let keys = bands[1].effects[0].keyframes
    #expect(keys.map(\.relativePosition) == [0, 50, 100, 200])
    #expect(keys.map(\.amplitude) == [0, 0.6, 0.6, 0])
    #expect(keys.allSatisfy { $0.frequency_Hz == 185 })
    let back = mpeg.pattern()
    #expect(back.events.count == 2)
    #expect(abs(back.events[1].attackTime - 0.25) < 1e-12 && abs(back.events[1].releaseTime - 0.5) < 1e-12)
  }
}

@Suite(.tags(.fuzz), .slow) struct MPEGFuzzTests {
  static func iterations(size: Int) -> Int {
    let perFormat = FuzzCases.perFormat(default: 0)
    let kinds = DecoderFuzzTests.Mutation.allCases.count
    guard perFormat > 0 else { return size > 8_192 ? 20 : 200 }
    return max(1, perFormat / max(1, MPEGFixtures.all.count * kinds))
  }

  static let cases: [(String, DecoderFuzzTests.Mutation)] = MPEGFixtures.all.flatMap { name in
    DecoderFuzzTests.Mutation.allCases.map { (name, $0) }
  }

  /// Seeded mutations of every fixture decode, or fail with a one-line error naming the
  /// file; what decodes converts, renders in the pattern model and writes back.
  @Test(arguments: cases)
  func mutatedFixturesFailCleanly(name: String, mutation: DecoderFuzzTests.Mutation) throws {
    let original = try InputFile.read(MPEGFixtures.path(name))
    var random = SplitMix64(seed: DecoderFuzzTests.seed(name + ".hjif", mutation))
    var decoded = 0
    var failed = 0
    let iterations = Self.iterations(size: original.count)
    for _ in 0..<iterations {
      let bytes = DecoderFuzzTests.mutate(original, mutation, &random)
      do {
        let haptics = try MPEGHaptics.decode(bytes, file: name).haptics
        decoded += 1
        let pattern = haptics.pattern()
        _ = PatternLint.check(pattern, file: name)
        _ = haptics.duration_s
        if decoded % 10 == 1 {
          #expect(try MPEGHaptics.decode(haptics.jsonText(), file: name).haptics == haptics)
        }
      } catch let error as InputError {
        failed += 1
        #expect(error.file == name)
        #expect(!error.description.contains("\n"))
        #expect(error.isBadData)
      }
    }
    #expect(decoded + failed == iterations)
  }
}
