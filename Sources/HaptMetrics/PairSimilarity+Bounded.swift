/// The one similarity users see: bounded to 0...1, 1 for identical signals.
///
/// ST-SIM divides by the reference's energies, so a direction exceeds 1 (without bound)
/// where the reference is weak and the other signal is not: 959,822 for two real AHAP
/// files. The smaller of the two directions stays a similarity where it is at most 1.
/// Both directions can exceed 1 (2.90 and 78.2 for `double-tap.ahap` against
/// `game-coin.ahap`, d' 12.4); a value above 1 is as far from identity as its reciprocal
/// below, so the smaller direction is folded to `min(x, 1/x)`: the result is 1 only when
/// the smaller direction is exactly 1 (identical signals), it is symmetric, and clamped to
/// 0...1 it keeps its meaning (0: nothing in common). Tables, JSON, CSV and the report all show this value as `similarity`; the
/// raw directional values stay available as `stsimRawRefA` / `stsimRawRefB` (Docs/Similarity.md).
extension PairSimilarity {
  /// The smaller of the two ST-SIM directions, folded to `min(x, 1/x)` and clamped to
  /// 0...1 (see ``boundedSimilarity(stsimAB:stsimBA:)``).
  package var similarity: Double { Self.boundedSimilarity(stsimAB: stsimAB, stsimBA: stsimBA) }

  /// The bounded similarity from the two raw ST-SIM directions (for callers that keep only
  /// those two numbers): `fold(min(stsimAB, stsimBA))` clamped to 0...1, where
  /// `fold(x) = min(x, 1/x)` (so every pair whose smaller direction is at most 1 reads that
  /// direction, as before); 0 if either is NaN or both are infinite (nothing to compare).
  package static func boundedSimilarity(stsimAB: Double, stsimBA: Double) -> Double {
    guard !stsimAB.isNaN, !stsimBA.isNaN else { return 0 }
    let smaller = min(stsimAB, stsimBA)
    guard smaller.isFinite else { return 0 }
    return min(max(smaller > 1 ? 1 / smaller : smaller, 0), 1)
  }
}
