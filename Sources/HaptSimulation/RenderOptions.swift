import HaptPatterns
import HaptSignals

/// A condition of the device at render time.
package enum RenderCondition: String, CaseIterable, Sendable {
  /// Normal playback.
  case normal
  /// System haptics switched off: the render is exact zeros, reason "haptics off".
  case hapticsOff = "haptics-off"
  /// Low-power mode: every effective intensity is multiplied by the profile's
  /// `lowPowerIntensityScale`.
  case lowPower = "low-power"
}

/// How to play a pattern: engine state, prepare lead, rate, loops, condition, tail.
package struct RenderOptions: Equatable, Sendable {
  /// The longest render accepted by default, seconds of signal (10 minutes).
  package static let defaultMaxDuration_s = 600.0
  /// The most events a render may expand to (after looping).
  package static let maxEventCount = 2_000_000

  /// Engine state at the trigger (ignored when `prepareLead_s` is given).
  package var state: EngineState
  /// Seconds between `prepare()` and the trigger; when given it decides the latency
  /// (Docs/Model.md §4, ``LatencyParameters/latency_s(state:prepareLead:)``).
  package var prepareLead_s: Double?
  /// Playback rate 0.5...2: every time scaled by 1/rate, frequencies unchanged.
  package var playbackRate: Double
  /// Number of plays, 1...10000.
  package var loopCount: Int
  /// Device condition.
  package var condition: RenderCondition
  /// Silence rendered after the pattern's end so ringing is captured, s.
  package var tail_s: Double
  /// Largest render length accepted by ``Renderer/renderChecked(_:options:)``, s; the
  /// non-throwing ``Renderer/render(_:options:)`` truncates there instead.
  package var maxDuration_s: Double

  package init(
    state: EngineState = .prepared, prepareLead_s: Double? = nil, playbackRate: Double = 1,
    loopCount: Int = 1, condition: RenderCondition = .normal, tail_s: Double = 0.1,
    maxDuration_s: Double = RenderOptions.defaultMaxDuration_s
  ) {
    self.state = state
    self.prepareLead_s = prepareLead_s
    self.playbackRate = playbackRate
    self.loopCount = loopCount
    self.condition = condition
    self.tail_s = tail_s
    self.maxDuration_s = maxDuration_s
  }
}

/// The result of rendering a pattern on a device.
package struct Rendering: Equatable, Sendable {
  /// Coil (or motor) voltage after clipping, V.
  package var drive_V: Signal
  /// Body acceleration, g (9.80665 m/s^2).
  package var acceleration_g: Signal
  /// Engine latency: trigger to pattern time 0 (the first drive sample of an event at
  /// time 0), s.
  package var latency_s: Double
  /// Trigger to the end of the last drive sample, braking included, s (the latency if
  /// nothing is driven).
  package var driveEnd_s: Double
  /// Why the render is silent: "device has no actuator", "haptics off", or a pattern
  /// that drives nothing ("the pattern's intensity is 0 throughout"); nil otherwise.
  package var silenceReason: SilenceReason?
  /// Whether the non-throwing render cut the signal at `maxDuration_s`.
  package var isTruncated: Bool
  /// What the render approximates, for output (an Android repeating waveform cut to a
  /// bounded length, a platform fallback played instead of an effect).
  package var notes: [String] = []

  package init(
    drive_V: Signal, acceleration_g: Signal, latency_s: Double, driveEnd_s: Double,
    silenceReason: SilenceReason?, isTruncated: Bool = false
  ) {
    self.drive_V = drive_V
    self.acceleration_g = acceleration_g
    self.latency_s = latency_s
    self.driveEnd_s = driveEnd_s
    self.silenceReason = silenceReason
    self.isTruncated = isTruncated
  }
}
