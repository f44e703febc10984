/// The actuator inside a device: a linear resonant actuator, an eccentric rotating mass
/// motor, or nothing.
package enum ActuatorSpec: Equatable, Sendable {
  /// A linear resonant actuator (Docs/Model.md §3).
  case lra(LRAParameters)
  /// An eccentric rotating mass DC motor (Docs/Model.md §3).
  case erm(ERMParameters)
  /// No actuator (iPad, iPhone SE 1st generation): renders silence and says so.
  case none
  /// Not a physical actuator: no dynamics, the body acceleration is the drive itself (1 g
  /// per volt), so a render shows the decoded signal (the `ideal` profile; Docs/Formats-MPEG.md).
  case ideal

  /// The `type` string of the profile schema: its actuator's ``Actuator/typeName``
  /// (`lra`, `erm`, `ideal`), or `none`.
  package var typeName: String { kind?.typeName ?? "none" }

  /// Whether this is a physical actuator model (``Actuator/isPhysical``: an LRA or an
  /// ERM); `none` and `ideal` are not.
  package var isPhysical: Bool { kind?.isPhysical ?? false }

  /// Whether the device has something that plays (every case but ``none``): a device
  /// without one renders silence for every pattern.
  package var exists: Bool {
    if case .none = self { return false }
    return true
  }
}

/// The physical parameters of a linear resonant actuator, in SI units.
///
/// The model (Docs/Model.md §3), state [x, v, i]:
///
///     m x'' + c x' + k x = Bl i
///     L di/dt + R i + Bl x' = V(t)
///     a_body = -(m / (M + m)) x''
package struct LRAParameters: Equatable, Sendable {
  /// Moving mass m, kg.
  package var movingMass_kg: Double
  /// Spring stiffness k, N/m.
  package var stiffness_N_per_m: Double
  /// Mechanical damping c, N s/m.
  package var damping_Ns_per_m: Double
  /// Force factor Bl, N/A (equal to the back-EMF constant in V s/m).
  package var forceFactor_N_per_A: Double
  /// Coil resistance R, ohm.
  package var resistance_ohm: Double
  /// Coil inductance L, H.
  package var inductance_H: Double

  package init(
    movingMass_kg: Double, stiffness_N_per_m: Double, damping_Ns_per_m: Double,
    forceFactor_N_per_A: Double, resistance_ohm: Double, inductance_H: Double
  ) {
    self.movingMass_kg = movingMass_kg
    self.stiffness_N_per_m = stiffness_N_per_m
    self.damping_Ns_per_m = damping_Ns_per_m
    self.forceFactor_N_per_A = forceFactor_N_per_A
    self.resistance_ohm = resistance_ohm
    self.inductance_H = inductance_H
  }

  /// Undamped natural frequency `sqrt(k/m) / 2 pi`, Hz.
  package var resonance_Hz: Double {
    (stiffness_N_per_m / movingMass_kg).squareRoot() / (2 * Double.pi)
  }

  /// Mechanical quality factor `sqrt(k m) / c` (Docs/Model.md §3).
  package var mechanicalQ: Double {
    (stiffness_N_per_m * movingMass_kg).squareRoot() / damping_Ns_per_m
  }

  /// Quality factor under voltage drive, `sqrt(k m) / (c + Bl^2 / R)` (the coil's
  /// electrical damping added; inductance neglected).
  package var voltageDrivenQ: Double {
    (stiffness_N_per_m * movingMass_kg).squareRoot() / electricallyLoadedDamping_Ns_per_m
  }

  /// Damping under voltage drive, `c + Bl^2 / R`, N s/m.
  package var electricallyLoadedDamping_Ns_per_m: Double {
    damping_Ns_per_m + forceFactor_N_per_A * forceFactor_N_per_A / resistance_ohm
  }
}

