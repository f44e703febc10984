import HaptCore

/// The four classes of alternative hapt writes into an adaptive `<vibration-select>`,
/// richest first (Docs/Android.md, "Exports that adapt").
package enum AndroidAlternativeKind: String, CaseIterable, Sendable {
  /// An Android 16 envelope effect: intensity and sharpness over time
  /// (`Vibrator.areEnvelopeEffectsSupported()`).
  case envelope
  /// A composition of primitives, or a predefined effect (`Vibrator.areAllPrimitivesSupported`).
  case primitives
  /// An amplitude waveform with levels other than 0 and 255 (`Vibrator.hasAmplitudeControl()`).
  case amplitude
  /// A waveform of full-strength pulses and silences: plays on every vibrator.
  case onOff = "on-off"

  /// The class of `effect` (a repeating effect takes its repeating part's class).
  package init(of effect: AndroidVibrationEffect) {
    switch effect {
    case .basicEnvelope, .waveformEnvelope: self = .envelope
    case .composition, .predefined: self = .primitives
    case .waveform(let waveform): self = waveform.needsAmplitudeControl ? .amplitude : .onOff
    case .repeating(_, let repeating): self = AndroidAlternativeKind(of: repeating)
    }
  }

  /// What Android checks before it plays this class, as a phrase.
  package var capability: String {
    switch self {
    case .envelope: "areEnvelopeEffectsSupported"
    case .primitives: "areAllPrimitivesSupported"
    case .amplitude: "hasAmplitudeControl"
    case .onOff: "any vibrator"
    }
  }
}

extension AndroidWaveform {
  /// Whether an entry asks for a level other than off, full (255) or the default: only a
  /// vibrator with amplitude control plays it as written (AOSP `StepSegment
  /// .areVibrationFeaturesSupported`: amplitudes other than 0, 1.0 and DEFAULT_AMPLITUDE need
  /// `CAP_AMPLITUDE_CONTROL`).
  package var needsAmplitudeControl: Bool {
    entries.contains { entry in
      guard let amplitude = entry.amplitude else { return false }
      return amplitude != 0 && amplitude != AndroidWaveformEntry.maxAmplitude
    }
  }
}

extension AndroidVibrationEffect {
  /// Whether any waveform in the effect needs amplitude control to play as written.
  var needsAmplitudeControl: Bool {
    switch self {
    case .waveform(let waveform): waveform.needsAmplitudeControl
    case .repeating(let preamble, let repeating):
      (preamble?.needsAmplitudeControl ?? false) || repeating.needsAmplitudeControl
    default: false
    }
  }
}

extension AndroidPlayback {
  /// Whether a `<vibration-select>` picks `effect` on this device: it plays as written
  /// (``supports(_:)``) and every feature it asks for is there. Android resolves a
  /// selection with `VibratorInfo.areVibrationFeaturesSupported` (AOSP `ParsedVibration
  /// .resolve`), which also refuses waveform levels other than 0 and full scale on a
  /// vibrator without amplitude control, so the next alternative plays there.
  package func selects(_ effect: AndroidVibrationEffect) -> Bool {
    supports(effect) && (hasAmplitudeControl || !effect.needsAmplitudeControl)
  }
}
