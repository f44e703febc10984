import Foundation

/// A small palette image as a PNG file (W3C PNG, third edition: colour type 3, 8 bits a
/// pixel), for rasters such as the spectrogram's cells, which a page embeds as a `data:`
/// URL far smaller than one SVG rectangle per cell.
///
/// The image data is a zlib stream (RFC 1950) of one deflate block with fixed Huffman
/// codes (``FixedHuffmanDeflate``), each scanline with filter type 0: exact, and the same
/// bytes on every machine. Chunks carry their CRC-32 (ISO 3309, as PNG requires), the zlib
/// stream its Adler-32.
package struct IndexedPNG: Sendable {
  /// Pixels across.
  package let width: Int
  /// Pixels down.
  package let height: Int
  /// The palette: red, green, blue (0...255) of each index; at most 256 entries.
  package let palette: [(red: UInt8, green: UInt8, blue: UInt8)]
  /// Palette indices, row by row from the top, `width * height` of them.
  package let pixels: [UInt8]

  /// - Precondition: `width, height >= 1`, `pixels.count == width * height`, 1...256
  ///   palette entries and every pixel below the palette's count (programming errors).
  package init(width: Int, height: Int, palette: [(red: UInt8, green: UInt8, blue: UInt8)], pixels: [UInt8]) {
    precondition(width >= 1 && height >= 1 && pixels.count == width * height, "IndexedPNG: size mismatch")
    precondition((1...256).contains(palette.count), "IndexedPNG: 1 to 256 palette entries")
    precondition(pixels.allSatisfy { Int($0) < palette.count }, "IndexedPNG: pixel outside the palette")
    self.width = width
    self.height = height
    self.palette = palette
    self.pixels = pixels
  }

  /// The PNG file's bytes.
  ///
  /// - Complexity: O(width * height + palette).
  package var bytes: [UInt8] {
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    Self.appendBigEndian(UInt32(width), to: &header)
    Self.appendBigEndian(UInt32(height), to: &header)
    header += [8, 3, 0, 0, 0]  // 8 bits, palette colour, deflate, adaptive filters, no interlace
    Self.appendChunk("IHDR", header, to: &file)
    Self.appendChunk("PLTE", palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &file)
    var scanlines: [UInt8] = []
    scanlines.reserveCapacity(height * (width + 1))
    for row in 0..<height {
      scanlines.append(0)  // filter type 0: none
      scanlines += pixels[(row * width)..<((row + 1) * width)]
    }
    Self.appendChunk("IDAT", Self.zlib(scanlines), to: &file)
    Self.appendChunk("IEND", [], to: &file)
    return file
  }

  /// The file as a `data:` URL (`data:image/png;base64,...`), for an `<image>`'s `href`.
  package var dataURL: String { "data:image/png;base64," + Data(bytes).base64EncodedString() }

  /// `data` as a zlib stream: the header, ``FixedHuffmanDeflate``'s block, the Adler-32.
  static func zlib(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]  // deflate, 32 KB window; header check: 0x7801 % 31 == 0
    stream += FixedHuffmanDeflate.compress(data)
    appendBigEndian(adler32(data), to: &stream)
    return stream
  }

  /// Adler-32 of `data` (RFC 1950, section 8.2).
  static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < data.count {
      // 5,552 bytes keep both sums below 2^32 before the reduction (zlib's NMAX).
      let end = min(index + 5552, data.count)
      for byte in data[index..<end] {
        a += UInt32(byte)
        b += a
      }
      a %= 65_521
      b %= 65_521
      index = end
    }
    return b << 16 | a
  }

  /// The CRC-32 of PNG chunks (polynomial 0xEDB88320, reflected; PNG, annex D).
  static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  private static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &file)
    let typed = Array(type.utf8) + data
    file += typed
    appendBigEndian(crc32(typed), to: &file)
  }

  private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
