import HaptCore
/// How different two clearly different haptics feel (Docs/Perception.md §11).
///
/// d' counts just-noticeable differences and is the right measure up to a few JNDs; beyond
/// that its size says little about how different two patterns feel. The perceptual
/// distance is a weighted Euclidean distance between the ``PerceptualAttributes`` on
/// designer scales (doublings of energy, tempo, fluctuation and duration, quarters of
/// continuity), combined with d' capped at ``dPrimeCap_JND``. Roughness enters through
/// its temporal code, ``PerceptualAttributes/fluctuation``: its other code is strength,
/// which the energy axis already counts.
///
///     D = sqrt( sum_i (w_i (c_i(a) - c_i(b)))^2 + (min(d', 3) / 3)^2 )
///
/// so two patterns within a few JNDs are ordered by d' (the capped term dominates when the
/// attributes barely differ) and clearly different ones by their attributes. Identical
/// signals are 0 apart; the distance is symmetric. A silent pattern has no distance to a
/// felt one (nil): it is not a neighbour of anything.
package enum PerceptualDistance {
  /// d' above this counts as this much (JND): beyond it, d' no longer ranks.
  package static let dPrimeCap_JND = 3.0

  /// One coordinate of the attribute space.
  package struct Axis: Sendable {
    package var name: String
    package var weight: Double
    package var coordinate: @Sendable (PerceptualAttributes) -> Double
  }

  /// The axes and their weights. Weights were chosen on a 0.25/0.5/1 grid by
  /// cross-validation against the VibViz sensation space (Docs/Perception.md §11); the
  /// coordinates' offsets keep a zero attribute finite.
  package static let axes: [Axis] = [
    Axis(name: "energy", weight: 0.25) { log2($0.energy + 0.05) },
    Axis(name: "tempo", weight: 0.25) { log2($0.tempo_Hz + 0.1) },
    Axis(name: "fluctuation", weight: 0.5) { log2($0.fluctuation + 0.01) },
    Axis(name: "continuity", weight: 1) { 4 * $0.continuity },
    Axis(name: "duration", weight: 0.5) { log2($0.duration_s + 0.05) },
  ]

  /// The attribute part of the distance between `a` and `b` with `weights` (one per axis,
  /// in ``axes`` order); nil if either is silent.
  package static func attributeDistance(
    _ a: PerceptualAttributes, _ b: PerceptualAttributes, weights: [Double] = axes.map(\.weight)
  ) -> Double? {
    guard a.isPerceptible, b.isPerceptible else { return nil }
    var sum = 0.0
    for (axis, weight) in zip(axes, weights) {
      let delta = weight * (axis.coordinate(a) - axis.coordinate(b))
      sum += delta * delta
    }
    return sum.squareRoot()
  }

  /// A bounded closeness for maps, `1 / (1 + D)`: 1 identical, towards 0 as patterns feel
  /// more different; 0 for a silent pattern against a felt one (nil distance).
  package static func closeness(_ distance: Double?) -> Double {
    guard let distance, distance.isFinite, distance >= 0 else { return 0 }
    return 1 / (1 + distance)
  }

  /// The perceptual distance between two signals given their attributes and d' (JND);
  /// 0 for two silent signals, nil for a silent one against a felt one.
  package static func distance(
    _ a: PerceptualAttributes, _ b: PerceptualAttributes, dPrime: Double,
    weights: [Double] = axes.map(\.weight)
  ) -> Double? {
    if !a.isPerceptible && !b.isPerceptible { return 0 }
    guard let attributes = attributeDistance(a, b, weights: weights) else { return nil }
    let d = dPrime.isNaN ? 0 : min(abs(dPrime), dPrimeCap_JND) / dPrimeCap_JND
    return (attributes * attributes + d * d).squareRoot()
  }
}
