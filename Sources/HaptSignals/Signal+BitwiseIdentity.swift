#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Signal {
  /// A 64-bit hash of the sample rate and every sample's bit pattern: equal for
  /// bitwise-identical signals (``isBitwiseIdentical(to:)``), and almost always different
  /// otherwise. For finding repeated signals, not for storing: it may change between
  /// versions.
  ///
  /// Four interleaved multiply-and-XOR lanes, so that hashing costs about a cycle a sample
  /// rather than a multiplication's latency.
  package var bitwiseHash: UInt64 {
    let prime: UInt64 = 0x0000_0100_0000_01B3
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0xcbf2_9ce4_8422_2325, 0x9e37_79b9_7f4a_7c15, UInt64(samples.count), sampleRate_Hz.bitPattern
    )
    samples.withUnsafeBufferPointer { x in
      let n = x.count
      var k = 0
      while k + 4 <= n {
        lanes.0 = (lanes.0 ^ x[k].bitPattern) &* prime
        lanes.1 = (lanes.1 ^ x[k + 1].bitPattern) &* prime
        lanes.2 = (lanes.2 ^ x[k + 2].bitPattern) &* prime
        lanes.3 = (lanes.3 ^ x[k + 3].bitPattern) &* prime
        k += 4
      }
      while k < n {
        lanes.0 = (lanes.0 ^ x[k].bitPattern) &* prime
        k += 1
      }
    }
    var hash = lanes.0
    for lane in [lanes.1, lanes.2, lanes.3] { hash = (hash ^ lane) &* prime }
    return hash
  }

  /// Whether `other` has the same sample rate and the same samples, bit for bit (so
  /// `-0.0` differs from `0.0` and a NaN equals the same NaN, unlike `==`): what any
  /// computation on the two signals sees as the same input.
  package func isBitwiseIdentical(to other: Signal) -> Bool {
    guard sampleRate_Hz.bitPattern == other.sampleRate_Hz.bitPattern, samples.count == other.samples.count else {
      return false
    }
    return samples.withUnsafeBytes { a in
      other.samples.withUnsafeBytes { b in
        a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
      }
    }
  }
}
