/// The 64-bit FNV-1a hash (Fowler, Noll, Vo): fingerprints that notice edits, not
/// tampering. Fed bytes, or whole 64-bit words where a caller hashes numbers.
package struct FNV1a: Sendable {
  @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01B3
  /// The hash so far (the offset basis before anything is added).
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  /// Adds one byte.
  @inlinable package mutating func add(_ byte: UInt8) { add(word: UInt64(byte)) }

  /// Adds a 64-bit word in one step (XOR, then multiply), as hapt hashes sample bit patterns.
  @inlinable package mutating func add(word: UInt64) {
    value = (value ^ word) &* Self.prime
  }

  /// Adds every byte of `bytes`.
  @inlinable package mutating func add(bytes: some Sequence<UInt8>) {
    for byte in bytes { add(byte) }
  }
}
