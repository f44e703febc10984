/// Apple Haptic and Audio Pattern files: lenient decoding, strict encoding.
///
/// Decoding accepts what Core Haptics accepts (Apple: missing entries get their default,
/// out-of-range values are clamped, unsupported keys are ignored) plus trailing commas,
/// and reports each such break as a ``LintFinding``. Input that is not a pattern at all
/// (not JSON, a wrong type, a time beyond the limits) fails with one ``InputError`` naming
/// the file and the JSON path, e.g.
/// `boom.ahap: Pattern[3].Event.EventParameters[1].ParameterValue: expected a number, found a string`.
///
/// Encoding writes strict JSON with a stable key order (``AHAP/encode(_:)``), and
/// `decode(encode(p))` gives `p` back for every pattern whose numbers are finite.
package enum AHAP {
  /// The keys AHAP defines at each level.
  package enum Keys {
    package static let root: Set<String> = ["Version", "Metadata", "Pattern"]
    package static let entry: Set<String> = ["Event", "Parameter", "ParameterCurve"]
    package static let event: Set<String> = [
      "Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath",
      "EventWaveformLoopEnabled", "EventWaveformUseVolumeEnvelope",
    ]
    package static let eventParameter: Set<String> = ["ParameterID", "ParameterValue"]
    package static let parameter: Set<String> = ["ParameterID", "Time", "ParameterValue"]
    package static let curve: Set<String> = ["ParameterID", "Time", "ParameterCurveControlPoints"]
    package static let controlPoint: Set<String> = ["Time", "ParameterValue"]
  }

  /// The event parameter identifiers (`EventParameters[].ParameterID`) and their ranges.
  package enum EventParameterID: String, CaseIterable {
    case hapticIntensity = "HapticIntensity"
    case hapticSharpness = "HapticSharpness"
    case attackTime = "AttackTime"
    case decayTime = "DecayTime"
    case releaseTime = "ReleaseTime"
    case sustained = "Sustained"
    case audioVolume = "AudioVolume"
    case audioPan = "AudioPan"
    case audioPitch = "AudioPitch"
    case audioBrightness = "AudioBrightness"

    package var range: ClosedRange<Double> {
      switch self {
      case .audioPan, .audioPitch: -1...1
      default: 0...1
      }
    }

    package var isHaptic: Bool {
      switch self {
      case .hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime, .sustained: true
      default: false
      }
    }
  }

  /// Core Haptics' longest continuous event, in seconds (Docs/Model.md §1).
  package static let maxContinuousDuration_s = 30.0
  /// Core Haptics' most control points per curve.
  package static let maxCurveControlPoints = 16
}
