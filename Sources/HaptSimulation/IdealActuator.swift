/// Not a physical actuator: no dynamics, the body acceleration is the drive itself (1 g
/// per volt), so a render shows the decoded signal (the `ideal` profile;
/// Docs/Formats-MPEG.md).
package struct IdealActuator: Actuator, Equatable {
  package static let typeName = "ideal"
  package static let isPhysical = false
  package static let driveWaveform = DriveWaveform.sine
  package static let hasFrequencyControl = true
  package static let defaultsToRichHaptics = true

  package init() {}

  /// Copies the drive, V, to the acceleration, g.
  package func simulate(drive: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
    let count = Swift.min(drive.count, out.count)
    guard count > 0, let d = drive.baseAddress, let a = out.baseAddress else { return }
    a.update(from: d, count: count)
  }

  /// Never called (the renderer brakes physical actuators only): writes silence.
  package func simulateBraking(
    events: inout [Double], brakes: inout [Double], windows: [Range<Int>], maxVoltage_V: Double,
    into out: UnsafeMutableBufferPointer<Double>
  ) {
    out.update(repeating: 0)
  }
}
