import HaptMetrics

/// What the pairs of a corpus read of each pattern: its perceptual features (for d') and
/// its position in sensation space (for the perceptual distance; nil when silent), held
/// in buffers that every thread reads in place.
///
/// Reading a pattern out of a Swift array copies it, and a copy retains its arrays: with
/// two threads comparing the same patterns, the reference counts of those arrays bounce
/// between the cores, which took about half of the pairs' time of a 100,000-pattern report
/// (`perf`). Read in place, nothing is retained; the values, and so every d' and
/// distance, are the same.
final class PairInputs: @unchecked Sendable {
  private let features: UnsafeMutableBufferPointer<PerceptualFeatures>
  private let positions: UnsafeMutableBufferPointer<[Double]?>

  /// `features` and `positions` in corpus order (as many of each).
  init(features: [PerceptualFeatures], positions: [[Double]?]) {
    precondition(features.count == positions.count)
    self.features = .allocate(capacity: features.count)
    _ = self.features.initialize(from: features)
    self.positions = .allocate(capacity: positions.count)
    _ = self.positions.initialize(from: positions)
  }

  deinit {
    features.deinitialize().deallocate()
    positions.deinitialize().deallocate()
  }

  /// d' between patterns `i` and `j` (``Distinguishability/dPrime(_:_:)``), JND.
  func dPrime(_ i: Int, _ j: Int) -> Double {
    Distinguishability.dPrime(features[i], features[j])
  }

  /// The perceptual distance of patterns `i` and `j` with d' `d`
  /// (``PerceptualDistance/distance(positions:_:dPrime:model:)``); infinite when either
  /// is silent, so that silent patterns are nobody's neighbours.
  func neighbourDistance(_ i: Int, _ j: Int, dPrime d: Double) -> Double {
    guard positions[i] != nil, positions[j] != nil else { return .infinity }
    return PerceptualDistance.distance(positions: positions[i], positions[j], dPrime: d) ?? .infinity
  }
}
