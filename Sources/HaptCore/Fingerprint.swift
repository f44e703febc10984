/// A stable 64-bit fingerprint of text (FNV-1a), written as 16 hex digits.
///
/// Used to notice that a device profile or a pattern file changed since a baseline was
/// recorded. Not cryptographic: it detects edits, not tampering.
package enum Fingerprint {
  package static func of(_ text: String) -> String {
    of(bytes: Array(text.utf8))
  }

  package static func of(bytes: some Sequence<UInt8>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
