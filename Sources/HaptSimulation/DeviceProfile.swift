/// A simulated device: its actuator, how it drives it, and its engine latency.
///
/// Profiles are JSON files in `Corpora/devices/` (the schema is documented in
/// Docs/Simulation.md); load one with ``load(nameOrPath:)`` or ``init(contentsOf:)``.
/// Every value is in SI units named in its key.
package struct DeviceProfile: Equatable, Sendable {
  /// The profile used when none is chosen: an iPhone-class wideband LRA.
  package static let defaultName = "iphone-wideband-lra"

  /// Short slug (the file's base name for shipped profiles).
  package var name: String
  /// Where the numbers come from and which are guesses.
  package var description: String
  /// Simulation sample rate, Hz (whole number, 1000..192000).
  package var sampleRate_Hz: Double
  /// Device (or test-jig) mass M, kg.
  package var bodyMass_kg: Double
  /// The actuator.
  package var actuator: ActuatorSpec
  /// Drive synthesis parameters.
  package var drive: DriveParameters
  /// Engine latency parameters.
  package var latency: LatencyParameters
  /// What the device implements for Android vibrations (the optional `android` block);
  /// nil takes the actuator type's defaults (see ``androidPlayback``).
  package var android: AndroidCapabilities?
  /// Where each number comes from (the optional `sources` list; empty when the profile
  /// states none). See ``ProfileSource``.
  package var sources: [ProfileSource] = []

  package init(
    name: String, description: String, sampleRate_Hz: Double, bodyMass_kg: Double,
    actuator: ActuatorSpec, drive: DriveParameters, latency: LatencyParameters,
    android: AndroidCapabilities? = nil
  ) {
    self.name = name
    self.description = description
    self.sampleRate_Hz = sampleRate_Hz
    self.bodyMass_kg = bodyMass_kg
    self.actuator = actuator
    self.drive = drive
    self.latency = latency
    self.android = android
  }

  /// The LRA's undamped resonance `sqrt(k/m) / 2 pi`, Hz; nil for an ERM or no actuator.
  package var resonance_Hz: Double? {
    if case .lra(let p) = actuator { return p.resonance_Hz }
    return nil
  }

  /// The LRA's mechanical quality factor `sqrt(k m) / c`; nil for an ERM or no actuator.
  package var qualityFactor: Double? {
    if case .lra(let p) = actuator { return p.mechanicalQ }
    return nil
  }

  /// The LRA's quality factor under voltage drive, `sqrt(k m) / (c + Bl^2 / R)`: the
  /// sharpness of the resonance a driver sees, and the Q a HAL or datasheet usually
  /// states; nil for an ERM or no actuator.
  package var voltageDrivenQualityFactor: Double? {
    if case .lra(let p) = actuator { return p.voltageDrivenQ }
    return nil
  }
}
