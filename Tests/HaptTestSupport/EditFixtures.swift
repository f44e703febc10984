import HaptPatterns

/// Edits of a pattern that more than one test target explains or checks, one copy each.
package enum EditFixtures {
  /// A transient added at 0.60 s after a 0.5 s continuous event whose intensity curve
  /// falls from 1 to 0 over the event: an edit of the file that nobody feels, the curve's
  /// control being 0 when the new event plays.
  package static var addedUnderASilencingCurve: (old: HapticPattern, new: HapticPattern) {
    var old = HapticPattern(events: [.continuous(at: 0, duration_s: 0.5, intensity: 1, sharpness: 0.5)])
    old.parameterCurves = [
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0,
        controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 0.5, value: 0)])
    ]
    var new = old
    new.events.append(.transient(at: 0.6, intensity: 1, sharpness: 0.5))
    return (old, new)
  }
}
