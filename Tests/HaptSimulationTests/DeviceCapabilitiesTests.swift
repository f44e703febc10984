import Foundation
import HaptCore
import HaptPatterns
import HaptFormats
import Testing

import HaptSimulation

/// The capabilities of the shipped device classes and of profiles that state none
/// (Docs/Devices.md, "Capabilities").
@Suite struct DeviceCapabilitiesTests {
  /// Every shipped profile says where its numbers come from or that they are guesses.
  @Test(arguments: DeviceProfileTests.shippedNames)
  func everyShippedProfileCitesOrMarksGuesses(_ name: String) throws {
    let profile = try Fixtures.shippedProfile(name)
    let text = profile.description.lowercased()
    #expect(text.contains("guess") || text.contains("placeholder"), "\(name)")
    #expect(text.contains("publish") || text.contains("source") || text.contains("our reading"), "\(name)")
  }

  @Test func theClassesSpanTheCapabilities() throws {
    let all = try DeviceProfileTests.shippedNames.map { try Fixtures.shippedProfile($0).capabilities }
    #expect(all.count >= 10)
    #expect(all.contains { !$0.plays })
    #expect(all.contains { $0.envelopeEffects && $0.maxEnvelopeControlPoints != nil && !$0.primitives.isEmpty })
    #expect(all.contains { $0.actuatorType == "lra" && $0.amplitudeControl && $0.primitives.isEmpty })
    #expect(all.contains { $0.actuatorType == "lra" && !$0.amplitudeControl })
    #expect(all.contains { $0.actuatorType == "erm" && $0.amplitudeControl })
    #expect(all.contains { $0.actuatorType == "erm" && !$0.amplitudeControl })
  }

  @Test func theFlagshipStatesItsEnvelopeLimitsAndPrimitiveDurations() throws {
    let pixel = try Fixtures.shippedProfile("pixel-flagship-lra").capabilities
    #expect(pixel.envelopeEffects)
    #expect(pixel.maxEnvelopeControlPoints == 16)
    #expect(pixel.minEnvelopeControlPointDuration_ms == 20)
    #expect(pixel.maxEnvelopeControlPointDuration_ms == 1000)
    #expect(pixel.primitives.count == AndroidPrimitiveName.allCases.count)
    // The lengths Google's HAL gives its X-axis actuator's primitives.
    #expect(pixel.primitiveDurations_ms[.slowRise] == 500)
    #expect(pixel.primitiveDurations_ms[.click] == 12 && pixel.primitiveDurations_ms[.tick] == 5)
    #expect(pixel.primitiveDurations_ms[.thud] == 300 && pixel.primitiveDurations_ms[.spin] == 133)
    #expect(pixel.frequencyRange_Hz == 63...300)
    #expect(pixel.summaryLine.contains("envelopes yes (max 16 points, point >= 20 ms, point <= 1000 ms)"))
  }

  /// Profiles without an `android` block keep today's behaviour: an LRA implements
  /// everything, an ERM nothing, no actuator plays nothing.
  @Test func defaultsFollowTheActuatorType() throws {
    let lra = try Fixtures.shippedProfile("iphone-wideband-lra")
    #expect(lra.android == nil)
    let c = lra.capabilities
    #expect(c.plays && c.amplitudeControl && c.envelopeEffects)
    #expect(c.effects == AndroidPredefinedEffect.allCases && c.primitives == AndroidPrimitiveName.allCases)
    #expect(c.frequencyRange_Hz == 80...230)
    let erm = try Fixtures.shippedProfile("erm-phone").capabilities
    #expect(erm.plays && !erm.amplitudeControl && !erm.envelopeEffects)
    #expect(erm.effects.isEmpty && erm.primitives.isEmpty && erm.frequencyRange_Hz == nil)
    let none = try Fixtures.shippedProfile("tablet-none").capabilities
    #expect(!none.plays && !none.amplitudeControl && none.effects.isEmpty && none.primitives.isEmpty)
    #expect(none.summaryLine == "plays nothing (no actuator)")
  }

  @Test func theNewKeysRoundTripThroughTheCanonicalText() throws {
    let pixel = try Fixtures.shippedProfile("pixel-flagship-lra")
    let again = try DeviceProfile(jsonBytes: Array(pixel.jsonText().utf8), file: "round-trip.json")
    #expect(again == pixel)
    #expect(pixel.jsonText().contains("\"maxEnvelopeControlPoints\": 16"))
  }

  struct BadCase: Sendable, CustomTestStringConvertible {
    var name: String
    var find: String
    var replace: String
    var expected: String
    var testDescription: String { name }
  }

  static let badCases = [
    BadCase(
      name: "fractional control points", find: "\"maxEnvelopeControlPoints\": 16",
      replace: "\"maxEnvelopeControlPoints\": 1.5", expected: "android.maxEnvelopeControlPoints"),
    BadCase(
      name: "maximum below minimum", find: "\"maxEnvelopeControlPointDuration_ms\": 1000",
      replace: "\"maxEnvelopeControlPointDuration_ms\": 10", expected: "android.maxEnvelopeControlPointDuration_ms"),
    BadCase(
      name: "unknown primitive duration", find: "\"spin\": 133", replace: "\"whirl\": 133",
      expected: "android.primitiveDurations_ms.whirl: unknown key \"whirl\""),
    BadCase(
      name: "negative duration", find: "\"thud\": 300", replace: "\"thud\": -1",
      expected: "android.primitiveDurations_ms.thud"),
    BadCase(
      name: "envelope flag not a boolean", find: "\"supportsEnvelopeEffects\": true",
      replace: "\"supportsEnvelopeEffects\": 1", expected: "android.supportsEnvelopeEffects"),
  ]

  @Test(arguments: badCases)
  func badCapabilityFailsWithOneLineNamingTheKey(_ c: BadCase) throws {
    let text = String(decoding: try Fixtures.shippedBytes("pixel-flagship-lra"), as: UTF8.self)
    #expect(text.contains(c.find))
    let mutated = text.replacingOccurrences(of: c.find, with: c.replace)
    do {
      _ = try DeviceProfile(jsonBytes: Array(mutated.utf8), file: "bad.json")
      Issue.record("accepted: \(c.name)")
    } catch let error as InputError {
      #expect(error.description.hasPrefix("bad.json: "))
      #expect(error.description.contains(c.expected), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }
}
