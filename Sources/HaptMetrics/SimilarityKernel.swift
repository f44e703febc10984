/// The inner loops of the pairwise engine: dot products, L1 distances and sums over one
/// block of features, in a fixed order of operations.
///
/// Sixteen lanes (four `SIMD4<Double>` accumulators, enough independent addition chains
/// to hide the adder's latency) run over the block, then the lanes are added in a fixed
/// tree, then the tail. The order depends only on the length, never on the thread or the
/// caller, so results are bitwise reproducible. It is not numpy's pairwise order: sums
/// differ from the reference's in the last bits (relative 1e-15), far inside the 1e-9
/// agreement.
enum SimilarityKernel {
  typealias Lanes = SIMD4<Double>

  /// `sum(a[i] * b[i])` for i in 0..<count.
  ///
  /// - Complexity: O(count), no allocation.
  @inline(__always)
  static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
    var s0 = Lanes(), s1 = Lanes(), s2 = Lanes(), s3 = Lanes()
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    var i = 0
    while i + 16 <= count {
      let o = i &* 8
      s0 +=
        ra.loadUnaligned(fromByteOffset: o, as: Lanes.self)
        * rb.loadUnaligned(fromByteOffset: o, as: Lanes.self)
      s1 +=
        ra.loadUnaligned(fromByteOffset: o + 32, as: Lanes.self)
        * rb.loadUnaligned(fromByteOffset: o + 32, as: Lanes.self)
      s2 +=
        ra.loadUnaligned(fromByteOffset: o + 64, as: Lanes.self)
        * rb.loadUnaligned(fromByteOffset: o + 64, as: Lanes.self)
      s3 +=
        ra.loadUnaligned(fromByteOffset: o + 96, as: Lanes.self)
        * rb.loadUnaligned(fromByteOffset: o + 96, as: Lanes.self)
      i += 16
    }
    var result = combine(s0, s1, s2, s3)
    while i < count {
      result += a[i] * b[i]
      i += 1
    }
    return result
  }

  /// `sum(|a[i] - b[i]|)` for i in 0..<count (the absolute value clears the sign bit).
  ///
  /// - Complexity: O(count), no allocation.
  @inline(__always)
  static func l1Distance(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
    var s0 = Lanes(), s1 = Lanes(), s2 = Lanes(), s3 = Lanes()
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    var i = 0
    while i + 16 <= count {
      let o = i &* 8
      s0 += magnitude(
        ra.loadUnaligned(fromByteOffset: o, as: Lanes.self)
          - rb.loadUnaligned(fromByteOffset: o, as: Lanes.self))
      s1 += magnitude(
        ra.loadUnaligned(fromByteOffset: o + 32, as: Lanes.self)
          - rb.loadUnaligned(fromByteOffset: o + 32, as: Lanes.self))
      s2 += magnitude(
        ra.loadUnaligned(fromByteOffset: o + 64, as: Lanes.self)
          - rb.loadUnaligned(fromByteOffset: o + 64, as: Lanes.self))
      s3 += magnitude(
        ra.loadUnaligned(fromByteOffset: o + 96, as: Lanes.self)
          - rb.loadUnaligned(fromByteOffset: o + 96, as: Lanes.self))
      i += 16
    }
    var result = combine(s0, s1, s2, s3)
    while i < count {
      result += Swift.abs(a[i] - b[i])
      i += 1
    }
    return result
  }

  /// `sum(a[i])` for i in 0..<count, in the same lane order as ``dot(_:_:count:)``.
  static func sum(_ a: UnsafePointer<Double>, count: Int) -> Double {
    var s0 = Lanes(), s1 = Lanes(), s2 = Lanes(), s3 = Lanes()
    let ra = UnsafeRawPointer(a)
    var i = 0
    while i + 16 <= count {
      let o = i &* 8
      s0 += ra.loadUnaligned(fromByteOffset: o, as: Lanes.self)
      s1 += ra.loadUnaligned(fromByteOffset: o + 32, as: Lanes.self)
      s2 += ra.loadUnaligned(fromByteOffset: o + 64, as: Lanes.self)
      s3 += ra.loadUnaligned(fromByteOffset: o + 96, as: Lanes.self)
      i += 16
    }
    var result = combine(s0, s1, s2, s3)
    while i < count {
      result += a[i]
      i += 1
    }
    return result
  }

  /// |x| lane by lane, by clearing the sign bit (one AND; same value as `abs`).
  @inline(__always)
  private static func magnitude(_ x: Lanes) -> Lanes {
    let mask = SIMD4<UInt64>(repeating: 0x7FFF_FFFF_FFFF_FFFF)
    return unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt64>.self) & mask, to: Lanes.self)
  }

  /// The sixteen lanes added in a fixed tree.
  @inline(__always)
  private static func combine(_ s0: Lanes, _ s1: Lanes, _ s2: Lanes, _ s3: Lanes) -> Double {
    let s = (s0 + s1) + (s2 + s3)
    return (s[0] + s[1]) + (s[2] + s[3])
  }
}
