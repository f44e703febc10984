/// The dynamic controls of a pattern over time: what the renderer needs to compute
/// effective intensity and sharpness (Docs/Model.md §1).
///
/// `effective intensity = clamp(event.intensity * intensityMultiplier(at: t), 0, 1)` and
/// `effective sharpness = clamp(event.sharpness + sharpnessOffset(at: t), 0, 1)`, with t
/// the event's onset for a transient and every sample's time for a continuous event
/// (see ``effectiveIntensity(of:at:)`` and ``effectiveSharpness(of:at:)``).
public struct PatternControls: Sendable, Equatable {
  /// `HapticIntensityControl` over time (a multiplier, 0...1, default 1).
  public let intensity: ControlTimeline
  /// `HapticSharpnessControl` over time (an offset, -1...1, default 0).
  public let sharpness: ControlTimeline

  /// The controls of `pattern`.
  /// - Complexity: O(p log p) for p steps and curve points.
  public init(_ pattern: HapticPattern) {
    intensity = ControlTimeline(.hapticIntensityControl, in: pattern)
    sharpness = ControlTimeline(.hapticSharpnessControl, in: pattern)
  }

  /// `HapticIntensityControl` value at pattern time `t_s` (default 1).
  public func intensityMultiplier(at t_s: Double) -> Double { intensity.value(at: t_s) }

  /// `HapticSharpnessControl` value at pattern time `t_s` (default 0).
  public func sharpnessOffset(at t_s: Double) -> Double { sharpness.value(at: t_s) }

  /// Fills `out[k]` with `intensityMultiplier(at: start_s + Double(k) * step_s)`.
  /// - Complexity: O(n + points), one sweep.
  public func fillIntensityMultipliers(
    start_s: Double, step_s: Double, into out: UnsafeMutableBufferPointer<Double>
  ) {
    intensity.fill(start_s: start_s, step_s: step_s, into: out)
  }

  /// Fills `out[k]` with `sharpnessOffset(at: start_s + Double(k) * step_s)`.
  /// - Complexity: O(n + points), one sweep.
  public func fillSharpnessOffsets(
    start_s: Double, step_s: Double, into out: UnsafeMutableBufferPointer<Double>
  ) {
    sharpness.fill(start_s: start_s, step_s: step_s, into: out)
  }

  /// `clamp(event.intensity * intensityMultiplier(at: t_s), 0, 1)`.
  public func effectiveIntensity(of event: HapticEvent, at t_s: Double) -> Double {
    Swift.min(Swift.max(event.intensity * intensityMultiplier(at: t_s), 0), 1)
  }

  /// `clamp(event.sharpness + sharpnessOffset(at: t_s), 0, 1)`.
  public func effectiveSharpness(of event: HapticEvent, at t_s: Double) -> Double {
    Swift.min(Swift.max(event.sharpness + sharpnessOffset(at: t_s), 0), 1)
  }
}
