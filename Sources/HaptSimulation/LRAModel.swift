/// The linear resonant actuator of Docs/Model.md §3, discretised exactly (first-order hold) for
/// one sample rate and body mass.
///
/// Built once per device (the ``Renderer`` caches it); ``simulate(drive:into:)`` is the
/// per-sample loop, four samples at a time (``LRABlockStep``), no allocation.
package struct LRAModel: Actuator, Equatable {
  /// The actuator's parameters.
  package let parameters: LRAParameters
  /// Device (or test-jig) mass M, kg.
  package let bodyMass_kg: Double
  /// Sample rate, Hz.
  package let sampleRate_Hz: Double
  /// The exact first-order-hold discretisation of the state [x, v, i].
  package let discretisation: FirstOrderHold
  /// Row vector mapping the state [x, v, i] to body acceleration in g:
  /// `a_body = -(m/(M+m)) x'' = (k x + c v - Bl i) / (M + m)`, divided by 9.80665.
  package let output: [Double]
  /// The four-sample step of ``simulate(drive:into:)``, precomputed.
  let block: LRABlockStep

  /// Discretises the model; nil if the parameters give a non-finite discretisation.
  package init?(parameters: LRAParameters, bodyMass_kg: Double, sampleRate_Hz: Double) {
    guard
      let hold = FirstOrderHold(
        a: LRAModel.systemMatrix(parameters), b: LRAModel.inputVector(parameters),
        step_s: 1 / sampleRate_Hz)
    else { return nil }
    self.parameters = parameters
    self.bodyMass_kg = bodyMass_kg
    self.sampleRate_Hz = sampleRate_Hz
    discretisation = hold
    let scale = 1 / ((bodyMass_kg + parameters.movingMass_kg) * standardGravity_m_per_s2)
    output = [
      parameters.stiffness_N_per_m * scale, parameters.damping_Ns_per_m * scale,
      -parameters.forceFactor_N_per_A * scale,
    ]
    block = LRABlockStep(phi: hold.phi, g0: hold.g0, g1: hold.g1, output: output)
  }

  /// The continuous system matrix A of `s' = A s + B V` for s = [x, v, i].
  package static func systemMatrix(_ p: LRAParameters) -> SquareMatrix {
    let m = p.movingMass_kg
    let l = p.inductance_H
    return SquareMatrix(rows: [
      [0, 1, 0],
      [-p.stiffness_N_per_m / m, -p.damping_Ns_per_m / m, p.forceFactor_N_per_A / m],
      [0, -p.forceFactor_N_per_A / l, -p.resistance_ohm / l],
    ])
  }

  /// The continuous input vector B = [0, 0, 1/L].
  package static func inputVector(_ p: LRAParameters) -> [Double] {
    [0, 0, 1 / p.inductance_H]
  }

  /// Runs the discrete model from rest over `drive` (volts, V = 0 before sample 0) and
  /// writes the body acceleration in g.
  ///
  /// Four samples per step (``LRABlockStep``: a lookahead form of the same recursion,
  /// exact in exact arithmetic, differing from the one-step form only by rounding). Four
  /// consecutive zero volts (and a zero before them) skip the drive terms.
  ///
  /// - Parameters:
  ///   - drive: coil voltage per sample, V.
  ///   - output: receives `drive.count` accelerations, g.
  /// - Complexity: O(n), per four samples 16 vector multiplies (8 without drive), no
  ///   allocation.
  package func simulate(
    drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) {
    let count = Swift.min(drive.count, out.count)
    guard count > 0, let d = drive.baseAddress, let a = out.baseAddress else { return }
    let c = block
    var x = 0.0
    var v = 0.0
    var i = 0.0
    var previous = 0.0
    // Leading zero drive keeps the state exactly at rest: output exact zeros and start
    // the four-sample blocks at the first driven sample, so a render delayed by any
    // whole number of samples is an exact shift (the blocks do not depend on alignment).
    var n = 0
    while n < count, d[n] == 0 {
      a[n] = 0
      n += 1
    }
    while n + 3 < count {
      let v0 = d[n]
      let v1 = d[n + 1]
      let v2 = d[n + 2]
      let v3 = d[n + 3]
      let driveOut: SIMD4<Double>
      let driveState: SIMD4<Double>
      if previous == 0, v0 == 0, v1 == 0, v2 == 0, v3 == 0 {
        driveOut = c.silentOut
        driveState = c.silentState
      } else {
        driveOut = LRABlockStep.driveTerms(c.outPrevious, c.out0, c.out1, c.out2, c.out3, previous, v0, v1, v2, v3)
        driveState = LRABlockStep.driveTerms(
          c.statePrevious, c.state0, c.state1, c.state2, c.state3, previous, v0, v1, v2, v3)
      }
      let y = (c.outX * x + c.outV * v) + (c.outI * i + driveOut)
      let s = (c.stateX * x + c.stateV * v) + (c.stateI * i + driveState)
      a[n] = y[0]
      a[n + 1] = y[1]
      a[n + 2] = y[2]
      a[n + 3] = y[3]
      x = s[0]
      v = s[1]
      i = s[2]
      previous = v3
      n += 4
    }
    // The last samples (fewer than four): the one-step recursion.
    let p = discretisation.phi
    let o = output
    while n < count {
      let v0 = d[n]
      let nx = (p[0] * x + p[1] * v) + (p[2] * i + (c.q[0] * previous + c.r[0] * v0))
      let nv = (p[3] * x + p[4] * v) + (p[5] * i + (c.q[1] * previous + c.r[1] * v0))
      let ni = (p[6] * x + p[7] * v) + (p[8] * i + (c.q[2] * previous + c.r[2] * v0))
      (x, v, i) = (nx, nv, ni)
      previous = v0
      a[n] = o[0] * x + o[1] * v + o[2] * i
      n += 1
    }
  }

  /// Convenience: the body acceleration in g for a whole drive array.
  package func simulate(drive: [Double]) -> [Double] {
    [Double](unsafeUninitializedCapacity: drive.count) { buffer, count in
      drive.withUnsafeBufferPointer { simulate(drive: $0, into: buffer) }
      count = drive.count
    }
  }
}

extension LRAModel {
  package static let typeName = "lra"
  package static let isPhysical = true
  /// A sine carrier at the frequency the pattern's sharpness chooses.
  package static let driveWaveform = DriveWaveform.sine
  package static let hasFrequencyControl = true
  package static let defaultsToRichHaptics = true
}
