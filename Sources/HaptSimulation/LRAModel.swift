/// The linear resonant actuator of MODEL.md §3, discretised exactly (first-order hold) for
/// one sample rate and body mass.
///
/// Built once per device (the ``Renderer`` caches it); ``simulate(drive:into:)`` is the
/// per-sample loop: nine multiply-adds for Phi, six for the drive, three for the output,
/// no allocation.
public struct LRAModel: Equatable, Sendable {
  /// The actuator's parameters.
  public let parameters: LRAParameters
  /// Device (or test-jig) mass M, kg.
  public let bodyMass_kg: Double
  /// Sample rate, Hz.
  public let sampleRate_Hz: Double
  /// The exact first-order-hold discretisation of the state [x, v, i].
  public let discretisation: FirstOrderHold
  /// Row vector mapping the state [x, v, i] to body acceleration in g:
  /// `a_body = -(m/(M+m)) x'' = (k x + c v - Bl i) / (M + m)`, divided by 9.80665.
  public let output: [Double]

  /// Discretises the model; nil if the parameters give a non-finite discretisation.
  public init?(parameters: LRAParameters, bodyMass_kg: Double, sampleRate_Hz: Double) {
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
  }

  /// The continuous system matrix A of `s' = A s + B V` for s = [x, v, i].
  public static func systemMatrix(_ p: LRAParameters) -> SquareMatrix {
    let m = p.movingMass_kg
    let l = p.inductance_H
    return SquareMatrix(rows: [
      [0, 1, 0],
      [-p.stiffness_N_per_m / m, -p.damping_Ns_per_m / m, p.forceFactor_N_per_A / m],
      [0, -p.forceFactor_N_per_A / l, -p.resistance_ohm / l],
    ])
  }

  /// The continuous input vector B = [0, 0, 1/L].
  public static func inputVector(_ p: LRAParameters) -> [Double] {
    [0, 0, 1 / p.inductance_H]
  }

  /// Runs the discrete model from rest over `drive` (volts, V = 0 before sample 0) and
  /// writes the body acceleration in g.
  ///
  /// Two samples per step (a lookahead form of the same recursion, exact in exact
  /// arithmetic): with `u_n = (G0 - G1) V_(n-1) + G1 V_n`,
  ///
  ///     s_(n+1) = Phi^2 s_(n-1) + [Phi (G0 - G1)] V_(n-1) + [Phi G1 + G0 - G1] V_n + G1 V_(n+1)
  ///     a_n     = (o Phi) s_(n-1) + (o (G0 - G1)) V_(n-1) + (o G1) V_n
  ///     a_(n+1) = o s_(n+1)
  ///
  /// so the loop-carried chain advances two samples per multiply-add depth and a_n needs
  /// no full state. It differs from the one-step recursion only by rounding (about 1e-16
  /// relative).
  ///
  /// - Parameters:
  ///   - drive: coil voltage per sample, V.
  ///   - output: receives `drive.count` accelerations, g.
  /// - Complexity: O(n), 13 multiplies and 11 adds per sample, no allocation.
  public func simulate(
    drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) {
    let c = LookaheadCoefficients(self)
    let count = Swift.min(drive.count, out.count)
    var x = 0.0
    var v = 0.0
    var i = 0.0
    var previous = 0.0
    // Leading zero drive keeps the state exactly at rest: output exact zeros and start
    // the two-sample pairing at the first driven sample, so a render delayed by any
    // whole number of samples is an exact shift (the pairing does not depend on parity).
    var n = 0
    while n < count, drive[n] == 0 {
      out[n] = 0
      n += 1
    }
    while n + 1 < count {
      let v0 = drive[n]
      let v1 = drive[n + 1]
      // a_n from s_(n-1) (not on the state's dependency chain).
      out[n] = (c.op0 * x + c.op1 * v) + (c.op2 * i + (c.oq * previous + c.or * v0))
      let w0 = c.a0 * previous + c.b0 * v0 + c.r0 * v1
      let w1 = c.a1 * previous + c.b1 * v0 + c.r1 * v1
      let w2 = c.a2 * previous + c.b2 * v0 + c.r2 * v1
      let nx = (c.pp00 * x + c.pp01 * v) + (c.pp02 * i + w0)
      let nv = (c.pp10 * x + c.pp11 * v) + (c.pp12 * i + w1)
      let ni = (c.pp20 * x + c.pp21 * v) + (c.pp22 * i + w2)
      x = nx
      v = nv
      i = ni
      previous = v1
      out[n + 1] = c.o0 * x + c.o1 * v + c.o2 * i
      n += 2
    }
    if n < count {
      let v0 = drive[n]
      let nx = (c.p00 * x + c.p01 * v) + (c.p02 * i + (c.q0 * previous + c.r0 * v0))
      let nv = (c.p10 * x + c.p11 * v) + (c.p12 * i + (c.q1 * previous + c.r1 * v0))
      let ni = (c.p20 * x + c.p21 * v) + (c.p22 * i + (c.q2 * previous + c.r2 * v0))
      out[n] = c.o0 * nx + c.o1 * nv + c.o2 * ni
    }
  }

