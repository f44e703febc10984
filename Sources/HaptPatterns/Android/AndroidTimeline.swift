import HaptCore

/// A pattern's haptic content per millisecond, the input of the adaptive Android
/// alternatives (``AndroidAlternativeBuilder``): the summed effective level of its
/// continuous events, the loudest one's sharpness, and its transients as taps.
package struct AndroidTimeline: Equatable, Sendable {
  /// One transient: onset, effective intensity and sharpness at the onset.
  package struct Tap: Equatable, Sendable {
    package var time_ms: Int
    package var level: Double
    package var sharpness: Double
  }

  /// Summed effective intensity of the continuous events (envelopes and intensity
  /// control applied) at each millisecond's middle, clamped to 0...1.
  package var level: [Double]
  /// The loudest continuous event's effective sharpness at each millisecond (0.5 where
  /// nothing plays).
  package var sharpness: [Double]
  /// The transients with a level above 0, in time order.
  package var taps: [Tap]
  /// Audio events the pattern has (Android vibrations carry no audio).
  package var droppedAudioEvents: Int

  /// Longest pattern, ms, sampled one millisecond at a time (work bound on hostile input).
  package static let maxLength_ms = 120_000
  /// Most event-milliseconds evaluated (work bound: many long overlapping events).
  package static let maxEventMilliseconds = 4_000_000

  /// Samples `pattern`; nil when it exceeds the work bounds.
  /// - Complexity: O(duration in ms x continuous events).
  package init?(_ pattern: HapticPattern) {
    let controls = pattern.controls
    let haptic = pattern.hapticEvents
    droppedAudioEvents = pattern.events.count - haptic.count
    let continuous = haptic.filter { $0.type != .hapticTransient }
    taps = haptic.filter { $0.type == .hapticTransient }
      .map {
        Tap(
          time_ms: Int(($0.time_s * 1000).rounded()), level: controls.effectiveIntensity(of: $0, at: $0.time_s),
          sharpness: controls.effectiveSharpness(of: $0, at: $0.time_s))
      }
      .filter { $0.level > 0 && $0.time_ms >= 0 }.sorted { $0.time_ms < $1.time_ms }
    let end_s = continuous.map(\.end_s).max() ?? 0
    guard end_s.isFinite, end_s * 1000 <= Double(Self.maxLength_ms),
      (taps.last?.time_ms ?? 0) <= Self.maxLength_ms
    else { return nil }
    let work = continuous.reduce(0.0) { $0 + Swift.max(0, $1.duration_s) * 1000 }
    guard work <= Double(Self.maxEventMilliseconds) else { return nil }
    let length = Int((end_s * 1000).rounded(.up))
    level = [Double](repeating: 0, count: length)
    sharpness = [Double](repeating: HapticEvent.Defaults.sharpness, count: length)
    var loudest = [Double](repeating: 0, count: length)
    for event in continuous {
      let first = Swift.max(0, Int((event.time_s * 1000).rounded(.down)))
      let last = Swift.min(length, Int((event.end_s * 1000).rounded(.up)))
      guard first < last else { continue }
      for ms in first..<last {
        let t = (Double(ms) + 0.5) / 1000
        guard t >= event.time_s, t < event.end_s else { continue }
        let value = controls.effectiveIntensity(of: event, at: t) * event.envelope(atOffset: t - event.time_s)
        guard value > 0 else { continue }
        level[ms] += value
        if value > loudest[ms] {
          loudest[ms] = value
          sharpness[ms] = controls.effectiveSharpness(of: event, at: t)
        }
      }
    }
    for ms in level.indices { level[ms] = Swift.min(level[ms], 1) }
  }

  /// Length including a tap of `tap_ms` after the last transient, ms.
  package func length(tap_ms: Int) -> Int {
    Swift.max(level.count, (taps.last.map { $0.time_ms + tap_ms }) ?? 0)
  }

  /// Whether the pattern has anything to feel.
  package var isSilent: Bool { taps.isEmpty && !level.contains { $0 > 0 } }
}
