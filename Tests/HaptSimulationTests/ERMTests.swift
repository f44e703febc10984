import Foundation
import Testing

import HaptSimulation

@Suite struct ERMTests {
  static let fs = 8000.0

  /// A 3 V step: the speed approaches its steady value with the spin-up time constant the
  /// parameters predict (slow pole of the (w, i) system), measured by a log-linear fit of
  /// the remaining speed deficit between 10 ms and 100 ms.
  @Test func spinUpTimeConstantMatchesParameters() throws {
    let p = Fixtures.erm
    let model = try #require(ERMModel(parameters: p, bodyMass_kg: 0.15, sampleRate_Hz: Self.fs))
    let count = Int(0.4 * Self.fs)
    let speed = model.simulate(drive: [Double](repeating: 3, count: count)).speed_rad_per_s
    let final = p.steadySpeed_rad_per_s(voltage_V: 3)
    var points: [(Double, Double)] = []
    for n in Int(0.01 * Self.fs)..<Int(0.1 * Self.fs) {
      points.append((Double(n) / Self.fs, log(final - speed[n])))
    }
    let measured = -1 / Analysis.slope(points)
    let predicted = p.spinUpTimeConstant_s
    #expect(abs(measured / predicted - 1) < 0.005, "measured \(measured) s, predicted \(predicted) s")
    // And the textbook J R / (Kt Ke + b R) when L is negligible.
    let textbook =
      p.rotorInertia_kg_m2 * p.resistance_ohm
      / (p.torqueConstant_N_m_per_A * p.backEMFConstant_V_s_per_rad + p.viscousFriction_N_m_s_per_rad
        * p.resistance_ohm)
    #expect(abs(predicted / textbook - 1) < 0.01)
    #expect(abs(speed[count - 1] / final - 1) < 1e-4)
  }

  /// The acceleration with cos and sin of the angle turned sample by sample is the one
  /// with the C library's at every sample, to 1e-12 of the peak: spin-up, a steady second
  /// (thousands of turns), a reversed drive (braking) and a coast, on each re-anchoring.
  @Test func turnedCosineAndSineMatchTheLibrarys() throws {
    let model = try #require(ERMModel(parameters: Fixtures.erm, bodyMass_kg: 0.15, sampleRate_Hz: Self.fs))
    var motor = ERMModel.Stepper(model)
    let drive =
      [Double](repeating: 3, count: 8000) + [Double](repeating: -3, count: 400)
      + [Double](repeating: 0, count: 1200) + (0..<2000).map { 1.5 + 1.5 * sin(Double($0) / 97) }
    var worst = 0.0
    var peak = 0.0
    for voltage in drive {
      let turned = motor.step(voltage)
      let exact = motor.exactAcceleration_g()
      worst = max(worst, abs(turned - exact))
      peak = max(peak, abs(exact))
    }
    #expect(peak > 0.1)
    #expect(worst <= 1e-12 * peak, "largest difference \(worst) g, peak \(peak) g")
  }

  /// The steady vibration: frequency = speed / 2 pi and amplitude me r w^2 / (M + me).
  @Test func steadyVibrationFrequencyAndAmplitude() throws {
    let p = Fixtures.erm
    let model = try #require(ERMModel(parameters: p, bodyMass_kg: 0.15, sampleRate_Hz: Self.fs))
    let count = Int(0.5 * Self.fs)
    let acceleration = model.simulate(drive: [Double](repeating: 3, count: count)).acceleration_g
    let f = p.steadyFrequency_Hz(voltage_V: 3)
    let amplitude = Analysis.sineAmplitude(
      acceleration, range: (count - 1600)..<count, frequency_Hz: f, sampleRate_Hz: Self.fs)
    let expected = p.steadyAcceleration_g(voltage_V: 3, bodyMass_kg: 0.15)
    #expect(abs(amplitude / expected - 1) < 1e-3, "\(amplitude) vs \(expected)")
  }

  /// The exact discretisation against an independent integrator: classical RK4 with 2000
  /// substeps per sample on the original ODEs (including theta), over 30 ms of a drive
  /// with steps and ramps.
  @Test func agreesWithFineRungeKutta() throws {
    let p = Fixtures.erm
    let body = 0.15
    let model = try #require(ERMModel(parameters: p, bodyMass_kg: body, sampleRate_Hz: Self.fs))
    let count = 240
    let drive = (0..<count).map { n -> Double in n < 80 ? 3.0 : (n < 160 ? 3.0 - Double(n - 80) * 0.05 : -1.0)
    }
    let exact = model.simulate(drive: drive)
    var state = (theta: 0.0, w: 0.0, i: 0.0)
    func derivative(_ s: (theta: Double, w: Double, i: Double), _ v: Double) -> (Double, Double, Double) {
      (
        s.w,
        (p.torqueConstant_N_m_per_A * s.i - p.viscousFriction_N_m_s_per_rad * s.w) / p.rotorInertia_kg_m2,
        (v - p.resistance_ohm * s.i - p.backEMFConstant_V_s_per_rad * s.w) / p.inductance_H
      )
    }
    let substeps = 2000
    let h = 1 / Self.fs / Double(substeps)
    var previous = 0.0
    var worstSpeed = 0.0
    var worstAcceleration = 0.0
    for n in 0..<count {
      let v0 = previous
      let v1 = drive[n]
      for j in 0..<substeps {
        func volts(_ fraction: Double) -> Double {
          v0 + (v1 - v0) * (Double(j) + fraction) / Double(substeps)
        }
        let k1 = derivative(state, volts(0))
        let k2 = derivative(
          (state.theta + h / 2 * k1.0, state.w + h / 2 * k1.1, state.i + h / 2 * k1.2), volts(0.5))
        let k3 = derivative(
          (state.theta + h / 2 * k2.0, state.w + h / 2 * k2.1, state.i + h / 2 * k2.2), volts(0.5))
        let k4 = derivative((state.theta + h * k3.0, state.w + h * k3.1, state.i + h * k3.2), volts(1))
        state.theta += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
        state.w += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
        state.i += h / 6 * (k1.2 + 2 * k2.2 + 2 * k3.2 + k4.2)
      }
      previous = v1
      let wDot =
        (p.torqueConstant_N_m_per_A * state.i - p.viscousFriction_N_m_s_per_rad * state.w)
        / p.rotorInertia_kg_m2
      let a =
        p.eccentricMass_kg * p.eccentricRadius_m
        * (state.w * state.w * cos(state.theta) + wDot * sin(state.theta))
        / (body + p.eccentricMass_kg) / standardGravity_m_per_s2
      worstSpeed = Swift.max(worstSpeed, abs(exact.speed_rad_per_s[n] - state.w))
      worstAcceleration = Swift.max(worstAcceleration, abs(exact.acceleration_g[n] - a))
    }
    #expect(worstSpeed < 1e-6, "speed differs by \(worstSpeed) rad/s")
    #expect(worstAcceleration < 1e-6, "acceleration differs by \(worstAcceleration) g")
  }
}