  /// Convenience: the body acceleration in g for a whole drive array.
  public func simulate(drive: [Double]) -> [Double] {
    [Double](unsafeUninitializedCapacity: drive.count) { buffer, count in
      drive.withUnsafeBufferPointer { simulate(drive: $0, into: buffer) }
      count = drive.count
    }
  }
}

/// The coefficients of ``LRAModel/simulate(drive:into:)``'s two-sample step, as scalars
/// so the loop keeps them in registers.
struct LookaheadCoefficients {
  let p00, p01, p02, p10, p11, p12, p20, p21, p22: Double
  let pp00, pp01, pp02, pp10, pp11, pp12, pp20, pp21, pp22: Double
  let q0, q1, q2, r0, r1, r2: Double
  let a0, a1, a2, b0, b1, b2: Double
  let o0, o1, o2, op0, op1, op2, oq, or: Double

  init(_ model: LRAModel) {
    let p = model.discretisation.phi
    let g0 = model.discretisation.g0
    let g1 = model.discretisation.g1
    let q = [g0[0] - g1[0], g0[1] - g1[1], g0[2] - g1[2]]
    let r = g1
    let o = model.output
    func phi(_ row: Int, _ column: Int) -> Double { p[row * 3 + column] }
    func phi2(_ row: Int, _ column: Int) -> Double {
      phi(row, 0) * phi(0, column) + phi(row, 1) * phi(1, column) + phi(row, 2) * phi(2, column)
    }
    func phiTimes(_ vector: [Double], _ row: Int) -> Double {
      phi(row, 0) * vector[0] + phi(row, 1) * vector[1] + phi(row, 2) * vector[2]
    }
    (p00, p01, p02, p10, p11, p12, p20, p21, p22) =
      (phi(0, 0), phi(0, 1), phi(0, 2), phi(1, 0), phi(1, 1), phi(1, 2), phi(2, 0), phi(2, 1), phi(2, 2))
    (pp00, pp01, pp02, pp10, pp11, pp12, pp20, pp21, pp22) =
      (
        phi2(0, 0), phi2(0, 1), phi2(0, 2), phi2(1, 0), phi2(1, 1), phi2(1, 2), phi2(2, 0), phi2(2, 1),
        phi2(2, 2)
      )
    (q0, q1, q2) = (q[0], q[1], q[2])
    (r0, r1, r2) = (r[0], r[1], r[2])
    (a0, a1, a2) = (phiTimes(q, 0), phiTimes(q, 1), phiTimes(q, 2))
    (b0, b1, b2) = (phiTimes(r, 0) + q[0], phiTimes(r, 1) + q[1], phiTimes(r, 2) + q[2])
    (o0, o1, o2) = (o[0], o[1], o[2])
    op0 = o[0] * phi(0, 0) + o[1] * phi(1, 0) + o[2] * phi(2, 0)
    op1 = o[0] * phi(0, 1) + o[1] * phi(1, 1) + o[2] * phi(2, 1)
    op2 = o[0] * phi(0, 2) + o[1] * phi(1, 2) + o[2] * phi(2, 2)
    oq = o[0] * q[0] + o[1] * q[1] + o[2] * q[2]
    or = o[0] * r[0] + o[1] * r[1] + o[2] * r[2]
  }
}
