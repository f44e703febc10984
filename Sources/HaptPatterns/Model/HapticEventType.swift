/// The four kinds of AHAP event (`EventType`).
///
/// Haptic events are rendered by the simulator; audio events are kept and round-tripped
/// through AHAP but not rendered (Docs/Model.md §1).
package enum HapticEventType: String, CaseIterable, Equatable, Hashable, Sendable {
  /// A short tap whose length the actuator decides (`HapticTransient`).
  case hapticTransient = "HapticTransient"
  /// A vibration lasting `EventDuration` seconds (`HapticContinuous`).
  case hapticContinuous = "HapticContinuous"
  /// An audio file played at the event's time (`AudioCustom`, `EventWaveformPath`).
  case audioCustom = "AudioCustom"
  /// A synthesised continuous tone (`AudioContinuous`).
  case audioContinuous = "AudioContinuous"

  /// Whether the event drives the actuator (transient or continuous haptic).
  package var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }

  /// Whether the event has an `EventDuration` of its own.
  package var hasDuration: Bool { self == .hapticContinuous || self == .audioContinuous || self == .audioCustom }
}
