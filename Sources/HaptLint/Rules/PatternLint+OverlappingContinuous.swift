import HaptPatterns

extension PatternLint {
  /// PAT001: continuous events that overlap.
  static func checkOverlappingContinuous(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    var latestEnd: (end: Double, index: Int)?
    for (index, event) in haptic where event.type == .hapticContinuous {
      if let latest = latestEnd, event.time_s < latest.end {
        add(
          .overlappingContinuous, "events[\(index)]",
          "continuous event at \(seconds(event.time_s)) overlaps events[\(latest.index)], which runs to \(seconds(latest.end))"
        )
      }
      if event.end_s > (latestEnd?.end ?? -.infinity) { latestEnd = (event.end_s, index) }
    }
  }
}
