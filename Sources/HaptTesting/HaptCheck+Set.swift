import HaptMetrics

extension HaptCheck {
  /// Passes when every pair of `haptics` is distinguishable: d' at least `minimum_JND`
  /// for each. For a set used together (success, warning, error), where any two being
  /// confused is a failure.
  ///
  /// A passing message names the closest pair; a failing one lists the pairs under the
  /// minimum, closest first, each with its largest difference and, in parentheses, the
  /// pair's d'.
  /// - Complexity: O(n²) d' evaluations (each O(events)); the renders are already done.
  public static func distinguishable(
    _ haptics: [RenderedHaptic], atLeast minimum_JND: Double = PairVerdict.closeBelow
  ) -> HaptCheckResult {
    var pairs: [(a: RenderedHaptic, b: RenderedHaptic, dPrime: Double)] = []
    for i in haptics.indices {
      for j in haptics.indices where j > i {
        pairs.append(
          (haptics[i], haptics[j], Distinguishability.dPrime(haptics[i].features, haptics[j].features)))
      }
    }
    let names = haptics.map(\.name).joined(separator: ", ")
    guard let closest = pairs.min(by: { $0.dPrime < $1.dPrime }) else {
      return HaptCheckResult(
        passed: true, summary: "\(names): fewer than two patterns, nothing to tell apart")
    }
    let failing = pairs.filter { !($0.dPrime >= minimum_JND) }
    let head = "\(haptics.count) patterns (\(names))"
    guard !failing.isEmpty else {
      return HaptCheckResult(
        passed: true,
        summary:
          "\(head): every pair at least \(jnd(minimum_JND)); closest \(closest.a.name) vs \(closest.b.name), d' \(jnd(closest.dPrime))"
      )
    }
    let differences = failing.map { pair -> PerceivedDifference in
      let largest = PerceivedDifference.between(pair.a.features, pair.b.features).first
      let what =
        "\(pair.a.name) vs \(pair.b.name): \(PairVerdict(dPrime: pair.dPrime).rawValue)"
        + (largest.map { ", largest difference \($0.what)" } ?? ", no difference felt")
      return PerceivedDifference(what: what, size_JND: pair.dPrime)
    }
    return HaptCheckResult(
      passed: false,
      summary:
        "\(head): \(failing.count) of \(pairs.count) pairs under \(jnd(minimum_JND)) (d' of each pair in parentheses)",
      differences: differences.sorted { $0.size_JND < $1.size_JND })
  }
}
