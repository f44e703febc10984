/// A small, deterministic FLAC encoder for 16-bit mono PCM (RFC 9639), in plain Swift.
///
/// hapt's reports ship each pattern's sound as FLAC; encoding here rather than through
/// libFLAC keeps the bytes the same on every machine and every libFLAC version (no vendor
/// string, no version-dependent choices). Integer arithmetic only, linear time.
///
/// The stream (RFC 9639 section 6): `fLaC`, one STREAMINFO block (the last metadata block),
/// then one frame per block of ``blockSize`` samples, the last block holding the rest.
/// Each frame has one subframe, the smallest of: CONSTANT (a block of equal samples), a
/// FIXED predictor of order 0 to 4 with a partitioned Rice residual, or VERBATIM.
package enum FLACEncoder {
  /// Samples per frame, all but the last (RFC 9639 section 9.1.1, code 0b1100). Within the
  /// streamable subset's 4608 for rates up to 48 kHz (section 7).
  static let blockSize = 4096

  /// The highest sample rate encoded, Hz: the STREAMINFO field has 20 bits (section 8.2).
  static let maximumSampleRate_Hz = (1 << 20) - 1

  /// Encodes mono 16-bit samples as a complete FLAC stream.
  ///
  /// - Parameters:
  ///   - samples: the signal as 16-bit integer codes (full scale is 32768).
  ///   - sampleRate_Hz: 1 to 1,048,575 Hz. Rates without a frame-header code (RFC 9639
  ///     section 9.1.2: above 65,535 Hz and neither a multiple of 10 nor of 1000) refer to
  ///     STREAMINFO, which is valid FLAC but outside the streamable subset.
  /// - Returns: the bytes of a `.flac` file. STREAMINFO's MD5 signature is all zero, which
  ///   RFC 9639 section 8.2 defines as "not computed" (decoders then skip the check); its
  ///   block sizes are those used (the largest block, at least the format's 16) and its
  ///   frame sizes the smallest and largest frame's bytes. Empty input gives a valid stream
  ///   of 42 bytes: STREAMINFO with 0 total samples (which the format also reads as
  ///   "unknown"), frame sizes 0 ("unknown") and no frames.
  package static func encode(_ samples: [Int16], sampleRate_Hz: Int) -> [UInt8] {
    precondition(
      (1...maximumSampleRate_Hz).contains(sampleRate_Hz), "FLAC sample rate \(sampleRate_Hz) Hz is not in 1...1048575")
    precondition(samples.count < 1 << 36, "FLAC streams hold fewer than 2^36 samples")
    let rate = sampleRateCode(sampleRate_Hz)
    var frames = BitWriter()
    var frameSizes: (smallest: Int, largest: Int) = (0, 0)
    for (number, start) in stride(from: 0, to: samples.count, by: blockSize).enumerated() {
      let before = frames.bytes.count
      writeFrame(samples[start..<min(start + blockSize, samples.count)], number: number, rate: rate, to: &frames)
      let size = frames.bytes.count - before
      frameSizes = number == 0 ? (size, size) : (min(frameSizes.smallest, size), max(frameSizes.largest, size))
    }
    let largestBlock = max(16, min(blockSize, samples.count))
    var stream = streamHeader(
      blockSize: largestBlock, frameSizes: frameSizes, sampleRate_Hz: sampleRate_Hz, totalSamples: samples.count)
    stream.append(contentsOf: frames.bytes)
    return stream
  }

  // MARK: - Stream header

  /// `fLaC` and the STREAMINFO block, flagged as the last metadata block (RFC 9639
  /// sections 8.1 and 8.2): block sizes in samples, frame sizes in bytes, 1 channel,
  /// 16 bits, MD5 all zero ("not computed").
  static func streamHeader(
    blockSize: Int, frameSizes: (smallest: Int, largest: Int), sampleRate_Hz: Int, totalSamples: Int
  ) -> [UInt8] {
    var header = BitWriter()
    for byte in "fLaC".utf8 { header.write(UInt64(byte), bits: 8) }
    header.write(1, bits: 1)  // last metadata block
    header.write(0, bits: 7)  // type 0: STREAMINFO
    header.write(34, bits: 24)  // its length in bytes
    header.write(UInt64(blockSize), bits: 16)  // minimum block size (all blocks but the last)
    header.write(UInt64(blockSize), bits: 16)  // maximum block size
    header.write(UInt64(frameSizes.smallest), bits: 24)
    header.write(UInt64(frameSizes.largest), bits: 24)
    header.write(UInt64(sampleRate_Hz), bits: 20)
    header.write(0, bits: 3)  // channels - 1
    header.write(15, bits: 5)  // bits per sample - 1
    header.write(UInt64(totalSamples) >> 32, bits: 4)
    header.write(UInt64(totalSamples) & 0xFFFF_FFFF, bits: 32)
    for _ in 0..<4 { header.write(0, bits: 32) }  // MD5: not computed
    return header.bytes
  }

  // MARK: - Frame

  /// A 4-bit frame-header code and the value stored after the coded number when the code
  /// says so (RFC 9639 sections 9.1.6 and 9.1.7): its value and width in bits.
  struct HeaderCode {
    var code: UInt64
    var stored: (value: UInt64, bits: Int)?
  }

  /// The frame-header code of a sample rate in Hz (RFC 9639 section 9.1.2): a direct code,
  /// else kilohertz in 8 bits, hertz in 16 bits, tens of hertz in 16 bits, else 0 (the
  /// rate is only in STREAMINFO).
  static func sampleRateCode(_ rate_Hz: Int) -> HeaderCode {
    switch rate_Hz {
    case 88_200: return HeaderCode(code: 1)
    case 176_400: return HeaderCode(code: 2)
    case 192_000: return HeaderCode(code: 3)
    case 8000: return HeaderCode(code: 4)
    case 16_000: return HeaderCode(code: 5)
    case 22_050: return HeaderCode(code: 6)
    case 24_000: return HeaderCode(code: 7)
    case 32_000: return HeaderCode(code: 8)
    case 44_100: return HeaderCode(code: 9)
    case 48_000: return HeaderCode(code: 10)
    case 96_000: return HeaderCode(code: 11)
    case _ where rate_Hz % 1000 == 0 && rate_Hz / 1000 <= 255:
      return HeaderCode(code: 12, stored: (UInt64(rate_Hz / 1000), 8))
    case _ where rate_Hz <= 65_535: return HeaderCode(code: 13, stored: (UInt64(rate_Hz), 16))
    case _ where rate_Hz % 10 == 0 && rate_Hz / 10 <= 65_535:
      return HeaderCode(code: 14, stored: (UInt64(rate_Hz / 10), 16))
    default: return HeaderCode(code: 0)
    }
  }

  /// The frame-header code of a block size in samples (RFC 9639 section 9.1.1): a direct
  /// code, else the size minus 1 in 8 or 16 bits.
  static func blockSizeCode(_ size: Int) -> HeaderCode {
    if size == 192 { return HeaderCode(code: 1) }
    for v in 2...5 where size == 144 << v { return HeaderCode(code: UInt64(v)) }
    for v in 8...15 where size == 1 << v { return HeaderCode(code: UInt64(v)) }
    return size <= 256
      ? HeaderCode(code: 6, stored: (UInt64(size - 1), 8)) : HeaderCode(code: 7, stored: (UInt64(size - 1), 16))
  }

  /// One frame (RFC 9639 section 9): header with CRC-8, the subframe, zero bits to the
  /// byte boundary, CRC-16. `number` is the frame's index (a fixed-block-size stream).
  static func writeFrame(
    _ block: ArraySlice<Int16>, number: Int, rate: HeaderCode, to writer: inout BitWriter
  ) {
    let start = writer.bytes.count
    let size = blockSizeCode(block.count)
    writer.write(0xFFF8, bits: 16)  // sync code, blocking strategy 0 (fixed block size)
    writer.write(size.code, bits: 4)
    writer.write(rate.code, bits: 4)
    writer.write(0, bits: 4)  // channels: mono
    writer.write(0b100, bits: 3)  // 16 bits per sample
    writer.write(0, bits: 1)  // reserved
    writeCodedNumber(UInt64(number), to: &writer)
    if let stored = size.stored { writer.write(stored.value, bits: stored.bits) }
    if let stored = rate.stored { writer.write(stored.value, bits: stored.bits) }
    writer.write(UInt64(crc8(writer.bytes[start...])), bits: 8)
    writeSubframe(plan(block), block: block, to: &writer)
    writer.alignToByte()
    writer.write(UInt64(crc16(writer.bytes[start...])), bits: 16)
  }

  /// A frame number in FLAC's UTF-8-like code (RFC 9639 section 9.1.5): one byte below
  /// 128, else a lead byte of n ones and a zero, then n - 1 bytes `10xxxxxx` (n up to 7).
  static func writeCodedNumber(_ number: UInt64, to writer: inout BitWriter) {
    guard number >= 0x80 else { return writer.write(number, bits: 8) }
    var length = 2
    while number >> (5 * length + 1) != 0 { length += 1 }
    let continuation = 6 * (length - 1)
    writer.write((0xFF << (8 - length)) & 0xFF | number >> continuation, bits: 8)
    for shift in stride(from: continuation - 6, through: 0, by: -6) {
      writer.write(0x80 | (number >> shift) & 0x3F, bits: 8)
    }
  }

  // MARK: - Subframe

  /// How one block is coded (RFC 9639 section 9.2).
  enum Subframe: Equatable {
    /// Every sample equals `value` (section 9.2.3).
    case constant(value: Int16)
    /// The samples as they are, 16 bits each (section 9.2.4).
    case verbatim
    /// A fixed predictor of `order` 0 to 4 and its coded residual (sections 9.2.5, 9.2.7).
    case fixed(order: Int, residual: ResidualCoding)
  }

  /// The coded residual: the Rice partition order and each partition's coding.
  struct ResidualCoding: Equatable {
    var partitionOrder: Int
    var partitions: [PartitionCoding]
  }

  /// One partition of a coded residual (RFC 9639 section 9.2.7).
  enum PartitionCoding: Equatable {
    /// A Rice parameter 0 to 14 (section 9.2.7.2; 15 is the escape code).
    case rice(parameter: Int)
    /// The escape code: every residual stored in `bits` bits, two's complement (section
    /// 9.2.7.1). At least 1 bit: 0 bits (an all-zero partition) is valid but rare in the
    /// wild, so it is left out for decoders' sake; such a partition takes Rice parameter 0
    /// (1 bit a residual).
    case escape(bits: Int)
  }

  /// The largest Rice parameter with 4-bit parameters (0b1111 is the escape code).
  static let largestRiceParameter = 14

  /// The largest Rice partition order tried: the streamable subset's limit (RFC 9639
  /// section 7).
  static let largestPartitionOrder = 8

  /// The smallest coding of `block`: CONSTANT if its samples are equal, else the
  /// smaller of the best FIXED predictor (orders 0 to 4, fewer than the block's samples)
  /// and VERBATIM (ties go to VERBATIM, then to the lower order).
  static func plan(_ block: ArraySlice<Int16>) -> Subframe {
    guard let first = block.first, block.contains(where: { $0 != first }) else {
      return .constant(value: block.first ?? 0)
    }
    var best = Subframe.verbatim
    var bestBits = 8 + 16 * block.count
    var differences = block.map { Int32($0) }
    for order in 0...min(4, block.count - 1) {
      if order > 0 { differentiate(&differences, from: order) }
      let coding = residualCoding(differences[order...], blockSize: block.count, order: order)
      let bits = 8 + 16 * order + coding.bits
      if bits < bestBits { (best, bestBits) = (.fixed(order: order, residual: coding.coding), bits) }
    }
    return best
  }

  /// Turns the residual of fixed predictor `order - 1` (valid from index `order - 1`) into
  /// that of `order`, in place: each fixed predictor's residual is the difference of the
  /// previous one's (RFC 9639 section 9.2.5). 16-bit samples keep order 4 within 20 bits.
  static func differentiate(_ values: inout [Int32], from order: Int) {
    for n in stride(from: values.count - 1, through: order, by: -1) { values[n] -= values[n - 1] }
  }

  /// The fixed predictor's residual of `block` (RFC 9639 section 9.2.5), one value per
  /// sample from index `order` on.
  static func fixedResidual(_ block: ArraySlice<Int16>, order: Int) -> ArraySlice<Int32> {
    var values = block.map { Int32($0) }
    for step in 0..<order { differentiate(&values, from: step + 1) }
    return values[order...]
  }

  /// Writes a subframe: header (no wasted bits), then its samples or warm-up samples and
  /// coded residual (RFC 9639 sections 9.2.1 to 9.2.7).
  static func writeSubframe(_ subframe: Subframe, block: ArraySlice<Int16>, to writer: inout BitWriter) {
    switch subframe {
    case .constant(let value):
      writer.write(0b0_000000_0, bits: 8)
      writer.writeSigned(Int(value), bits: 16)
    case .verbatim:
      writer.write(0b0_000001_0, bits: 8)
      for sample in block { writer.writeSigned(Int(sample), bits: 16) }
    case .fixed(let order, let coding):
      writer.write(UInt64(0b0_001000_0 | order << 1), bits: 8)
      for sample in block.prefix(order) { writer.writeSigned(Int(sample), bits: 16) }
      writeResidual(fixedResidual(block, order: order), coding: coding, blockSize: block.count, to: &writer)
    }
  }

  // MARK: - Residual

  /// The smallest partitioned Rice coding (method 0, 4-bit parameters) of a residual that
  /// starts at sample `order` of a block of `blockSize` samples, and its exact size in
  /// bits (method, order and every partition; RFC 9639 section 9.2.7).
  ///
  /// Sums the residual's cost for every Rice parameter over the finest partitions allowed
  /// (the block size divisible by their count, each longer than `order`), then merges
  /// neighbours order by order, keeping the cheapest; ties go to the lower order.
  static func residualCoding(
    _ residual: ArraySlice<Int32>, blockSize: Int, order: Int
  ) -> (coding: ResidualCoding, bits: Int) {
    var finest = 0
    while finest < largestPartitionOrder && blockSize % (2 << finest) == 0 && blockSize >> (finest + 1) > order {
      finest += 1
    }
    var partitions = PartitionCosts(residual, blockSize: blockSize, order: order, partitionOrder: finest)
    var best = partitions.cheapest(order: finest)
    for partitionOrder in stride(from: finest - 1, through: 0, by: -1) {
      partitions.mergePairs()
      let candidate = partitions.cheapest(order: partitionOrder)
      if candidate.bits <= best.bits { best = candidate }
    }
    return (best.coding, 6 + best.bits)
  }

  /// Writes a coded residual with `coding` (RFC 9639 sections 9.2.7 to 9.2.7.2).
  static func writeResidual(
    _ residual: ArraySlice<Int32>, coding: ResidualCoding, blockSize: Int, to writer: inout BitWriter
  ) {
    writer.write(0, bits: 2)  // method 0: 4-bit Rice parameters
    writer.write(UInt64(coding.partitionOrder), bits: 4)
    let length = blockSize >> coding.partitionOrder
    let order = blockSize - residual.count
    var next = residual.startIndex
    for (index, partition) in coding.partitions.enumerated() {
      let end = residual.startIndex + (index + 1) * length - order
      switch partition {
      case .rice(let parameter):
        writer.write(UInt64(parameter), bits: 4)
        for value in residual[next..<end] { writer.writeRice(folded(value), parameter: parameter) }
      case .escape(let bits):
        writer.write(0b1111, bits: 4)
        writer.write(UInt64(bits), bits: 5)
        for value in residual[next..<end] { writer.writeSigned(Int(value), bits: bits) }
      }
      next = end
    }
  }

  /// A residual as the unsigned number Rice codes (zigzag: 0, -1, 1, -2, ... to 0, 1, 2,
  /// 3, ...; RFC 9639 section 9.2.7.2).
  @inline(__always)
  static func folded(_ value: Int32) -> UInt64 {
    value >= 0 ? UInt64(value) << 1 : UInt64(-Int64(value)) << 1 - 1
  }

  /// The bits of two's complement that hold `value` (0 for 0).
  @inline(__always)
  static func signedWidth(_ value: Int32) -> Int {
    value == 0 ? 0 : 33 - (value < 0 ? ~value : value).leadingZeroBitCount
  }
}

