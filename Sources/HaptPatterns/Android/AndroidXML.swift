import HaptCore

/// Tag names and constants of the vibration XML format.
package enum AndroidXML {
  package enum Tag {
    package static let effect = "vibration-effect"
    package static let select = "vibration-select"
    package static let predefined = "predefined-effect"
    package static let primitive = "primitive-effect"
    package static let waveform = "waveform-effect"
    package static let entry = "waveform-entry"
    package static let repeating = "repeating"
    package static let waveformEnvelope = "waveform-envelope-effect"
    package static let basicEnvelope = "basic-envelope-effect"
    package static let repeatingEffect = "repeating-effect"
    package static let controlPoint = "control-point"
  }

  /// Largest envelope frequency accepted, Hz (hapt's bound: far above any actuator).
  package static let maxEnvelopeFrequency_Hz = 100_000.0

  /// A value from the file as it may appear in a one-line message: quoted with control
  /// characters escaped, cut at 40 characters.
  package static func shown(_ value: String) -> String {
    let cut = value.count > 40 ? String(value.prefix(40)) + "..." : value
    return JSONWriter.quoted(cut)
  }

  /// The shortest waveform step an LRA follows, ms: a narrow-band LRA near 235 Hz takes
  /// about 10-12 ms to build up (see Docs/Android.md).
  package static let shortestFollowedEntry_ms = 10
}
