/// The dynamic controls of a pattern over time: what the renderer needs to compute
/// effective intensity and sharpness (Docs/Model.md §1).
///
/// `effective intensity = clamp(event.intensity * intensityMultiplier(at: t), 0, 1)` and
/// `effective sharpness = clamp(event.sharpness + sharpnessOffset(at: t), 0, 1)`, with t
/// the event's onset for a transient and every sample's time for a continuous event
/// (see ``effectiveIntensity(of:at:)`` and ``effectiveSharpness(of:at:)``).
package struct PatternControls: Sendable, Equatable {
  /// `HapticIntensityControl` over time (a multiplier, 0...1, default 1).
  package let intensity: ControlTimeline
  /// `HapticSharpnessControl` over time (an offset, -1...1, default 0).
  package let sharpness: ControlTimeline

  /// The controls of `pattern`.
  /// - Complexity: O(p log p) for p steps and curve points.
  package init(_ pattern: HapticPattern) {
    intensity = ControlTimeline(.hapticIntensityControl, in: pattern)
    sharpness = ControlTimeline(.hapticSharpnessControl, in: pattern)
  }

  /// `HapticIntensityControl` value at pattern time `t_s` (default 1).
  package func intensityMultiplier(at t_s: Double) -> Double { intensity.value(at: t_s) }

  /// `HapticSharpnessControl` value at pattern time `t_s` (default 0).
  package func sharpnessOffset(at t_s: Double) -> Double { sharpness.value(at: t_s) }

  /// Fills `out[k]` with `intensityMultiplier(at: start_s + Double(k) * step_s)`.
  /// - Complexity: O(n + points), one sweep.
  package func fillIntensityMultipliers(
    start_s: Double, step_s: Double, into out: UnsafeMutableBufferPointer<Double>
  ) {
    intensity.fill(start_s: start_s, step_s: step_s, into: out)
  }

  /// Fills `out[k]` with `sharpnessOffset(at: start_s + Double(k) * step_s)`.
  /// - Complexity: O(n + points), one sweep.
  package func fillSharpnessOffsets(
    start_s: Double, step_s: Double, into out: UnsafeMutableBufferPointer<Double>
  ) {
    sharpness.fill(start_s: start_s, step_s: step_s, into: out)
  }

  /// `clamp(event.intensity * intensityMultiplier(at: t_s), 0, 1)`.
  package func effectiveIntensity(of event: HapticEvent, at t_s: Double) -> Double {
    Swift.min(Swift.max(event.intensity * intensityMultiplier(at: t_s), 0), 1)
  }

  /// Whether `event` is felt at all: a haptic event whose effective intensity is above 0
  /// at some time (at its onset for a transient, anywhere in its span for a continuous
  /// event; a continuous event of 0 s is never felt). Audio events are not felt.
  package func isFelt(_ event: HapticEvent) -> Bool {
    guard event.type.isHaptic, event.intensity > 0 else { return false }
    if event.type == .hapticContinuous, !(event.duration_s > 0) { return false }
    if effectiveIntensity(of: event, at: event.time_s) > 0 { return true }
    guard event.type == .hapticContinuous else { return false }
    return intensity.maximum(from: event.time_s, to: event.end_s) > 0
  }

  /// `clamp(event.sharpness + sharpnessOffset(at: t_s), 0, 1)`.
  package func effectiveSharpness(of event: HapticEvent, at t_s: Double) -> Double {
    Swift.min(Swift.max(event.sharpness + sharpnessOffset(at: t_s), 0), 1)
  }
}
