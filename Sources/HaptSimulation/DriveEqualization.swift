import Foundation

/// How a device's driver shapes the drive amplitude across frequency.
///
/// A plain driver (an Android vibrator HAL playing amplitudes) applies the same voltage
/// at every frequency, so the actuator's resonance shows in the output: a wideband LRA
/// driven at 80 Hz is far weaker than at its resonance. Core Haptics instead treats
/// intensity as a perceptual scale across sharpness: the driver compensates the
/// actuator's frequency response, within its voltage limit.
package enum DriveEqualization: Equatable, Sendable {
  /// The same amplitude at every frequency: `A = Vrated I^gamma`.
  case none
  /// The amplitude is scaled by the actuator's steady-state response at
  /// `referenceFrequency_Hz` over its response at the drive frequency f, the scale capped
  /// so that intensity 1 stays within the maximum voltage:
  /// `A = I^gamma min(Vrated |a(fref)| / |a(f)|, Vmax)`. Equal intensity gives equal steady
  /// acceleration at every frequency where intensity 1 fits under the cap; below that band
  /// every intensity is weaker by the same ratio, so intensities never merge. `|a(f)|` is
  /// the LRA's voltage-to-body-acceleration response computed from the profile's own
  /// parameters (``LRAParameters/accelerationGain_g_per_V(at:bodyMass_kg:)``).
  case actuatorResponse(referenceFrequency_Hz: Double)

  /// The schema's `type` string: `none` or `actuatorResponse`.
  package var typeName: String {
    switch self {
    case .none: "none"
    case .actuatorResponse: "actuatorResponse"
    }
  }
}

/// The amplitude factors of an ``DriveEqualization/actuatorResponse(referenceFrequency_Hz:)``
/// driver for one LRA on one body, with the cap at the maximum voltage.
///
/// The cap applies to intensity 1 at each frequency and every lower intensity scales from
/// it (`A = a min(factor(f), Vmax / Vrated)` for `a = Vrated I^gamma`), so the drive is
/// strictly increasing in intensity at every frequency: capping each amplitude on its own
/// would give every intensity above `Vmax / (Vrated factor(f))` the same capped drive.
struct ResponseEqualizer: Sendable {
  let parameters: LRAParameters
  let bodyMass_kg: Double
  /// `|a(fref)|`, g per volt.
  let referenceGain_g_per_V: Double
  /// The largest factor, `Vmax / Vrated`: intensity 1 at maxVoltage_V.
  let maxFactor: Double

  /// nil unless `profile` declares an equalising driver and has an LRA.
  init?(profile: DeviceProfile) {
    guard case .actuatorResponse(let reference) = profile.drive.equalization,
      case .lra(let p) = profile.actuator
    else { return nil }
    let gain = p.accelerationGain_g_per_V(at: reference, bodyMass_kg: profile.bodyMass_kg)
    guard gain.isFinite, gain > 0 else { return nil }
    parameters = p
    bodyMass_kg = profile.bodyMass_kg
    referenceGain_g_per_V = gain
    maxFactor = profile.drive.maxVoltage_V / profile.drive.ratedVoltage_V
  }

  /// The factor `|a(fref)| / |a(f)|` at drive frequency `frequency_Hz` (uncapped).
  @inline(__always)
  func factor(at frequency_Hz: Double) -> Double {
    referenceGain_g_per_V / parameters.accelerationGain_g_per_V(at: frequency_Hz, bodyMass_kg: bodyMass_kg)
  }

  /// The factor with the cap, `min(factor(f), Vmax / Vrated)`.
  @inline(__always)
  func cappedFactor(at frequency_Hz: Double) -> Double {
    Swift.min(factor(at: frequency_Hz), maxFactor)
  }

  /// The equalised amplitude of an unequalised amplitude `a = Vrated I^gamma`:
  /// `a min(factor(f), Vmax / Vrated)`, V (at most Vmax for `a <= Vrated`).
  @inline(__always)
  func amplitude(_ a: Double, at frequency_Hz: Double) -> Double {
    a * cappedFactor(at: frequency_Hz)
  }
}

extension DeviceProfile {
  /// The band of drive frequencies, within fmin...fmax, over which an equalising driver
  /// reaches its target (`Vrated |a(fref)| / |a(f)| <= Vmax`), Hz; nil when the driver
  /// does not equalise. The band is the same for every intensity (lower intensities scale
  /// from intensity 1). Outside it the maximum voltage stops the equalisation and the
  /// output falls with the actuator's response. Found on a 0.1 Hz grid.
  package var fullyEqualizedBand_Hz: ClosedRange<Double>? {
    guard let equalizer = ResponseEqualizer(profile: self) else { return nil }
    let rated = drive.ratedVoltage_V
    var low: Double?
    var high: Double?
    var f = drive.fmin_Hz
    while f <= drive.fmax_Hz + 1e-9 {
      if rated * equalizer.factor(at: f) <= drive.maxVoltage_V {
        if low == nil { low = f }
        high = f
      }
      f += 0.1
    }
    guard let low, let high else { return nil }
    return low...high
  }

  /// Steady body acceleration at intensity 1 at drive frequency `frequency_Hz`, with the
  /// driver's equalisation and its cap, g (nil unless the actuator is an LRA).
  package func steadyAcceleration_g(atFullIntensity frequency_Hz: Double) -> Double? {
    guard case .lra(let p) = actuator else { return nil }
    let amplitude =
      ResponseEqualizer(profile: self)?.amplitude(drive.ratedVoltage_V, at: frequency_Hz) ?? drive.ratedVoltage_V
    return amplitude * p.accelerationGain_g_per_V(at: frequency_Hz, bodyMass_kg: bodyMass_kg)
  }
}
