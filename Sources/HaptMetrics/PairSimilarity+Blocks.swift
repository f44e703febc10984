#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Running sums of the per-block ST-SIM and SPQI terms of one pair, both directions.
///
/// Per block (MODEL.md section 6.3-6.4, vibromaf 0.0.8 `STSIM.compute_sim`,
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
    block: Int, _ a: SimilarityFeatures, _ b: SimilarityFeatures, identical: Bool, convention: SilenceConvention
  ) {
    if convention == .perceptibleBlocks {
      let pa = block < a.blockCount && a.perceptibleBlocks[block]
      let pb = block < b.blockCount && b.perceptibleBlocks[block]
      if !pa && !pb { return }
    }
    if identical {
      count += 1
    } else {
      add(block: block, a, b)
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
    let length = PerceptualSpectrum.blockLength
    let inA = block < a.blockCount, inB = block < b.blockCount
    var supportDot = 0.0, normalizedDot = 0.0, difference = 0.0
    if inA && inB {
      let start = block * length
      supportDot = a.support.withUnsafeBufferPointer { sa in
        b.support.withUnsafeBufferPointer { sb in
          SimilarityKernel.dot(sa.baseAddress! + start, sb.baseAddress! + start, count: length)
        }
      }
      normalizedDot = a.normalized.withUnsafeBufferPointer { za in
        b.normalized.withUnsafeBufferPointer { zb in
          SimilarityKernel.dot(za.baseAddress! + start, zb.baseAddress! + start, count: length)
        }
      }
      difference = a.power.withUnsafeBufferPointer { pa in
        b.power.withUnsafeBufferPointer { pb in
          SimilarityKernel.l1Distance(pa.baseAddress! + start, pb.baseAddress! + start, count: length)
        }
      }
    } else if inA {
      difference = a.powerSum[block]
    } else if inB {
      difference = b.powerSum[block]
    }
    let eps = SimilarityNumerics.eps
    let supportA = inA ? a.supportEnergy[block] : 0, supportB = inB ? b.supportEnergy[block] : 0
    let normalizedA = inA ? a.normalizedEnergy[block] : 0, normalizedB = inB ? b.normalizedEnergy[block] : 0
    let powerA = inA ? a.powerSum[block] : 0, powerB = inB ? b.powerSum[block] : 0
    spectralAB += supportDot / (supportB + eps)
    spectralBA += supportDot / (supportA + eps)
    temporalAB += normalizedDot / (normalizedB + eps)
    temporalBA += normalizedDot / (normalizedA + eps)
    spqiAB += Self.blockSPQI(difference: difference, referencePower: powerB)
    spqiBA += Self.blockSPQI(difference: difference, referencePower: powerA)
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
