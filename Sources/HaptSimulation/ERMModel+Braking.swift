import Foundation

/// An ERM brake that stops when the motor has stopped (Docs/Simulation.md, "Braking").
///
/// A driver brakes an ERM with reverse voltage and, sensing the back-EMF (the speed),
/// ends the brake when the motor has stopped (TI's DRV2605 in closed loop). An open-loop
/// reverse voltage of fixed length spins a motor that has already stopped up again
/// backwards: after a release ramp (braked at the event's full level, Docs/Simulation.md)
/// that is a felt tail. Here the synthesised reverse voltage is the most the driver may
/// apply; it is cut at the sample where the rotor's kinetic energy `J w^2 / 2` is least.
extension ERMModel {
  /// Runs the motor from rest over `events + brakes` (clipped to `maxVoltage_V`), cutting
  /// each brake window where the rotor's speed is least, and writes the drive actually
  /// applied back into `events` and the body acceleration into `out`.
  ///
  /// - Parameters:
  ///   - events: the drive without brakes, V; on return, the applied drive (clipped).
  ///   - brakes: the reverse-voltage brake samples, V (zero outside `windows`).
  ///   - windows: the samples each brake covers; overlapping windows are merged.
  ///   - maxVoltage_V: the driver's clip level.
  ///   - out: receives `events.count` accelerations, g.
  /// - Complexity: O(n), plus O(window) saved states per window.
  package func simulateBraking(
    events: inout [Double], brakes: [Double], windows: [Range<Int>], maxVoltage_V vmax: Double,
    into out: UnsafeMutableBufferPointer<Double>
  ) {
    let count = Swift.min(events.count, brakes.count, out.count)
    let p = discretisation.phi
    let g = discretisation.g0
    let g1 = discretisation.g1
    let q = (g[0] - g1[0], g[1] - g1[1], g[2] - g1[2])
    let r = (g1[0], g1[1], g1[2])
    let prm = parameters
    let j = prm.rotorInertia_kg_m2
    let scale =
      prm.eccentricMass_kg * prm.eccentricRadius_m
      / ((bodyMass_kg + prm.eccentricMass_kg) * standardGravity_m_per_s2)
    let twoPi = 2 * Double.pi
    var theta = 0.0
    var w = 0.0
    var i = 0.0
    var previous = 0.0
    func applied(_ n: Int, braking: Bool) -> Double {
      Swift.min(Swift.max(events[n] + (braking ? brakes[n] : 0), -vmax), vmax)
    }
    // The same arithmetic as simulate(drive:into:speed:), one sample.
    func step(_ n: Int, _ voltage: Double) {
      let nt = p[0] * theta + p[1] * w + p[2] * i + q.0 * previous + r.0 * voltage
      let nw = p[3] * theta + p[4] * w + p[5] * i + q.1 * previous + r.1 * voltage
      let ni = p[6] * theta + p[7] * w + p[8] * i + q.2 * previous + r.2 * voltage
      theta = nt
      w = nw
      i = ni
      previous = voltage
      if theta >= twoPi || theta <= -twoPi {
        theta = theta.truncatingRemainder(dividingBy: twoPi)
      }
      let wDot = (prm.torqueConstant_N_m_per_A * i - prm.viscousFriction_N_m_s_per_rad * w) / j
      out[n] = scale * (w * w * cos(theta) + wDot * sin(theta))
    }
    var n = 0
    for window in LRAModel.merged(windows, count: count) {
      while n < window.lowerBound {
        let volts = applied(n, braking: false)
        events[n] = volts
        step(n, volts)
        n += 1
      }
      var saved: [(theta: Double, w: Double, i: Double, previous: Double)] = []
      saved.reserveCapacity(window.count + 1)
      var best = w * w
      var cut = window.lowerBound
      while n < window.upperBound {
        saved.append((theta, w, i, previous))
        step(n, applied(n, braking: true))
        n += 1
        if w * w < best {
          best = w * w
          cut = n
        }
      }
      saved.append((theta, w, i, previous))
      let resume = saved[cut - window.lowerBound]
      (theta, w, i, previous) = (resume.theta, resume.w, resume.i, resume.previous)
      for m in window.lowerBound..<cut { events[m] = applied(m, braking: true) }
      n = cut
    }
    while n < count {
      let volts = applied(n, braking: false)
      events[n] = volts
      step(n, volts)
      n += 1
    }
  }
}
