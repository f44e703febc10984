import HaptCore
import HaptPatterns

/// What a device can play, with every default filled in: the summary `hapt devices`
/// shows (Docs/Devices.md, "Capabilities").
///
/// It is derived from the profile: the actuator type decides whether anything plays; an
/// LRA's drive band is its frequency range (an ERM has none: its speed sets the
/// frequency); the Android fields come from the optional `android` block, a missing one
/// taking the actuator type's default (see ``AndroidCapabilities``). A device without an
/// actuator plays nothing, so every list is empty and every flag false.
package struct DeviceCapabilities: Equatable, Sendable {
  /// The actuator type: `lra`, `erm` or `none`.
  package var actuatorType: String
  /// Whether anything plays at all.
  package var plays: Bool
  /// Whether intensity changes the strength (`Vibrator.hasAmplitudeControl()` on Android;
  /// every Core Haptics actuator has it).
  package var amplitudeControl: Bool
  /// The drive frequencies sharpness maps to, Hz; nil when frequency cannot be chosen.
  package var frequencyRange_Hz: ClosedRange<Double>?
  /// Predefined effects the device implements, in Android's order.
  package var effects: [AndroidPredefinedEffect]
  /// Composition primitives the device implements, in Android's order.
  package var primitives: [AndroidPrimitiveName]
  /// How long each primitive plays, ms, where the profile states it.
  package var primitiveDurations_ms: [AndroidPrimitiveName: Int]
  /// Whether Android 16 envelope effects play (`areEnvelopeEffectsSupported`).
  package var envelopeEffects: Bool
  /// Envelope limits (`VibratorEnvelopeEffectInfo`), where the profile states them.
  package var maxEnvelopeControlPoints: Int?
  package var minEnvelopeControlPointDuration_ms: Int?
  package var maxEnvelopeControlPointDuration_ms: Int?
}

extension DeviceProfile {
  /// The device's capabilities with every default filled in.
  package var capabilities: DeviceCapabilities {
    let playback = androidPlayback
    var summary = DeviceCapabilities(
      actuatorType: actuator.typeName, plays: true, amplitudeControl: playback.hasAmplitudeControl,
      frequencyRange_Hz: nil,
      effects: AndroidPredefinedEffect.allCases.filter(playback.supportedEffects.contains),
      primitives: AndroidPrimitiveName.allCases.filter(playback.supportedPrimitives.contains),
      primitiveDurations_ms: android?.primitiveDurations_ms ?? [:],
      envelopeEffects: false,
      maxEnvelopeControlPoints: android?.maxEnvelopeControlPoints,
      minEnvelopeControlPointDuration_ms: android?.minEnvelopeControlPointDuration_ms,
      maxEnvelopeControlPointDuration_ms: android?.maxEnvelopeControlPointDuration_ms)
    if let kind = actuator.kind {
      if kind.hasFrequencyControl { summary.frequencyRange_Hz = drive.fmin_Hz...drive.fmax_Hz }
      summary.envelopeEffects = android?.supportsEnvelopeEffects ?? kind.defaultsToRichHaptics
    } else {
      summary.plays = false
      summary.amplitudeControl = false
      summary.effects = []
      summary.primitives = []
      summary.primitiveDurations_ms = [:]
      summary.maxEnvelopeControlPoints = nil
      summary.minEnvelopeControlPointDuration_ms = nil
      summary.maxEnvelopeControlPointDuration_ms = nil
    }
    if !summary.envelopeEffects {
      summary.maxEnvelopeControlPoints = nil
      summary.minEnvelopeControlPointDuration_ms = nil
      summary.maxEnvelopeControlPointDuration_ms = nil
    }
    return summary
  }
}

extension DeviceCapabilities {
  /// The capabilities as JSON in a fixed key order (absent limits are left out).
  package var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("actuatorType", .string(actuatorType)),
      ("plays", .bool(plays)),
      ("amplitudeControl", .bool(amplitudeControl)),
    ]
    if let range = frequencyRange_Hz {
      members.append(("frequencyMin_Hz", .number(range.lowerBound)))
      members.append(("frequencyMax_Hz", .number(range.upperBound)))
    }
    members.append(("effects", .array(effects.map { JSONNode(.string($0.rawValue)) })))
    members.append(("primitives", .array(primitives.map { JSONNode(.string($0.rawValue)) })))
    let durations = primitives.compactMap { p in
      primitiveDurations_ms[p].map { (p.rawValue, JSONValue.number(Double($0))) }
    }
    if !durations.isEmpty { members.append(("primitiveDurations_ms", .orderedObject(durations))) }
    members.append(("envelopeEffects", .bool(envelopeEffects)))
    for (key, value) in [
      ("maxEnvelopeControlPoints", maxEnvelopeControlPoints),
      ("minEnvelopeControlPointDuration_ms", minEnvelopeControlPointDuration_ms),
      ("maxEnvelopeControlPointDuration_ms", maxEnvelopeControlPointDuration_ms),
    ] {
      if let value { members.append((key, .number(Double(value)))) }
    }
    return .orderedObject(members)
  }

  /// One line for text output: `amplitude control yes  frequency 80-230 Hz  effects ...`.
  package var summaryLine: String {
    guard plays else { return "plays nothing (no actuator)" }
    var parts = ["amplitude control \(amplitudeControl ? "yes" : "no")"]
    if let range = frequencyRange_Hz {
      parts.append("frequency \(JSONWriter.number(range.lowerBound))-\(JSONWriter.number(range.upperBound)) Hz")
    } else {
      parts.append("frequency fixed by motor speed")
    }
    parts.append("effects " + (effects.isEmpty ? "none" : effects.map(\.rawValue).joined(separator: ",")))
    parts.append("primitives " + (primitives.isEmpty ? "none" : primitiveList))
    if envelopeEffects {
      var limits: [String] = []
      if let n = maxEnvelopeControlPoints { limits.append("max \(n) points") }
      if let lo = minEnvelopeControlPointDuration_ms { limits.append("point >= \(lo) ms") }
      if let hi = maxEnvelopeControlPointDuration_ms { limits.append("point <= \(hi) ms") }
      parts.append("envelopes yes" + (limits.isEmpty ? "" : " (" + limits.joined(separator: ", ") + ")"))
    } else {
      parts.append("envelopes no")
    }
    return parts.joined(separator: "  ")
  }

  /// The primitives as `click:12ms,tick:9ms` (durations where known).
  package var primitiveList: String {
    primitives.map { p in primitiveDurations_ms[p].map { "\(p.rawValue):\($0)ms" } ?? p.rawValue }
      .joined(separator: ",")
  }
}
