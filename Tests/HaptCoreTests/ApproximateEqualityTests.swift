import HaptTestSupport
import Testing

/// The shared approximate-equality helper's documented properties.
@Suite struct ApproximateEqualityTests {
  @Test func reflexiveAndSymmetric() {
    for (a, b) in [(1.0, 1.0 + 1e-9), (0.0, 1e-12), (-3.0, -3.0000001), (1e300, 1.0000000001e300)] {
      #expect(a.isApproximatelyEqual(to: a))
      #expect(
        a.isApproximatelyEqual(to: b, absoluteTolerance: 1e-6)
          == b.isApproximatelyEqual(to: a, absoluteTolerance: 1e-6))
    }
  }

  @Test func tolerancesBound() {
    #expect(1.0.isApproximatelyEqual(to: 1.25, absoluteTolerance: 0.25))
    #expect(!1.0.isApproximatelyEqual(to: 1.5, absoluteTolerance: 0.25))
    #expect(100.0.isApproximatelyEqual(to: 101, relativeTolerance: 0.01))
    #expect(!100.0.isApproximatelyEqual(to: 102, relativeTolerance: 0.01))
    // Near zero the default relative tolerance alone is strict.
    #expect(!0.0.isApproximatelyEqual(to: 1e-12))
    #expect(0.0.isApproximatelyEqual(to: 1e-12, absoluteTolerance: 1e-9))
  }

  @Test func notTransitive() {
    let (a, b, c) = (0.0, 0.5, 1.0)
    #expect(a.isApproximatelyEqual(to: b, absoluteTolerance: 0.5))
    #expect(b.isApproximatelyEqual(to: c, absoluteTolerance: 0.5))
    #expect(!a.isApproximatelyEqual(to: c, absoluteTolerance: 0.5))
  }

  @Test func nanAndInfinity() {
    #expect(!Double.nan.isApproximatelyEqual(to: .nan, absoluteTolerance: 1))
    #expect(Double.infinity.isApproximatelyEqual(to: .infinity))
    #expect(!Double.infinity.isApproximatelyEqual(to: -.infinity, absoluteTolerance: 1))
    #expect(!Double.infinity.isApproximatelyEqual(to: 1e308, relativeTolerance: 1))
  }

  @Test func arrays() {
    #expect([1.0, 2.0].isApproximatelyEqual(to: [1.0 + 1e-12, 2.0]))
    #expect(![1.0, 2.0].isApproximatelyEqual(to: [1.0]))
    #expect(![1.0, 2.0].isApproximatelyEqual(to: [1.0, 2.1], absoluteTolerance: 0.05))
  }
}
