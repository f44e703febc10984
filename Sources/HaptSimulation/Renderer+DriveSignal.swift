import HaptSignals

extension Renderer {
  /// Plays a recorded drive signal (the waveform sent to the actuator, as in a haptic
  /// audio file) through this device's actuator.
  ///
  /// The signal is resampled to the device's rate, scaled so that a sample of 1.0 is the
  /// device's rated voltage, clipped at its maximum voltage and run through the actuator
  /// model from rest; no engine latency, equalisation or drive synthesis is involved.
  ///
  /// - Parameter drive: the drive waveform, full scale 1.0, any sample rate.
  /// - Returns: the body acceleration in g at the device's rate (zeros if the device has
  ///   no actuator or a DC-driven one, an ERM, which takes a speed command, not a waveform).
  package func renderDriveSignal(_ drive: Signal) -> Signal {
    let fs = device.sampleRate_Hz
    var input = drive
    if input.sampleRate_Hz != fs { input = Resampler.resample(input, to: fs) }
    let scale = device.drive.ratedVoltage_V
    let limit = device.drive.maxVoltage_V
    let volts = input.samples.map { Swift.min(Swift.max($0 * scale, -limit), limit) }
    // A DC-driven actuator (an ERM) takes a speed command, not a waveform.
    guard let actuator, actuator.driveWaveform == .sine else { return Signal(zeros: volts.count, sampleRate_Hz: fs) }
    let acceleration = [Double](unsafeUninitializedCapacity: volts.count) { out, initialized in
      volts.withUnsafeBufferPointer { actuator.simulate(drive: $0, into: out) }
      initialized = volts.count
    }
    return Signal(samples: acceleration, sampleRate_Hz: fs)
  }
}
