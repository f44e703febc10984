import Foundation

/// How an equalising driver (``DriveEqualization/actuatorResponse(referenceFrequency_Hz:)``)
/// that declares `"transients": "burstPeak"` (``DriveParameters/equalizesTransientsByBurstPeak``)
/// scales a transient: by the peak the burst actually reaches through the actuator, not by
/// the steady-state ratio (Docs/Simulation.md, "Taps on an equalising driver").
///
/// A transient is `transientCycles` cycles of sine: too short for the actuator to reach
/// its steady state. On resonance the burst builds up only part of the steady output
/// (`1 - exp(-pi n / Q)` for n cycles at Q), and off resonance its broad spectrum (a
/// two-cycle burst spans about half its frequency) still excites the resonance, so the
/// steady-state ratio `|a(fref)| / |a(f)|` over-drives a tap away from the reference on a
/// narrow (high-Q) actuator: on Google's Pixel 8 numbers (Q 10) it raises a tap at 182 Hz
/// by 3.7 x, to 1.07 g, above the 0.81 g of the steady full scale, while the same tap at
/// the resonance reaches 0.38 g. This driver scales a tap at frequency f by
/// `min(P(fref) / P(f), Vmax / Vrated)`, where `P(f)` is the peak body acceleration per volt
/// of the profile's own transient at f (its cycles, its overdrive, from rest; over the
/// drive and the ring-down after it), computed by running the burst through the profile's
/// actuator model. So a tap of a given intensity reaches the same peak at every frequency
/// where the drive limit allows, the peak a tap at the reference frequency reaches at the
/// rated voltage; a tap at the reference frequency plays exactly as before.
struct TransientEqualizer: Sendable {
  /// The actuator the bursts are run through (the profile's, at its sample rate).
  let model: LRAModel
  /// Cycles of sine in a transient.
  let cycles: Double
  /// Amplitude of the first half cycle over the rest (overdrive), 1 without overdrive.
  let overdriveRatio: Double
  /// Anti-phase cycles after the drive (the closed-loop brake's most), 0 without a brake.
  let brakeCycles: Double
  /// The driver's clip level, V (the burst is run at 1 V, so it only matters for the brake).
  let maxVoltage_V: Double
  /// `P(fref)`, the peak of a transient at the reference frequency, g per volt.
  let referencePeak_g_per_V: Double
  /// The largest factor, `Vmax / Vrated`: intensity 1 at maxVoltage_V.
  let maxFactor: Double

  /// nil unless `profile` declares an equalising driver, has an LRA that can be
  /// discretised, and a transient at the reference frequency reaches a positive peak.
  /// `model`, when given, is the profile's actuator already discretised (the renderer's).
  init?(profile: DeviceProfile, model given: LRAModel? = nil) {
    guard case .actuatorResponse(let reference) = profile.drive.equalization,
      case .lra(let p) = profile.actuator,
      let model = given
        ?? LRAModel(parameters: p, bodyMass_kg: profile.bodyMass_kg, sampleRate_Hz: profile.sampleRate_Hz)
    else { return nil }
    self.model = model
    cycles = profile.drive.transientCycles
    overdriveRatio =
      profile.drive.hasOverdrive ? profile.drive.overdriveVoltage_V / profile.drive.ratedVoltage_V : 1
    maxFactor = profile.drive.maxVoltage_V / profile.drive.ratedVoltage_V
    brakeCycles = Swift.max(profile.drive.brakeCycles, 0)
    maxVoltage_V = profile.drive.maxVoltage_V
    let peak = Self.burstPeak_g_per_V(
      model: model, cycles: cycles, overdriveRatio: overdriveRatio, brakeCycles: brakeCycles,
      maxVoltage_V: maxVoltage_V, at: reference)
    guard peak.isFinite, peak > 0 else { return nil }
    referencePeak_g_per_V = peak
  }

  /// `P(f)`: the peak |body acceleration| of a transient of 1 V at `frequency_Hz` as the
  /// renderer plays it (``DriveSynthesizer``: `ceil(cycles fs / f)` samples of sine from
  /// phase 0, the first half cycle at the overdrive ratio; then the profile's brake, cut
  /// where the mass stops, ``LRAModel/simulateBraking(events:brakes:windows:maxVoltage_V:into:)``),
  /// from rest, over the drive and two periods of the actuator's resonance after it (the
  /// free ring-down only decays after its first cycle), g per volt. The brake's feedback
  /// scales with the drive, so the peak is proportional to the voltage.
  func burstPeak_g_per_V(at frequency_Hz: Double) -> Double {
    Self.burstPeak_g_per_V(
      model: model, cycles: cycles, overdriveRatio: overdriveRatio, brakeCycles: brakeCycles,
      maxVoltage_V: maxVoltage_V, at: frequency_Hz)
  }

  static func burstPeak_g_per_V(
    model: LRAModel, cycles: Double, overdriveRatio: Double, brakeCycles: Double, maxVoltage_V: Double,
    at frequency_Hz: Double
  ) -> Double {
    let fs = model.sampleRate_Hz
    guard frequency_Hz.isFinite, frequency_Hz > 0, cycles > 0 else { return 0 }
    let resonance_Hz = model.parameters.resonance_Hz
    let driven = Int(Swift.min(Swift.max((cycles * fs / frequency_Hz - 1e-9).rounded(.up), 1), 1e6))
    let braked =
      brakeCycles > 0 ? Int(Swift.min(Swift.max((brakeCycles * fs / frequency_Hz - 1e-9).rounded(.up), 0), 1e6)) : 0
    let ring = Int(Swift.min(Swift.max((2 * fs / resonance_Hz).rounded(.up), 1), 1e6))
    let step = 2 * Double.pi * frequency_Hz / fs
    let count = driven + Swift.max(braked, ring)
    var drive = [Double](repeating: 0, count: count)
    var oscillator = PhaseOscillator()
    for n in 0..<driven {
      drive[n] = (oscillator.phase < Double.pi ? overdriveRatio : 1) * oscillator.sine
      oscillator.advance(by: step)
    }
    var acceleration: [Double]
    if braked > 0 {
      var brakes = [Double](repeating: 0, count: count)
      for n in driven..<(driven + braked) {
        brakes[n] = -oscillator.sine
        oscillator.advance(by: step)
      }
      acceleration = [Double](repeating: 0, count: count)
      acceleration.withUnsafeMutableBufferPointer { out in
        model.simulateBraking(
          events: &drive, brakes: &brakes, windows: [driven..<(driven + braked)], maxVoltage_V: maxVoltage_V,
          into: out)
      }
    } else {
      acceleration = model.simulate(drive: drive)
    }
    var peak = 0.0
    for a in acceleration { peak = Swift.max(peak, Swift.abs(a)) }
    return peak
  }

  /// The factor `min(P(fref) / P(f), Vmax / Vrated)` for a transient at `frequency_Hz`.
  func cappedFactor(at frequency_Hz: Double) -> Double {
    let peak = burstPeak_g_per_V(at: frequency_Hz)
    guard peak > 0 else { return maxFactor }
    return Swift.min(referencePeak_g_per_V / peak, maxFactor)
  }
}
