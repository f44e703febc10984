/// The one similarity users see: bounded to 0...1, 1 for identical signals.
///
/// ST-SIM divides by the reference's energies, so a direction exceeds 1 (without bound)
/// where the reference is weak and the other signal is not: 959,822 for two real AHAP
/// files, and both directions can (2.90 and 78.2 for `double-tap.ahap` against
/// `game-coin.ahap`, d' 12.4). A value above 1 is as far from identity as its reciprocal
/// below, so each direction is folded to `min(x, 1/x)` and the smaller of the two kept:
/// it is 1 only when both directions are, it is symmetric, and clamped to 0...1 it keeps
/// its meaning (0: nothing in common). Tables, JSON, CSV and the report all show this value as `similarity`; the
/// raw directional values stay available as `stsimRawRefA` / `stsimRawRefB` (Docs/Similarity.md).
extension PairSimilarity {
  /// The smaller of the two ST-SIM directions, each folded to `min(x, 1/x)`, clamped to
  /// 0...1 (see ``boundedSimilarity(stsimAB:stsimBA:)``).
  package var similarity: Double { Self.boundedSimilarity(stsimAB: stsimAB, stsimBA: stsimBA) }

  /// The bounded similarity from the two raw ST-SIM directions (for callers that keep only
  /// those two numbers): `min(fold(stsimAB), fold(stsimBA))` clamped to 0...1, where
  /// `fold(x) = min(x, 1/x)`; 0 if either is NaN (nothing to compare). An infinite
  /// direction folds to 0.
  package static func boundedSimilarity(stsimAB: Double, stsimBA: Double) -> Double {
    guard !stsimAB.isNaN, !stsimBA.isNaN else { return 0 }
    func fold(_ x: Double) -> Double { x > 1 ? 1 / x : x }
    return min(max(min(fold(stsimAB), fold(stsimBA)), 0), 1)
  }
}