extension FLACEncoder {
  /// The costs of coding a residual's partitions with each Rice parameter and with the
  /// escape code, for one partition order at a time (finest first, then merged in pairs).
  struct PartitionCosts {
    /// Parameters 0...largestRiceParameter.
    private static let parameters = FLACEncoder.largestRiceParameter + 1
    /// Per partition, per parameter k: the sum of (folded residual >> k), the unary part.
    private var quotientSums: [Int]
    /// Per partition: residual count and the widest residual in two's complement bits.
    private var counts: [Int]
    private var widths: [Int]

    init(_ residual: ArraySlice<Int32>, blockSize: Int, order: Int, partitionOrder: Int) {
      let count = 1 << partitionOrder
      let length = blockSize >> partitionOrder
      quotientSums = Array(repeating: 0, count: count * Self.parameters)
      counts = Array(repeating: length, count: count)
      counts[0] -= order
      widths = Array(repeating: 0, count: count)
      for (offset, value) in residual.enumerated() {
        let partition = (offset + order) / length
        let folded = FLACEncoder.folded(value)
        let base = partition * Self.parameters
        for k in 0..<Self.parameters { quotientSums[base + k] += Int(folded >> UInt64(k)) }
        widths[partition] = max(widths[partition], FLACEncoder.signedWidth(value))
      }
    }

