import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import Testing
import HaptFormats

/// Core Haptics' intensity is perceptual across sharpness: on the iPhone-class profile
/// (an equalising driver) the impact weights rise in strength and equal intensity feels
/// equally strong across sharpness, until the maximum voltage stops the equalisation.
@Suite struct PerceptualIntensityTests {
  static let corpora = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpora")

  static func iphone() throws -> DeviceProfile {
    try DeviceProfile(contentsOf: corpora.appendingPathComponent("devices/iphone-wideband-lra.json").path)
  }

  /// (peak |a| in g, peak sensation level in dB) of `pattern` on `device`.
  static func strength(_ pattern: HapticPattern, on device: DeviceProfile) -> (peak_g: Double, level_dB: Double) {
    let signal = Renderer(device: device).render(pattern).acceleration_g
    let peak = signal.samples.map(abs).max() ?? 0
    return (peak, PerceptualFeatures(signal).peakLevel_dB)
  }

  /// A 300 ms continuous event (no attack or release) at one intensity and sharpness.
  static func tone(intensity: Double, sharpness: Double) -> HapticPattern {
    HapticPattern(events: [.continuous(at: 0, duration_s: 0.3, intensity: intensity, sharpness: sharpness)])
  }

  @Test func impactWeightsRiseInPeakAndSensationLevel() throws {
    let device = try Self.iphone()
    let weights = try ["light", "medium", "heavy"].map { weight in
      let path = Self.corpora.appendingPathComponent("system/uikit-impact-\(weight).ahap").path
      return Self.strength(try PatternFile.load(path: path).pattern, on: device)
    }
    #expect(weights[0].peak_g < weights[1].peak_g && weights[1].peak_g < weights[2].peak_g, "\(weights)")
    #expect(weights[0].level_dB < weights[1].level_dB && weights[1].level_dB < weights[2].level_dB, "\(weights)")
    // Each step is felt: at least one amplitude JND (2.3 dB) apart.
    #expect(weights[1].level_dB - weights[0].level_dB > 2.3)
    #expect(weights[2].level_dB - weights[1].level_dB > 2.3)
  }

  @Test func equalIntensityFeelsEquallyStrongAcrossSharpness() throws {
    let device = try Self.iphone()
    let levels = [0.3, 0.5, 0.8].map { Self.strength(Self.tone(intensity: 0.4, sharpness: $0), on: device).level_dB }
    #expect(levels.max()! - levels.min()! <= 3, "\(levels)")
    // The other side: the same actuator with a plain driver is far from equal.
    var plain = device
    plain.drive.equalization = .none
    let plainLevels = [0.0, 1.0].map { Self.strength(Self.tone(intensity: 0.5, sharpness: $0), on: plain).level_dB }
    #expect(abs(plainLevels[0] - plainLevels[1]) > 10, "\(plainLevels)")
  }

  @Test func maximumVoltageStopsTheEqualisation() throws {
    let device = try Self.iphone()
    let band = try #require(device.fullyEqualizedBand_Hz)
    // 80 Hz at intensity 1 needs more than maxVoltage_V: the drive sits at the cap and the
    // output falls short of the reference level.
    #expect(band.lowerBound > device.drive.fmin_Hz)
    let low = Renderer(device: device).render(Self.tone(intensity: 1, sharpness: 0))
    let drivePeak = low.drive_V.samples.map(abs).max()!
    #expect(abs(drivePeak - device.drive.maxVoltage_V) < 1e-12)
    let reference = Self.strength(Self.tone(intensity: 1, sharpness: 0.6), on: device)
    let capped = Self.strength(Self.tone(intensity: 1, sharpness: 0), on: device)
    #expect(capped.peak_g < 0.7 * reference.peak_g)
    // Within the band the target is met: 1 at the reference frequency and elsewhere.
    let expected = try #require(device.steadyAcceleration_g(atFullIntensity: 170))
    let inBand = try #require(device.steadyAcceleration_g(atFullIntensity: band.lowerBound + 1))
    #expect(abs(inBand / expected - 1) < 1e-9)
  }
}
