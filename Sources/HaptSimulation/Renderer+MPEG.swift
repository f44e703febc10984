import HaptPatterns

extension Renderer {
  /// Adds the drive of an MPEG-I Haptics experience into `drive` (Docs/Formats-MPEG.md,
  /// "Rendering"): full scale is the rated voltage (shaped by gamma, scaled in the
  /// low-power condition), carrier frequencies are clamped to the drive band and equalised
  /// like the pattern drive, with the profile's transient cycles, overdrive (first half
  /// cycle) and braking (reversed carrier after each effect); an ERM gets the amplitude
  /// envelope as DC. On the `ideal`
  /// profile (rated 1 V, no equalisation, no band) this is the decoded signal itself.
  ///
  /// - Returns: one past the last sample driven, or nil if none was.
  func mpegDrive(
    _ mpeg: MPEGHaptics, rate: Double, loops: Int, period_s: Double, offset: Double, lowPower: Bool,
    into drive: inout [Double]
  ) -> Int? {
    let parameters = device.drive
    var mapping = MPEGSynthesizer.Drive()
    mapping.fullScale_V = parameters.ratedVoltage_V * (lowPower ? parameters.lowPowerIntensityScale : 1)
    mapping.gamma = parameters.gamma
    let isPhysical = actuator?.isPhysical == true
    if isPhysical {
      mapping.band_Hz =
        Swift.min(parameters.fmin_Hz, parameters.fmax_Hz)...Swift.max(parameters.fmin_Hz, parameters.fmax_Hz)
    }
    if actuator?.driveWaveform == .dc {
      // A DC-driven motor's (an ERM's) cycles are counted at fmax whatever the frequency asked
      // (DriveSynthesizer.motorClock_Hz).
      mapping.isDC = true
      mapping.band_Hz = parameters.fmax_Hz...parameters.fmax_Hz
    }
    if isPhysical {
      mapping.transientCycles = parameters.transientCycles
      if parameters.hasOverdrive, parameters.ratedVoltage_V > 0 {
        mapping.overdriveRatio = parameters.overdriveVoltage_V / parameters.ratedVoltage_V
      }
      mapping.brakeCycles = Swift.max(parameters.brakeCycles, 0)
    }
    if let equalizer {
      mapping.equalization = { f in equalizer.cappedFactor(at: f) }
    }
    let synthesizer = MPEGSynthesizer(
      haptics: mpeg, sampleRate_Hz: device.sampleRate_Hz, drive: mapping,
      rate: Swift.min(Swift.max(rate, 0.5), 2))
    synthesizer.synthesize(into: &drive, offset: offset, loops: loops, period_s: period_s)
    guard let last = drive.lastIndex(where: { $0 != 0 }) else { return nil }
    return last + 1
  }
}

extension Renderer {
  /// The played pattern's length, s: its events' end, or for a source that synthesises
  /// its own drive (an MPEG-I Haptics experience) the later of that and the source's own
  /// end (looped, rate-scaled).
  func playedDuration_s(_ played: HapticPattern, loops: Int, options: RenderOptions) -> Double {
    guard let source = played.source as? any DriveSynthesizedSource else { return played.duration_s }
    let rate = options.playbackRate.isFinite ? Swift.min(Swift.max(options.playbackRate, 0.5), 2) : 1
    return Swift.max(played.duration_s, source.sourceDuration_s * Double(loops) / rate)
  }
}
