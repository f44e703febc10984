import Foundation
import HaptCore
import Testing

@testable import HaptCharts

/// The palette PNG the spectrogram and colour legends embed, read back by a decoder
/// written here from the PNG and zlib specifications (bit-by-bit CRC, not the encoder's
/// table), so an encoder bug cannot hide behind its own helpers.
@Suite struct IndexedPNGTests {
  /// What a PNG file holds, as a reader sees it.
  struct Decoded {
    var width = 0
    var height = 0
    var palette: [[UInt8]] = []
    var pixels: [UInt8] = []
  }

  static func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~crc
  }

  static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Decodes a PNG; nil on anything malformed (signature, CRC,
  /// zlib header, block lengths, Adler-32, filter type).
  static func decode(_ file: [UInt8]) -> Decoded? {
    guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    var decoded = Decoded()
    var zlib: [UInt8] = []
    var offset = 8
    var sawEnd = false
    while offset + 12 <= file.count {
      let length = Int(bigEndian(file[offset..<(offset + 4)]))
      let typed = Array(file[(offset + 4)..<(offset + 8 + length)])
      let crc = bigEndian(file[(offset + 8 + length)..<(offset + 12 + length)])
      guard bitwiseCRC32(typed) == crc else { return nil }
      let type = String(decoding: typed[0..<4], as: UTF8.self)
      let data = Array(typed[4...])
      switch type {
      case "IHDR":
        decoded.width = Int(bigEndian(data[0..<4]))
        decoded.height = Int(bigEndian(data[4..<8]))
        guard data[8] == 8, data[9] == 3 else { return nil }
      case "PLTE": decoded.palette = stride(from: 0, to: data.count, by: 3).map { Array(data[$0..<($0 + 3)]) }
      case "IDAT": zlib += data
      case "IEND": sawEnd = true
      default: return nil
      }
      offset += 12 + length
    }
    guard sawEnd, offset == file.count, zlib.count >= 6, (Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0 else {
      return nil
    }
    guard let (raw, end) = Self.inflate(zlib, from: 2), end + 4 == zlib.count else { return nil }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    guard bigEndian(zlib[end..<(end + 4)]) == b << 16 | a else { return nil }
    let stride = decoded.width + 1
    guard raw.count == decoded.height * stride else { return nil }
    for row in 0..<decoded.height {
      guard raw[row * stride] == 0 else { return nil }
      decoded.pixels += raw[(row * stride + 1)..<((row + 1) * stride)]
    }
    return decoded
  }

  /// Inflates the deflate blocks of `stream` from byte `start` (RFC 1951: stored blocks and
  /// blocks with the fixed codes; dynamic codes, which the encoder never writes, are
  /// refused). Returns the data and the index of the first byte after the last block.
  static func inflate(_ stream: [UInt8], from start: Int) -> (data: [UInt8], end: Int)? {
    var bit = start * 8
    func read(_ count: Int) -> Int? {
      var value = 0
      for k in 0..<count {
        guard bit / 8 < stream.count else { return nil }
        value |= Int(stream[bit / 8] >> UInt8(bit % 8) & 1) << k
        bit += 1
      }
      return value
    }
    /// A fixed literal/length symbol: codes read most significant bit first.
    func symbol() -> Int? {
      var code = 0
      for length in 1...9 {
        guard let b = read(1) else { return nil }
        code = code << 1 | b
        switch (length, code) {
        case (7, 0...0b0010111): return 256 + code
        case (8, 0b0011_0000...0b1011_1111): return code - 0b0011_0000
        case (8, 0b1100_0000...0b1100_0111): return 280 + code - 0b1100_0000
        case (9, 0b1_1001_0000...0b1_1111_1111): return 144 + code - 0b1_1001_0000
        default: continue
        }
      }
      return nil
    }
    let lengthBase = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
      163, 195, 227, 258,
    ]
    let distanceBase = [
      1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
      2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    var out: [UInt8] = []
    while true {
      guard let final = read(1), let type = read(2) else { return nil }
      switch type {
      case 0:
        bit = (bit + 7) / 8 * 8
        guard let length = read(16), let complement = read(16), length ^ complement == 0xFFFF,
          bit / 8 + length <= stream.count
        else { return nil }
        out += stream[(bit / 8)..<(bit / 8 + length)]
        bit += 8 * length
      case 1:
        while true {
          guard let s = symbol() else { return nil }
          if s < 256 {
            out.append(UInt8(s))
            continue
          }
          if s == 256 { break }
          let l = s - 257
          guard l < 29 else { return nil }
          let lengthExtra = l < 8 || l == 28 ? 0 : (l - 4) / 4
          guard let e = read(lengthExtra), var d = read(5) else { return nil }
          d = (0..<5).reduce(0) { $0 << 1 | (d >> $1 & 1) }  // a 5-bit code, most significant first
          guard d < 30 else { return nil }
          let distanceExtra = d < 4 ? 0 : (d - 2) / 2
          guard let f = read(distanceExtra) else { return nil }
          let length = lengthBase[l] + e
          let distance = distanceBase[d] + f
          guard distance <= out.count else { return nil }
          for _ in 0..<length { out.append(out[out.count - distance]) }
        }
      default: return nil
      }
      if final == 1 { return (out, (bit + 7) / 8) }
    }
  }

  @Test func inflatesAHandMadeStream() throws {
    // "abcabcabcabc" as zlib -9 writes it: literals a, b, c, then a length 9 at distance 3.
    let stream: [UInt8] = [0x4B, 0x4C, 0x4A, 0x4E, 0x84, 0x21, 0x00]
    let (data, end) = try #require(Self.inflate(stream, from: 0))
    #expect(String(decoding: data, as: UTF8.self) == "abcabcabcabc" && end == stream.count)
  }

  @Test(arguments: [0, 1, 2, 3, 257, 4000, 70_000])
  func compressionIsLossless(count: Int) throws {
    // Runs, repeats far back, and noise: every length and distance code gets used.
    var generator = SplitMix64(seed: UInt64(count) + 1)
    var data: [UInt8] = []
    while data.count < count {
      switch data.count % 3 {
      case 0:
        data += [UInt8](
          repeating: UInt8.random(in: 0...3, using: &generator), count: Int.random(in: 1...300, using: &generator))
      case 1:
        let noise = Int.random(in: 1...40, using: &generator)
        for _ in 0..<noise { data.append(UInt8.random(in: 0...255, using: &generator)) }
      default:
        let back = Int.random(in: 1...max(1, data.count), using: &generator)
        let start = data.count - back
        data += data[start..<min(data.count, start + Int.random(in: 3...260, using: &generator))]
      }
    }
    data = Array(data.prefix(count))
    let compressed = FixedHuffmanDeflate.compress(data)
    let (inflated, end) = try #require(Self.inflate(compressed, from: 0))
    #expect(inflated == data && end == compressed.count)
  }

  @Test func aSpectrogramLikeRasterShrinks() {
    // 50 x 17 cells, mostly silence with a few bands: what a page embeds.
    let pixels = (0..<(50 * 17)).map { (i: Int) -> UInt8 in
      let (row, column) = i.quotientAndRemainder(dividingBy: 50)
      return column < 30 && row < 12 ? UInt8(row) : 0
    }
    let palette = (0..<24).map { (red: UInt8($0), green: UInt8(0), blue: UInt8(0)) }
    let bytes = IndexedPNG(width: 50, height: 17, palette: palette, pixels: pixels).bytes
    #expect(bytes.count < 400, "\(bytes.count) bytes for 867 bytes of scanlines")
    #expect(Self.decode(bytes)?.pixels == pixels)
  }

  @Test func checksumsMatchPublishedValues() {
    // Every PNG ends with IEND and the CRC AE 42 60 82; "Wikipedia" is the usual Adler-32 example.
    #expect(IndexedPNG.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    #expect(IndexedPNG.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(IndexedPNG.adler32([]) == 1)
    let long = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    #expect(IndexedPNG.crc32(long) == Self.bitwiseCRC32(long))
  }

  @Test func anImageReadsBackPixelForPixel() throws {
    let palette: [(red: UInt8, green: UInt8, blue: UInt8)] = [(0, 0, 0), (255, 0, 0), (1, 2, 3)]
    let pixels: [UInt8] = [0, 1, 2, 2, 1, 0]
    let png = IndexedPNG(width: 3, height: 2, palette: palette, pixels: pixels)
    let decoded = try #require(Self.decode(png.bytes))
    #expect(decoded.width == 3 && decoded.height == 2)
    #expect(decoded.palette == [[0, 0, 0], [255, 0, 0], [1, 2, 3]])
    #expect(decoded.pixels == pixels)
    #expect(png.dataURL == "data:image/png;base64," + Data(png.bytes).base64EncodedString())
  }

  @Test func dataLongerThanTheWindowReadsBack() throws {
    // 300 x 300 bytes of scanlines: longer than deflate's 32 KB window.
    let pixels = (0..<90_000).map { UInt8($0 % 7) }
    let palette = (0..<7).map { (red: UInt8($0), green: UInt8(0), blue: UInt8(0)) }
    let bytes = IndexedPNG(width: 300, height: 300, palette: palette, pixels: pixels).bytes
    let decoded = try #require(Self.decode(bytes))
    #expect(decoded.pixels == pixels)
  }
}
