import HaptCore
import HaptPatterns

/// What an Android device's vibrator implements: the optional `android` block of a
/// device profile (Docs/Simulation.md, Docs/Android.md).
///
/// Every field is optional; a missing one takes the default for the actuator type: an
/// LRA implements every predefined effect and primitive and has amplitude control (what
/// the Android compatibility guidance asks of devices with rich haptics); an ERM
/// implements none (the platform's fallback waveforms play, primitives do not) and has
/// no amplitude control (our reading of budget ERM phones).
package struct AndroidCapabilities: Equatable, Sendable {
  /// `Vibrator.areEffectsSupported`: the predefined effects the HAL implements.
  package var supportedEffects: Set<AndroidPredefinedEffect>?
  /// `Vibrator.arePrimitivesSupported`: the composition primitives the HAL implements.
  package var supportedPrimitives: Set<AndroidPrimitiveName>?
  /// `Vibrator.hasAmplitudeControl()`.
  package var hasAmplitudeControl: Bool?
  /// `Vibrator.areEnvelopeEffectsSupported()` (Android 16).
  package var supportsEnvelopeEffects: Bool?
  /// The envelope effects' minimum control-point duration, ms.
  package var minEnvelopeControlPointDuration_ms: Int?
  /// The envelope effects' maximum control-point duration, ms
  /// (`VibratorEnvelopeEffectInfo.getMaxControlPointDurationMillis`).
  package var maxEnvelopeControlPointDuration_ms: Int?
  /// The most control points one envelope effect may have
  /// (`VibratorEnvelopeEffectInfo.getMaxSize`).
  package var maxEnvelopeControlPoints: Int?
  /// `Vibrator.getPrimitiveDurations`: how long each supported primitive plays, ms.
  package var primitiveDurations_ms: [AndroidPrimitiveName: Int]?

  package init(
    supportedEffects: Set<AndroidPredefinedEffect>? = nil,
    supportedPrimitives: Set<AndroidPrimitiveName>? = nil, hasAmplitudeControl: Bool? = nil,
    supportsEnvelopeEffects: Bool? = nil, minEnvelopeControlPointDuration_ms: Int? = nil,
    maxEnvelopeControlPointDuration_ms: Int? = nil, maxEnvelopeControlPoints: Int? = nil,
    primitiveDurations_ms: [AndroidPrimitiveName: Int]? = nil
  ) {
    self.supportedEffects = supportedEffects
    self.supportedPrimitives = supportedPrimitives
    self.hasAmplitudeControl = hasAmplitudeControl
    self.supportsEnvelopeEffects = supportsEnvelopeEffects
    self.minEnvelopeControlPointDuration_ms = minEnvelopeControlPointDuration_ms
    self.maxEnvelopeControlPointDuration_ms = maxEnvelopeControlPointDuration_ms
    self.maxEnvelopeControlPoints = maxEnvelopeControlPoints
    self.primitiveDurations_ms = primitiveDurations_ms
  }
}

extension DeviceProfile {
  /// How this device plays Android vibrations: its capabilities (profile values or the
  /// actuator type's defaults), the sharpness whose drive frequency is the LRA's resonance,
  /// and the intensity exponent 1/gamma that makes the drive proportional to amplitude/255.
  package var androidPlayback: AndroidPlayback {
    var playback = AndroidPlayback()
    // Without an actuator the defaults do not matter: it plays nothing.
    let isERM = !(actuator.kind?.defaultsToRichHaptics ?? true)
    if let f0 = resonance_Hz, drive.fmax_Hz > drive.fmin_Hz {
      playback.resonanceSharpness = Swift.min(Swift.max((f0 - drive.fmin_Hz) / (drive.fmax_Hz - drive.fmin_Hz), 0), 1)
    }
    if drive.gamma > 0, drive.gamma.isFinite { playback.intensityExponent = 1 / drive.gamma }
    playback.supportedEffects = android?.supportedEffects ?? (isERM ? [] : Set(AndroidPredefinedEffect.allCases))
    playback.supportedPrimitives = android?.supportedPrimitives ?? (isERM ? [] : Set(AndroidPrimitiveName.allCases))
    playback.hasAmplitudeControl = android?.hasAmplitudeControl ?? !isERM
    playback.supportsEnvelopes = android?.supportsEnvelopeEffects ?? !isERM
    if let minimum = android?.minEnvelopeControlPointDuration_ms { playback.minEnvelopeControlPoint_ms = minimum }
    if let durations = android?.primitiveDurations_ms { playback.primitiveDurations_ms = durations }
    if drive.fmin_Hz.isFinite, drive.fmax_Hz.isFinite, drive.fmax_Hz > drive.fmin_Hz {
      playback.frequencyRange_Hz = drive.fmin_Hz...drive.fmax_Hz
      if let profile = frequencyProfile { playback.frequencyProfile = profile }
    }
    return playback
  }

  /// The LRA's steady acceleration at intensity 1 across its drive band, every 10 Hz and
  /// at the band's top (``steadyAcceleration_g(atFullIntensity:)``): the table Android's
  /// HAL reports as its frequency profile; nil for other actuators or a degenerate table.
  package var frequencyProfile: AndroidFrequencyProfile? {
    guard drive.fmin_Hz.isFinite, drive.fmax_Hz.isFinite, drive.fmax_Hz > drive.fmin_Hz,
      (drive.fmax_Hz - drive.fmin_Hz) / 10 < 10_000
    else { return nil }
    var frequencies = Array(stride(from: drive.fmin_Hz, to: drive.fmax_Hz, by: 10))
    frequencies.append(drive.fmax_Hz)
    let accelerations = frequencies.compactMap { steadyAcceleration_g(atFullIntensity: $0) }
    guard accelerations.count == frequencies.count else { return nil }
    return AndroidFrequencyProfile(frequencies_Hz: frequencies, outputAccelerations_g: accelerations)
  }

