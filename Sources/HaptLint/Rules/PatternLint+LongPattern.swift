import HaptPatterns

extension PatternLint {
  /// UX001: a pattern longer than ``longPattern_s``, long for UI feedback.
  static func checkLongPattern(_ pattern: HapticPattern, _ add: (LintRule, String, String) -> Void) {
    let duration = pattern.duration_s
    if duration > longPattern_s {
      add(.longUIPattern, "", "pattern lasts \(seconds(duration)); UI feedback should be about a second at most")
    }
  }
}
