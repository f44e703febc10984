import Foundation
import HaptCore
import HaptPatterns
import HaptFormats
import Testing

import HaptSimulation
import HaptTestSupport

@Suite struct DeviceProfileTests {
  static let shippedNames = [
    "android-lra-235", "android-lra-amplitude", "android-lra-onoff", "apple-watch-lra", "controller-voice-coil",
    "erm-budget-amplitude", "erm-phone", "ideal", "iphone-8-taptic", "iphone-wideband-lra", "mac-none",
    "pixel-flagship-lra",
    "tablet-none",
  ]

  @Test(arguments: shippedNames)
  func shippedProfileLoadsAndRoundTrips(_ name: String) throws {
    let profile = try Fixtures.shippedProfile(name)
    #expect(profile.name == name)
    #expect(!profile.description.isEmpty)
    let again = try DeviceProfile(jsonBytes: Array(profile.jsonText().utf8), file: "round-trip.json")
    #expect(again == profile)
    #expect(again.jsonText() == profile.jsonText())
  }

  @Test func shippedProfilesHaveTheRequiredCharacter() throws {
    let iphone = try Fixtures.shippedProfile(DeviceProfile.defaultName)
    let f0 = try #require(iphone.resonance_Hz)
    #expect((150...170.5).contains(f0))
    #expect(try #require(iphone.qualityFactor) < 5)
    #expect(iphone.drive.fmin_Hz == 80 && iphone.drive.fmax_Hz == 230)
    let android = try Fixtures.shippedProfile("android-lra-235")
    #expect(abs(try #require(android.resonance_Hz) - 235) < 0.5)
    #expect(android.drive.hasOverdrive && android.drive.brakeCycles > 0)
    let erm = try Fixtures.shippedProfile("erm-phone")
    guard case .erm = erm.actuator else {
      Issue.record("erm-phone is not an ERM")
      return
    }
    #expect(erm.resonance_Hz == nil)
    let tablet = try Fixtures.shippedProfile("tablet-none")
    #expect(tablet.actuator == .none)
  }

  /// A bad profile: the mutation applied to the iPhone profile's text, and what the one-line
  /// error must contain (the key or its path).
  struct BadCase: Sendable, CustomTestStringConvertible {
    let name: String
    let find: String
    let replace: String
    let expected: String
    var testDescription: String { name }
  }

  static let badCases: [BadCase] = [
    BadCase(
      name: "missing key", find: "\"stiffness_N_per_m\": 2282,", replace: "",
      expected: "actuator: missing key \"stiffness_N_per_m\""),
    BadCase(
      name: "negative mass", find: "\"movingMass_kg\": 0.002", replace: "\"movingMass_kg\": -0.002",
      expected: "actuator.movingMass_kg: must be greater than 0"),
    BadCase(
      name: "zero body mass", find: "\"bodyMass_kg\": 0.174", replace: "\"bodyMass_kg\": 0",
      expected: "bodyMass_kg: must be greater than 0"),
    BadCase(
      name: "non-finite number", find: "\"damping_Ns_per_m\": 0.568", replace: "\"damping_Ns_per_m\": 1e999",
      expected: "out of range"),
    BadCase(
      name: "zero damping", find: "\"damping_Ns_per_m\": 0.568", replace: "\"damping_Ns_per_m\": 0",
      expected: "actuator.damping_Ns_per_m: must be greater than 0"),
    BadCase(
      name: "negative stiffness", find: "\"stiffness_N_per_m\": 2282",
      replace: "\"stiffness_N_per_m\": -2282", expected: "actuator.stiffness_N_per_m"),
    BadCase(
      name: "zero resistance", find: "\"resistance_ohm\": 8", replace: "\"resistance_ohm\": 0",
      expected: "actuator.resistance_ohm"),
    BadCase(
      name: "zero inductance", find: "\"inductance_H\": 0.0001", replace: "\"inductance_H\": 0",
      expected: "actuator.inductance_H"),
    BadCase(
      name: "fmin above fmax", find: "\"fmin_Hz\": 80", replace: "\"fmin_Hz\": 230",
      expected: "drive.fmax_Hz: must be greater than fmin_Hz"),
    BadCase(
      name: "sample rate too low", find: "\"sampleRate_Hz\": 8000", replace: "\"sampleRate_Hz\": 500",
      expected: "sampleRate_Hz: must be between 1000 and 192000"),
    BadCase(
      name: "sample rate too high", find: "\"sampleRate_Hz\": 8000", replace: "\"sampleRate_Hz\": 200000",
      expected: "sampleRate_Hz"),
    BadCase(
      name: "fractional sample rate", find: "\"sampleRate_Hz\": 8000", replace: "\"sampleRate_Hz\": 8000.5",
      expected: "sampleRate_Hz: must be a whole number"),
    BadCase(
      name: "wrong type", find: "\"gamma\": 1", replace: "\"gamma\": \"one\"",
      expected: "drive.gamma: expected a number, found a string"),
    BadCase(
      name: "unknown key", find: "\"gamma\": 1", replace: "\"gama\": 1", expected: "drive.gama: unknown key"),
    BadCase(
      name: "unknown actuator", find: "\"type\": \"lra\"", replace: "\"type\": \"piezo\"",
      expected: "actuator.type: unknown actuator type \"piezo\""),
    BadCase(
      name: "cold below prepared", find: "\"cold_s\": 0.2", replace: "\"cold_s\": 0.001",
      expected: "latency.cold_s: must be at least prepared_s"),
    BadCase(
      name: "timeout below lead", find: "\"prepareTimeout_s\": 5", replace: "\"prepareTimeout_s\": 0.1",
      expected: "latency.prepareTimeout_s"),
    BadCase(
      name: "max below rated voltage", find: "\"maxVoltage_V\": 4.2", replace: "\"maxVoltage_V\": 1",
      expected: "drive.maxVoltage_V"),
    BadCase(
      name: "resonance above Nyquist", find: "\"stiffness_N_per_m\": 2282",
      replace: "\"stiffness_N_per_m\": 9e8", expected: "Nyquist"),
    BadCase(
      name: "unknown equalization", find: "\"type\": \"actuatorResponse\"", replace: "\"type\": \"flat\"",
      expected: "drive.equalization.type: unknown equalization type \"flat\""),
    BadCase(
      name: "reference above Nyquist", find: "\"referenceFrequency_Hz\": 170",
      replace: "\"referenceFrequency_Hz\": 4000", expected: "drive.equalization.referenceFrequency_Hz"),
    BadCase(
      name: "reference missing", find: ",\n      \"referenceFrequency_Hz\": 170", replace: "",
      expected: "drive.equalization: missing key \"referenceFrequency_Hz\""),
    BadCase(
      name: "unknown transients equalization", find: "\"referenceFrequency_Hz\": 170",
      replace: "\"referenceFrequency_Hz\": 170, \"transients\": \"peak\"",
      expected: "drive.equalization.transients: unknown transients equalization \"peak\""),
    BadCase(name: "truncated", find: "\"latency\"", replace: "", expected: "line "),
    BadCase(name: "not an object", find: "\"drive\": {", replace: "\"drive\": [{", expected: "line "),
  ]

