import HaptPatterns

extension DeviceProfile {
  /// The drive band, Hz: `fmin_Hz...fmax_Hz`, or ``HertzPattern/defaultBand_Hz`` when
  /// those are not a band. Frequencies in hertz (`.haps`, `.ivs`) are resolved into it.
  package var driveBand_Hz: ClosedRange<Double> {
    let (low, high) = (drive.fmin_Hz, drive.fmax_Hz)
    return low.isFinite && high.isFinite && high > low ? low...high : HertzPattern.defaultBand_Hz
  }

  /// The frequencies this device plays a pattern's sharpness at, Hz (``driveBand_Hz``), or
  /// nil when it has no frequency control (``Actuator/hasFrequencyControl``: an ERM's
  /// speed sets its frequency) or no actuator.
  package var frequencyBand_Hz: ClosedRange<Double>? {
    actuator.kind?.hasFrequencyControl == true ? driveBand_Hz : nil
  }
}