/// The physical parameters of an eccentric rotating mass motor, in SI units.
///
/// The model (Docs/Model.md §3), state [theta, w, i]:
///
///     J w' = Kt i - b w
///     L di/dt + R i + Ke w = V(t)
///     theta' = w
///     a_body = (me r / (M + me)) (w^2 cos theta + w' sin theta)
///
/// The last line is the momentum balance along one axis of the plane of rotation
/// (`a_body = -(me / (M + me)) x_rel''` with `x_rel = r cos theta`, the same balance as
/// the LRA's); `me r w^2` is the centripetal force of Docs/Model.md, `me r w'` the small
/// tangential one during spin-up and braking.
package struct ERMParameters: Equatable, Sendable {
  /// Rotor inertia J including the eccentric mass, kg m^2.
  package var rotorInertia_kg_m2: Double
  /// Torque constant Kt, N m/A.
  package var torqueConstant_N_m_per_A: Double
  /// Back-EMF constant Ke, V s/rad.
  package var backEMFConstant_V_s_per_rad: Double
  /// Viscous friction b, N m s/rad (zero allowed: the back-EMF alone makes it stable).
  package var viscousFriction_N_m_s_per_rad: Double
  /// Winding resistance R, ohm.
  package var resistance_ohm: Double
  /// Winding inductance L, H.
  package var inductance_H: Double
  /// Eccentric mass me, kg.
  package var eccentricMass_kg: Double
  /// Radius of the eccentric mass's centre, m.
  package var eccentricRadius_m: Double

  package init(
    rotorInertia_kg_m2: Double, torqueConstant_N_m_per_A: Double,
    backEMFConstant_V_s_per_rad: Double, viscousFriction_N_m_s_per_rad: Double,
    resistance_ohm: Double, inductance_H: Double, eccentricMass_kg: Double,
    eccentricRadius_m: Double
  ) {
    self.rotorInertia_kg_m2 = rotorInertia_kg_m2
    self.torqueConstant_N_m_per_A = torqueConstant_N_m_per_A
    self.backEMFConstant_V_s_per_rad = backEMFConstant_V_s_per_rad
    self.viscousFriction_N_m_s_per_rad = viscousFriction_N_m_s_per_rad
    self.resistance_ohm = resistance_ohm
    self.inductance_H = inductance_H
    self.eccentricMass_kg = eccentricMass_kg
    self.eccentricRadius_m = eccentricRadius_m
  }

  /// Steady speed under a constant voltage, `Kt V / (Kt Ke + b R)`, rad/s.
  package func steadySpeed_rad_per_s(voltage_V: Double) -> Double {
    torqueConstant_N_m_per_A * voltage_V
      / (torqueConstant_N_m_per_A * backEMFConstant_V_s_per_rad
        + viscousFriction_N_m_s_per_rad * resistance_ohm)
  }

  /// Vibration frequency at steady speed under `voltage_V`, Hz.
  package func steadyFrequency_Hz(voltage_V: Double) -> Double {
    steadySpeed_rad_per_s(voltage_V: voltage_V) / (2 * Double.pi)
  }

  /// The spin-up time constant: minus the reciprocal of the slow pole of the linear
  /// (w, i) system, s.
  ///
  /// The poles are the eigenvalues of `[[-b/J, Kt/J], [-Ke/L, -R/L]]`; the slow one is
  /// computed as `det / fast` to avoid cancellation. With L -> 0 it tends to the familiar
  /// `J R / (Kt Ke + b R)`.
  package var spinUpTimeConstant_s: Double {
    let j = rotorInertia_kg_m2
    let trace = -(viscousFriction_N_m_s_per_rad / j + resistance_ohm / inductance_H)
    let determinant =
      (viscousFriction_N_m_s_per_rad * resistance_ohm + torqueConstant_N_m_per_A
        * backEMFConstant_V_s_per_rad) / (j * inductance_H)
    let discriminant = trace * trace / 4 - determinant
    guard discriminant >= 0 else { return -2 / trace }  // complex pair: envelope rate
    let fast = trace / 2 - discriminant.squareRoot()
    let slow = determinant / fast
    return -1 / slow
  }

  /// Peak body acceleration at steady speed under `voltage_V` on a body of `bodyMass_kg`,
  /// in g: `me r w^2 / (M + me) / 9.80665`.
  package func steadyAcceleration_g(voltage_V: Double, bodyMass_kg: Double) -> Double {
    let w = steadySpeed_rad_per_s(voltage_V: voltage_V)
    return eccentricMass_kg * eccentricRadius_m * w * w / (bodyMass_kg + eccentricMass_kg)
      / standardGravity_m_per_s2
  }
}

/// Standard gravity, m/s^2: accelerations are reported in g = 9.80665 m/s^2.
package let standardGravity_m_per_s2 = 9.80665
