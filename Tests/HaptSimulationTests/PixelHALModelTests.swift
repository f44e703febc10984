import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptSimulation

/// The Pixel class against the acceleration-versus-frequency model of Google's vibrator
/// HAL (AOSP hardware/google/pixel, vibrator/cs40l26/Vibrator.cpp,
/// createBandwidthAmplitudeMap; Docs/Devices.md, "The Pixel class from Google's HAL").
@Suite struct PixelHALModelTests {
  /// The HAL's model, written from its description (not its code): body acceleration
  /// `a(w) = V Bl loc / (R M) * w^2 / |wn^2 - w^2 + j w wn / Q|`, in g, for the HAL's
  /// fixed Q 10 and Bl 1.1 N/A, the Pixel 8 device tree's mass 0.187 kg and location
  /// coefficient 2.75, at resonance `f0_Hz` and coil resistance `r_ohm`.
  static func halAcceleration_g(
    at f_Hz: Double, voltage_V: Double, f0_Hz: Double = 145, r_ohm: Double
  ) -> Double {
    let w = 2 * Double.pi * f_Hz
    let wn = 2 * Double.pi * f0_Hz
    let q = 10.0
    let re = wn * wn - w * w
    let im = w * wn / q
    return voltage_V * 1.1 * 2.75 / (r_ohm * 0.187) * w * w / (re * re + im * im).squareRoot() / 9.81
  }

  static func pixel() throws -> (DeviceProfile, LRAParameters) {
    let profile = try Fixtures.shippedProfile("pixel-flagship-lra")
    guard case .lra(let p) = profile.actuator else { throw CocoaError(.featureUnsupported) }
    return (profile, p)
  }

  @Test func theProfileCarriesTheHALsNumbers() throws {
    let (profile, p) = try Self.pixel()
    #expect(abs(p.resonance_Hz - 145) < 0.1)
    #expect(abs(p.voltageDrivenQ - 10) < 0.01)
    #expect(p.forceFactor_N_per_A == 1.1)
    #expect(profile.bodyMass_kg == 0.187)
    #expect(profile.drive.fmax_Hz == 300)
    // Sharpness spans where the HAL's model reaches 10 dB above the detection threshold.
    #expect(profile.drive.fmin_Hz == 63)
    let sl = { (f: Double) in
      DetectionThreshold.sensationLevel_dB(
        amplitude_g: profile.steadyAcceleration_g(atFullIntensity: f)!, frequency_Hz: f)
    }
    #expect(sl(62) < 10 && sl(63) >= 10, "\(sl(62)) \(sl(63)) dB")
    #expect(profile.drive.brakeCycles == 1)
    #expect(profile.drive.equalization == .actuatorResponse(referenceFrequency_Hz: 145))
    let durations = try #require(profile.android?.primitiveDurations_ms)
    let expected: [AndroidPrimitiveName: Int] = [
      .click: 12, .tick: 5, .lowTick: 12, .quickRise: 150, .slowRise: 500, .quickFall: 100, .spin: 133, .thud: 300,
    ]
    #expect(durations == expected)
  }

  /// Steady acceleration per volt across the HAL's band (30-300 Hz, every 1 Hz, its
  /// resolution) has the HAL's shape within 0.25 dB (measured: 0.03 dB, the coil's
  /// inductance, which the HAL leaves out). The absolute level is the HAL's divided by its
  /// location coefficient times (M + m) / M (hapt gives the body's acceleration at its
  /// centre of mass), within 0.25 dB.
  @Test func steadyAccelerationFollowsTheHALsModel() throws {
    let (profile, p) = try Self.pixel()
    let reference =
      p.accelerationGain_g_per_V(at: 145, bodyMass_kg: profile.bodyMass_kg)
      / Self.halAcceleration_g(at: 145, voltage_V: 1, r_ohm: p.resistance_ohm)
    var worst_dB = 0.0
    for f in stride(from: 30.0, through: 300, by: 1) {
      let hapt = p.accelerationGain_g_per_V(at: f, bodyMass_kg: profile.bodyMass_kg)
      let hal = Self.halAcceleration_g(at: f, voltage_V: 1, r_ohm: p.resistance_ohm)
      worst_dB = max(worst_dB, abs(20 * log10(hapt / hal / reference)))
    }
    #expect(worst_dB < 0.25, "shape differs by \(worst_dB) dB")
    let expectedRatio = 2.75 * (profile.bodyMass_kg + p.movingMass_kg) / profile.bodyMass_kg
    #expect(abs(20 * log10(1 / reference / expectedRatio)) < 0.25, "level ratio \(1 / reference)")
  }

  /// The driver's levels follow the HAL's largest levels on this actuator: 0.1 of 11 V at
  /// resonance, 0.447 away from it, so the output is equalised only between about 121
  /// and 194 Hz and falls with the HAL's model outside.
  @Test func theDriveLevelsAreTheHALsLimits() throws {
    let (profile, _) = try Self.pixel()
    #expect(abs(profile.drive.ratedVoltage_V - 11 * 0.1) < 1e-9)
    #expect(abs(profile.drive.maxVoltage_V - 11 * 0.447) < 1e-9)
    let band = try #require(profile.fullyEqualizedBand_Hz)
    #expect(abs(band.lowerBound - 121) < 2 && abs(band.upperBound - 194) < 1, "\(band)")
  }
}