  /// Decodes the optional `android` block.
  static func decodeAndroid(_ cursor: JSONCursor) throws -> AndroidCapabilities {
    _ = try ProfileReader(
      cursor,
      allowed: [
        "supportedEffects", "supportedPrimitives", "hasAmplitudeControl", "supportsEnvelopeEffects",
        "minEnvelopeControlPointDuration_ms", "maxEnvelopeControlPointDuration_ms", "maxEnvelopeControlPoints",
        "primitiveDurations_ms",
      ])
    var capabilities = AndroidCapabilities()
    if let effects = try cursor.member("supportedEffects") {
      capabilities.supportedEffects = Set(
        try effects.elements().map { element in
          let name = try element.string()
          guard let effect = AndroidPredefinedEffect(rawValue: name) else {
            throw element.error(
              "unknown predefined effect \"\(name)\" (known: \(AndroidPredefinedEffect.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
          }
          return effect
        })
    }
    if let primitives = try cursor.member("supportedPrimitives") {
      capabilities.supportedPrimitives = Set(
        try primitives.elements().map { element in
          let name = try element.string()
          guard let primitive = AndroidPrimitiveName(rawValue: name) else {
            throw element.error(
              "unknown primitive \"\(name)\" (known: \(AndroidPrimitiveName.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
          }
          return primitive
        })
    }
    if let control = try cursor.member("hasAmplitudeControl") {
      capabilities.hasAmplitudeControl = try control.bool()
    }
    if let envelopes = try cursor.member("supportsEnvelopeEffects") {
      capabilities.supportsEnvelopeEffects = try envelopes.bool()
    }
    capabilities.minEnvelopeControlPointDuration_ms = try wholeNumber(cursor, "minEnvelopeControlPointDuration_ms")
    capabilities.maxEnvelopeControlPointDuration_ms = try wholeNumber(cursor, "maxEnvelopeControlPointDuration_ms")
    capabilities.maxEnvelopeControlPoints = try wholeNumber(cursor, "maxEnvelopeControlPoints", 1...10_000)
    if let minimum = capabilities.minEnvelopeControlPointDuration_ms,
      let maximum = capabilities.maxEnvelopeControlPointDuration_ms, maximum < minimum
    {
      throw try cursor.required("maxEnvelopeControlPointDuration_ms").error(
        "must be at least minEnvelopeControlPointDuration_ms (\(minimum)), got \(maximum)")
    }
    if let durations = try cursor.member("primitiveDurations_ms") {
      var table: [AndroidPrimitiveName: Int] = [:]
      let names = AndroidPrimitiveName.allCases.map(\.rawValue)
      _ = try ProfileReader(durations, allowed: names)
      for primitive in AndroidPrimitiveName.allCases {
        if let duration = try wholeNumber(durations, primitive.rawValue) { table[primitive] = duration }
      }
      capabilities.primitiveDurations_ms = table
    }
    return capabilities
  }

  /// An optional whole number member in `range`.
  private static func wholeNumber(
    _ cursor: JSONCursor, _ key: String, _ range: ClosedRange<Double> = 0...10_000
  ) throws -> Int? {
    guard let member = try cursor.member(key) else { return nil }
    let value = try member.number()
    guard value.rounded() == value, range.contains(value) else {
      throw member.error(
        "\(key) \(JSONWriter.number(value)) is not a whole number in \(Int(range.lowerBound))...\(Int(range.upperBound))"
      )
    }
    return Int(value)
  }

  /// The `android` block as JSON in schema order (only the fields the profile gives).
  var androidJSON: JSONValue? {
    guard let android else { return nil }
    var members: [(String, JSONValue)] = []
    if let effects = android.supportedEffects {
      let names = AndroidPredefinedEffect.allCases.filter(effects.contains).map { JSONValue.string($0.rawValue) }
      members.append(("supportedEffects", .array(names.map { JSONNode($0) })))
    }
    if let primitives = android.supportedPrimitives {
      let names = AndroidPrimitiveName.allCases.filter(primitives.contains).map { JSONValue.string($0.rawValue) }
      members.append(("supportedPrimitives", .array(names.map { JSONNode($0) })))
    }
    if let control = android.hasAmplitudeControl { members.append(("hasAmplitudeControl", .bool(control))) }
    if let envelopes = android.supportsEnvelopeEffects { members.append(("supportsEnvelopeEffects", .bool(envelopes))) }
    for (key, value) in [
      ("minEnvelopeControlPointDuration_ms", android.minEnvelopeControlPointDuration_ms),
      ("maxEnvelopeControlPointDuration_ms", android.maxEnvelopeControlPointDuration_ms),
      ("maxEnvelopeControlPoints", android.maxEnvelopeControlPoints),
    ] {
      if let value { members.append((key, .number(Double(value)))) }
    }
    if let durations = android.primitiveDurations_ms {
      let entries = AndroidPrimitiveName.allCases.compactMap { primitive in
        durations[primitive].map { (primitive.rawValue, JSONValue.number(Double($0))) }
      }
      members.append(("primitiveDurations_ms", .orderedObject(entries)))
    }
    return .orderedObject(members)
  }
}
