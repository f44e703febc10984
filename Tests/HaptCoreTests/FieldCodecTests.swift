import Foundation
import Testing

@testable import HaptCore

/// The fields of part files: text as base64 and numbers as bit patterns read back what
/// was written, and the hand-written decoders agree with Foundation's and the standard
/// library's on valid and invalid fields.
@Suite struct FieldCodecTests {
  /// Deterministic pseudo-random bytes.
  static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  @Test func base64AgreesWithFoundation() throws {
    for seed in UInt64(0)..<200 {
      let raw = Self.bytes(Int(seed % 23), seed: seed)
      let encoded = Data(raw).base64EncodedString()
      #expect(FieldCodec.base64Decoded(Substring(encoded).utf8[...]) == raw, "\(encoded)")
    }
    for bad in ["A", "AB", "ABC", "A===", "=AAA", "AB==CD==", "AB C", "ÄBCD", "AB-_"] {
      #expect(FieldCodec.base64Decoded(Substring(bad).utf8[...]) == nil, "\(bad)")
      #expect(Data(base64Encoded: bad) == nil, "Foundation accepts \(bad)")
    }
    // Padding inside the last group: Foundation reads it, this decoder is stricter.
    #expect(FieldCodec.base64Decoded(Substring("AB=C").utf8[...]) == nil)
  }

  @Test func textRoundTripsAndRefusesInvalidUTF8() {
    for text in ["", "phone one", "dir with space/é", "日本語 ✓", "a\nb\u{0}c"] {
      #expect(FieldCodec.text(Substring(FieldCodec.text(text))) == .some(text))
    }
    #expect(FieldCodec.text(Substring("-")) == .some(nil))
    // 0xFF is not UTF-8.
    #expect(FieldCodec.text(Substring("b" + Data([0x61, 0xFF]).base64EncodedString())) == nil)
    #expect(FieldCodec.text(Substring("x")) == nil)
  }

  @Test func numbersRoundTripBitForBit() {
    let values: [Double] = [0, -0.0, 1, .pi, 1e-310, -.infinity, .greatestFiniteMagnitude, .nan]
    for value in values {
      let read = FieldCodec.number(Substring(FieldCodec.number(value)))
      #expect(read??.bitPattern == value.bitPattern)
    }
    #expect(FieldCodec.number("-") == .some(nil))
    for field in ["ff", "0", "ffffffffffffffff", "FF", "+1f", "10000000000000000", "g", ""] {
      #expect(
        FieldCodec.hexadecimal(Substring(field)) == nil
          || UInt64(field, radix: 16) == FieldCodec.hexadecimal(Substring(field)))
      #expect(FieldCodec.number(Substring(field))??.bitPattern == UInt64(field, radix: 16), "\(field)")
    }
  }
}