    /// Halves the partition order: each pair of neighbours becomes one partition.
    mutating func mergePairs() {
      let merged = counts.count / 2
      for p in 0..<merged {
        for k in 0..<Self.parameters {
          quotientSums[p * Self.parameters + k] =
            quotientSums[2 * p * Self.parameters + k] + quotientSums[(2 * p + 1) * Self.parameters + k]
        }
        counts[p] = counts[2 * p] + counts[2 * p + 1]
        widths[p] = max(widths[2 * p], widths[2 * p + 1])
      }
      quotientSums.removeLast(merged * Self.parameters)
      counts.removeLast(merged)
      widths.removeLast(merged)
    }

    /// The cheapest coding of every current partition and the total in bits, each with its
    /// 4-bit parameter (the 2-bit method and 4-bit order are not counted).
    func cheapest(order: Int) -> (coding: ResidualCoding, bits: Int) {
      var codings: [PartitionCoding] = []
      codings.reserveCapacity(counts.count)
      var total = 0
      for p in counts.indices {
        let (coding, bits) = cheapest(partition: p)
        codings.append(coding)
        total += 4 + bits
      }
      return (ResidualCoding(partitionOrder: order, partitions: codings), total)
    }

    /// A partition's cheapest coding and its bits after the parameter: Rice parameter k
    /// costs a stop bit and k low bits per residual plus the unary quotients; the escape
    /// code costs 5 bits of width plus that width per residual. Ties go to the smaller k,
    /// then to Rice.
    private func cheapest(partition p: Int) -> (PartitionCoding, Int) {
      let count = counts[p]
      var best = (PartitionCoding.rice(parameter: 0), count + quotientSums[p * Self.parameters])
      for k in 1..<Self.parameters {
        let bits = count * (1 + k) + quotientSums[p * Self.parameters + k]
        if bits < best.1 { best = (.rice(parameter: k), bits) }
      }
      let width = max(1, widths[p])
      let escaped = 5 + count * width
      if escaped < best.1 { best = (.escape(bits: width), escaped) }
      return best
    }
  }
}

