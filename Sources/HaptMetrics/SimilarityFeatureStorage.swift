/// The memory that holds one signal's per-block similarity features, in one allocation.
///
/// A final class because it owns a resource (the allocation, freed in `deinit`): copying
/// a ``SimilarityFeatures`` then costs one reference count, and the pairwise kernel reads
/// the values through plain pointers, without per-array bookkeeping in the inner loop.
/// Written only while the features are computed, read-only afterwards, hence Sendable.
final class SimilarityFeatureStorage: @unchecked Sendable {
  /// The values; `count` doubles, zero-initialised.
  let values: UnsafeMutablePointer<Double>
  /// Number of doubles.
  let count: Int

  init(count: Int) {
    self.count = count
    values = .allocate(capacity: max(count, 1))
    values.initialize(repeating: 0, count: max(count, 1))
  }

  deinit {
    values.deinitialize(count: max(count, 1))
    values.deallocate()
  }
}
