import HaptCore

/// Everything ST-SIM and SPQI need from one signal, computed once, so that comparing two
/// signals costs only dot products and one L1 distance per block.
///
/// Per 512-sample block (Docs/Model.md §6): the spectral support `S = Phi(P/12)` of the
/// perceptual spectrum P, the z-normalised samples `(x - mean) / (std + eps)` (population
/// std), the powers `10^(P/10)`, and per block the sums `sum(S^2)`, `sum(z^2)` and
/// `sum(10^(P/10))` that the metrics divide by; also whether the block is perceptible
/// (see ``isPerceptible(peak_g:frequency_Hz:)``) and the signal's samples without
/// trailing zeros, for the exact identity test.
///
/// The signal is zero-padded to a whole number of blocks (the harness's pattern-pair rule,
/// Docs/Model.md §6.1); ``STSIM`` and ``SPQI`` instead drop the remainder, as the
/// reference does. Blocks past the end of the shorter signal of a pair are silent: their
/// support, normalised samples and powers are all 0 (log10 of a zero coefficient is
/// -infinity), so they are never stored.
///
/// The features are always computed at 8 kHz, the rate the metrics are defined for:
/// ``init(_:)`` resamples a signal at any other rate first (``sampleRate_Hz`` records the
/// rate the signal came at).
///
/// Memory: 3 doubles per sample, about 192 KB for one second (the samples are shared with
/// the caller's array, not copied).
package struct SimilarityFeatures: Sendable {
  /// How a signal whose length is not a multiple of 512 is cut into blocks.
  enum BlockRule: Sendable {
    /// Zero-pad the last partial block (pattern pairs).
    case zeroPadded
    /// Drop the remainder (the reference package's `cut_off_strategy`).
    case truncated
  }

  /// Number of 512-sample blocks.
  package let blockCount: Int
  /// Number of samples in the signal as given.
  package let sampleCount: Int
  /// The sample rate the signal came at, in Hz (the features are at 8000).
  package let sampleRate_Hz: Double
  /// Whether each block is perceptible (Docs/Model.md §5; see
  /// ``isPerceptible(peak_g:frequency_Hz:)``).
  package let perceptibleBlocks: [Bool]

  /// The samples as given (shared with the caller's array, not copied) and how many of
  /// them are left without trailing zeros (-0.0 counts as zero).
  let samples: [Double]
  let significantCount: Int
  /// A hash of the samples without trailing zeros, to rule out identity quickly.
  let fingerprint: UInt64
  /// Per block, in one allocation: 512 supports `Phi(P/12)`, then 512 normalised samples
  /// `(x - mean) / (std + eps)`, then 512 powers `10^(P/10)` (see ``values(ofBlock:)``).
  let storage: SimilarityFeatureStorage
  /// Per block `sum(S^2)`, `sum(z^2)`, `sum(10^(P/10))`.
  let supportEnergy: [Double]
  let normalizedEnergy: [Double]
  let powerSum: [Double]

  /// A block transform: the orthonormal DCT-II of 512 samples.
  typealias Transform = @Sendable (UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) -> Void

  /// Computes the features of `samples`.
  ///
  /// - Parameters:
  ///   - samples: the signal, 8 kHz.
  ///   - rule: zero-pad or drop the partial last block.
  ///   - transform: the orthonormal DCT-II of one block.
  /// - Complexity: O(n log n) for n samples (one DCT per block), plus 2 `pow`, one `erfc`
  ///   and one `log10` per sample.
  init(
    samples: [Double], sampleRate_Hz: Double = PerceptualSpectrum.sampleRate_Hz, rule: BlockRule,
    transform: Transform
  ) {
    let length = PerceptualSpectrum.blockLength
    let blocks: Int
    switch rule {
    case .zeroPadded: blocks = (samples.count + length - 1) / length
    case .truncated: blocks = samples.count / length
    }
    blockCount = blocks
    sampleCount = samples.count
    self.sampleRate_Hz = sampleRate_Hz
    var end = samples.count
    while end > 0, samples[end - 1] == 0 { end -= 1 }
    self.samples = samples
    significantCount = end
    fingerprint = Self.hash(samples[0..<end])

    let storage = SimilarityFeatureStorage(count: blocks * Self.blockStride)
    var supportEnergy = [Double](repeating: 0, count: blocks)
    var normalizedEnergy = [Double](repeating: 0, count: blocks)
    var powerSum = [Double](repeating: 0, count: blocks)
    var perceptible = [Bool](repeating: false, count: blocks)
    var block = [Double](repeating: 0, count: length)
    var scratch = [Double](repeating: 0, count: length)
    let eps = SimilarityNumerics.eps

    samples.withUnsafeBufferPointer { x in
      block.withUnsafeMutableBufferPointer { block in
        scratch.withUnsafeMutableBufferPointer { scratch in
          for b in 0..<blocks {
            let start = b * length
            let available = min(length, x.count - start)
            let s = storage.values + b * Self.blockStride
            let z = s + length, p = s + 2 * length
            var peak = 0.0
            for i in 0..<length {
              let v = i < available ? x[start + i] : 0
              block[i] = v
              peak = max(peak, Swift.abs(v))
            }
            // z-normalisation with numpy's summation order (mean and population std).
            let mean = SimilarityNumerics.pairwiseSum(UnsafeBufferPointer(block)) / Double(length)
            for i in 0..<length {
              let d = block[i] - mean
              scratch[i] = d * d
            }
            let std = (SimilarityNumerics.pairwiseSum(UnsafeBufferPointer(scratch)) / Double(length))
              .squareRoot()
            for i in 0..<length { z[i] = (block[i] - mean) / (std + eps) }
            normalizedEnergy[b] = SimilarityKernel.dot(z, z, count: length)
            // Perceptual spectrum, support and power.
            transform(UnsafeBufferPointer(block), scratch)
            var dominant = 0
            for i in 1..<length where Swift.abs(scratch[i]) > Swift.abs(scratch[dominant]) { dominant = i }
            perceptible[b] = Self.isPerceptible(
              peak_g: peak, frequency_Hz: PerceptualSpectrum.frequency_Hz(ofCoefficient: dominant))
            PerceptualSpectrum.applyThreshold(to: scratch)
            for i in 0..<length { s[i] = PerceptualSpectrum.support(scratch[i]) }
            supportEnergy[b] = SimilarityKernel.dot(s, s, count: length)
            for i in 0..<length { p[i] = PerceptualSpectrum.power(scratch[i]) }
            powerSum[b] = SimilarityKernel.sum(p, count: length)
          }
        }
      }
    }
    self.storage = storage
    self.supportEnergy = supportEnergy
    self.normalizedEnergy = normalizedEnergy
    self.powerSum = powerSum
    self.perceptibleBlocks = perceptible
  }

  /// Doubles per block in ``storage``: support, normalised samples, powers.
  static let blockStride = 3 * PerceptualSpectrum.blockLength

  /// The first of block `block`'s 512 supports, followed by its 512 normalised samples and
  /// its 512 powers. `block` must be below ``blockCount``; the pointer is valid while these
  /// features exist.
  @inline(__always)
  func values(ofBlock block: Int) -> UnsafePointer<Double> {
    UnsafePointer(storage.values + block * Self.blockStride)
  }

  /// One of the three per-block series, block after block (for tests and inspection).
  func series(_ offset: Int) -> [Double] {
    let length = PerceptualSpectrum.blockLength
    var result: [Double] = []
    result.reserveCapacity(blockCount * length)
    for b in 0..<blockCount {
      let start = values(ofBlock: b) + offset * length
      result.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
    }
    return result
  }

  /// `Phi(P/12)`, block after block.
  var support: [Double] { series(0) }
  /// `(x - mean) / (std + eps)`, block after block.
  var normalized: [Double] { series(1) }
  /// `10^(P/10)`, block after block.
  var power: [Double] { series(2) }

  /// Whether two feature sets come from the same signal up to trailing zeros (so that,
  /// zero-padded to a common length, the signals are equal sample for sample, with
  /// -0.0 == 0.0 as numpy's `array_equal` has it).
  func hasSameSamples(as other: SimilarityFeatures) -> Bool {
    fingerprint == other.fingerprint && significantCount == other.significantCount
      && samples[0..<significantCount] == other.samples[0..<other.significantCount]
  }

  /// FNV-1a over the bit patterns, with -0.0 folded into 0.0 so that equal arrays hash
  /// equally.
  private static func hash(_ samples: ArraySlice<Double>) -> UInt64 {
    var h = FNV1a()
    samples.withUnsafeBufferPointer { h.add(bitPatternsFoldingNegativeZeroOf: $0) }
    return h.value
  }
}
