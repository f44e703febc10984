/// The identifier of a dynamic parameter (`ParameterID` of an AHAP `Parameter` or
/// `ParameterCurve`).
///
/// A string wrapper rather than a closed enum, so that identifiers this version does not
/// know survive a decode-encode round trip (and become a lint finding instead of an error).
/// Only ``hapticIntensityControl`` and ``hapticSharpnessControl`` affect rendering
/// (Docs/Model.md §1); the others are kept as written.
package struct DynamicParameterID: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  package var rawValue: String

  package init(rawValue: String) { self.rawValue = rawValue }
  package init(_ rawValue: String) { self.rawValue = rawValue }

  package var description: String { rawValue }

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Multiplies the intensity of every haptic event, 0...1, default 1.
  package static let hapticIntensityControl = Self("HapticIntensityControl")
  /// Adds to the sharpness of every haptic event, -1...1, default 0.
  package static let hapticSharpnessControl = Self("HapticSharpnessControl")
  package static let hapticAttackTimeControl = Self("HapticAttackTimeControl")
  package static let hapticDecayTimeControl = Self("HapticDecayTimeControl")
  package static let hapticReleaseTimeControl = Self("HapticReleaseTimeControl")
  package static let audioVolumeControl = Self("AudioVolumeControl")
  package static let audioPanControl = Self("AudioPanControl")
  package static let audioPitchControl = Self("AudioPitchControl")
  package static let audioBrightnessControl = Self("AudioBrightnessControl")
  package static let audioAttackTimeControl = Self("AudioAttackTimeControl")
  package static let audioDecayTimeControl = Self("AudioDecayTimeControl")
  package static let audioReleaseTimeControl = Self("AudioReleaseTimeControl")

  /// Every identifier Core Haptics defines.
  package static let known: [Self] = [
    .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl,
    .hapticDecayTimeControl, .hapticReleaseTimeControl, .audioVolumeControl, .audioPanControl,
    .audioPitchControl, .audioBrightnessControl, .audioAttackTimeControl, .audioDecayTimeControl,
    .audioReleaseTimeControl,
  ]

  /// Whether Core Haptics defines this identifier.
  package var isKnown: Bool { Self.known.contains(self) }

  /// The value the control has when no step or curve has set it: 1 for
  /// `HapticIntensityControl` (a multiplier), 0 for every other (an offset).
  package var defaultValue: Double { self == .hapticIntensityControl ? 1 : 0 }

  /// The range Core Haptics accepts: 0...1 for `HapticIntensityControl` (it multiplies),
  /// -1...1 for every other control (Apple, CHHapticDynamicParameter.ID: "the range for
  /// all parameters except haptic intensity is -1 to 1").
  package var range: ClosedRange<Double> { self == .hapticIntensityControl ? 0...1 : -1...1 }
}
