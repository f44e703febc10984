/// A brake that stops when the mass has stopped (Docs/Simulation.md, "Braking").
///
/// TI's DRV2605 brakes an LRA by driving it in anti-phase and ends the brake when the
/// back-EMF (the mass's velocity) has fallen away; it never keeps driving a mass that has
/// stopped. An open-loop brake of a fixed length does: once the mass is at rest, the rest
/// of the anti-phase cycle excites it again, in opposite phase, and the device rings on
/// after the tap (a phase-reversed second burst, which notches the tap's spectrum at the
/// drive frequency). Here the synthesised brake (``DriveSynthesizer``'s anti-phase cycles)
/// is the most the driver may apply; it is cut at the sample where the mass's mechanical
/// energy `k x^2 / 2 + m v^2 / 2` is least, which is where a back-EMF-sensing driver stops
/// (an idealisation: no sensing threshold or delay).
extension LRAModel {
  /// Runs the model from rest over `events + brakes` (clipped to `maxVoltage_V`), cutting
  /// each brake window where the mass's mechanical energy is least, and writes the drive
  /// actually applied back into `events` and the body acceleration into `out`.
  ///
  /// - Parameters:
  ///   - events: the drive without brakes, V; on return, the applied drive (clipped).
  ///   - brakes: the open-loop brake samples, V (zero outside `windows`); on return, the
  ///     feedback brake applied before each cut.
  ///   - windows: the samples each brake covers, in any order; overlapping windows are
  ///     merged and cut once.
  ///   - maxVoltage_V: the driver's clip level.
  ///   - out: receives `events.count` accelerations, g.
  /// - Complexity: O(n) one-step recursions plus O(window) saved states per window.
  package func simulateBraking(
    events: inout [Double], brakes: inout [Double], windows: [Range<Int>], maxVoltage_V vmax: Double,
    into out: UnsafeMutableBufferPointer<Double>
  ) {
    let count = Swift.min(events.count, brakes.count, out.count)
    let p = discretisation.phi
    let q = block.q
    let r = block.r
    let o = output
    let k = parameters.stiffness_N_per_m
    let m = parameters.movingMass_kg
    var x = 0.0
    var v = 0.0
    var i = 0.0
    var previous = 0.0
    func applied(_ n: Int, braking: Bool) -> Double {
      Swift.min(Swift.max(events[n] + (braking ? brakes[n] : 0), -vmax), vmax)
    }
    func step(_ n: Int, _ volts: Double) {
      let nx = (p[0] * x + p[1] * v) + (p[2] * i + (q[0] * previous + r[0] * volts))
      let nv = (p[3] * x + p[4] * v) + (p[5] * i + (q[1] * previous + r[1] * volts))
      let ni = (p[6] * x + p[7] * v) + (p[8] * i + (q[2] * previous + r[2] * volts))
      (x, v, i) = (nx, nv, ni)
      previous = volts
      out[n] = o[0] * x + o[1] * v + o[2] * i
    }
    var n = 0
    for window in Self.merged(windows, count: count) {
      while n < window.lowerBound {
        let volts = applied(n, braking: false)
        events[n] = volts
        step(n, volts)
        n += 1
      }
      // Brake throughout the window, remembering the state before every sample; then
      // resume from the sample where the energy was least, without the brake from there.
      // The brake opposes the mass's velocity (back-EMF feedback), at the synthesised
      // brake's peak voltage for the velocity amplitude the mass had when it began.
      var peak = 0.0
      for j in window { peak = Swift.max(peak, Swift.abs(brakes[j])) }
      var best = (k * x * x + m * v * v) / 2
      let velocityAmplitude = (2 * best / m).squareRoot()
      let gain = velocityAmplitude > 0 ? peak / velocityAmplitude : 0
      var saved: [(x: Double, v: Double, i: Double, previous: Double)] = []
      saved.reserveCapacity(window.count + 1)
      var cut = window.lowerBound
      while n < window.upperBound {
        saved.append((x, v, i, previous))
        brakes[n] = Swift.min(Swift.max(-gain * v, -peak), peak)
        step(n, applied(n, braking: true))
        n += 1
        let energy = (k * x * x + m * v * v) / 2
        if energy < best {
          best = energy
          cut = n
        }
      }
      saved.append((x, v, i, previous))
      let resume = saved[cut - window.lowerBound]
      (x, v, i, previous) = (resume.x, resume.v, resume.i, resume.previous)
      for j in window.lowerBound..<cut { events[j] = applied(j, braking: true) }
      n = cut
    }
    while n < count {
      let volts = applied(n, braking: false)
      events[n] = volts
      step(n, volts)
      n += 1
    }
  }

  /// Windows clipped to `0..<count`, sorted, overlapping or touching ones merged.
  static func merged(_ windows: [Range<Int>], count: Int) -> [Range<Int>] {
    let clipped = windows.compactMap { w -> Range<Int>? in
      let lower = Swift.max(w.lowerBound, 0)
      let upper = Swift.min(w.upperBound, count)
      return lower < upper ? lower..<upper : nil
    }.sorted { $0.lowerBound < $1.lowerBound }
    var result: [Range<Int>] = []
    for w in clipped {
      if let last = result.last, w.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, w.upperBound)
      } else {
        result.append(w)
      }
    }
    return result
  }
}
