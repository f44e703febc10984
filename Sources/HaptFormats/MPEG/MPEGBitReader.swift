import HaptCore
import HaptPatterns

/// Reads the big-endian bit fields of an MPEG-I Haptics stream (`.hmpg`), most significant
/// bit first, within `start..<end` (bits) of the file's bytes.
///
/// Every read past `end` throws an ``InputError`` naming the byte it would have needed, so
/// a truncated or lying length field fails with one line instead of reading on.
struct MPEGBitReader {
  let bytes: [UInt8]
  /// Bit offset of the next read.
  private(set) var position: Int
  /// Bit offset one past the last readable bit.
  let end: Int
  /// What is being read, for error messages ("unit", "band metadata packet", ...).
  let what: String

  init(_ bytes: [UInt8], startBit: Int = 0, endBit: Int? = nil, what: String) {
    self.bytes = bytes
    position = startBit
    end = min(endBit ?? bytes.count * 8, bytes.count * 8)
    self.what = what
  }

  /// The byte the next read starts in (for places).
  var byte: Int { position / 8 }
  var place: String { "byte \(byte)" }
  var bitsLeft: Int { end - position }

  /// An error at the current byte.
  func error(_ message: String) -> InputError { InputError(place: place, message) }

  /// An unsigned field of `count` bits (at most 32).
  mutating func uint(_ count: Int) throws -> UInt32 {
    precondition(count >= 0 && count <= 32)
    guard position + count <= end else {
      throw error("\(what) ends early (needs \(count) more bits, \(max(bitsLeft, 0)) left)")
    }
    var value: UInt64 = 0
    for _ in 0..<count {
      let bit = (bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
      value = value << 1 | UInt64(bit)
      position += 1
    }
    return UInt32(value)
  }

  mutating func int(_ count: Int) throws -> Int { Int(try uint(count)) }

  /// A two's-complement signed field of `count` bits.
  mutating func signed(_ count: Int) throws -> Int {
    let raw = Int(try uint(count))
    return raw >= 1 << (count - 1) ? raw - (1 << count) : raw
  }

  /// A quantised real in `low...high`: `n / (2^count - 1)` of the way from `low`, computed
  /// in single precision like the MPEG reference decoder, so the values are its values.
  mutating func real(_ count: Int, _ low: Float, _ high: Float) throws -> Double {
    let n = Float(try uint(count))
    let maximum = Float(UInt64(1) << UInt64(count) - 1)
    let normalized = Swift.min(Swift.max(n / maximum, 0), 1)
    return Double(normalized * (high - low) + low)
  }

  /// A string of `count` bytes (invalid UTF-8 is repaired).
  mutating func string(_ count: Int) throws -> String {
    var chars: [UInt8] = []
    chars.reserveCapacity(count)
    for _ in 0..<count { chars.append(UInt8(try uint(8))) }
    return String(decoding: chars, as: UTF8.self)
  }

  /// A string preceded by its length in `lengthBits` bits.
  mutating func lengthPrefixedString(_ lengthBits: Int = 8) throws -> String {
    try string(try int(lengthBits))
  }

  mutating func skip(_ count: Int) throws {
    guard position + count <= end else {
      throw error("\(what) ends early (needs \(count) more bits, \(max(bitsLeft, 0)) left)")
    }
    position += count
  }
}
