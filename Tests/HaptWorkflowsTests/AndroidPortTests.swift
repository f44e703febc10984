import Foundation
import HaptCore
import Testing
import HaptPatterns
import HaptSimulation

import HaptAndroid
import HaptFormats

/// How AHAP patterns feel once ported to Android, on the shipped Android profiles.
@Suite struct AndroidPortTests {
  static func taps(_ sharpness: [Double]) -> HapticPattern {
    HapticPattern(
      events: sharpness.enumerated().map { index, s in
        .transient(at: Double(index) * 0.25, intensity: 0.8, sharpness: s)
      })
  }

  @Test func tapsAtSharpnessHalfPortWithin1JND() throws {
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let result = AndroidPort.evaluate(Self.taps([0.5, 0.5, 0.5]), name: "taps", on: device)
    let dPrime = try #require(result.dPrime_JND)
    #expect(dPrime < 1, "d' \(dPrime)")
    #expect(result.outcome == .sameFeel)
    #expect(result.verdict.hasPrefix("ports within 1 JND"))
  }

  @Test func sharpnessContrastIsReportedLost() throws {
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let result = AndroidPort.evaluate(Self.taps([0.1, 0.9, 0.1, 0.9]), name: "contrast", on: device)
    #expect(result.outcome == .losesSharpnessContrast, "\(result)")
    // How the port feels first, in the words of every explanation, then the distances.
    #expect(result.verdict.hasPrefix("loses the sharpness contrast: the port feels "), "\(result.verdict)")
    #expect(result.verdict.contains(" than the original; d' "), "\(result.verdict)")
    let original = try #require(result.contrastOriginal_JND)
    let port = try #require(result.contrastPort_JND)
    #expect(original >= 1 && port < 0.5 * original, "\(original) -> \(port)")
  }

  @Test func aMildSharpnessSpreadIsNotAContrast() throws {
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let result = AndroidPort.evaluate(Self.taps([0.45, 0.55]), name: "mild", on: device)
    #expect(result.contrastOriginal_JND == nil)
    #expect(result.outcome != .losesSharpnessContrast)
  }

  @Test func silentDeviceIsReported() throws {
    let device = try DeviceProfile.load(nameOrPath: "tablet-none")
    let result = AndroidPort.evaluate(Self.taps([0.5]), name: "tap", on: device)
    #expect(result.outcome == .silent)
    #expect(result.dPrime_JND == nil)
    #expect(result.verdict.contains("no actuator"))
  }

  @Test func rowsInPatternThenDeviceOrder() throws {
    let devices = try AndroidPort.defaultDeviceNames.map { try DeviceProfile.load(nameOrPath: $0) }
    let rows = AndroidPort.rows(
      patterns: [("a", Self.taps([0.5])), ("b", Self.taps([0.1, 0.9]))], devices: devices)
    #expect(rows.map(\.pattern) == ["a", "a", "b", "b"])
    #expect(rows.map(\.device) == ["android-lra-235", "erm-phone", "android-lra-235", "erm-phone"])
    #expect(rows[3].outcome == .losesSharpnessContrast)
  }
}
