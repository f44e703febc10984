/// A pattern's description in its own format's terms, which each device resolves for
/// itself: an Android vibration (effects, primitives, amplitudes), a pattern with
/// frequencies in hertz (`.haps`, `.ivs`), an MPEG-I Haptics experience.
///
/// ``HapticPattern/source`` holds it beside the pattern's events (which are the
/// description as a default device plays it); a renderer asks the source again for the
/// device at hand (HaptSimulation's `DeviceResolvedSource`). The pattern model knows no
/// format: a new one conforms its own type here and in HaptSimulation (Docs/Design.md,
/// "Add a format").
package protocol PatternSource: Sendable {
  /// Whether `other` is the same description: the same type and an equal value.
  func isSame(as other: any PatternSource) -> Bool
}

extension PatternSource where Self: Equatable {
  package func isSame(as other: any PatternSource) -> Bool { (other as? Self) == self }
}

/// What a device plays of a pattern source: the pattern events the simulator renders,
/// what was approximated, or why nothing plays.
package struct ResolvedPattern: Equatable, Sendable {
  /// The description as pattern events for this device (see Docs/Android.md,
  /// Docs/Formats.md).
  package var pattern: HapticPattern
  /// What the rendering approximates or cuts (a repeating waveform, a fallback used).
  package var notes: [String]
  /// Why the device plays nothing, or nil.
  package var silenceReason: SilenceReason?

  package init(pattern: HapticPattern, notes: [String] = [], silenceReason: SilenceReason? = nil) {
    self.pattern = pattern
    self.notes = notes
    self.silenceReason = silenceReason
  }
}

extension HapticPattern {
  /// The source of type `T`, or nil; setting nil removes only a source of that type.
  package subscript<T: PatternSource>(source type: T.Type) -> T? {
    get { source as? T }
    set {
      if let newValue {
        source = newValue
      } else if source is T {
        source = nil
      }
    }
  }
}
