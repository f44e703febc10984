/// How a device plays patterns: Core Haptics plays a pattern as written; an Android phone
/// plays an Android vibration, so an app ports every other pattern first.
package enum DevicePlatform: String, Sendable, CaseIterable {
  /// An Android phone: the profile has an `android` block, or is one of the shipped
  /// Android profiles that take every default (``DeviceProfile/androidDefaultNames``).
  case android
  /// Anything else (Apple devices, the ideal device, a profile of your own without an
  /// `android` block): the pattern plays as written.
  case coreHaptics
}

extension DeviceProfile {
  /// The shipped profiles that stand for Android phones while taking every Android default
  /// (no `android` block of their own).
  package static let androidDefaultNames = ["android-lra-235", "erm-phone"]

  /// How this device plays patterns (Docs/Devices.md, "Fallback rules").
  package var platform: DevicePlatform {
    android != nil || Self.androidDefaultNames.contains(name) ? .android : .coreHaptics
  }
}
