extension HapticEvent {
  /// Continuous-event envelope, 0...1, at `offset_s` seconds after the event's start.
  ///
  /// Our choice (Docs/Model.md §1; Apple does not publish the shape): for duration D, a linear
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
  /// - Complexity: O(1). For many offsets of one event, build its ``EventEnvelope`` once.
  @inlinable
  package func envelope(atOffset offset_s: Double) -> Double {
    EventEnvelope(self).gain(atOffset: offset_s)
  }
}
