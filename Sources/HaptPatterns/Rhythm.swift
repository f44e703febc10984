/// Turning tapped timestamps into a pattern (`hapt rhythm`).
package enum Rhythm {
  /// Taps later than this after the first are dropped, in seconds.
  package static let maxLength_s = 4.0
  /// Intensity of every tap.
  package static let intensity = 0.9
  /// Sharpness of every tap.
  package static let sharpness = 0.5

  /// A pattern with one transient per tap.
  ///
  /// The taps are sorted and shifted so that the first is at 0 (times rounded to the
  /// microsecond, so 0.71 - 0.5 is written 0.21); taps more than 4 s after
  /// the first are dropped; each becomes a transient at intensity 0.9, sharpness 0.5.
  /// - Parameter taps_s: tap times in seconds, in any order (non-finite values are
  ///   dropped).
  /// - Returns: the pattern and how many taps were dropped.
  package static func pattern(taps_s: [Double]) -> (pattern: HapticPattern, dropped: Int) {
    let finite = taps_s.filter(\.isFinite).sorted()
    guard let first = finite.first else {
      return (HapticPattern(metadata: metadata(count: 0, dropped: taps_s.count)), taps_s.count)
    }
    let kept = finite.map { (($0 - first) * 1e6).rounded() / 1e6 }.filter { $0 <= maxLength_s }
    let events = kept.map { HapticEvent.transient(at: $0, intensity: intensity, sharpness: sharpness) }
    let dropped = taps_s.count - kept.count
    let pattern = HapticPattern(metadata: metadata(count: kept.count, dropped: dropped), events: events)
    return (pattern, dropped)
  }

  /// The pattern's description; it mentions dropped taps only when some were dropped.
  static func metadata(count: Int, dropped: Int = 0) -> PatternMetadata {
    let taps = count == 1 ? "1 tapped transient" : "\(count) tapped transients"
    let drop =
      dropped == 0
      ? ""
      : dropped == 1
        ? "; 1 tap dropped (later than 4 s or not a number)"
        : "; \(dropped) taps dropped (later than 4 s or not a number)"
    return PatternMetadata(
      project: "hapt rhythm", description: "\(taps) at intensity 0.9, sharpness 0.5, the first tap at 0\(drop).")
  }
}
