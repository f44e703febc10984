/// One AHAP `Event`: a haptic transient or continuous vibration, or an audio event.
///
/// Every event parameter Core Haptics defines has a property, with the Core Haptics
/// default when the file omits it (see ``HapticEvent/Defaults``). Audio parameters and
/// waveform keys are kept for round trips; the simulator renders only haptic events.
package struct HapticEvent: Equatable, Sendable {
  /// Default parameter values, used when a file omits a parameter.
  ///
  /// Sources: Apple, "Representing haptic patterns in AHAP files" (Core Haptics sets a
  /// missing entry to its default and clamps out-of-range values) and the
  /// CHHapticEvent.ParameterID pages. Intensity 1 and sharpness 0.5 are the values the
  /// project uses; Apple's stored pages we could check do not state the sharpness default
  /// in so many words (see Docs/Patterns.md).
  package enum Defaults {
    package static let intensity = 1.0
    package static let sharpness = 0.5
    package static let attackTime = 0.0
    package static let decayTime = 0.0
    package static let releaseTime = 0.0
    package static let isSustained = true
    package static let audioVolume = 1.0
    package static let audioPan = 0.0
    package static let audioPitch = 0.0
    package static let audioBrightness = 0.5
  }

  package var type: HapticEventType
  /// Pattern time of the event's start, in seconds.
  package var time_s: Double
  /// `EventDuration` in seconds; 0 for transients (the actuator decides their length).
  package var duration_s: Double
  /// `HapticIntensity`, 0...1.
  package var intensity: Double
  /// `HapticSharpness`, 0...1.
  package var sharpness: Double
  /// `AttackTime`, 0...1: the fraction of the duration spent ramping up (Docs/Model.md §1).
  package var attackTime: Double
  /// `DecayTime`, 0...1: the fraction of the duration spent falling to 0 after the
  /// attack when the event is not sustained.
  package var decayTime: Double
  /// `ReleaseTime`, 0...1: the fraction of the duration spent ramping down at the end.
  package var releaseTime: Double
  /// `Sustained` (AHAP 0/1): whether the level holds after the attack.
  package var isSustained: Bool
  /// `AudioVolume`, 0...1.
  package var audioVolume: Double
  /// `AudioPan`, -1...1.
  package var audioPan: Double
  /// `AudioPitch`, -1...1.
  package var audioPitch: Double
  /// `AudioBrightness`, 0...1.
  package var audioBrightness: Double
  /// `EventWaveformPath` of an `AudioCustom` event, kept as text and never followed
  /// outside the pattern's folder.
  package var waveformPath: String?
  /// `EventWaveformLoopEnabled`, if the file gives it.
  package var waveformLoopEnabled: Bool?
  /// `EventWaveformUseVolumeEnvelope`, if the file gives it.
  package var waveformUseVolumeEnvelope: Bool?

  package init(
    type: HapticEventType, time_s: Double, duration_s: Double = 0,
    intensity: Double = Defaults.intensity, sharpness: Double = Defaults.sharpness,
    attackTime: Double = Defaults.attackTime, decayTime: Double = Defaults.decayTime,
    releaseTime: Double = Defaults.releaseTime, isSustained: Bool = Defaults.isSustained,
    audioVolume: Double = Defaults.audioVolume, audioPan: Double = Defaults.audioPan,
    audioPitch: Double = Defaults.audioPitch, audioBrightness: Double = Defaults.audioBrightness,
    waveformPath: String? = nil, waveformLoopEnabled: Bool? = nil,
    waveformUseVolumeEnvelope: Bool? = nil
  ) {
    self.type = type
    self.time_s = time_s
    self.duration_s = type == .hapticTransient ? 0 : duration_s
    self.intensity = intensity
    self.sharpness = sharpness
    self.attackTime = attackTime
    self.decayTime = decayTime
    self.releaseTime = releaseTime
    self.isSustained = isSustained
    self.audioVolume = audioVolume
    self.audioPan = audioPan
    self.audioPitch = audioPitch
    self.audioBrightness = audioBrightness
    self.waveformPath = waveformPath
    self.waveformLoopEnabled = waveformLoopEnabled
    self.waveformUseVolumeEnvelope = waveformUseVolumeEnvelope
  }

  /// A haptic transient.
  package static func transient(at time_s: Double, intensity: Double, sharpness: Double) -> Self {
    HapticEvent(type: .hapticTransient, time_s: time_s, intensity: intensity, sharpness: sharpness)
  }

  /// A haptic continuous event.
  package static func continuous(
    at time_s: Double, duration_s: Double, intensity: Double, sharpness: Double,
    attackTime: Double = Defaults.attackTime, decayTime: Double = Defaults.decayTime,
    releaseTime: Double = Defaults.releaseTime, isSustained: Bool = Defaults.isSustained
  ) -> Self {
    HapticEvent(
      type: .hapticContinuous, time_s: time_s, duration_s: duration_s, intensity: intensity,
      sharpness: sharpness, attackTime: attackTime, decayTime: decayTime,
      releaseTime: releaseTime, isSustained: isSustained)
  }

  /// Pattern time of the event's end, in seconds (its start for a transient).
  package var end_s: Double { time_s + duration_s }
}
