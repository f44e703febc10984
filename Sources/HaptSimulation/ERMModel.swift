import Foundation

/// The eccentric rotating mass motor of Docs/Model.md §3, integrated exactly.
///
/// Integration choice: the motor equations are linear in the state [theta, w, i]
/// (`theta' = w`, `J w' = Kt i - b w`, `L i' + R i + Ke w = V`); only the output is
/// nonlinear (`a = me r (w^2 cos theta + w' sin theta) / (M + me)`). So the state is
/// advanced with the same exact first-order-hold matrix exponential as the LRA: stable
/// whatever the stiffness of the electrical pole (R/L ~ 1e5 1/s against 8000 samples/s),
/// with no substeps, and exact for a drive linear between samples. The nonlinear
/// acceleration is evaluated from the exact state at each sample. theta is reduced
/// modulo 2 pi as it grows (it does not feed back into the dynamics).
package struct ERMModel: Actuator, Equatable {
  /// The motor's parameters.
  package let parameters: ERMParameters
  /// Device mass M, kg.
  package let bodyMass_kg: Double
  /// Sample rate, Hz.
  package let sampleRate_Hz: Double
  /// The exact discretisation of [theta, w, i].
  package let discretisation: FirstOrderHold

  /// Discretises the model; nil if the parameters give a non-finite discretisation.
  package init?(parameters: ERMParameters, bodyMass_kg: Double, sampleRate_Hz: Double) {
    guard
      let hold = FirstOrderHold(
        a: ERMModel.systemMatrix(parameters), b: [0, 0, 1 / parameters.inductance_H],
        step_s: 1 / sampleRate_Hz)
    else { return nil }
    self.parameters = parameters
    self.bodyMass_kg = bodyMass_kg
    self.sampleRate_Hz = sampleRate_Hz
    discretisation = hold
  }

  /// The continuous system matrix of [theta, w, i].
  package static func systemMatrix(_ p: ERMParameters) -> SquareMatrix {
    let j = p.rotorInertia_kg_m2
    let l = p.inductance_H
    return SquareMatrix(rows: [
      [0, 1, 0],
      [0, -p.viscousFriction_N_m_s_per_rad / j, p.torqueConstant_N_m_per_A / j],
      [0, -p.backEMFConstant_V_s_per_rad / l, -p.resistance_ohm / l],
    ])
  }

  /// Runs the motor from rest over `drive` (V = 0 before sample 0) and writes the body
  /// acceleration in g along one axis of the plane of rotation; optionally the speed.
  ///
  /// - Parameters:
  ///   - drive: motor voltage per sample, V.
  ///   - out: receives the acceleration, g.
  ///   - speed: if given, receives the rotor speed w, rad/s.
  /// - Complexity: O(n), no allocation (cos and sin of the angle turned sample by sample,
  ///   ``Stepper/step(_:)``).
  package func simulate(
    drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
    speed: UnsafeMutableBufferPointer<Double>?
  ) {
    var motor = Stepper(self)
    let count = Swift.min(drive.count, out.count)
    for n in 0..<count {
      out[n] = motor.step(drive[n])
      if let speed, n < speed.count { speed[n] = motor.w }
    }
  }

  /// Convenience: (acceleration in g, speed in rad/s) for a whole drive array.
  package func simulate(drive: [Double]) -> (acceleration_g: [Double], speed_rad_per_s: [Double]) {
    var speed = [Double](repeating: 0, count: drive.count)
    var out = [Double](repeating: 0, count: drive.count)
    drive.withUnsafeBufferPointer { d in
      out.withUnsafeMutableBufferPointer { o in
        speed.withUnsafeMutableBufferPointer { s in simulate(drive: d, into: o, speed: s) }
      }
    }
    return (out, speed)
  }
}

extension ERMModel {
  package static let typeName = "erm"
  package static let isPhysical = true
  /// DC: the voltage sets the motor's speed, and the speed its frequency.
  package static let driveWaveform = DriveWaveform.dc
  package static let hasFrequencyControl = false
  package static let defaultsToRichHaptics = false

  /// The body acceleration, g, for the motor voltage `drive`, V (the speed not kept).
  package func simulate(drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
    simulate(drive: drive, into: out, speed: nil)
  }
}
