import HaptPatterns

extension PatternLint {
  /// UX002: a sustained buzz (merged runs of strong continuous events).
  static func checkSustainedBuzz(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    var run: (start: Double, end: Double)?
    var longest: (start: Double, length: Double)?
    for (_, event) in haptic where event.type == .hapticContinuous && event.intensity >= buzzIntensity {
      if let current = run, event.time_s <= current.end {
        run = (current.start, Swift.max(current.end, event.end_s))
      } else {
        run = (event.time_s, event.end_s)
      }
      if let current = run, current.end - current.start > (longest?.length ?? sustainedBuzz_s) {
        longest = (current.start, current.end - current.start)
      }
    }
    if let longest {
      add(
        .sustainedBuzz, "",
        "continuous vibration for \(seconds(longest.length)) from \(seconds(longest.start)); it fatigues the hand and drains the battery"
      )
    }
  }
}
