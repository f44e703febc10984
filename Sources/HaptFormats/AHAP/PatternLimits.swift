import HaptCore
import HaptPatterns
/// Bounds on the work one pattern file can cause, so hostile input fails cleanly.
///
/// Past a limit the decoders throw an ``InputError`` naming the place, never allocate
/// without bound or loop for long.
package struct PatternLimits: Sendable, Equatable {
  /// Most events (and `.haptic` emphasis points) in one pattern.
  package var maxEvents: Int
  /// Most control points over all curves (and `.haptic` breakpoints) in one pattern.
  package var maxControlPoints: Int
  /// Largest absolute time or duration accepted, in seconds (1 hour). It also bounds the
  /// sum of the durations of all continuous events (``check(_:)``): overlapping events
  /// are rendered one by one, so that sum, not the pattern's length, sets the work.
  package var maxTime_s: Double
  /// Deepest JSON nesting accepted.
  package var maxDepth: Int
  /// Largest file accepted, in bytes.
  package var maxBytes: Int

  package init(
    maxEvents: Int = 100_000, maxControlPoints: Int = 1_000_000, maxTime_s: Double = 3600,
    maxDepth: Int = 64, maxBytes: Int = 64 << 20
  ) {
    self.maxEvents = maxEvents
    self.maxControlPoints = maxControlPoints
    self.maxTime_s = maxTime_s
    self.maxDepth = maxDepth
    self.maxBytes = maxBytes
  }

  /// Throws if the continuous events of `pattern` last longer than ``maxTime_s`` in all
  /// (a pattern within the limits then renders in time bounded by one hour of events).
  ///
  /// - Throws: ``InputError`` (kind `overLimit`) with ``InputLimit/patternTime_s(_:)``.
  package func check(_ pattern: HapticPattern) throws {
    var total = 0.0
    var count = 0
    for event in pattern.events where event.type == .hapticContinuous && event.duration_s.isFinite {
      total += max(event.duration_s, 0)
      count += 1
    }
    guard total <= maxTime_s else {
      throw InputError(
        "its \(count) continuous events last \(Int(total)) s in all, over the limit of \(Int(maxTime_s)) s "
          + "(overlapping events add up)", limit: .patternTime_s(maxTime_s))
    }
  }

  var json: JSONParser.Limits { JSONParser.Limits(maxDepth: maxDepth, maxBytes: maxBytes) }
}