extension FLACEncoder {
  /// Big-endian bit packing into bytes (FLAC writes every field most significant bit first).
  struct BitWriter {
    private(set) var bytes: [UInt8] = []
    /// Bits written but not yet a whole byte, in the low `pendingCount` bits.
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// Appends the low `bits` bits of `value` (0 to 32 bits).
    @inline(__always)
    mutating func write(_ value: UInt64, bits: Int) {
      guard bits > 0 else { return }
      pending = pending << UInt64(bits) | value & ((1 << UInt64(bits)) - 1)
      pendingCount += bits
      while pendingCount >= 8 {
        pendingCount -= 8
        bytes.append(UInt8(truncatingIfNeeded: pending >> UInt64(pendingCount)))
      }
      pending &= (1 << UInt64(pendingCount)) - 1
    }

    /// Appends `value` as a `bits`-bit two's complement number.
    @inline(__always)
    mutating func writeSigned(_ value: Int, bits: Int) {
      write(UInt64(bitPattern: Int64(value)), bits: bits)
    }

    /// Appends a Rice code word: `value >> parameter` zero bits, a one bit, then the low
    /// `parameter` bits of `value` (RFC 9639 section 9.2.7.2).
    @inline(__always)
    mutating func writeRice(_ value: UInt64, parameter: Int) {
      let quotient = Int(value >> UInt64(parameter))
      let tail = 1 << UInt64(parameter) | value & ((1 << UInt64(parameter)) - 1)
      guard quotient + 1 + parameter > 32 else { return write(tail, bits: quotient + 1 + parameter) }
      var zeros = quotient
      while zeros > 0 {
        write(0, bits: min(zeros, 32))
        zeros -= min(zeros, 32)
      }
      write(tail, bits: 1 + parameter)
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
      if pendingCount > 0 { write(0, bits: 8 - pendingCount) }
    }
  }
}

