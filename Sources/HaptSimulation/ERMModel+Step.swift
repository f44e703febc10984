import Foundation

extension ERMModel {
  /// The motor's state from rest and its one-sample update under a held voltage (the
  /// exact discretisation of ``ERMModel``): the one copy that ``simulate(drive:into:speed:)``
  /// and the closed-loop brake both step.
  package struct Stepper {
    private let p: [Double]
    private let q: (Double, Double, Double)
    private let r: (Double, Double, Double)
    private let torqueConstant_N_m_per_A: Double
    private let viscousFriction_N_m_s_per_rad: Double
    private let rotorInertia_kg_m2: Double
    /// Body acceleration per unit of `w² cos θ + ẇ sin θ`, g.
    private let scale: Double
    /// Rotor angle, rad (kept within one turn).
    private(set) var theta = 0.0
    /// cos and sin of ``theta``, turned by each step's change of angle
    /// (``PhaseOscillator/rotation(by:)``) and re-anchored with the C library's every
    /// ``PhaseOscillator/anchorInterval`` samples.
    private var cosTheta = 1.0
    private var sinTheta = 0.0
    private var sinceAnchor = 0
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
      set {
        (theta, w, i, previous) = (newValue.theta, newValue.w, newValue.i, newValue.previous)
        anchor()
      }
    }

    /// cos and sin of the angle from the C library.
    private mutating func anchor() {
      cosTheta = cos(theta)
      sinTheta = sin(theta)
      sinceAnchor = 0
    }

    package init(_ model: ERMModel) {
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
    ///
    /// cos and sin of the new angle come from the last ones turned by the change of angle
    /// (a rotor turns less than 0.5 rad a sample below 637 revolutions a second at 8 kHz,
    /// where ``PhaseOscillator/rotation(by:)`` is a series; larger changes, and every
    /// ``PhaseOscillator/anchorInterval`` samples, take the C library's): within 1e-12 of
    /// per-sample `cos` and `sin` (ERMModelTests), at a fraction of their cost (they were
    /// about 4 % of a report's CPU time).
    @inline(__always)
    package mutating func step(_ voltage: Double) -> Double {
      let nt = p[0] * theta + p[1] * w + p[2] * i + q.0 * previous + r.0 * voltage
      let nw = p[3] * theta + p[4] * w + p[5] * i + q.1 * previous + r.1 * voltage
      let ni = p[6] * theta + p[7] * w + p[8] * i + q.2 * previous + r.2 * voltage
      let turn = nt - theta
      theta = nt
      w = nw
      i = ni
      previous = voltage
      let twoPi = 2 * Double.pi
      if theta >= twoPi || theta <= -twoPi {
        theta = theta.truncatingRemainder(dividingBy: twoPi)
      }
      if turn == 0 {
        // At rest (before the drive starts): nothing turns, and the anchors stay where
        // the motion begins, so a render that starts later (a cold engine) is the earlier
        // one shifted, sample for sample.
      } else if sinceAnchor < PhaseOscillator.anchorInterval, abs(turn) <= 0.5 {
        let (c, s) = PhaseOscillator.rotation(by: turn)
        (cosTheta, sinTheta) = (cosTheta * c - sinTheta * s, sinTheta * c + cosTheta * s)
        sinceAnchor += 1
      } else {
        anchor()
      }
      return scale * (w * w * cosTheta + angularAcceleration_rad_per_s2 * sinTheta)
    }

    /// The rotor's angular acceleration `ẇ = (Kt i - b w) / J` in the current state, rad/s².
    private var angularAcceleration_rad_per_s2: Double {
      (torqueConstant_N_m_per_A * i - viscousFriction_N_m_s_per_rad * w) / rotorInertia_kg_m2
    }

    /// The body acceleration for the current state with the C library's cos and sin of
    /// the angle, g: what ``step(_:)`` approximates (for tests).
    package func exactAcceleration_g() -> Double {
      scale * (w * w * cos(theta) + angularAcceleration_rad_per_s2 * sin(theta))
    }
  }
}
