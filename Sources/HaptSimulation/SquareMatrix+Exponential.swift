import Foundation

extension SquareMatrix {
  /// The matrix exponential by scaling and squaring with a [13/13] Padé approximant.
  ///
  /// Higham's algorithm (N. J. Higham, "The scaling and squaring method for the matrix
  /// exponential revisited", SIAM J. Matrix Anal. Appl. 26(4), 2005, algorithm 2.3,
  /// degree 13 only): scale by `2^-s` so that the 1-norm is at most theta13 = 5.37,
  /// evaluate the Padé approximant, then square `s` times. Backward error at the level of
  /// the unit roundoff; the LRA discretisation is checked against an independent
  /// eigen-decomposition to 1e-12 in the tests.
  ///
  /// The matrix is first balanced (a diagonal similarity by powers of two, Parlett and
  /// Reinsch, which is exact in floating point): `exp(A) = D exp(D^-1 A D) D^-1`. For the
  /// badly scaled actuator matrices (entries from 1e-4 to 1e4 per step) this brings the
  /// small entries of the result from about 5e-12 to below 1e-13 relative error.
  ///
  /// - Returns: exp(self), or nil if the matrix is not finite, its norm is so large
  ///   that more than 200 squarings would be needed, or the Padé denominator is singular.
  /// - Complexity: O(n^3 (6 + s)) for order n; called once per device, not per sample.
  package func exponential() -> SquareMatrix? {
    guard isFinite else { return nil }
    let (balanced, scales) = balanced()
    guard let inner = balanced.unbalancedExponential() else { return nil }
    var result = inner
    for i in 0..<order {
      for j in 0..<order { result[i, j] = inner[i, j] * scales[i] / scales[j] }
    }
    return result.isFinite ? result : nil
  }

  /// `D^-1 A D` and the diagonal of D (powers of two), by Parlett-Reinsch balancing.
  func balanced() -> (SquareMatrix, [Double]) {
    var a = self
    var scales = [Double](repeating: 1, count: order)
    for _ in 0..<64 {
      var done = true
      for i in 0..<order {
        var r = 0.0
        var c = 0.0
        for j in 0..<order where j != i {
          r += abs(a[i, j])
          c += abs(a[j, i])
        }
        guard c != 0, r != 0 else { continue }
        let s = c + r
        var f = 1.0
        var g = r / 2
        while c < g, f < 0x1p500 {
          f *= 2
          c *= 4
        }
        g = r * 2
        while c > g, f > 0x1p-500 {
          f /= 2
          c /= 4
        }
        if (c + r) / f < 0.95 * s {
          done = false
          scales[i] *= f
          for j in 0..<order { a[i, j] /= f }
          for j in 0..<order { a[j, i] *= f }
        }
      }
      if done { break }
    }
    return (a, scales)
  }

  func unbalancedExponential() -> SquareMatrix? {
    let theta13 = 5.371920351148152
    let norm = norm1
    var squarings = 0
    if norm > theta13 {
      squarings = Int((log2(norm / theta13)).rounded(.up))
    }
    guard squarings <= 200 else { return nil }
    let a = scalbn(1.0, -squarings) * self
    let b: [Double] = [
      64_764_752_532_480_000, 32_382_376_266_240_000, 7_771_770_303_897_600,
      1_187_353_796_428_800, 129_060_195_264_000, 10_559_470_521_600, 670_442_572_800,
      33_522_128_640, 1_323_241_920, 40_840_800, 960_960, 16_380, 182, 1,
    ]
    let identity = SquareMatrix.identity(order)
    let a2 = a * a
    let a4 = a2 * a2
    let a6 = a2 * a4
    let uInner =
      a6 * (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2
      + b[1] * identity
    let u = a * uInner
    let v =
      a6 * (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2
      + b[0] * identity
    guard var result = (v - u).solve(v + u) else { return nil }
    for _ in 0..<squarings { result = result * result }
    return result.isFinite ? result : nil
  }
}
