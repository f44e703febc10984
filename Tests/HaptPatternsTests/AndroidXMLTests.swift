import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats
import HaptCodegen
import HaptLint

/// Android vibration XML: decode, encode, decode again; malformed input; lint findings.
@Suite struct AndroidXMLTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "AndroidFixtures")
  static let fixtures: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()

  static func decodeFixture(_ name: String) throws -> (vibration: AndroidVibration, findings: [LintFinding]) {
    try AndroidVibration.decode(InputFile.read(folder.appendingPathComponent(name).path), file: name)
  }

  @Test func everyFixtureIsFound() {
    #expect(Self.fixtures.count >= 10)
  }

  @Test(arguments: fixtures) func roundTrip(name: String) throws {
    let first = try Self.decodeFixture(name).vibration
    let encoded = first.encode()
    let second = try AndroidVibration.decode(encoded, file: "encoded.xml")
    #expect(second.vibration == first, "\(name)\n\(encoded)")
    #expect(second.findings.allSatisfy { $0.ruleID != LintRule.androidUnknownAttribute.id })
    // Encoding is stable.
    #expect(second.vibration.encode() == encoded)
  }

  @Test func compositionValues() throws {
    let vibration = try Self.decodeFixture("composition.xml").vibration
    #expect(
      vibration
        == AndroidVibration(
          .composition([
            AndroidPrimitive(.click), AndroidPrimitive(.tick, scale: 0.31),
            AndroidPrimitive(.lowTick, delay_ms: 240), AndroidPrimitive(.spin, scale: 0.58, delay_ms: 12),
          ])))
  }

  @Test func waveformValues() throws {
    let (vibration, findings) = try Self.decodeFixture("waveform-default-amplitude.xml")
    guard case .waveform(let waveform) = vibration.effects.first else {
      Issue.record("not a waveform")
      return
    }
    #expect(waveform.repeatIndex == 3)
    #expect(waveform.entries.map(\.duration_ms) == [20, 20, 80, 40, 50, 30])
    #expect(waveform.entries.map(\.amplitude) == [nil, 0, 255, 100, 180, 255])
    #expect(findings.rules() == ["AND003"])
  }

  @Test func selectAndHiddenEffects() throws {
    let select = try Self.decodeFixture("select.xml").vibration
    #expect(select.isSelect)
    #expect(select.effects.count == 2)
    #expect(select.effects[1] == .predefined(.heavyClick, fallback: true))
    let (hidden, findings) = try Self.decodeFixture("predefined-texture-tick-hidden.xml")
    #expect(hidden.effects == [.predefined(.textureTick, fallback: false)])
    #expect(findings.rules() == ["AND002", "AND002"])
    #expect(try Self.decodeFixture("predefined-click.xml").findings.isEmpty)
  }

  /// Malformed input: one error naming the line.
  static let malformed: [(name: String, xml: String, place: String, message: String)] = [
    (
      "unclosed tag",
      "<vibration-effect>\n  <waveform-effect>\n    <waveform-entry durationMs=\"10\" amplitude=\"5\"/>\n</vibration-effect>\n",
      "line 4, column 1", "does not close <waveform-effect> (opened on line 2)"
    ),
    (
      "unclosed at end", "<vibration-effect>\n  <predefined-effect name=\"click\"/>\n", "line 1, column 1",
      "<vibration-effect> is never closed"
    ),
    (
      "unknown element",
      "<vibration-effect>\n  <waveform-effect>\n    <wave-entry durationMs=\"10\" amplitude=\"5\"/>\n  </waveform-effect>\n</vibration-effect>\n",
      "line 3", "unknown element <wave-entry> in <waveform-effect>"
    ),
    (
      "amplitude 300",
      "<vibration-effect>\n  <waveform-effect>\n    <waveform-entry durationMs=\"10\" amplitude=\"300\"/>\n  </waveform-effect>\n</vibration-effect>\n",
      "line 3", "amplitude \"300\" is not a whole number in 0...255"
    ),
    (
      "negative duration",
      "<vibration-effect>\n  <waveform-effect>\n    <waveform-entry durationMs=\"10\" amplitude=\"5\"/>\n    <waveform-entry durationMs=\"-4\" amplitude=\"5\"/>\n  </waveform-effect>\n</vibration-effect>\n",
      "line 4", "negative durationMs -4"
    ),
    (
      "wrong root", "<vibration>\n  <predefined-effect name=\"click\"/>\n</vibration>\n", "line 1",
      "unknown root element <vibration>"
    ),
    (
      "unknown effect", "<vibration-effect>\n  <predefined-effect name=\"buzz\"/>\n</vibration-effect>\n", "line 2",
      "unknown predefined effect \"buzz\""
    ),
    (
      "scale 2", "<vibration-effect>\n  <primitive-effect name=\"click\" scale=\"2\"/>\n</vibration-effect>\n",
      "line 2", "scale \"2\" is not a number in 0...1"
    ),
    (
      "repeating not last",
      "<vibration-effect><waveform-effect>\n<repeating><waveform-entry durationMs=\"1\" amplitude=\"1\"/></repeating>\n<waveform-entry durationMs=\"1\" amplitude=\"1\"/>\n</waveform-effect></vibration-effect>",
      "line 3", "after <repeating>"
    ),
    (
      "mixed kinds",
      "<vibration-effect>\n<primitive-effect name=\"click\"/>\n<predefined-effect name=\"click\"/>\n</vibration-effect>",
      "line 3", "in a composition"
    ),
    ("empty document", "  \n", "line 2, column 1", "no root element"),
    (
      "text after root", "<vibration-effect><predefined-effect name=\"tick\"/></vibration-effect>\nhello",
      "line 2, column 1", "content after the root element"
    ),
    (
      "bad entity", "<vibration-effect>\n<predefined-effect name=\"cl&ick\"/>\n</vibration-effect>",
      "line 2, column 28", "'&' starts no entity"
    ),
    ("doctype", "<!DOCTYPE x [<!ENTITY a \"b\">]>\n<vibration-effect/>", "line 1, column 1", "DOCTYPE"),
  ]

  @Test(arguments: malformed.indices) func malformedFailsNamingTheLine(index: Int) {
    let c = Self.malformed[index]
    do {
      _ = try AndroidVibration.decode(c.xml, file: "bad.xml")
      Issue.record("\(c.name): decoded")
    } catch let error as InputError {
      #expect(error.file == "bad.xml", "\(c.name)")
      #expect(error.place == c.place, "\(c.name): \(error)")
      #expect(error.message.contains(c.message), "\(c.name): \(error)")
      #expect(!error.description.contains("\n"))
    } catch {
      Issue.record("\(c.name): \(error)")
    }
  }

  @Test func lenientBreaksAreFindings() throws {
    let xml = """
      <vibration-effect color="red">
          stray words
          <waveform-effect>
              <waveform-entry durationMs="4" amplitude="200"/>
              <waveform-entry durationMs="0" amplitude="0"/>
          </waveform-effect>
      </vibration-effect>
      """
    let (_, findings) = try AndroidVibration.decode(xml, file: "lenient.xml")
    #expect(findings.rules() == ["AND001", "AND006", "AND011"])
    #expect(findings.map(\.place) == ["line 1", "line 2", "line 4"])
    let zero = try AndroidVibration.decode(
      "<vibration-effect><waveform-effect><waveform-entry durationMs=\"0\" amplitude=\"9\"/></waveform-effect></vibration-effect>",
      file: "zero.xml")
    #expect(zero.findings.rules() == ["AND005"])
  }

  /// A short step inside a run of vibration is lost (warning); a short pulse between
  /// silences is a weaker tap (information), as on/off ports use it.
  @Test func shortStepsWarnAndShortPulsesInform() throws {
    func rules(_ entries: [(Int, Int)]) throws -> [String] {
      let body = entries.map { "<waveform-entry durationMs=\"\($0.0)\" amplitude=\"\($0.1)\"/>" }.joined()
      let xml = "<vibration-effect><waveform-effect>\(body)</waveform-effect></vibration-effect>"
      return try AndroidVibration.decode(xml, file: "short.xml").findings.rules()
    }
    #expect(try rules([(50, 200), (6, 90), (50, 200)]) == ["AND004"])
    #expect(try rules([(6, 255), (50, 120)]) == ["AND004"])
    #expect(try rules([(40, 0), (6, 255), (40, 0), (8, 255)]) == ["AND011", "AND011"])
    #expect(try rules([(12, 255), (40, 0)]) == [])
  }

  @Test func entitiesAndSingleQuotesAreRead() throws {
    let xml =
      "<?xml version='1.0'?>\n<vibration-effect>\n<primitive-effect name='c&#108;ick' scale='0.5'/>\n</vibration-effect>"
    let vibration = try AndroidVibration.decode(xml, file: "x.xml").vibration
    #expect(vibration == AndroidVibration(.composition([AndroidPrimitive(.click, scale: 0.5)])))
  }

  @Test func loadsThroughPatternFile() throws {
    let loaded = try PatternFile.load(path: Self.folder.appendingPathComponent("waveform-two-taps.xml").path)
    #expect(loaded.format == .androidXML)
    #expect(loaded.pattern.android != nil)
    #expect(loaded.pattern.hapticEvents.count == 2)
    #expect(loaded.pattern.hapticEvents.map(\.time_s) == [0, 0.262])
    #expect(loaded.pattern.hapticEvents.map(\.duration_s) == [0.012, 0.012])
  }
}

