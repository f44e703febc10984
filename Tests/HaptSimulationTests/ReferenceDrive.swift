import Foundation
import HaptPatterns
import HaptFormats

import HaptSimulation

/// A deliberately naive second implementation of Docs/Model.md §2, written from the text:
/// per-sample `sin`, point queries of the controls, Docs/Model.md's own index formula
/// `ceil((latency + t0) fs - 1e-9)`. The renderer's fast path must agree with it.
enum ReferenceDrive {
  static func drive(
    _ pattern: HapticPattern, device: DeviceProfile, latency_s: Double, count: Int, intensityScale: Double = 1
  )
    -> [Double]
  {
    let d = device.drive
    let fs = device.sampleRate_Hz
    let controls = pattern.controls
    var out = [Double](repeating: 0, count: count)
    func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
    func plainAmp(_ i: Double) -> Double { d.ratedVoltage_V * pow(i, d.gamma) }
    // Equalisation written from Docs/Simulation.md: I^gamma min(Vrated |a(fref)| / |a(f)|, Vmax).
    func amp(_ i: Double, _ f: Double) -> Double {
      guard case .actuatorResponse(let reference) = d.equalization, i > 0 else { return plainAmp(i) }
      let full = min(
        d.ratedVoltage_V * bodyAcceleration(device, reference) / bodyAcceleration(device, f), d.maxVoltage_V)
      return pow(i, d.gamma) * full
    }
    // A transient, written from Docs/Simulation.md ("Taps on an equalising driver"):
    // I^gamma min(Vrated P(fref) / P(f), Vmax), P the peak of the burst (burstPeak below).
    func transientAmp(_ i: Double, _ f: Double) -> Double {
      guard case .actuatorResponse(let reference) = d.equalization, i > 0 else { return plainAmp(i) }
      guard d.equalizesTransientsByBurstPeak else { return amp(i, f) }
      let full = min(d.ratedVoltage_V * burstPeak(device, reference) / burstPeak(device, f), d.maxVoltage_V)
      return pow(i, d.gamma) * full
    }
    // The brake: the event's last unequalised amplitude, equalised at the brake's frequency
    // as the event was (a transient by its burst's peak).
    func brakeAmp(_ a: Double, _ f: Double, transient: Bool) -> Double {
      guard case .actuatorResponse(let reference) = d.equalization else { return a }
      let ratio =
        transient && d.equalizesTransientsByBurstPeak
        ? burstPeak(device, reference) / burstPeak(device, f)
        : bodyAcceleration(device, reference) / bodyAcceleration(device, f)
      return a / d.ratedVoltage_V * min(d.ratedVoltage_V * ratio, d.maxVoltage_V)
    }
    for event in pattern.events where event.type.isHaptic {
      let start = latency_s + event.time_s
      let n0 = Int((start * fs - 1e-9).rounded(.up))
      var phase = 0.0
      var lastA = 0.0
      var lastF = 0.0
      let n1: Int
      if event.type == .hapticTransient {
        let i = clamp(event.intensity * controls.intensityMultiplier(at: event.time_s)) * intensityScale
        let f = d.frequency_Hz(sharpness: clamp(event.sharpness + controls.sharpnessOffset(at: event.time_s)))
        n1 = Int(((start + d.transientCycles / f) * fs - 1e-9).rounded(.up))
        for n in n0..<n1 {
          let a =
            phase < Double.pi && d.overdriveVoltage_V > 0
            ? d.overdriveVoltage_V / d.ratedVoltage_V * transientAmp(i, f) : transientAmp(i, f)
          if n >= 0 && n < count { out[n] += a * sin(phase) }
          phase += 2 * Double.pi * f / fs
        }
        lastA = plainAmp(i)
        lastF = f
      } else {
        n1 = Int(((start + event.duration_s) * fs - 1e-9).rounded(.up))
        for n in n0..<n1 {
          let t = Double(n) / fs - latency_s
          let i = clamp(event.intensity * controls.intensityMultiplier(at: t)) * intensityScale
          let f = d.frequency_Hz(sharpness: clamp(event.sharpness + controls.sharpnessOffset(at: t)))
          let env = event.envelope(atOffset: t - event.time_s)
          let a =
            phase < Double.pi && d.overdriveVoltage_V > 0
            ? d.overdriveVoltage_V / d.ratedVoltage_V * amp(i, f) : amp(i, f)
          if n >= 0 && n < count { out[n] += a * env * sin(phase) }
          phase += 2 * Double.pi * f / fs
          lastA = plainAmp(i)
          lastF = f
        }
      }
      if d.brakeCycles > 0 && lastA > 0 {
        let nb = Int((d.brakeCycles * fs / lastF - 1e-9).rounded(.up))
        for n in n1..<(n1 + nb) {
          if n >= 0 && n < count {
            out[n] -= brakeAmp(lastA, lastF, transient: event.type == .hapticTransient) * sin(phase)
          }
          phase += 2 * Double.pi * lastF / fs
        }
      }
    }
    return out.map { min(max($0, -d.maxVoltage_V), d.maxVoltage_V) }
  }

