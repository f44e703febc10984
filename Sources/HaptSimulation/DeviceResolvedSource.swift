import HaptPatterns

/// A ``PatternSource`` that a device resolves for itself: what `device` plays of it.
/// Each format's source conforms in its own file (`AndroidVibration+Device.swift`,
/// `HertzPattern+Device.swift`, `MPEGHaptics+Device.swift`); the renderer asks whatever
/// source a pattern carries and knows no format.
package protocol DeviceResolvedSource: PatternSource {
  /// The pattern `device` plays for this source, where `pattern` is the pattern that
  /// carries it (its events are the source as a default device plays it).
  func resolved(_ pattern: HapticPattern, on device: DeviceProfile) -> ResolvedPattern
}

/// A ``PatternSource`` whose drive a renderer synthesises from the source itself rather
/// than from the pattern's events (an MPEG-I experience's wavelets and keyframes).
package protocol DriveSynthesizedSource: PatternSource {
  /// The source's own length at playback rate 1, seconds.
  var sourceDuration_s: Double { get }
  /// Adds the source's drive into `drive` for `renderer`'s device, from sample `offset`
  /// (fractional: the engine latency), played `loops` times every `period_s` at `rate`.
  ///
  /// - Returns: one past the last sample driven, or nil if none was.
  func synthesizeDrive(
    on renderer: Renderer, rate: Double, loops: Int, period_s: Double, offset: Double, lowPower: Bool,
    into drive: inout [Double]
  ) -> Int?
}
