/// The rules a lint on named devices adds: what each device plays of the pattern
/// (Docs/Devices.md, "Fallback rules"). They are never found without a device.
extension LintRule {
  package static let deviceFallbackNoticeable = LintRule(
    "DEV001", .warning, "device-fallback-noticeable",
    "On the named device a plainer form plays (a waveform for missing primitives or envelopes, the platform's fallback for a missing effect, on/off for no amplitude control, the resonance for a lost sharpness) and people would notice: d' of 1 JND or more from the intended effect."
  )
  package static let deviceFallback = LintRule(
    "DEV002", .info, "device-fallback",
    "On the named device a plainer form plays, within 1 JND of the intended effect: people would not notice.")
  package static let deviceSilent = LintRule(
    "DEV003", .warning, "device-silent",
    "Nothing is felt on the named device although it has an actuator (a composition with a missing primitive, an effect without fallback, below the detection threshold)."
  )
  package static let deviceNoActuator = LintRule(
    "DEV004", .info, "device-no-actuator", "The named device has no actuator a pattern reaches: nothing plays there.")

  /// The device rules, in table order.
  package static let deviceRules: [LintRule] = [
    deviceFallbackNoticeable, deviceFallback, deviceSilent, deviceNoActuator,
  ]
}
