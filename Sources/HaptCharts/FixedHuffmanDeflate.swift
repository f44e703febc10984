/// A deflate compressor (RFC 1951) for the small images the pages embed: one block with
/// the fixed Huffman codes of section 3.2.6, its repeats found by a greedy LZ77 search.
///
/// Fixed codes need no code tables in the stream, which suits inputs of a few hundred to a
/// few thousand bytes, where dynamic tables would cost as much as they save. The search
/// is deterministic (the same input gives the same bytes on every machine and with every
/// library version), which a zlib of the system would not promise.
enum FixedHuffmanDeflate {
  /// Shortest and longest repeat deflate can code, bytes.
  static let minMatch = 3
  static let maxMatch = 258
  /// How far back a repeat may start, bytes (deflate's 32 KB window).
  static let window = 32_768
  /// Candidate positions tried per byte: enough for the long runs and repeated rows of a
  /// raster, and a bound that keeps the search linear in the input.
  static let maxChainSteps = 32

  /// `data` as one final deflate block with fixed Huffman codes.
  ///
  /// - Complexity: O(n * maxChainSteps * maxMatch) in the worst case, O(n) typically.
  static func compress(_ data: [UInt8]) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL: the last block
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    let hashSize = 1 << 13
    var head = [Int](repeating: -1, count: hashSize)
    var previous = [Int](repeating: -1, count: data.count)
    func hash(_ i: Int) -> Int {
      (Int(data[i]) << 10 ^ Int(data[i + 1]) << 5 ^ Int(data[i + 2])) & (hashSize - 1)
    }
    func insert(_ i: Int) {
      guard i + minMatch <= data.count else { return }
      let h = hash(i)
      previous[i] = head[h]
      head[h] = i
    }
    var i = 0
    while i < data.count {
      var bestLength = 0
      var bestDistance = 0
      if i + minMatch <= data.count {
        var candidate = head[hash(i)]
        var steps = 0
        let longest = min(maxMatch, data.count - i)
        while candidate >= 0, i - candidate <= window, steps < maxChainSteps {
          var length = 0
          while length < longest, data[candidate + length] == data[i + length] { length += 1 }
          if length > bestLength {
            bestLength = length
            bestDistance = i - candidate
            if length == longest { break }
          }
          candidate = previous[candidate]
          steps += 1
        }
      }
      if bestLength >= minMatch {
        writeLength(bestLength, to: &bits)
        writeDistance(bestDistance, to: &bits)
        for k in i..<(i + bestLength) { insert(k) }
        i += bestLength
      } else {
        writeLiteral(Int(data[i]), to: &bits)
        insert(i)
        i += 1
      }
    }
    writeLiteral(256, to: &bits)  // end of block
    return bits.finished()
  }

  /// Writes literal/length symbol `symbol` (0...287) with its fixed code (section 3.2.6).
  static func writeLiteral(_ symbol: Int, to bits: inout BitWriter) {
    switch symbol {
    case 0...143: bits.writeHuffman(0x30 + symbol, count: 8)
    case 144...255: bits.writeHuffman(0x190 + symbol - 144, count: 9)
    case 256...279: bits.writeHuffman(symbol - 256, count: 7)
    default: bits.writeHuffman(0xC0 + symbol - 280, count: 8)
    }
  }

  /// The first length of each length code 257...285, and its extra bits (section 3.2.5).
  static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  /// The first distance of each distance code 0...29, and its extra bits.
  static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  static func writeLength(_ length: Int, to bits: inout BitWriter) {
    let code = (lengthBases.lastIndex { $0 <= length })!
    writeLiteral(257 + code, to: &bits)
    bits.write(length - lengthBases[code], count: lengthExtraBits[code])
  }

  static func writeDistance(_ distance: Int, to bits: inout BitWriter) {
    let code = (distanceBases.lastIndex { $0 <= distance })!
    bits.writeHuffman(code, count: 5)
    bits.write(distance - distanceBases[code], count: distanceExtraBits[code])
  }

  /// Bits packed from the least significant end of each byte, as deflate stores them.
  struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    /// The low `count` bits of `value`, least significant first (header fields and extra
    /// bits).
    mutating func write(_ value: Int, count: Int) {
      guard count > 0 else { return }
      buffer |= UInt64(value & ((1 << count) - 1)) << UInt64(filled)
      filled += count
      while filled >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: buffer))
        buffer >>= 8
        filled -= 8
      }
    }

    /// A Huffman code of `count` bits, most significant first (section 3.1.1).
    mutating func writeHuffman(_ code: Int, count: Int) {
      var reversed = 0
      for k in 0..<count where code >> k & 1 == 1 { reversed |= 1 << (count - 1 - k) }
      write(reversed, count: count)
    }

    /// The bytes, the last one padded with zero bits.
    mutating func finished() -> [UInt8] {
      if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
      buffer = 0
      filled = 0
      return bytes
    }
  }
}