/// AHAP to Android conversion.
@Suite struct AndroidConversionTests {
  static let shipped: [String] = ["library", "system"].flatMap { folder in
    ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.corpora.appendingPathComponent(folder).path)) ?? [])
      .filter { $0.hasSuffix(".ahap") }.map { "\(folder)/\($0)" }
  }.sorted()

  @Test func everyShippedPatternIsFound() { #expect(Self.shipped.count >= 40) }

  @Test(arguments: shipped) func shippedAHAPConvertsToXMLAndBack(name: String) throws {
    let loaded = try PatternFile.load(path: Fixtures.corpora.appendingPathComponent(name).path)
    let conversion = AndroidVibration.converting(loaded.pattern)
    let xml = conversion.vibration.encode()
    let (decoded, findings) = try AndroidVibration.decode(xml, file: name)
    #expect(decoded == conversion.vibration)
    #expect(!findings.contains { $0.severity == .error }, "\(findings)")
    // The port keeps the pattern's length (a release fading below amplitude 1/255 is
    // trimmed; a final transient becomes a 12 ms pulse).
    let ported = decoded.resolved().pattern
    #expect(abs(ported.duration_s - loaded.pattern.duration_s) < 0.06, "\(name)")
    #expect(!ported.hapticEvents.isEmpty)
  }

  @Test func transientsBecomeClicksWithAWaveformAlternative() {
    let pattern = HapticPattern(events: [
      .transient(at: 0, intensity: 1, sharpness: 0.9), .transient(at: 0.1, intensity: 0.5, sharpness: 0.1),
    ])
    let conversion = AndroidVibration.converting(pattern)
    #expect(conversion.vibration.isSelect)
    #expect(
      conversion.vibration.effects.first
        == .composition([AndroidPrimitive(.click), AndroidPrimitive(.click, scale: 0.5, delay_ms: 90)]))
    #expect(conversion.notes.contains { $0.hasPrefix("sharpness 0.1...0.9 dropped") })
    guard conversion.vibration.effects.count == 3, case .waveform(let waveform) = conversion.vibration.effects[1],
      case .waveform(let full) = conversion.vibration.effects[2]
    else {
      Issue.record("no waveform alternatives: \(conversion.vibration)")
      return
    }
    #expect(
      waveform.entries == [
        .init(duration_ms: 12, amplitude: 255), .init(duration_ms: 88, amplitude: 0),
        .init(duration_ms: 12, amplitude: 128),
      ])
    // Last, the same rhythm at full strength for vibrators without amplitude control.
    #expect(full.entries.map(\.amplitude) == [255, 0, 255])
  }

  @Test func continuousEventsBecomeAmplitudeSteps() {
    let pattern = HapticPattern(events: [
      .continuous(at: 0.05, duration_s: 0.2, intensity: 0.6, sharpness: 0.5),
      .transient(at: 0.3, intensity: 1, sharpness: 0.5),
    ])
    let conversion = AndroidVibration.converting(pattern)
    #expect(
      conversion.vibration
        == AndroidVibration(
          .waveform(
            AndroidWaveform(entries: [
              .init(duration_ms: 50, amplitude: 0), .init(duration_ms: 200, amplitude: 153),
              .init(duration_ms: 50, amplitude: 0), .init(duration_ms: 12, amplitude: 255),
            ]))))
  }

  @Test func kotlinSnippet() {
    let vibration = AndroidVibration(
      effects: [
        .composition([AndroidPrimitive(.click, scale: 0.5, delay_ms: 20)]),
        .waveform(AndroidWaveform(entries: [.init(duration_ms: 12, amplitude: 128)])),
      ], isSelect: true)
    let kotlin = vibration.kotlin(functionName: "tapEffect")
    #expect(kotlin.contains("fun tapEffect(vibrator: Vibrator): VibrationEffect {"))
    #expect(kotlin.contains("vibrator.areAllPrimitivesSupported(VibrationEffect.Composition.PRIMITIVE_CLICK)"))
    #expect(kotlin.contains(".addPrimitive(VibrationEffect.Composition.PRIMITIVE_CLICK, 0.5f, 20)"))
    #expect(kotlin.contains("longArrayOf(12),"))
    #expect(kotlin.contains("intArrayOf(128),"))
  }
}

