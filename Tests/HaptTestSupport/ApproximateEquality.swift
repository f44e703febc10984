/// Approximate equality of floating-point numbers, the one helper the test targets share
/// instead of writing `abs(a - b) <= tolerance` by hand (after swift-numerics'
/// `isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)`).
///
/// `a` and `b` are approximately equal when `|a - b| <= max(absoluteTolerance,
/// relativeTolerance * max(|a|, |b|))`, or when they are equal (infinities of one sign
/// included). The relation is reflexive and symmetric but not transitive. NaN equals
/// nothing, itself included. With both tolerances left at their defaults the relative
/// tolerance is the square root of the machine epsilon (about 1.5e-8) and the absolute one
/// zero, so values near zero must then be compared with an absolute tolerance.
extension Double {
  package func isApproximatelyEqual(
    to other: Double, absoluteTolerance: Double = 0, relativeTolerance: Double = Double.ulpOfOne.squareRoot()
  ) -> Bool {
    precondition(absoluteTolerance >= 0 && relativeTolerance >= 0, "tolerances must not be negative")
    if self == other { return true }
    guard isFinite, other.isFinite else { return false }
    let scale = Swift.max(abs(self), abs(other))
    return abs(self - other) <= Swift.max(absoluteTolerance, relativeTolerance * scale)
  }
}

extension Array where Element == Double {
  /// Whether both arrays have the same length and every pair of elements is approximately
  /// equal (``Swift/Double/isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)``).
  package func isApproximatelyEqual(
    to other: [Double], absoluteTolerance: Double = 0, relativeTolerance: Double = Double.ulpOfOne.squareRoot()
  ) -> Bool {
    count == other.count
      && zip(self, other).allSatisfy {
        $0.isApproximatelyEqual(to: $1, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
      }
  }
}
