import HaptPatterns

extension PatternLint {
  /// UX003: more haptic onsets within half a second than a hand tells apart.
  static func checkDenseBurst(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    let onsets = haptic.map(\.element.time_s)
    var start = 0
    for end in onsets.indices {
      while onsets[end] - onsets[start] >= denseWindow_s { start += 1 }
      if end - start + 1 > denseOnsets {
        add(
          .denseBurst, "events[\(haptic[end].offset)]",
          "\(end - start + 1) haptic onsets within 0.5 s from \(seconds(onsets[start])); they blur into a buzz")
        break
      }
    }
  }
}
