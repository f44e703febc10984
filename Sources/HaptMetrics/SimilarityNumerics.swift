import HaptCore
/// The small numerical pieces ST-SIM and SPQI share, written to reproduce the reference
/// package's arithmetic (vibromaf 0.0.8 on numpy and scipy) as closely as doubles allow.
///
/// Sources: numpy's `pairwise_sum` (numpy/_core/src/umath/loops_utils.h.src) and scipy's
/// `ndtr` (cephes / xsf `ndtr.h`).
enum SimilarityNumerics {
  /// The `eps` of ST-SIM and SPQI: double-precision machine epsilon (numpy's
  /// `np.finfo(float).eps`), 2.220446049250313e-16.
  static let eps = Double.ulpOfOne

  /// The sum of `values` in numpy's pairwise order (what `np.sum` and `np.mean` do on a
  /// contiguous float64 array), so that block means and standard deviations match numpy
  /// bit for bit.
  ///
  /// Below 8 elements: a plain loop. Up to 128: eight interleaved partial sums combined as
  /// `((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7))`, then the remainder. Above: split at
  /// `n/2` rounded down to a multiple of 8 and recurse (depth is log2(n/128), bounded).
  ///
  /// - Complexity: O(n).
  static func pairwiseSum(_ values: UnsafeBufferPointer<Double>) -> Double {
    let n = values.count
    guard let base = values.baseAddress else { return 0 }
    if n < 8 {
      var result = 0.0
      for i in 0..<n { result += base[i] }
      return result
    }
    if n <= 128 {
      var r0 = base[0], r1 = base[1], r2 = base[2], r3 = base[3]
      var r4 = base[4], r5 = base[5], r6 = base[6], r7 = base[7]
      var i = 8
      let end = n - n % 8
      while i < end {
        r0 += base[i]
        r1 += base[i + 1]
        r2 += base[i + 2]
        r3 += base[i + 3]
        r4 += base[i + 4]
        r5 += base[i + 5]
        r6 += base[i + 6]
        r7 += base[i + 7]
        i += 8
      }
      var result = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
      while i < n {
        result += base[i]
        i += 1
      }
      return result
    }
    var half = n / 2
    half -= half % 8
    return pairwiseSum(UnsafeBufferPointer(rebasing: values[0..<half]))
      + pairwiseSum(UnsafeBufferPointer(rebasing: values[half..<n]))
  }

  /// The standard normal cumulative distribution function Phi(x), in scipy's `ndtr` form
  /// (`0.5 + 0.5 erf(x/sqrt2)` near 0, `0.5 erfc(|x|/sqrt2)` in the tails), with
  /// Phi(-inf) = 0 and Phi(+inf) = 1 as `scipy.stats.norm.cdf` gives.
  ///
  /// The error functions are the C library's rather than cephes', so values may differ from
  /// scipy's in the last bit or two.
  @inline(__always)
  static func normalCDF(_ a: Double) -> Double {
    let x = a * 0.70710678118654752440  // M_SQRT1_2
    let z = Swift.abs(x)
    if z < 0.70710678118654752440 {
      return 0.5 + 0.5 * erf(x)
    }
    let y = 0.5 * erfc(z)
    return x > 0 ? 1.0 - y : y
  }
}