  @Test(arguments: badCases)
  func badProfileFailsWithOneLineErrorNamingTheKey(_ c: BadCase) throws {
    let text = String(decoding: try Fixtures.shippedBytes("iphone-wideband-lra"), as: UTF8.self)
    #expect(text.contains(c.find))
    let mutated = text.replacingOccurrences(of: c.find, with: c.replace)
    #expect(throws: InputError.self) { try DeviceProfile(jsonBytes: Array(mutated.utf8), file: "bad.json") }
    do {
      _ = try DeviceProfile(jsonBytes: Array(mutated.utf8), file: "bad.json")
    } catch let error as InputError {
      #expect(error.isBadData)
      #expect(error.description.hasPrefix("bad.json: "))
      #expect(error.description.contains(c.expected), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func equalizationIsOptionalAndOmittedWhenNone() throws {
    let android = try Fixtures.shippedProfile("android-lra-235")
    #expect(android.drive.equalization == .none)
    #expect(!android.jsonText().contains("equalization"))
    let iphone = try Fixtures.shippedProfile(DeviceProfile.defaultName)
    #expect(iphone.drive.equalization == .actuatorResponse(referenceFrequency_Hz: 170))
    // An explicit "none" reads as the default.
    let text = String(decoding: try Fixtures.shippedBytes("iphone-wideband-lra"), as: UTF8.self)
      .replacingOccurrences(
        of: "\"type\": \"actuatorResponse\",\n      \"referenceFrequency_Hz\": 170", with: "\"type\": \"none\"")
    let plain = try DeviceProfile(jsonBytes: Array(text.utf8), file: "plain.json")
    #expect(plain.drive.equalization == .none)
  }

  /// `drive.equalization.transients` defaults to the steady-state ratio (omitted from the
  /// profile's JSON, so profiles without it keep their text and fingerprint); `burstPeak`
  /// round-trips (Docs/Simulation.md, "Taps on an equalising driver").
  @Test func transientsEqualizationIsOptionalAndRoundTrips() throws {
    let iphone = try Fixtures.shippedProfile(DeviceProfile.defaultName)
    #expect(!iphone.drive.equalizesTransientsByBurstPeak)
    #expect(!iphone.jsonText().contains("transients"))
    let pixel = try Fixtures.shippedProfile("pixel-flagship-lra")
    #expect(pixel.drive.equalizesTransientsByBurstPeak)
    let again = try DeviceProfile(jsonBytes: Array(pixel.jsonText().utf8), file: "again.json")
    #expect(again == pixel)
    let text = String(decoding: try Fixtures.shippedBytes("iphone-wideband-lra"), as: UTF8.self)
      .replacingOccurrences(
        of: "\"referenceFrequency_Hz\": 170", with: "\"referenceFrequency_Hz\": 170, \"transients\": \"steadyState\"")
    #expect(try DeviceProfile(jsonBytes: Array(text.utf8), file: "steady.json") == iphone)
  }

  @Test func anERMCannotBeEqualized() throws {
    let text = String(decoding: try Fixtures.shippedBytes("erm-phone"), as: UTF8.self)
      .replacingOccurrences(
        of: "\"lowPowerIntensityScale\": 0.7",
        with:
          "\"lowPowerIntensityScale\": 0.7, \"equalization\": {\"type\": \"actuatorResponse\", \"referenceFrequency_Hz\": 170}"
      )
    do {
      _ = try DeviceProfile(jsonBytes: Array(text.utf8), file: "erm.json")
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.description.contains("erm.json: drive.equalization: an ERM cannot be equalised"), "\(error)")
    }
  }

