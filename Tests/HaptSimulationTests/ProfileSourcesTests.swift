import Foundation
import HaptCore
import Testing

import HaptSimulation

/// Every number of a profile names its source (Docs/Devices.md, "Where the numbers come
/// from").
@Suite struct ProfileSourcesTests {
  @Test(arguments: DeviceProfileTests.shippedNames)
  func everyNumberOfAShippedProfileNamesItsSource(_ name: String) throws {
    let profile = try Fixtures.shippedProfile(name)
    #expect(!profile.numberFields.isEmpty)
    #expect(profile.unsourcedFields == [], "\(name): numbers without a source")
  }

  /// The flagship class, built from Google's HAL, rests on few guesses, as `hapt devices
  /// --sources` prints them.
  @Test func theHALSourcedPixelRestsOnFewGuesses() throws {
    let pixel = try Fixtures.shippedProfile("pixel-flagship-lra")
    let guesses = pixel.sourcedNumbers.filter(\.isGuess).map(\.field)
    #expect(
      guesses == [
        "actuator.movingMass_kg", "actuator.resistance_ohm", "actuator.inductance_H", "drive.overdriveVoltage_V",
        "drive.lowPowerIntensityScale", "latency.cold_s", "latency.prepareLead_s",
        "latency.prepareTimeout_s",
      ])
    #expect(pixel.guessShare < 0.3)
    let hal = try #require(pixel.sourcedNumbers.first { $0.field == "android.primitiveDurations_ms.thud" })
    #expect(hal.source?.kind == .document)
    #expect(hal.source?.source.contains("ba5e7ac66d73c3ed62ff1d514a15168dc145b014") == true)
    let resonance = try #require(pixel.sourcedNumbers.first { $0.field == "actuator.stiffness_N_per_m" })
    #expect(resonance.source?.kind == .derivation)
    #expect(resonance.source?.source.contains("RESONANT_FREQUENCY_DEFAULT") == true)
  }

  static func profileText(sources: String) throws -> String {
    var text = String(decoding: try Fixtures.shippedBytes("erm-phone"), as: UTF8.self)
    let start = try #require(text.range(of: "\"sources\""))
    text = String(text[..<start.lowerBound]) + "\"sources\": " + sources + "\n}\n"
    return text
  }

  static func decode(sources: String) throws -> DeviceProfile {
    try DeviceProfile(jsonBytes: Array(try profileText(sources: sources).utf8), file: "mine.json")
  }

  @Test func aUserProfileMayCarryItsOwnSources() throws {
    let mine = try Self.decode(
      sources: """
        [{"fields": ["bodyMass_kg"], "kind": "measurement", "source": "kitchen scale, 151 g"},
         {"fields": ["latency"], "kind": "guess", "source": "ours", "rangeFactor": 2}]
        """)
    #expect(mine.sources.count == 2)
    #expect(mine.sourcedNumbers.first { $0.field == "bodyMass_kg" }?.source?.kind == .measurement)
    let cold = try #require(mine.sourcedNumbers.first { $0.field == "latency.cold_s" })
    #expect(cold.plausibleRange == 0.04...0.16)
    #expect(mine.unsourcedFields.contains("actuator.resistance_ohm"))
    // The sources round-trip through the canonical text.
    let again = try DeviceProfile(jsonBytes: Array(mine.jsonText().utf8), file: "again.json")
    #expect(again == mine)
  }

  @Test func theMostSpecificSourceWins() throws {
    let mine = try Self.decode(
      sources: """
        [{"fields": ["latency"], "kind": "guess", "source": "group"},
         {"fields": ["latency.cold_s"], "kind": "measurement", "source": "timed"},
         {"fields": ["latency"], "kind": "document", "source": "later group"}]
        """)
    let numbers = Dictionary(uniqueKeysWithValues: mine.sourcedNumbers.map { ($0.field, $0.source?.source) })
    #expect(numbers["latency.cold_s"] == "timed")
    #expect(numbers["latency.prepared_s"] == "later group")
  }

  @Test(arguments: [
    (
      #"[{"fields": ["actuator.mass_kg"], "kind": "guess", "source": "x"}]"#,
      "sources[0].fields[0]: no field \"actuator.mass_kg\""
    ),
    (#"[{"fields": ["bodyMass_kg"], "kind": "rumour", "source": "x"}]"#, "sources[0].kind: unknown kind \"rumour\""),
    (#"[{"fields": [], "kind": "guess", "source": "x"}]"#, "sources[0].fields: must name at least one field"),
    (
      #"[{"fields": ["bodyMass_kg"], "kind": "guess", "source": "x", "range": [0.2, 0.3]}]"#,
      "must be [low, high] around the value 0.15"
    ),
    (
      #"[{"fields": ["bodyMass_kg"], "kind": "document", "source": "x", "range": [0.1, 0.3]}]"#,
      "only a guess states a plausible range"
    ),
    (
      #"[{"fields": ["latency"], "kind": "guess", "source": "x", "range": [0.1, 0.3]}]"#,
      "a range belongs to one number"
    ),
    (
      #"[{"fields": ["bodyMass_kg"], "kind": "guess", "source": "x", "rangeFactor": 0.5}]"#,
      "sources[0].rangeFactor: must be greater than 1"
    ),
    (#"[{"fields": ["bodyMass_kg"], "kind": "guess"}]"#, "sources[0]: missing key \"source\""),
  ])
  func aMalformedSourceIsAClearError(_ c: (sources: String, message: String)) throws {
    do {
      _ = try Self.decode(sources: c.sources)
      Issue.record("accepted \(c.sources)")
    } catch let error as InputError {
      #expect("\(error)".contains("mine.json"), "\(error)")
      #expect("\(error)".contains(c.message), "\(error)")
    }
  }

  @Test func replacingANumberRevalidates() throws {
    let pixel = try Fixtures.shippedProfile("pixel-flagship-lra")
    let heavier = try #require(pixel.replacing("actuator.movingMass_kg", with: 0.004))
    guard case .lra(let p) = heavier.actuator else { throw CocoaError(.featureUnsupported) }
    #expect(p.movingMass_kg == 0.004)
    // A value the schema refuses gives no profile.
    #expect(pixel.replacing("drive.maxVoltage_V", with: 0.5) == nil)
    #expect(pixel.replacing("no.such", with: 1) == nil)
  }
}
