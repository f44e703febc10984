import Foundation

#if canImport(CoreHaptics)
  import CoreHaptics
#endif

/// The haptics of the demo app, one AHAP file each in `Haptics/`.
public enum AppHaptic: String, CaseIterable, Sendable {
  /// An order was placed: two rising taps.
  case confirm
  /// A payment was declined: a hard tap, then a low buzz that fades.
  case reject
  /// The list refreshed: a short soft swell.
  case refresh

  /// The AHAP file shipped with the app.
  public var url: URL {
    guard let url = Bundle.module.url(forResource: rawValue, withExtension: "ahap", subdirectory: "Haptics")
    else {
      fatalError("Haptics/\(rawValue).ahap is missing from the HapticsDemo bundle")
    }
    return url
  }

  #if canImport(CoreHaptics)
    /// Plays the haptic on a started engine.
    @available(iOS 13.0, macOS 10.15, *)
    public func play(on engine: CHHapticEngine) throws {
      try engine.playPattern(from: url)
    }
  #endif
}
