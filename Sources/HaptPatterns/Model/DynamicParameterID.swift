/// The identifier of a dynamic parameter (`ParameterID` of an AHAP `Parameter` or
/// `ParameterCurve`).
///
/// A string wrapper rather than a closed enum, so that identifiers this version does not
/// know survive a decode-encode round trip (and become a lint finding instead of an error).
/// Only ``hapticIntensityControl`` and ``hapticSharpnessControl`` affect rendering
/// (Docs/Model.md §1); the others are kept as written.
public struct DynamicParameterID: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Multiplies the intensity of every haptic event, 0...1, default 1.
  public static let hapticIntensityControl = Self("HapticIntensityControl")
  /// Adds to the sharpness of every haptic event, -1...1, default 0.
  public static let hapticSharpnessControl = Self("HapticSharpnessControl")
  public static let hapticAttackTimeControl = Self("HapticAttackTimeControl")
  public static let hapticDecayTimeControl = Self("HapticDecayTimeControl")
  public static let hapticReleaseTimeControl = Self("HapticReleaseTimeControl")
  public static let audioVolumeControl = Self("AudioVolumeControl")
  public static let audioPanControl = Self("AudioPanControl")
  public static let audioPitchControl = Self("AudioPitchControl")
  public static let audioBrightnessControl = Self("AudioBrightnessControl")
  public static let audioAttackTimeControl = Self("AudioAttackTimeControl")
  public static let audioDecayTimeControl = Self("AudioDecayTimeControl")
  public static let audioReleaseTimeControl = Self("AudioReleaseTimeControl")

  /// Every identifier Core Haptics defines.
  public static let known: [Self] = [
    .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl,
    .hapticDecayTimeControl, .hapticReleaseTimeControl, .audioVolumeControl, .audioPanControl,
    .audioPitchControl, .audioBrightnessControl, .audioAttackTimeControl, .audioDecayTimeControl,
    .audioReleaseTimeControl,
  ]

  /// Whether Core Haptics defines this identifier.
  public var isKnown: Bool { Self.known.contains(self) }

  /// The value the control has when no step or curve has set it: 1 for
  /// `HapticIntensityControl` (a multiplier), 0 for every other (an offset).
  public var defaultValue: Double { self == .hapticIntensityControl ? 1 : 0 }

  /// The range Core Haptics accepts: 0...1 for `HapticIntensityControl` (it multiplies),
  /// -1...1 for every other control (Apple, CHHapticDynamicParameter.ID: "the range for
  /// all parameters except haptic intensity is -1 to 1").
  public var range: ClosedRange<Double> { self == .hapticIntensityControl ? 0...1 : -1...1 }
}
