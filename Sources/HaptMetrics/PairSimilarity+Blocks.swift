import HaptCore
/// Running sums of the per-block ST-SIM and SPQI terms of one pair, both directions.
///
/// Per block (Docs/Model.md §6.3-6.4, vibromaf 0.0.8 `STSIM.compute_sim`,
/// `compute_normalized_spectral_difference`, `SPQI.__compute_block_spqi`), with "AB"
/// meaning `a` distorted and `b` reference:
/// - spectral: `sum(S_a * S_b) / (sum(S_b^2) + eps)`
/// - temporal: `sum(z_a * z_b) / (sum(z_b^2) + eps)`
/// - SPQI: `(1 - tanh(0.3 ND - (-2))) / 2`, `ND = 10 log10(sum|p_b - p_a| / (sum p_b + eps))`
/// A block past the end of one signal is silent in it: S = z = p = 0.
struct PairSums {
  var count = 0
  var spectralAB = 0.0, spectralBA = 0.0
  var temporalAB = 0.0, temporalBA = 0.0
  var spqiAB = 0.0, spqiBA = 0.0

  /// ST-SIM's weight of the temporal term (vibromaf's default `eta = 2/3`).
  static let stsimEta = 2.0 / 3.0
  /// SPQI's slope and offset (vibromaf's defaults `eta = 0.3`, `threshold = -2.0`).
  static let spqiEta = 0.3
  static let spqiThreshold = -2.0

  /// Adds block `block` of the pair (a, b) if `convention` includes it: every block in
  /// the reference convention, blocks perceptible in a or b in the other. Identical
  /// signals are only counted (their scores are exactly 1).
  @inline(__always)
  mutating func accumulate(
    block: Int, _ a: SimilarityFeatures, _ b: SimilarityFeatures, identical: Bool,
    convention: SilenceConvention
  ) {
    accumulate(a.view(ofBlock: block), b.view(ofBlock: block), identical: identical, convention: convention)
  }

  /// Adds one block of a pair, given as views of the two signals' blocks (see
  /// ``accumulate(block:_:_:identical:convention:)``).
  @inline(__always)
  mutating func accumulate(
    _ a: SimilarityBlockView, _ b: SimilarityBlockView, identical: Bool, convention: SilenceConvention
  ) {
    if convention == .perceptibleBlocks && !a.isPerceptible && !b.isPerceptible { return }
    if identical {
      count += 1
    } else {
      add(a, b)
    }
  }

  /// The pair's scores: exactly 1 for identical signals or when no block was included,
  /// the block means otherwise.
  func finish(identical: Bool) -> PairSimilarity {
    if identical || count == 0 { return .identical(blocks: count) }
    return result()
  }

  /// Adds block `block` of the pair (a, b).
  @inline(__always)
  mutating func add(block: Int, _ a: SimilarityFeatures, _ b: SimilarityFeatures) {
    add(a.view(ofBlock: block), b.view(ofBlock: block))
  }

  /// Adds one block of the pair; a view without values (past the end of its signal) is
  /// silent: S = z = p = 0.
  @inline(__always)
  mutating func add(_ a: SimilarityBlockView, _ b: SimilarityBlockView) {
    let length = PerceptualSpectrum.blockLength
    var supportDot = 0.0, normalizedDot = 0.0, difference = 0.0
    if let va = a.values, let vb = b.values {
      supportDot = SimilarityKernel.dot(va, vb, count: length)
      normalizedDot = SimilarityKernel.dot(va + length, vb + length, count: length)
      difference = SimilarityKernel.l1Distance(va + 2 * length, vb + 2 * length, count: length)
    } else if a.values != nil {
      difference = a.powerSum
    } else if b.values != nil {
      difference = b.powerSum
    }
    let eps = SimilarityNumerics.eps
    spectralAB += supportDot / (b.supportEnergy + eps)
    spectralBA += supportDot / (a.supportEnergy + eps)
    temporalAB += normalizedDot / (b.normalizedEnergy + eps)
    temporalBA += normalizedDot / (a.normalizedEnergy + eps)
    spqiAB += Self.blockSPQI(difference: difference, referencePower: b.powerSum)
    spqiBA += Self.blockSPQI(difference: difference, referencePower: a.powerSum)
    count += 1
  }

  /// One block's SPQI score from the L1 power difference and the reference's power sum.
  @inline(__always)
  static func blockSPQI(difference: Double, referencePower: Double) -> Double {
    let nd = 10.0 * log10(difference / (referencePower + SimilarityNumerics.eps))
    return (1 - tanh(spqiEta * nd - spqiThreshold)) / 2
  }

  /// `temporal^(2/3) * spectral^(1/3)`, or 0 when the mean temporal similarity is
  /// negative (the reference's Python `pow` then returns a complex number).
  static func stsim(temporal: Double, spectral: Double) -> Double {
    if temporal < 0 { return 0 }
    return pow(temporal, stsimEta) * pow(spectral, 1 - stsimEta)
  }

  /// The means over the blocks added (count must be positive).
  func result() -> PairSimilarity {
    let n = Double(count)
    return PairSimilarity(
      stsimAB: Self.stsim(temporal: temporalAB / n, spectral: spectralAB / n),
      stsimBA: Self.stsim(temporal: temporalBA / n, spectral: spectralBA / n),
      spqiAB: spqiAB / n, spqiBA: spqiBA / n, blocksCompared: count)
  }
}
