/// One block of one signal's ``SimilarityFeatures``, as plain values and a pointer, for
/// the pair kernel's inner loop (no reference counting there).
///
/// A block past the end of its signal has no values and zero sums: a zero-padded block
/// is silent (support, normalised samples and powers all 0).
struct SimilarityBlockView {
  /// The block's 512 supports, 512 normalised samples and 512 powers; nil past the end.
  var values: UnsafePointer<Double>?
  /// `sum(S^2)`, `sum(z^2)`, `sum(10^(P/10))` of the block (0 past the end).
  var supportEnergy = 0.0, normalizedEnergy = 0.0, powerSum = 0.0
  /// Whether the block is perceptible (false past the end).
  var isPerceptible = false
}

extension SimilarityFeatures {
  /// The view of block `block`; past ``blockCount`` a silent block without values.
  ///
  /// The pointer is valid while these features exist.
  @inline(__always)
  func view(ofBlock block: Int) -> SimilarityBlockView {
    guard block >= 0, block < blockCount else { return SimilarityBlockView() }
    return SimilarityBlockView(
      values: values(ofBlock: block), supportEnergy: supportEnergy[block],
      normalizedEnergy: normalizedEnergy[block], powerSum: powerSum[block],
      isPerceptible: perceptibleBlocks[block])
  }
}