extension FLACEncoder {
  /// CRC-8 of frame headers (RFC 9639 section 9.1.8): polynomial x^8 + x^2 + x + 1, most
  /// significant bit first, from 0; by byte value.
  private static let crc8Table: [UInt8] = (0..<256).map { byte in
    var crc = UInt8(byte)
    for _ in 0..<8 { crc = crc & 0x80 != 0 ? crc << 1 ^ 0x07 : crc << 1 }
    return crc
  }

  /// CRC-16 of frames (RFC 9639 section 9.3): polynomial x^16 + x^15 + x^2 + 1, most
  /// significant bit first, from 0; by byte value.
  private static let crc16Table: [UInt16] = (0..<256).map { byte in
    var crc = UInt16(byte) << 8
    for _ in 0..<8 { crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x8005 : crc << 1 }
    return crc
  }

  /// The frame header's CRC-8 of `bytes`.
  static func crc8(_ bytes: ArraySlice<UInt8>) -> UInt8 {
    bytes.reduce(0) { crc, byte in crc8Table[Int(crc ^ byte)] }
  }

  /// The frame footer's CRC-16 of `bytes`.
  static func crc16(_ bytes: ArraySlice<UInt8>) -> UInt16 {
    bytes.reduce(0) { crc, byte in crc << 8 ^ crc16Table[Int(UInt8(crc >> 8) ^ byte)] }
  }
}
