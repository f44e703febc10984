import Foundation

/// Why a rendering, or a measurement of one, has nothing to feel.
///
/// A value, so that callers sort and count by cause; ``description`` gives the words the
/// reports, tables and JSON print (unchanged from when the reason was a string).
package enum SilenceReason: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The device profile has no actuator.
  case noActuator
  /// The device's parameters cannot be simulated.
  case deviceCannotBeSimulated
  /// The device's haptics are switched off (render condition).
  case hapticsOff
  /// The pattern has no haptic events.
  case noHapticEvents
  /// The pattern's intensity is 0 throughout, its intensity control included.
  case zeroIntensity
  /// Android plays none of a `<vibration-select>`'s alternatives on this device.
  case noSupportedAlternative
  /// Android does not play a composition: the device lacks these primitives (sorted).
  case unsupportedPrimitives([String])
  /// The device does not implement this predefined effect; `fallbackAsked` tells whether
  /// the effect asked for the platform's fallback (which does not exist for it).
  case unimplementedEffect(String, fallbackAsked: Bool)
  /// The device cannot play an Android waveform.
  case unplayableWaveform
  /// Rendered, but never above the detection threshold; the peak in g.
  case belowDetectionThreshold(peak_g: Double)
  /// A reason read back from text that none of the cases above wrote.
  case other(String)

  /// Whether the pattern itself drives nothing (on any device), as opposed to a device,
  /// condition or threshold that silences it.
  package var isInThePattern: Bool { self == .noHapticEvents || self == .zeroIntensity }

  package var description: String {
    switch self {
    case .noActuator: "device has no actuator"
    case .deviceCannotBeSimulated: "device parameters cannot be simulated"
    case .hapticsOff: "haptics off"
    case .noHapticEvents: "the pattern has no haptic events"
    case .zeroIntensity: "the pattern's intensity is 0 throughout, HapticIntensityControl included"
    case .noSupportedAlternative: "no alternative of the <vibration-select> is supported by the device"
    case .unsupportedPrimitives(let names):
      "the device does not support the primitive(s) \(names.joined(separator: ", ")); Android does not play the composition"
    case .unimplementedEffect(let name, let fallbackAsked):
      fallbackAsked
        ? "the device does not implement \(name) and the platform has no fallback for it"
        : "the device does not implement \(name) and fallback is off"
    case .unplayableWaveform: "the device cannot play the waveform"
    case .belowDetectionThreshold(let peak):
      "below the detection threshold throughout (peak \(SilenceReason.threeSignificant(peak)) g)"
    case .other(let text): text
    }
  }

  /// The reason whose ``description`` is `text` (the cases without a payload, and the
  /// threshold case, are recognised; anything else is ``other(_:)``, printed the same).
  package init(description text: String) {
    let fixed: [SilenceReason] = [
      .noActuator, .deviceCannotBeSimulated, .hapticsOff, .noHapticEvents, .zeroIntensity, .noSupportedAlternative,
      .unplayableWaveform,
    ]
    if let reason = fixed.first(where: { $0.description == text }) {
      self = reason
    } else {
      self = .other(text)
    }
  }

  /// `%.3g`, as the reason has always printed the peak.
  static func threeSignificant(_ x: Double) -> String {
    String(format: "%.3g", x)
  }
}
