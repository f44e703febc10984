/// How a device turns effective intensity and sharpness into coil voltage (Docs/Model.md §2).
package struct DriveParameters: Equatable, Sendable {
  /// Drive frequency at sharpness 0, Hz.
  package var fmin_Hz: Double
  /// Drive frequency at sharpness 1, Hz (above `fmin_Hz`, below the Nyquist frequency).
  package var fmax_Hz: Double
  /// Amplitude at intensity 1, V: `A = ratedVoltage_V * I^gamma` (at the reference
  /// frequency when the driver equalises).
  package var ratedVoltage_V: Double
  /// The summed drive is clipped to +-maxVoltage_V.
  package var maxVoltage_V: Double
  /// Exponent of the intensity-to-amplitude map (1: linear).
  package var gamma: Double
  /// Cycles of sine in a transient (default 2, Docs/Model.md §2).
  package var transientCycles: Double
  /// Amplitude of each event's first half cycle at intensity 1, V; 0 turns overdrive off.
  package var overdriveVoltage_V: Double
  /// Anti-phase cycles after each event's drive ends; 0 turns braking off.
  package var brakeCycles: Double
  /// Intensity factor under the low-power condition, 0..1.
  package var lowPowerIntensityScale: Double
  /// How the driver shapes amplitude across frequency (default: not at all).
  package var equalization: DriveEqualization
  /// Whether an equalising driver scales a transient by the peak its burst reaches
  /// (``TransientEqualizer``, schema `drive.equalization.transients` `burstPeak`) rather
  /// than by the steady-state ratio (`steadyState`, the default).
  package var equalizesTransientsByBurstPeak: Bool

  package init(
    fmin_Hz: Double, fmax_Hz: Double, ratedVoltage_V: Double, maxVoltage_V: Double,
    gamma: Double = 1, transientCycles: Double = 2, overdriveVoltage_V: Double = 0,
    brakeCycles: Double = 0, lowPowerIntensityScale: Double = 1, equalization: DriveEqualization = .none,
    equalizesTransientsByBurstPeak: Bool = false
  ) {
    self.fmin_Hz = fmin_Hz
    self.fmax_Hz = fmax_Hz
    self.ratedVoltage_V = ratedVoltage_V
    self.maxVoltage_V = maxVoltage_V
    self.gamma = gamma
    self.transientCycles = transientCycles
    self.overdriveVoltage_V = overdriveVoltage_V
    self.brakeCycles = brakeCycles
    self.lowPowerIntensityScale = lowPowerIntensityScale
    self.equalization = equalization
    self.equalizesTransientsByBurstPeak = equalizesTransientsByBurstPeak
  }

  /// The drive frequency for effective sharpness `s` in 0..1: `fmin + s (fmax - fmin)`, Hz.
  @inlinable package func frequency_Hz(sharpness s: Double) -> Double {
    fmin_Hz + s * (fmax_Hz - fmin_Hz)
  }

  /// Whether overdrive is on (a positive overdrive voltage).
  package var hasOverdrive: Bool { overdriveVoltage_V > 0 }
}

/// The engine's response latency and its prepare rules (Docs/Model.md §4), in seconds.
package struct LatencyParameters: Equatable, Sendable {
  /// Trigger to first drive sample when the engine is prepared, s.
  package var prepared_s: Double
  /// Trigger to first drive sample from a cold engine, s.
  package var cold_s: Double
  /// How long before the trigger `prepare()` must be called for a prepared start, s.
  package var prepareLead_s: Double
  /// How long a prepared engine stays prepared, s.
  package var prepareTimeout_s: Double

  package init(prepared_s: Double, cold_s: Double, prepareLead_s: Double, prepareTimeout_s: Double) {
    self.prepared_s = prepared_s
    self.cold_s = cold_s
    self.prepareLead_s = prepareLead_s
    self.prepareTimeout_s = prepareTimeout_s
  }

  /// The latency for a state, or for a `prepare()` call `prepareLead_s` before the
  /// trigger, which takes precedence over the state when given (Docs/Model.md §4):
  /// lead > timeout: cold; lead >= prepareLead: prepared; 0 < lead < prepareLead:
  /// `cold - lead`, floored at prepared; lead <= 0: cold.
  package func latency_s(state: EngineState, prepareLead lead: Double? = nil) -> Double {
    guard let lead else { return state == .prepared ? prepared_s : cold_s }
    if !(lead > 0) || lead > prepareTimeout_s { return cold_s }
    if lead >= prepareLead_s { return prepared_s }
    return Swift.max(cold_s - lead, prepared_s)
  }
}

/// Whether the haptic engine is running (prepared) or must start (cold) at the trigger.
public enum EngineState: String, CaseIterable, Sendable {
  case prepared, cold
}

extension LatencyParameters {
  /// The shortest `prepare()` lead, in seconds before the trigger, after which the engine
  /// starts within `target_s` (by ``latency_s(state:prepareLead:)``): 0 when even a cold
  /// start does, nil when no lead does (the target is under the prepared latency, or the
  /// lead needed exceeds the prepare timeout).
  package func shortestLead_s(toStartWithin target_s: Double) -> Double? {
    guard target_s.isFinite, target_s >= prepared_s else { return nil }
    guard target_s < cold_s else { return 0 }
    let lead = Swift.min(cold_s - target_s, prepareLead_s)
    return lead <= prepareTimeout_s ? lead : nil
  }
}
