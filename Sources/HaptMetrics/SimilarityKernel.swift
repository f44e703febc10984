/// The inner loops of the pairwise engine: dot products, L1 distances and sums over one
/// block of features, in a fixed order of operations.
///
/// Eight lanes (two `SIMD4<Double>` accumulators) run over the block, then the lanes are
/// added in a fixed tree, then the tail. The order depends only on the length, never on
/// the thread or the caller, so results are bitwise reproducible. It is not numpy's
/// pairwise order: sums differ from the reference's in the last bits (relative 1e-15),
/// far inside the 1e-9 agreement.
enum SimilarityKernel {
  /// `sum(a[i] * b[i])` for i in 0..<count.
  ///
  /// - Complexity: O(count), no allocation.
  @inline(__always)
  static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
    var s0 = SIMD4<Double>(), s1 = SIMD4<Double>()
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    var i = 0
    while i + 8 <= count {
      let offset = i &* 8
      s0 += ra.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
        * rb.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
      s1 += ra.loadUnaligned(fromByteOffset: offset + 32, as: SIMD4<Double>.self)
        * rb.loadUnaligned(fromByteOffset: offset + 32, as: SIMD4<Double>.self)
      i += 8
    }
    var result = combine(s0, s1)
    while i < count {
      result += a[i] * b[i]
      i += 1
    }
    return result
  }

  /// `sum(|a[i] - b[i]|)` for i in 0..<count (inputs must not be NaN; NaN lanes give an
  /// unspecified but finite-or-NaN result, never a trap).
  ///
  /// - Complexity: O(count), no allocation.
  @inline(__always)
  static func l1Distance(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
    var s0 = SIMD4<Double>(), s1 = SIMD4<Double>()
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    var i = 0
    while i + 8 <= count {
      let offset = i &* 8
      let d0 =
        ra.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
        - rb.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
      let d1 =
        ra.loadUnaligned(fromByteOffset: offset + 32, as: SIMD4<Double>.self)
        - rb.loadUnaligned(fromByteOffset: offset + 32, as: SIMD4<Double>.self)
      s0 += d0.replacing(with: -d0, where: d0 .< 0)
      s1 += d1.replacing(with: -d1, where: d1 .< 0)
      i += 8
    }
    var result = combine(s0, s1)
    while i < count {
      result += Swift.abs(a[i] - b[i])
      i += 1
    }
    return result
  }

  /// `sum(a[i])` for i in 0..<count, in the same lane order as ``dot(_:_:count:)``.
  static func sum(_ a: UnsafePointer<Double>, count: Int) -> Double {
    var s0 = SIMD4<Double>(), s1 = SIMD4<Double>()
    let ra = UnsafeRawPointer(a)
    var i = 0
    while i + 8 <= count {
      let offset = i &* 8
      s0 += ra.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
      s1 += ra.loadUnaligned(fromByteOffset: offset + 32, as: SIMD4<Double>.self)
      i += 8
    }
    var result = combine(s0, s1)
    while i < count {
      result += a[i]
      i += 1
    }
    return result
  }

  /// The eight lanes added in a fixed tree.
  @inline(__always)
  private static func combine(_ s0: SIMD4<Double>, _ s1: SIMD4<Double>) -> Double {
    let s = s0 + s1
    return (s[0] + s[1]) + (s[2] + s[3])
  }
}
