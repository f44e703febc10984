import Foundation

extension LRAParameters {
  /// The continuous model's frequency response from coil voltage to body acceleration,
  /// evaluated at `s = j 2 pi f`: (real, imaginary) in g per volt.
  ///
  /// From the ODEs in the Laplace domain, `X/V = Bl / D(s)` with
  /// `D(s) = (m s^2 + c s + k)(L s + R) + Bl^2 s`, and
  /// `a_body = -(m/(M+m)) s^2 X`, so `H(s) = -(m/(M+m)) Bl s^2 / D(s)`.
  ///
  /// - Parameters:
  ///   - frequency_Hz: the evaluation frequency, Hz.
  ///   - bodyMass_kg: device or jig mass M, kg.
  package func acceleration_g_per_V(
    at frequency_Hz: Double, bodyMass_kg: Double
  ) -> (
    re: Double, im: Double
  ) {
    let w = 2 * Double.pi * frequency_Hz
    let m = movingMass_kg
    let k = stiffness_N_per_m
    let c = damping_Ns_per_m
    let bl = forceFactor_N_per_A
    let r = resistance_ohm
    let l = inductance_H
    // mechanical impedance (m s^2 + c s + k) at s = jw: (k - m w^2) + j c w
    let mechRe = k - m * w * w
    let mechIm = c * w
    // electrical (L s + R): R + j L w
    let elRe = r
    let elIm = l * w
    // D = mech * el + Bl^2 (j w)
    let dRe = mechRe * elRe - mechIm * elIm
    let dIm = mechRe * elIm + mechIm * elRe + bl * bl * w
    // numerator: -(m/(M+m)) Bl (jw)^2 = (m/(M+m)) Bl w^2 (real)
    let numerator = m / (bodyMass_kg + m) * bl * w * w / standardGravity_m_per_s2
    let denominator = dRe * dRe + dIm * dIm
    return (numerator * dRe / denominator, -numerator * dIm / denominator)
  }

  /// The magnitude of ``acceleration_g_per_V(at:bodyMass_kg:)``, g per volt.
  package func accelerationGain_g_per_V(at frequency_Hz: Double, bodyMass_kg: Double) -> Double {
    let h = acceleration_g_per_V(at: frequency_Hz, bodyMass_kg: bodyMass_kg)
    return (h.re * h.re + h.im * h.im).squareRoot()
  }

  /// The coefficients [a3, a2, a1, a0] of the characteristic polynomial
  /// `D(s) = m L s^3 + (m R + c L) s^2 + (k L + c R + Bl^2) s + k R`.
  var characteristicPolynomial: [Double] {
    let m = movingMass_kg
    let k = stiffness_N_per_m
    let c = damping_Ns_per_m
    let bl = forceFactor_N_per_A
    let r = resistance_ohm
    let l = inductance_H
    return [m * l, m * r + c * l, k * l + c * r + bl * bl, k * r]
  }

  /// The time constant of the free decay (drive held at 0 V) of the mechanical mode, s:
  /// `1 / sigma` where `-sigma +- j wd` are the complex poles of `D(s)`.
  ///
  /// The real (electrical) pole is found by Newton's method from the left of all roots
  /// (Cauchy bound), then deflated; the remaining quadratic gives the pair. If the
  /// mechanical mode is overdamped, the slowest real pole is used. With `L -> 0` this
  /// tends to `2 m / (c + Bl^2 / R)`.
  package var decayTimeConstant_s: Double {
    let p = characteristicPolynomial
    let a = p.map { $0 / p[0] }  // monic
    var s = -(1 + Swift.max(abs(a[1]), abs(a[2]), abs(a[3])))
    for _ in 0..<200 {
      let value = ((s + a[1]) * s + a[2]) * s + a[3]
      let slope = (3 * s + 2 * a[1]) * s + a[2]
      guard slope != 0 else { break }
      let step = value / slope
      s -= step
      if abs(step) <= 1e-15 * abs(s) { break }
    }
    // deflate: s^2 + b1 s + b0
    let b1 = a[1] + s
    let b0 = a[2] + s * b1
    let discriminant = b1 * b1 - 4 * b0
    if discriminant < 0 { return 2 / b1 }
    let root = (-b1 + discriminant.squareRoot()) / 2
    return -1 / Swift.max(root, s)
  }

  /// The damped natural frequency of the mechanical mode under voltage drive, Hz (nil if
  /// overdamped).
  package var dampedFrequency_Hz: Double? {
    let tau = decayTimeConstant_s
    let p = characteristicPolynomial
    // product of the pair = (k R / (m L)) / |real pole|; the pair is -sigma +- j wd.
    let sigma = 1 / tau
    let a = p.map { $0 / p[0] }
    // sum of all roots = -a1: real pole = -a1 + 2 sigma
    let real = -a[1] + 2 * sigma
    guard real != 0 else { return nil }
    let pairProduct = -a[3] / real
    let wd2 = pairProduct - sigma * sigma
    return wd2 > 0 ? wd2.squareRoot() / (2 * Double.pi) : nil
  }
}
