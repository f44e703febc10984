/// A haptic pattern: every construct of an AHAP file, as values.
///
/// The same model holds patterns decoded from AHAP and from Lofelt `.haptic` files, the
/// system presets and the pattern library. Semantics follow Docs/Model.md §1: events play at
/// their times; `Parameter` steps and `ParameterCurve`s drive the dynamic controls that
/// ``PatternControls`` evaluates; looping and playback rate are value transformations
/// (``looped(count:loopEnd_s:)``, ``atPlaybackRate(_:)``).
package struct HapticPattern: Equatable, Sendable {
  /// AHAP `Version` (Core Haptics writes 1.0), or nil if the file has none.
  package var version: Double?
  /// AHAP `Metadata`.
  package var metadata: PatternMetadata
  /// Events in file order.
  package var events: [HapticEvent]
  /// AHAP `Parameter` entries in file order.
  package var parameterSteps: [ParameterStep]
  /// AHAP `ParameterCurve` entries in file order.
  package var parameterCurves: [ParameterCurve]
  /// The description this pattern was read from, in its format's own terms, when a
  /// device resolves it for itself (an Android vibration, frequencies in hertz, an MPEG-I
  /// experience; ``PatternSource``); nil for a pattern that plays as its events say (AHAP,
  /// `.haptic`). Not written by the AHAP encoder.
  package var source: (any PatternSource)?

  package init(
    version: Double? = 1, metadata: PatternMetadata = PatternMetadata(),
    events: [HapticEvent] = [], parameterSteps: [ParameterStep] = [],
    parameterCurves: [ParameterCurve] = [], source: (any PatternSource)? = nil
  ) {
    self.version = version
    self.metadata = metadata
    self.events = events
    self.parameterSteps = parameterSteps
    self.parameterCurves = parameterCurves
    self.source = source
  }

  /// The pattern's length in seconds: the end of the last event, step or curve point.
  ///
  /// Transients count as 0 length (the actuator decides how long they ring); a pattern
  /// whose content is all at negative times, or that is empty, lasts 0 s.
  /// - Complexity: O(events + steps + curve points).
  package var duration_s: Double {
    var end = 0.0
    for event in events where event.end_s.isFinite { end = Swift.max(end, event.end_s) }
    for step in parameterSteps where step.time_s.isFinite { end = Swift.max(end, step.time_s) }
    for curve in parameterCurves {
      for point in curve.controlPoints {
        let t = curve.time_s + point.time_s
        if t.isFinite { end = Swift.max(end, t) }
      }
    }
    return end
  }

  /// The dynamic-control timelines of this pattern, for effective intensity and
  /// sharpness at any time. Built on each call: cache it in hot code.
  /// - Complexity: O(p log p) for p steps and curve points.
  package var controls: PatternControls { PatternControls(self) }

  /// The haptic events (transient and continuous), in time order (stable).
  package var hapticEvents: [HapticEvent] {
    events.enumerated().filter { $0.element.type.isHaptic }
      .sorted { ($0.element.time_s, $0.offset) < ($1.element.time_s, $1.offset) }
      .map(\.element)
  }
}

extension HapticPattern {
  package static func == (lhs: HapticPattern, rhs: HapticPattern) -> Bool {
    guard lhs.version == rhs.version, lhs.metadata == rhs.metadata, lhs.events == rhs.events,
      lhs.parameterSteps == rhs.parameterSteps, lhs.parameterCurves == rhs.parameterCurves
    else { return false }
    switch (lhs.source, rhs.source) {
    case (nil, nil): return true
    case (let a?, let b?): return a.isSame(as: b)
    default: return false
    }
  }
}