/// Hostile vibration XML: seeded mutations decode or fail with one clean line; limits hold.
@Suite struct AndroidXMLHostileTests {
  static let tokens: [String] = [
    "<", ">", "/>", "</", "\"", "'", "&", "&amp;", "&#0;", "<!--", "-->", "<?", "?>", "<![CDATA[", "-1", "300",
    "default", "99999999999999999999", "\n", " ", "<repeating>", "<vibration-effect>", "=", "\u{FEFF}", "\u{00}",
  ]

  @Test(arguments: AndroidXMLTests.fixtures)
  func mutatedFixturesFailCleanly(name: String) throws {
    let original = try InputFile.read(AndroidXMLTests.folder.appendingPathComponent(name).path)
    var random = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
    for _ in 0..<150 {
      var bytes = original
      switch random.next() % 3 {
      case 0:
        bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
      case 1:
        for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
          bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        }
      default:
        let token = Self.tokens[Int(random.next() % UInt64(Self.tokens.count))]
        bytes.insert(contentsOf: Array(token.utf8), at: Int(random.next() % UInt64(bytes.count + 1)))
      }
      do {
        let (vibration, _) = try AndroidVibration.decode(bytes, file: name)
        let pattern = vibration.resolved().pattern
        _ = PatternLint.check(pattern, file: name)
        #expect(try AndroidVibration.decode(vibration.encode(), file: name).vibration == vibration)
      } catch let error as InputError {
        #expect(error.file == name)
        #expect(error.place?.hasPrefix("line ") == true, "\(error)")
        #expect(!error.description.contains("\n"))
        #expect(error.isBadData)
      }
    }
  }

  @Test func deepNestingAndElementCountAreBounded() {
    let deep = String(repeating: "<vibration-effect>", count: 40) + String(repeating: "</vibration-effect>", count: 40)
    #expect(throws: InputError.self) { try AndroidVibration.decode(deep, file: "deep.xml") }
    let many =
      "<vibration-effect><waveform-effect>"
      + String(repeating: "<waveform-entry durationMs=\"1\" amplitude=\"1\"/>", count: 50)
      + "</waveform-effect></vibration-effect>"
    var limits = PatternLimits()
    limits.maxEvents = 20
    #expect(throws: InputError.self) { try AndroidVibration.decode(many, file: "many.xml", limits: limits) }
    #expect((try? AndroidVibration.decode(many, file: "many.xml")) != nil)
  }

  @Test func endlessRepeatOfZeroLengthEntriesStaysBounded() throws {
    let xml =
      "<vibration-effect><waveform-effect><repeating>"
      + String(repeating: "<waveform-entry durationMs=\"0\" amplitude=\"9\"/>", count: 20_000)
      + "<waveform-entry durationMs=\"1\" amplitude=\"200\"/></repeating></waveform-effect></vibration-effect>"
    let resolution = try AndroidVibration.decode(xml, file: "r.xml").vibration.resolved()
    #expect(resolution.pattern.hapticEvents.count == 1)
    #expect(resolution.pattern.duration_s <= 3.001)
  }
}