  /// The peak |body acceleration| of the device's transient at `f`, 1 V, from rest: its
  /// `ceil(cycles fs / f)` samples of sine (the first half cycle at the overdrive ratio),
  /// its brake (anti-phase, `ceil(brakeCycles fs / f)` samples, cut where the mass stops)
  /// if the profile brakes, and two periods of the resonance at 0 V after the drive,
  /// through the actuator model, g per volt.
  static func burstPeak(_ device: DeviceProfile, _ f: Double) -> Double {
    guard case .lra(let p) = device.actuator,
      let model = LRAModel(parameters: p, bodyMass_kg: device.bodyMass_kg, sampleRate_Hz: device.sampleRate_Hz)
    else { return 1 }
    let d = device.drive
    let fs = device.sampleRate_Hz
    let n1 = Int((d.transientCycles * fs / f - 1e-9).rounded(.up))
    let nb = d.brakeCycles > 0 ? Int((d.brakeCycles * fs / f - 1e-9).rounded(.up)) : 0
    let count = n1 + max(nb, Int((2 * fs / p.resonance_Hz).rounded(.up)))
    let overdrive = d.overdriveVoltage_V > 0 ? d.overdriveVoltage_V / d.ratedVoltage_V : 1
    var drive = [Double](repeating: 0, count: count)
    var brakes = [Double](repeating: 0, count: count)
    for n in 0..<(n1 + nb) {
      let phase = 2 * Double.pi * f * Double(n) / fs
      if n < n1 { drive[n] = (phase < Double.pi ? overdrive : 1) * sin(phase) } else { brakes[n] = -sin(phase) }
    }
    guard nb > 0 else { return model.simulate(drive: drive).reduce(0) { max($0, abs($1)) } }
    var out = [Double](repeating: 0, count: count)
    out.withUnsafeMutableBufferPointer {
      model.simulateBraking(
        events: &drive, brakes: &brakes, windows: [n1..<(n1 + nb)], maxVoltage_V: d.maxVoltage_V, into: $0)
    }
    return out.reduce(0) { max($0, abs($1)) }
  }

  /// |body acceleration| per volt at `f` from the impedances: the coil current drives the
  /// mechanical impedance `Zm = c + j(w m - k/w)`, so the velocity is
  /// `Bl V / (Ze Zm + Bl^2)` with `Ze = R + j w L`; the body moves `m/(M+m)` of the mass's
  /// acceleration `j w v`.
  static func bodyAcceleration(_ device: DeviceProfile, _ f: Double) -> Double {
    guard case .lra(let p) = device.actuator else { return 1 }
    let w = 2 * Double.pi * f
    let (zmRe, zmIm) = (p.damping_Ns_per_m, w * p.movingMass_kg - p.stiffness_N_per_m / w)
    let (zeRe, zeIm) = (p.resistance_ohm, w * p.inductance_H)
    let re = zeRe * zmRe - zeIm * zmIm + p.forceFactor_N_per_A * p.forceFactor_N_per_A
    let im = zeRe * zmIm + zeIm * zmRe
    let velocity = p.forceFactor_N_per_A / (re * re + im * im).squareRoot()
    return p.movingMass_kg / (device.bodyMass_kg + p.movingMass_kg) * w * velocity
  }
}