  @Test func missingFileIsNoInput() {
    do {
      _ = try DeviceProfile(contentsOf: "/nonexistent/profile.json")
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.kind == .missing)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func loadsByNameAndListsKnownNamesForUnknownOnes() throws {
    let profile = try DeviceProfile.load(nameOrPath: "android-lra-235")
    #expect(profile.name == "android-lra-235")
    let byPath = try DeviceProfile.load(
      nameOrPath: Fixtures.devicesFolder.appendingPathComponent("erm-phone.json").path)
    #expect(byPath.name == "erm-phone")
    #expect(try DeviceProfile.shipped().map(\.name) == Self.shippedNames)
    do {
      _ = try DeviceProfile.load(nameOrPath: "no-such-phone")
      Issue.record("expected an error")
    } catch let error as DeviceLookupError {
      guard case .unknownName(let name, let known) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(name == "no-such-phone")
      #expect(known.contains("iphone-wideband-lra"))
      #expect(error.description.hasPrefix("no-such-phone: no such device (known: "))
    }
  }

  /// 2000 (or `HAPT_FUZZ_CASES`) seeded mutations of the shipped profiles (truncation, byte flips, wrong types,
  /// huge, negative and zero numbers, zero and negative sample rates): every outcome is
  /// a valid profile or a clean one-line InputError with exit status 65; never a crash.
  @Test func fuzzedProfilesFailCleanly() throws {
    var random = SplitMix64(seed: 0x4841_5054_5349_4D55)
    let originals = try Self.shippedNames.map { try Fixtures.shippedBytes($0) }
    let replacements = [
      "-1", "0", "1e308", "-1e308", "1e-320", "\"text\"", "null", "true", "[]", "{}", "-0", "9e99",
      "192001", "999",
    ]
    var valid = 0
    var errors = 0
    for _ in 0..<FuzzCases.perFormat(default: 2000) {
      var bytes = originals[Int(random.next() % UInt64(originals.count))]
      switch random.next() % 5 {
      case 0:
        bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
      case 1:
        for _ in 0..<(1 + random.next() % 4) {
          let at = Int(random.next() % UInt64(bytes.count))
          bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
        }
      case 2, 3:
        // Replace one number with a hostile value.
        let text = String(decoding: bytes, as: UTF8.self)
        let numbers = Self.numberRanges(in: Array(text.utf8))
        if let range = numbers.isEmpty ? nil : numbers[Int(random.next() % UInt64(numbers.count))] {
          let replacement = replacements[Int(random.next() % UInt64(replacements.count))]
          bytes.replaceSubrange(range, with: Array(replacement.utf8))
        }
      default:
        let text = String(decoding: bytes, as: UTF8.self)
        let rate = ["\"sampleRate_Hz\": 0", "\"sampleRate_Hz\": -8000", "\"sampleRate_Hz\": 1e9"][
          Int(random.next() % 3)]
        bytes = Array(text.replacingOccurrences(of: "\"sampleRate_Hz\": 8000", with: rate).utf8)
      }
      do {
        let profile = try DeviceProfile(jsonBytes: bytes, file: "fuzz.json")
        valid += 1
        // A valid profile must render without producing non-finite numbers.
        let rendering = Renderer(device: profile).render(Self.tap, options: .init(tail_s: 0.02))
        #expect(rendering.acceleration_g.samples.allSatisfy { $0.isFinite })
      } catch let error as InputError {
        errors += 1
        #expect(error.isBadData)
        #expect(!error.description.contains("\n"))
        #expect(error.description.hasPrefix("fuzz.json: "))
      }
    }
    #expect(valid > 0 && errors > 0)
  }

  static let tap = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])

  /// Byte ranges of JSON number literals in `bytes` (outside strings).
  static func numberRanges(in bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var inString = false
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") { inString.toggle() }
      if !inString, b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
        let start = i
        while i < bytes.count, "0123456789.eE+-".utf8.contains(bytes[i]) { i += 1 }
        ranges.append(start..<i)
        continue
      }
      i += 1
    }
    return ranges
  }
}
