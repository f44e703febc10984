import HaptPatterns

extension PatternLint {
  /// PAT003 and UX004: transients at the same time, and gaps between them short enough to fuse.
  static func checkTransientGaps(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    let transients = haptic.filter { $0.element.type == .hapticTransient }
    var fusing: [(Int, Double)] = []
    for k in transients.indices.dropFirst() {
      let previous = transients[k - 1]
      let current = transients[k]
      let gap = current.element.time_s - previous.element.time_s
      if gap == 0 {
        add(
          .simultaneousTransients, "events[\(current.offset)]",
          "transient at \(seconds(current.element.time_s)) coincides with events[\(previous.offset)]")
      } else if gap < fusionGap_s {
        fusing.append((current.offset, gap))
      }
    }
    if let first = fusing.first {
      add(
        .fusingGap, "events[\(first.0)]",
        "\(fusing.count) gap(s) between transients under 30 ms (the first \(milliseconds(first.1))); they fuse into one"
      )
    }
  }
}
