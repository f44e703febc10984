import HaptFormats
/// The words of the format-independent lint findings (PAT004 no haptic events, PAT005
/// silent pattern) in each file format's own terms, so that a `.haps` or `.haptic` finding
/// names what its author wrote, not AHAP's events and parameters.
package enum LintVocabulary {
  /// PAT004's message: the pattern drives nothing.
  package static func noHapticEvents(_ format: PatternFormat?) -> String {
    switch format {
    case .haptic: "the amplitude envelope (signals.continuous.envelopes.amplitude) has no breakpoints"
    case .haps: "the vibration perception (m_vibration) has no note that plays"
    case .ivs: "the timeline launches no effect"
    case .hjif, .hmpg: "no rendered perception has an effect that plays"
    case .androidXML: "the vibration effect holds nothing that vibrates"
    case .ahap, nil: "no HapticTransient or HapticContinuous event"
    }
  }

  /// PAT005's message: everything is there but at zero strength.
  package static func silentPattern(_ format: PatternFormat?) -> String {
    switch format {
    case .haptic: "every amplitude breakpoint and emphasis is 0: silent on every device"
    case .haps:
      "every note of the vibration perception has amplitude 0 throughout, gains included: silent on every device"
    case .ivs: "every effect has magnitude 0 throughout: silent on every device"
    case .hjif, .hmpg: "every effect has amplitude 0 throughout, gains included: silent on every device"
    case .androidXML: "every part of the vibration has amplitude 0: silent on every device"
    case .ahap, nil:
      "every haptic event has intensity 0 throughout, HapticIntensityControl included: silent on every device"
    }
  }
}
