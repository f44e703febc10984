import Foundation
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

  /// Decodes a PNG of stored deflate blocks; nil on anything malformed (signature, CRC,
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
    var raw: [UInt8] = []
    var at = 2
    while true {
      let header = zlib[at]
      let length = Int(zlib[at + 1]) | Int(zlib[at + 2]) << 8
      let complement = Int(zlib[at + 3]) | Int(zlib[at + 4]) << 8
      guard header & 0b110 == 0, length ^ complement == 0xFFFF else { return nil }
      raw += zlib[(at + 5)..<(at + 5 + length)]
      at += 5 + length
      if header & 1 == 1 { break }
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    guard bigEndian(zlib[at..<(at + 4)]) == b << 16 | a, at + 4 == zlib.count else { return nil }
    let stride = decoded.width + 1
    guard raw.count == decoded.height * stride else { return nil }
    for row in 0..<decoded.height {
      guard raw[row * stride] == 0 else { return nil }
      decoded.pixels += raw[(row * stride + 1)..<((row + 1) * stride)]
    }
    return decoded
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

  @Test func dataLongerThanOneStoredBlockIsSplit() throws {
    // 300 x 300 bytes of scanlines: two stored blocks (at most 65,535 bytes each).
    let pixels = (0..<90_000).map { UInt8($0 % 7) }
    let palette = (0..<7).map { (red: UInt8($0), green: UInt8(0), blue: UInt8(0)) }
    let bytes = IndexedPNG(width: 300, height: 300, palette: palette, pixels: pixels).bytes
    let decoded = try #require(Self.decode(bytes))
    #expect(decoded.pixels == pixels)
  }
}
