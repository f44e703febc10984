import Foundation

extension ERMModel {
  /// The motor's state from rest and its one-sample update under a held voltage (the
  /// exact discretisation of ``ERMModel``): the one copy that ``simulate(drive:into:speed:)``
  /// and the closed-loop brake both step.
  struct Stepper {
    private let p: [Double]
    private let q: (Double, Double, Double)
    private let r: (Double, Double, Double)
    private let torqueConstant_N_m_per_A: Double
    private let viscousFriction_N_m_s_per_rad: Double
    private let rotorInertia_kg_m2: Double
    /// Body acceleration per unit of `w² cos θ + ẇ sin θ`, g.
    private let scale: Double
    /// Rotor angle, rad (kept within one turn).
    var theta = 0.0
    /// Rotor speed, rad/s.
    var w = 0.0
    /// Coil current, A.
    var i = 0.0
    /// The voltage of the previous sample, V (0 before sample 0).
    var previous = 0.0

    /// The four numbers that change from sample to sample (angle, speed, current,
    /// previous voltage), to save and restore without the constants.
    typealias State = (theta: Double, w: Double, i: Double, previous: Double)
    var state: State {
      get { (theta, w, i, previous) }
      set { (theta, w, i, previous) = (newValue.theta, newValue.w, newValue.i, newValue.previous) }
    }

    init(_ model: ERMModel) {
      let d = model.discretisation
      p = d.phi
      q = (d.g0[0] - d.g1[0], d.g0[1] - d.g1[1], d.g0[2] - d.g1[2])
      r = (d.g1[0], d.g1[1], d.g1[2])
      let prm = model.parameters
      torqueConstant_N_m_per_A = prm.torqueConstant_N_m_per_A
      viscousFriction_N_m_s_per_rad = prm.viscousFriction_N_m_s_per_rad
      rotorInertia_kg_m2 = prm.rotorInertia_kg_m2
      scale =
        prm.eccentricMass_kg * prm.eccentricRadius_m
        / ((model.bodyMass_kg + prm.eccentricMass_kg) * standardGravity_m_per_s2)
    }

    /// Advances one sample under `voltage` (V) and returns the body acceleration, g.
    @inline(__always)
    mutating func step(_ voltage: Double) -> Double {
      let nt = p[0] * theta + p[1] * w + p[2] * i + q.0 * previous + r.0 * voltage
      let nw = p[3] * theta + p[4] * w + p[5] * i + q.1 * previous + r.1 * voltage
      let ni = p[6] * theta + p[7] * w + p[8] * i + q.2 * previous + r.2 * voltage
      theta = nt
      w = nw
      i = ni
      previous = voltage
      let twoPi = 2 * Double.pi
      if theta >= twoPi || theta <= -twoPi {
        theta = theta.truncatingRemainder(dividingBy: twoPi)
      }
      let wDot = (torqueConstant_N_m_per_A * i - viscousFriction_N_m_s_per_rad * w) / rotorInertia_kg_m2
      return scale * (w * w * cos(theta) + wDot * sin(theta))
    }
  }
}
