/// What the renderer needs of an actuator: its model of the body acceleration a drive
/// voltage makes, and the traits the drive synthesis, the Android capabilities and the
/// reports branch on.
///
/// Each actuator type is one type in its own file: ``LRAModel`` (a linear resonant
/// actuator), ``ERMModel`` (an eccentric rotating mass motor) and ``IdealActuator`` (no
/// dynamics). A profile's parameters (``ActuatorSpec``) make one with
/// ``ActuatorSpec/model(bodyMass_kg:sampleRate_Hz:)``; a device with no actuator has none
/// (``ActuatorSpec/none``). Docs/Design.md, "Add an actuator", walks through adding one.
///
/// The traits are static: they belong to the type, so a profile can be asked about them
/// (``ActuatorSpec/kind``) without building the discrete model.
package protocol Actuator: Sendable {
  /// The `actuator.type` string of the profile schema (`lra`, `erm`, `ideal`).
  static var typeName: String { get }

  /// Whether this is a physical model with dynamics: the driver's transient cycles,
  /// overdrive and brakes act on it, and closed-loop braking cuts a brake where the motion
  /// stops. False for an actuator that outputs its drive (``IdealActuator``).
  static var isPhysical: Bool { get }

  /// The drive waveform: a sine carrier at the frequency a pattern's sharpness chooses,
  /// or DC (a motor's speed command: only the amplitude envelope, cycles counted at the
  /// band's top). A DC-driven actuator plays no recorded drive waveform.
  static var driveWaveform: DriveWaveform { get }

  /// Whether a pattern's sharpness chooses its drive frequency within the profile's band
  /// (`fmin_Hz...fmax_Hz`): frequency control, reported as the device's frequency range.
  static var hasFrequencyControl: Bool { get }

  /// Whether its driver is assumed, where the profile does not say, to offer amplitude
  /// control, predefined effects, primitives and envelope effects (Android's defaults).
  static var defaultsToRichHaptics: Bool { get }

  /// Writes the body acceleration, g, for the coil or motor voltage `drive`, V, one
  /// sample each, starting from rest, into the first `min(drive.count, out.count)`
  /// samples of `out`.
  func simulate(drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>)

  /// Writes the body acceleration, g, of a drive whose brakes are synthesised apart into
  /// `out` (`events.count` samples), cutting each brake where the motion has stopped and
  /// leaving in `events` the drive applied. Called only when ``isPhysical``.
  ///
  /// - Parameters:
  ///   - events: the drive without its brakes, V; on return, the drive applied.
  ///   - brakes: the reverse-voltage brake samples, V (zero outside `windows`).
  ///   - windows: the samples each brake covers.
  ///   - maxVoltage_V: the driver's clip level, V.
  func simulateBraking(
    events: inout [Double], brakes: inout [Double], windows: [Range<Int>], maxVoltage_V: Double,
    into out: UnsafeMutableBufferPointer<Double>)
}

/// The waveform a driver sends an actuator: a sine carrier, or DC (a speed command).
package enum DriveWaveform: Sendable {
  case sine, dc
}

extension Actuator {
  /// ``Actuator/isPhysical`` of this actuator's type.
  package var isPhysical: Bool { Self.isPhysical }
  /// ``Actuator/driveWaveform`` of this actuator's type.
  package var driveWaveform: DriveWaveform { Self.driveWaveform }
}

extension ActuatorSpec {
  /// The actuator type these parameters describe, nil for a device with no actuator.
  ///
  /// A switch, the one place besides ``model(bodyMass_kg:sampleRate_Hz:)`` that maps the
  /// profile's cases to their types: the spec is a closed, `Equatable` value read from
  /// and written to JSON, and a new actuator adds its case here.
  package var kind: (any Actuator.Type)? {
    switch self {
    case .lra: LRAModel.self
    case .erm: ERMModel.self
    case .ideal: IdealActuator.self
    case .none: nil
    }
  }

  /// The discrete model on a body of `bodyMass_kg` at `sampleRate_Hz`; nil for no
  /// actuator or parameters that cannot be discretised (only possible for profiles built
  /// in code without validation).
  package func model(bodyMass_kg: Double, sampleRate_Hz: Double) -> (any Actuator)? {
    switch self {
    case .lra(let p): LRAModel(parameters: p, bodyMass_kg: bodyMass_kg, sampleRate_Hz: sampleRate_Hz)
    case .erm(let p): ERMModel(parameters: p, bodyMass_kg: bodyMass_kg, sampleRate_Hz: sampleRate_Hz)
    case .ideal: IdealActuator()
    case .none: nil
    }
  }
}
