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
    guard let hold = FirstOrderHold(
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
  /// - Parameters:
  ///   - drive: coil voltage per sample, V.
  ///   - output: receives `drive.count` accelerations, g.
  /// - Complexity: O(n), 18 multiply-adds per sample, no allocation.
  public func simulate(
    drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) {
    let p = discretisation.phi
    let p00 = p[0], p01 = p[1], p02 = p[2]
    let p10 = p[3], p11 = p[4], p12 = p[5]
    let p20 = p[6], p21 = p[7], p22 = p[8]
    let g = discretisation.g0
    let g1 = discretisation.g1
    let q0 = g[0] - g1[0], q1 = g[1] - g1[1], q2 = g[2] - g1[2]
    let r0 = g1[0], r1 = g1[1], r2 = g1[2]
    let o0 = output[0], o1 = output[1], o2 = output[2]
    var x = 0.0, v = 0.0, i = 0.0, previous = 0.0
    let count = Swift.min(drive.count, out.count)
    for n in 0..<count {
      let voltage = drive[n]
      // Input terms first (off the state's dependency chain), then a balanced sum, so the
      // loop-carried latency is one multiply and two adds instead of a five-term chain.
      let u0 = q0 * previous + r0 * voltage
      let u1 = q1 * previous + r1 * voltage
      let u2 = q2 * previous + r2 * voltage
      let nx = (p00 * x + p01 * v) + (p02 * i + u0)
      let nv = (p10 * x + p11 * v) + (p12 * i + u1)
      let ni = (p20 * x + p21 * v) + (p22 * i + u2)
      x = nx
      v = nv
      i = ni
      previous = voltage
      out[n] = o0 * x + o1 * v + o2 * i
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
