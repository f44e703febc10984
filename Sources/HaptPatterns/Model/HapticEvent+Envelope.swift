extension HapticEvent {
  /// Continuous-event envelope, 0...1, at `offset_s` seconds after the event's start.
  ///
  /// Our choice (MODEL.md §1; Apple does not publish the shape): for duration D, a linear
  /// attack from 0 to 1 over `attackTime * D`; with `isSustained` the level then holds,
  /// without it the level falls linearly to 0 over `decayTime * D` after the attack (a
  /// zero decay time drops it to 0 at once); a linear release to 0 over
  /// `releaseTime * D` ends the event. Where ramps overlap the lowest of them applies
  /// (the envelope is the minimum of the attack, decay and release gains), so the shape
  /// is continuous and never exceeds 1.
  ///
  /// Outside `0 ..< D` the envelope is 0. Transients have no envelope of their own (the
  /// renderer shapes them); for them this returns 1 at offsets >= 0.
  ///
  /// - Parameter offset_s: seconds since the event's start.
  /// - Returns: the envelope gain, 0...1.
  /// - Complexity: O(1).
  @inlinable
  public func envelope(atOffset offset_s: Double) -> Double {
    guard offset_s >= 0 else { return 0 }
    if type == .hapticTransient { return 1 }
    let duration = duration_s
    guard offset_s < duration else { return 0 }
    let attack_s = Swift.min(Swift.max(attackTime, 0), 1) * duration
    let release_s = Swift.min(Swift.max(releaseTime, 0), 1) * duration
    var gain = 1.0
    if attack_s > 0, offset_s < attack_s {
      gain = offset_s / attack_s
    }
    if !isSustained, offset_s >= attack_s {
      let decay_s = Swift.min(Swift.max(decayTime, 0), 1) * duration
      let decayGain = decay_s > 0 ? Swift.max(0, 1 - (offset_s - attack_s) / decay_s) : 0
      gain = Swift.min(gain, decayGain)
    }
    // Before the release (remaining >= release_s) its gain is >= 1 and cannot lower the
    // others, so the division is skipped there.
    let remaining_s = duration - offset_s
    if release_s > 0, remaining_s < release_s {
      gain = Swift.min(gain, Swift.max(0, remaining_s / release_s))
    }
    return Swift.min(Swift.max(gain, 0), 1)
  }
}
