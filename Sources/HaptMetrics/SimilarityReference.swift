import HaptCore
/// The reference package's way of comparing a distorted signal with a reference signal,
/// shared by ``STSIM`` and ``SPQI`` (vibromaf 0.0.8 `preprocess_input_signal`,
/// `array_equal` shortcut, `BlockBuilder.divide` with `cut_off_strategy`).
///
/// In order:
/// 1. A distorted signal shorter than the reference is an error; a longer one is cut to
///    the reference's length.
/// 2. If the two are then equal sample for sample (-0.0 equals 0.0), the scores are
///    exactly 1. As in the reference, this holds even for signals shorter than a block.
/// 3. A signal shorter than one 512-sample block is an error.
/// 4. Otherwise the samples after the last whole block are dropped and every block counts.
enum SimilarityReference {
  /// The outcome of step 1-4.
  enum Comparison {
    case identical
    /// Per-block sums with the distorted signal as "a" and the reference as "b".
    case compared(PairSums)
  }

  /// Compares `distorted` with `reference` as the reference package does.
  ///
  /// - Throws: ``InputError`` if the distorted signal is shorter than the reference, or
  ///   if the signals are different and shorter than one block.
  static func compare(
    distorted: [Double], reference: [Double], transform: SimilarityFeatures.Transform
  ) throws -> Comparison {
    let length = PerceptualSpectrum.blockLength
    guard distorted.count >= reference.count else {
      throw InputError(
        "the distorted signal (\(distorted.count) samples) must not be shorter than the reference signal (\(reference.count) samples)"
      )
    }
    let cut = distorted.count > reference.count ? Array(distorted[0..<reference.count]) : distorted
    if cut == reference { return .identical }
    guard reference.count >= length else {
      throw InputError(
        "signal too short: \(reference.count) samples, the metrics need at least one block of \(length) samples (\(Double(length) / PerceptualSpectrum.sampleRate_Hz * 1000) ms at 8 kHz)"
      )
    }
    let a = SimilarityFeatures(samples: cut, rule: .truncated, transform: transform)
    let b = SimilarityFeatures(samples: reference, rule: .truncated, transform: transform)
    var sums = PairSums()
    for block in 0..<b.blockCount { sums.add(block: block, a, b) }
    return .compared(sums)
  }

  /// ST-SIM of `distorted` against `reference` (see ``STSIM/score(distorted:reference:)``).
  static func stsim(
    distorted: [Double], reference: [Double], transform: SimilarityFeatures.Transform
  ) throws
    -> Double
  {
    switch try compare(distorted: distorted, reference: reference, transform: transform) {
    case .identical: return 1
    case .compared(let sums):
      let n = Double(sums.count)
      return PairSums.stsim(temporal: sums.temporalAB / n, spectral: sums.spectralAB / n)
    }
  }

  /// The mean temporal and spectral similarities of `distorted` against `reference`
  /// (both 1 for identical signals).
  static func stsimComponents(
    distorted: [Double], reference: [Double], transform: SimilarityFeatures.Transform
  ) throws -> (temporal: Double, spectral: Double) {
    switch try compare(distorted: distorted, reference: reference, transform: transform) {
    case .identical: return (1, 1)
    case .compared(let sums):
      let n = Double(sums.count)
      return (sums.temporalAB / n, sums.spectralAB / n)
    }
  }

  /// SPQI of `distorted` against `reference` (see ``SPQI/score(distorted:reference:)``).
  static func spqi(
    distorted: [Double], reference: [Double], transform: SimilarityFeatures.Transform
  ) throws
    -> Double
  {
    switch try compare(distorted: distorted, reference: reference, transform: transform) {
    case .identical: return 1
    case .compared(let sums): return sums.spqiAB / Double(sums.count)
    }
  }
}
