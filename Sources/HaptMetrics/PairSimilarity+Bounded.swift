/// The one similarity users see: bounded to 0...1, 1 for identical signals.
///
/// ST-SIM divides by the reference's energies, so one direction exceeds 1 (without bound)
/// where the reference is weak and the other signal is not: 959,822 for two real AHAP
/// files. The smaller of the two directions stays a similarity: it is 1 only when both
/// directions are, it is symmetric, and clamped to 0...1 it keeps its meaning (0: nothing
/// in common). Tables, JSON, CSV and the report all show this value as `similarity`; the
/// raw directional values stay available as `stsimRawRefA` / `stsimRawRefB` (Docs/Similarity.md).
extension PairSimilarity {
  /// `min(ST-SIM with A as reference, ST-SIM with B as reference)` clamped to 0...1
  /// (see ``boundedSimilarity(stsimAB:stsimBA:)``).
  package var similarity: Double { Self.boundedSimilarity(stsimAB: stsimAB, stsimBA: stsimBA) }

  /// The bounded similarity from the two raw ST-SIM directions (for callers that keep only
  /// those two numbers): `min(stsimAB, stsimBA)` clamped to 0...1; 0 if either is NaN
  /// or both are infinite (nothing to compare).
  package static func boundedSimilarity(stsimAB: Double, stsimBA: Double) -> Double {
    guard !stsimAB.isNaN, !stsimBA.isNaN else { return 0 }
    let smaller = min(stsimAB, stsimBA)
    return smaller.isFinite ? min(max(smaller, 0), 1) : 0
  }
}
