/// One event's envelope with its ramp lengths worked out once: the shape that
/// ``HapticEvent/envelope(atOffset:)`` documents (Docs/Model.md §1), for evaluating sample by
/// sample.
package struct EventEnvelope: Sendable, Equatable {
  /// Event duration D, s.
  package let duration_s: Double
  /// Attack length, `attackTime * D` with attackTime clamped to 0...1, s.
  package let attack_s: Double
  /// Decay length (non-sustained events), `decayTime * D`, s.
  package let decay_s: Double
  /// Release length, `releaseTime * D`, s.
  package let release_s: Double
  /// Whether the level holds after the attack (else it decays).
  package let isSustained: Bool
  /// Transients have no envelope of their own: 1 at offsets >= 0.
  package let isTransient: Bool

  /// The envelope of `event`.
  @inlinable
  package init(_ event: HapticEvent) {
    let duration = event.duration_s
    duration_s = duration
    attack_s = Swift.min(Swift.max(event.attackTime, 0), 1) * duration
    decay_s = Swift.min(Swift.max(event.decayTime, 0), 1) * duration
    release_s = Swift.min(Swift.max(event.releaseTime, 0), 1) * duration
    isSustained = event.isSustained
    isTransient = event.type == .hapticTransient
  }

  /// The gain, 0...1, at `offset_s` seconds after the event's start.
  /// - Complexity: O(1), at most two divisions.
  @inlinable
  package func gain(atOffset offset_s: Double) -> Double {
    guard offset_s >= 0 else { return 0 }
    if isTransient { return 1 }
    guard offset_s < duration_s else { return 0 }
    var gain = 1.0
    if attack_s > 0, offset_s < attack_s {
      gain = offset_s / attack_s
    }
    if !isSustained, offset_s >= attack_s {
      let decayGain = decay_s > 0 ? Swift.max(0, 1 - (offset_s - attack_s) / decay_s) : 0
      gain = Swift.min(gain, decayGain)
    }
    // Before the release (remaining >= release_s) its gain is >= 1 and cannot lower the
    // others, so the division is skipped there.
    let remaining_s = duration_s - offset_s
    if release_s > 0, remaining_s < release_s {
      gain = Swift.min(gain, Swift.max(0, remaining_s / release_s))
    }
    return Swift.min(Swift.max(gain, 0), 1)
  }

  /// Whether the gain is exactly 1 at `offset_s` because it is on the sustain plateau:
  /// sustained, past the attack, before the release, inside the event. The plateau is
  /// one interval, so over increasing offsets this holds on one run of samples.
  @inlinable
  package func isOnPlateau(atOffset offset_s: Double) -> Bool {
    let remaining_s = duration_s - offset_s
    return isSustained && !isTransient && offset_s >= attack_s && remaining_s >= release_s && remaining_s > 0
  }
}
