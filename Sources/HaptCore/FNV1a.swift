/// The 64-bit FNV-1a hash (Fowler, Noll, Vo): fingerprints that notice edits, not
/// tampering. Fed bytes, or whole 64-bit words where a caller hashes numbers.
///
/// Callers in other modules hash whole buffers (``add(bytes:)-(UnsafeBufferPointer<UInt8>)``,
/// ``add(bitPatternsFoldingNegativeZeroOf:)``, ``interleaved(bitPatternsOf:)``) rather
/// than word by word: Swift 6.3 does not inline a `package` function into another module,
/// even an `@inlinable` one, so a per-word call from outside cost a function call per
/// sample (2 % of a report's CPU time when signals were hashed that way).
package struct FNV1a: Sendable {
  static let prime: UInt64 = 0x0000_0100_0000_01B3
  /// The hash so far (the offset basis before anything is added).
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  /// Adds one byte.
  package mutating func add(_ byte: UInt8) { add(word: UInt64(byte)) }

  /// Adds a 64-bit word in one step (XOR, then multiply), as hapt hashes sample bit patterns.
  package mutating func add(word: UInt64) {
    value = (value ^ word) &* Self.prime
  }

  /// Adds every byte of `bytes`, in order.
  package mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { add(word: UInt64(byte)) }
  }

  /// Adds every byte of `bytes`, in order (contiguous storage in one pass, any other
  /// sequence byte by byte).
  package mutating func add(bytes: some Sequence<UInt8>) {
    if bytes.withContiguousStorageIfAvailable({ add(bytes: $0) }) != nil { return }
    for byte in bytes { add(byte) }
  }

  /// Adds each value's bit pattern as a word (``add(word:)``), in order, `-0.0` as `0.0`
  /// (so arrays that compare equal hash equally).
  package mutating func add(bitPatternsFoldingNegativeZeroOf values: UnsafeBufferPointer<Double>) {
    for v in values { add(word: (v + 0.0).bitPattern) }
  }

  /// Four hashes of `values`' bit patterns, interleaved: lane `j` adds the values at
  /// indices `j`, `j + 4`, `j + 8`, ..., and lane 0 also the last `count % 4` values. The
  /// four multiplications are independent, so this costs about a cycle a value rather
  /// than a multiplication's latency.
  package static func interleaved(bitPatternsOf values: UnsafeBufferPointer<Double>) -> [UInt64] {
    var lanes = (FNV1a(), FNV1a(), FNV1a(), FNV1a())
    let n = values.count
    var k = 0
    while k + 4 <= n {
      lanes.0.add(word: values[k].bitPattern)
      lanes.1.add(word: values[k + 1].bitPattern)
      lanes.2.add(word: values[k + 2].bitPattern)
      lanes.3.add(word: values[k + 3].bitPattern)
      k += 4
    }
    while k < n {
      lanes.0.add(word: values[k].bitPattern)
      k += 1
    }
    return [lanes.0.value, lanes.1.value, lanes.2.value, lanes.3.value]
  }
}
