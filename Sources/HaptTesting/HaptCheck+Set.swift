import HaptExplanation
import HaptMetrics

extension HaptCheck {
  /// Passes when every pair of `haptics` is distinguishable: d' at least `minimum_JND`
  /// for each. For a set used together (success, warning, error), where any two being
  /// confused is a failure.
  ///
  /// A passing message names the closest pair; a failing one lists the pairs under the
  /// minimum, closest first, each with its d' and how the second feels against the first
  /// (the explanation's one line, as `compare` and `confusion` say it).
  /// - Complexity: O(n²) d' evaluations (each O(events)); the renders are already done.
  public static func distinguishable(
    _ haptics: [RenderedHaptic], atLeast minimum_JND: Double = distinct_JND
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
    let details = failing.sorted { $0.dPrime < $1.dPrime }.map { pair -> String in
      let story = explanation(pair.a, pair.b)
      return
        "\(pair.a.name) vs \(pair.b.name): d' \(jnd(pair.dPrime)), \(PairVerdict(dPrime: pair.dPrime).rawValue); "
        + story.summary(pair.a.name, pair.b.name)
    }
    return HaptCheckResult(
      passed: false, summary: "\(head): \(failing.count) of \(pairs.count) pairs under \(jnd(minimum_JND))",
      details: details)
  }
}
