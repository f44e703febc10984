import HaptCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Signal {
  /// A 64-bit hash of the sample count, the sample rate and every sample's bit pattern:
  /// equal for bitwise-identical signals (``isBitwiseIdentical(to:)``), and almost always
  /// different otherwise. For finding repeated signals, not for storing: it may change
  /// between versions.
  ///
  /// Four interleaved ``FNV1a`` lanes (``FNV1a/interleaved(bitPatternsOf:)``), so that
  /// hashing costs about a cycle a sample rather than a multiplication's latency; then
  /// one over the count, the rate and the lanes.
  package var bitwiseHash: UInt64 {
    let lanes = samples.withUnsafeBufferPointer { FNV1a.interleaved(bitPatternsOf: $0) }
    var hash = FNV1a()
    for word in [UInt64(samples.count), sampleRate_Hz.bitPattern] + lanes {
      hash.add(word: word)
    }
    return hash.value
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
