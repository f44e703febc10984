import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation

/// What a device plays of a pattern: the pattern as written, or one form of an Android
/// vibration (the alternative of a `<vibration-select>` the device supports).
package enum PlayedForm: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written (Core Haptics, or a vibration's first alternative).
  case asWritten
  /// An Android 16 envelope effect (`<basic-envelope-effect>`, `<waveform-envelope-effect>`).
  case envelopeEffect
  /// A composition of primitives.
  case primitives
  /// An amplitude waveform (`createWaveform` with amplitudes).
  case amplitudeWaveform
  /// A waveform on a device without amplitude control: on or off.
  case onOffWaveform
  /// A predefined effect the device implements.
  case predefinedEffect(String)
  /// The platform's fallback waveform for a predefined effect the device lacks.
  case platformFallback(String)

  package var description: String {
    switch self {
    case .asWritten: "the pattern as written"
    case .envelopeEffect: "the envelope effect"
    case .primitives: "the primitive composition"
    case .amplitudeWaveform: "the amplitude waveform"
    case .onOffWaveform: "the on/off waveform"
    case .predefinedEffect(let name): "the predefined \(name)"
    case .platformFallback(let name): "the platform's fallback waveform for \(name)"
    }
  }

  /// A short key for tables: `asWritten`, `envelope`, `primitives`, `amplitudeWaveform`,
  /// `onOffWaveform`, `predefined:NAME`, `fallback:NAME`.
  package var key: String {
    switch self {
    case .asWritten: "asWritten"
    case .envelopeEffect: "envelope"
    case .primitives: "primitives"
    case .amplitudeWaveform: "amplitudeWaveform"
    case .onOffWaveform: "onOffWaveform"
    case .predefinedEffect(let name): "predefined:\(name)"
    case .platformFallback(let name): "fallback:\(name)"
    }
  }
}

/// Why a device does not play a pattern as intended: one rule of Docs/Devices.md,
/// "Fallback rules".
package enum FallbackCause: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// A composition alternative was passed over: the device lacks these primitives
  /// (`Vibrator.areAllPrimitivesSupported` false; sorted names).
  case missingPrimitives([String])
  /// An envelope alternative was passed over (`areEnvelopeEffectsSupported` false).
  case noEnvelopeEffects
  /// A predefined-effect alternative was passed over: the device lacks the effect and
  /// the platform has no fallback for it.
  case missingEffect(String)
  /// The device lacks this predefined effect; the platform's fallback waveform plays.
  case platformFallback(String)
  /// `hasAmplitudeControl` false: every non-zero amplitude plays at the default strength.
  case noAmplitudeControl
  /// The pattern's sharpness is lost: the played form runs at the LRA's resonance, Hz.
  case sharpnessAtResonance(resonance_Hz: Double)
  /// An ERM: no frequency can be chosen, so sharpness is lost.
  case noFrequencyControl
  /// An envelope port of a pattern with transients: an envelope's control points cannot
  /// be as short as a tap, so each tap plays as a ramp up and down.
  case tapsAsRamps

  package var description: String {
    switch self {
    case .missingPrimitives(let names): "the device lacks the primitive(s) \(names.joined(separator: ", "))"
    case .noEnvelopeEffects: "the device has no envelope effects"
    case .missingEffect(let name): "the device lacks \(name) and the platform has no fallback for it"
    case .platformFallback(let name): "the device lacks \(name)"
    case .noAmplitudeControl: "no amplitude control: every non-zero amplitude plays at full strength"
    case .sharpnessAtResonance(let f0):
      "sharpness dropped: plays at the resonance, \(JSONWriter.number(f0.rounded())) Hz"
    case .noFrequencyControl: "sharpness dropped: an ERM cannot choose a frequency"
    case .tapsAsRamps: "taps play as ramps up and down: an envelope's control points cannot be as short as a tap"
    }
  }

  /// A short key for tables.
  package var key: String {
    switch self {
    case .missingPrimitives(let names): "missingPrimitives:" + names.joined(separator: "+")
    case .noEnvelopeEffects: "noEnvelopeEffects"
    case .missingEffect(let name): "missingEffect:\(name)"
    case .platformFallback(let name): "platformFallback:\(name)"
    case .noAmplitudeControl: "noAmplitudeControl"
    case .sharpnessAtResonance: "sharpnessAtResonance"
    case .noFrequencyControl: "noFrequencyControl"
    case .tapsAsRamps: "tapsAsRamps"
    }
  }
}

/// The one outcome of a pattern on a device.
package enum PlaybackOutcome: Equatable, Sendable {
  /// Played as intended.
  case plays
  /// Played in a plainer form (``DevicePlayback/form``) for the ``DevicePlayback/causes``;
  /// d' of what plays from the intended effect, both rendered on the device, JND.
  case fallsBack(dPrime_JND: Double)
  /// Nothing is felt, and why.
  case silent(SilenceReason)

  /// `plays`, `fallsBack` or `silent`.
  package var key: String {
    switch self {
    case .plays: "plays"
    case .fallsBack: "fallsBack"
    case .silent: "silent"
    }
  }
}

/// What one device plays of one pattern (Docs/Devices.md, "Fallback rules"): computed
/// once per pattern and device by ``evaluate(_:name:on:options:port:)``.
package struct DevicePlayback: Equatable, Sendable {
  /// The pattern's name.
  package var pattern: String
  /// The device's name.
  package var device: String
  package var platform: DevicePlatform
  /// What plays (nil when nothing can: no actuator, no supported alternative).
  package var form: PlayedForm?
  /// Why it is not the intended effect; empty when it is.
  package var causes: [FallbackCause]
  package var outcome: PlaybackOutcome
  /// How the fallback feels against the intended effect on the device, in the words of
  /// every explanation ("the fallback feels weaker and duller than the intended effect");
  /// nil unless it falls back by at least 1 JND.
  package var howItFeels: String?

  package init(
    pattern: String, device: String, platform: DevicePlatform, form: PlayedForm?, causes: [FallbackCause],
    outcome: PlaybackOutcome
  ) {
    self.pattern = pattern
    self.device = device
    self.platform = platform
    self.form = form
    self.causes = causes
    self.outcome = outcome
  }

  /// d' of the fallback from the intended effect, JND (nil unless it falls back).
  package var dPrime_JND: Double? {
    if case .fallsBack(let d) = outcome { return d }
    return nil
  }

  /// Why nothing is felt (nil unless silent).
  package var silenceReason: SilenceReason? {
    if case .silent(let reason) = outcome { return reason }
    return nil
  }

  /// One sentence: "plays as written", "falls back (the device lacks the primitive(s)
  /// click): plays the amplitude waveform; the fallback feels weaker than the intended
  /// effect; d' 2.31 from the intended effect", "silent:
  /// device has no actuator".
  package var sentence: String {
    let why = causes.isEmpty ? "" : " (" + causes.map(\.description).joined(separator: "; ") + ")"
    switch outcome {
    case .plays:
      return form == nil || form == .asWritten ? "plays as written" : "plays \(form!.description)"
    case .fallsBack(let d):
      let feel = howItFeels.map { "\($0); " } ?? ""
      return
        "falls back\(why): plays \(form?.description ?? "another form"); \(feel)d' \(Self.twoDecimals(d)) from the intended effect"
    case .silent(let reason):
      // With nothing to play the reason says it all; else it names what played unfelt.
      return "silent: \(reason)" + (form.map { "; plays \($0.description)\(why)" } ?? "")
    }
  }

  static func twoDecimals(_ x: Double) -> String { DecimalText.fixed(x, decimals: 2) }
}
