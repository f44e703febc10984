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
    events: inout [Double], brakes: inout [Double], windows: [Range<Int>], maxVoltage_V vmax: Double,
    into out: UnsafeMutableBufferPointer<Double>
  ) {
    let count = Swift.min(events.count, brakes.count, out.count)
    var motor = Stepper(self)
    func applied(_ n: Int, braking: Bool) -> Double {
      Swift.min(Swift.max(events[n] + (braking ? brakes[n] : 0), -vmax), vmax)
    }
    var n = 0
    for window in LRAModel.merged(windows, count: count) {
      while n < window.lowerBound {
        let volts = applied(n, braking: false)
        events[n] = volts
        out[n] = motor.step(volts)
        n += 1
      }
      var saved: [ERMModel.Stepper.State] = []
      saved.reserveCapacity(window.count + 1)
      var best = motor.w * motor.w
      var cut = window.lowerBound
      while n < window.upperBound {
        saved.append(motor.state)
        out[n] = motor.step(applied(n, braking: true))
        n += 1
        if motor.w * motor.w < best {
          best = motor.w * motor.w
          cut = n
        }
      }
      saved.append(motor.state)
      motor.state = saved[cut - window.lowerBound]
      for m in window.lowerBound..<cut { events[m] = applied(m, braking: true) }
      n = cut
    }
    while n < count {
      let volts = applied(n, braking: false)
      events[n] = volts
      out[n] = motor.step(volts)
      n += 1
    }
  }
}
