/// A stable 64-bit fingerprint of text (FNV-1a), written as 16 hex digits.
///
/// Used to notice that a device profile or a pattern file changed since a baseline was
/// recorded. Not cryptographic: it detects edits, not tampering.
package enum Fingerprint {
  package static func of(_ text: String) -> String {
    of(bytes: Array(text.utf8))
  }

  package static func of(bytes: some Sequence<UInt8>) -> String {
    var hash = FNV1a()
    hash.add(bytes: bytes)
    let hex = String(hash.value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
