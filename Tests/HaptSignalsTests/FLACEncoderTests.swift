import Foundation
import HaptCore
import Testing

@testable import HaptSignals

@Suite struct FLACEncoderTests {
  // MARK: - Round trips through libsndfile

  @Test func sineAt4kHzRoundTrips() throws {
    let samples = quantised((0..<3061).map { 0.8 * sin(2 * Double.pi * 170 * Double($0) / 4000) })
    let bytes = try expectRoundTrip(samples, sampleRate_Hz: 4000)
    let info = streamInfo(bytes)
    #expect(info.minimumBlockSize == 3061 && info.maximumBlockSize == 3061)
    #expect(info.minimumFrameSize == bytes.count - 42 && info.maximumFrameSize == bytes.count - 42)
    #expect(info.sampleRate_Hz == 4000 && info.channels == 1 && info.bitsPerSample == 16)
    #expect(info.totalSamples == 3061)
    #expect(info.md5.allSatisfy { $0 == 0 })
    // One frame: 3061 samples, an uncommon block size (16 bits); 4000 Hz, stored as 4 kHz (8 bits).
    #expect(Array(bytes[42..<46]) == [0xFF, 0xF8, 0x7C, 0x08])
  }

  @Test func silenceIsConstant() throws {
    let samples = [Int16](repeating: 0, count: 5000)
    #expect(FLACEncoder.plan(samples[0..<4096]) == .constant(value: 0))
    #expect(FLACEncoder.plan([-7, -7, -7]) == .constant(value: -7))
    let bytes = try expectRoundTrip(samples, sampleRate_Hz: 8000)
    // Two frames: a 6-byte header (8 bytes with the last block's uncommon size), a 1-byte
    // subframe header, the 2-byte sample and a CRC-16.
    #expect(bytes.count == 42 + 11 + 13)
  }

  @Test func fullScaleNoiseIsVerbatim() throws {
    var rng = SplitMix64(seed: 7)
    var samples = (0..<5000).map { _ in Int16(truncatingIfNeeded: rng.next()) }
    samples[3] = .min
    samples[4] = .max
    samples[4500] = .min
    #expect(FLACEncoder.plan(samples[0..<4096]) == .verbatim)
    let bytes = try expectRoundTrip(samples, sampleRate_Hz: 44_100)
    // Verbatim: 2 bytes a sample plus 2 frames of at most 16 header and footer bytes.
    #expect(bytes.count <= 42 + 2 * samples.count + 2 * 16)
  }

  @Test func noiseBurstInASmoothBlockIsEscaped() throws {
    var rng = SplitMix64(seed: 11)
    var samples = triangle(count: 4096, period: 80, amplitude: 16_000)
    for n in 1000..<1100 { samples[n] = Int16(truncatingIfNeeded: rng.next()) }
    guard case .fixed(_, let coding) = FLACEncoder.plan(samples[...]) else {
      Issue.record("expected a fixed predictor")
      return
    }
    let escapes = coding.partitions.compactMap { if case .escape(let bits) = $0 { bits } else { nil } }
    #expect(escapes.contains { $0 > 16 })
    #expect(coding.partitions.contains { if case .rice = $0 { true } else { false } })
    try expectRoundTrip(samples, sampleRate_Hz: 4000)
  }

  @Test func residualsWiderThan16BitsAreEscaped() {
    // Alternating full scale: the order-4 residual reaches +-524,280, 20 bits.
    let block = (0..<4096).map { $0 % 2 == 0 ? Int16.max : Int16.min }
    let residual = FLACEncoder.fixedResidual(block[...], order: 4)
    #expect(residual.map { abs(Int($0)) }.max() == 524_280)
    let (coding, bits) = FLACEncoder.residualCoding(residual, blockSize: 4096, order: 4)
    #expect(coding.partitionOrder == 0 && coding.partitions == [.escape(bits: 20)])
    #expect(bits == 2 + 4 + 4 + 5 + 20 * 4092)
    #expect(FLACEncoder.plan(block[...]) == .verbatim)
  }

  @Test(arguments: [4096, 8192, 4096 + 100, 2 * 4096 + 1000, 4096 + 576])
  func blockLengthsRoundTrip(count: Int) throws {
    let samples = triangle(count: count, period: 37, amplitude: 9000)
    let bytes = try expectRoundTrip(samples, sampleRate_Hz: 22_050)
    let info = streamInfo(bytes)
    #expect(info.minimumBlockSize == 4096 && info.maximumBlockSize == 4096)
    #expect(info.totalSamples == count)
    #expect(frameCount(bytes) == (count + 4095) / 4096)
  }

  @Test func oneSampleRoundTrips() throws {
    let bytes = try expectRoundTrip([-1234], sampleRate_Hz: 8000)
    let info = streamInfo(bytes)
    // The format's smallest block size fields are 16; the last block may be shorter.
    #expect(info.minimumBlockSize == 16 && info.maximumBlockSize == 16 && info.totalSamples == 1)
    #expect(bytes.count == 42 + 6 + 1 + 3 + 2)  // header with 8-bit block size, constant subframe
  }

  @Test(
    arguments: [
      (8000, 4, nil), (22_050, 6, nil), (44_100, 9, nil), (4000, 12, 4), (4001, 13, 4001), (100_010, 14, 10_001),
      (655_350, 14, 65_535), (65_537, 0, nil), (1000, 12, 1), (100, 13, 100),
    ] as [(Int, UInt64, UInt64?)])
  func sampleRatesRoundTrip(rate_Hz: Int, code: UInt64, stored: UInt64?) throws {
    let header = FLACEncoder.sampleRateCode(rate_Hz)
    #expect(header.code == code && header.stored?.value == stored)
    let samples = triangle(count: 300, period: 23, amplitude: 3000)
    let bytes = try expectRoundTrip(samples, sampleRate_Hz: rate_Hz)
    #expect(streamInfo(bytes).sampleRate_Hz == rate_Hz)
  }

  @Test func emptyInputIsAStreamWithoutFrames() throws {
    let bytes = FLACEncoder.encode([], sampleRate_Hz: 8000)
    #expect(bytes.count == 42)
    let info = streamInfo(bytes)
    #expect(info.totalSamples == 0 && info.minimumFrameSize == 0 && info.maximumFrameSize == 0)
    #expect(info.minimumBlockSize == 16 && info.maximumBlockSize == 16)
    // libsndfile opens it as FLAC; hapt then refuses a recording without samples.
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeBytes(bytes, to: folder + "/empty.flac")
    let error = thrownInputError { _ = try AudioFile.read(path: folder + "/empty.flac") }
    #expect(error?.message == "has no samples")
  }

  // MARK: - Size and determinism

  @Test func decayingSineCompresses() throws {
    // A tap: 200 Hz at full scale, decaying with a 0.1 s time constant, 0.75 s at 4 kHz.
    let samples = quantised(
      (0..<3000).map { n in
        let t = Double(n) / 4000
        return exp(-t / 0.1) * sin(2 * Double.pi * 200 * t)
      })
    let bytes = try expectRoundTrip(samples, sampleRate_Hz: 4000)
    #expect(Double(bytes.count) < 0.45 * Double(2 * samples.count))
  }

  @Test func sameInputGivesTheSameBytes() {
    // Integer-made, so the input is the same on every machine: zeros (CONSTANT), a
    // triangle (FIXED), noise (VERBATIM) and a triangle with a noise burst (escapes).
    var rng = SplitMix64(seed: 3)
    var samples = [Int16](repeating: 0, count: 4096) + triangle(count: 4096, period: 50, amplitude: 20_000)
    samples += (0..<4096).map { _ in Int16(truncatingIfNeeded: rng.next()) }
    var last = triangle(count: 1000, period: 40, amplitude: 12_000)
    for n in 500..<600 { last[n] = Int16(truncatingIfNeeded: rng.next()) }
    samples += last
    #expect(FLACEncoder.plan(samples[0..<4096]) == .constant(value: 0))
    #expect(FLACEncoder.plan(samples[4096..<8192]) != .verbatim)
    #expect(FLACEncoder.plan(samples[8192..<12288]) == .verbatim)
    guard case .fixed(_, let coding) = FLACEncoder.plan(samples[12288...]) else {
      Issue.record("expected a fixed predictor")
      return
    }
    #expect(coding.partitions.contains { if case .escape = $0 { true } else { false } })
    let bytes = FLACEncoder.encode(samples, sampleRate_Hz: 8000)
    #expect(FLACEncoder.encode(samples, sampleRate_Hz: 8000) == bytes)
    // The bytes themselves, pinned: a change here changes every report's sounds.
    var hash = FNV1a()
    hash.add(bytes: bytes)
    #expect(bytes.count == 13_384)
    #expect(hash.value == 0x56d9_4405_1f28_077d)
  }

  // MARK: - Pieces

  @Test func codedNumbersAreUTF8Like() {
    func coded(_ number: UInt64) -> [UInt8] {
      var writer = FLACEncoder.BitWriter()
      FLACEncoder.writeCodedNumber(number, to: &writer)
      return writer.bytes
    }
    // Up to U+10FFFF the code is UTF-8's (surrogates aside).
    for number in [0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF] as [UInt32] {
      #expect(coded(UInt64(number)) == Array(String(Character(Unicode.Scalar(number)!)).utf8))
    }
    #expect(coded(0x7FFF_FFFF) == [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF])
  }

  @Test func checksumsMatchTheirCatalogueValues() {
    // CRC-8 (polynomial 0x07) and CRC-16/UMTS (0x8005), both from 0, of "123456789".
    let check = Array("123456789".utf8)[...]
    #expect(FLACEncoder.crc8(check) == 0xF4)
    #expect(FLACEncoder.crc16(check) == 0xFEE8)
  }

  @Test func blockSizeCodes() {
    #expect(FLACEncoder.blockSizeCode(4096).code == 12 && FLACEncoder.blockSizeCode(4096).stored == nil)
    #expect(FLACEncoder.blockSizeCode(576).code == 2 && FLACEncoder.blockSizeCode(192).code == 1)
    #expect(FLACEncoder.blockSizeCode(100).code == 6 && FLACEncoder.blockSizeCode(100).stored?.value == 99)
    #expect(FLACEncoder.blockSizeCode(3061).code == 7 && FLACEncoder.blockSizeCode(3061).stored?.value == 3060)
  }
}

// MARK: - Helpers

/// Writes `samples` as FLAC, reads them back with hapt's reader (libsndfile) and expects
/// the same samples: integer PCM reads as code / 32768 with an assumed full scale of 1.
@discardableResult
private func expectRoundTrip(
  _ samples: [Int16], sampleRate_Hz: Int, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [UInt8] {
  let bytes = FLACEncoder.encode(samples, sampleRate_Hz: sampleRate_Hz)
  let folder = try temporaryFolder()
  defer { removeFolder(folder) }
  let path = folder + "/sound.flac"
  try writeBytes(bytes, to: path)
  let (signal, metadata) = try AudioFile.read(path: path)
  #expect(signal.sampleRate_Hz == Double(sampleRate_Hz), sourceLocation: sourceLocation)
  #expect(signal.samples == samples.map { Double($0) / 32768 }, sourceLocation: sourceLocation)
  #expect(metadata == [AudioFile.assumedFullScaleKey: "1"], sourceLocation: sourceLocation)
  return bytes
}

/// Samples in -1...1 as 16-bit codes (x * 32767, rounded).
private func quantised(_ samples: [Double]) -> [Int16] {
  samples.map { Int16(($0 * 32767).rounded()) }
}

/// An integer triangle wave of `period` samples between -amplitude and amplitude.
private func triangle(count: Int, period: Int, amplitude: Int) -> [Int16] {
  (0..<count).map { n in
    let phase = n % period
    let rising = phase < period / 2 ? phase : period - phase
    return Int16(-amplitude + 4 * amplitude * rising / period)
  }
}

/// STREAMINFO's fields (RFC 9639 section 8.2) from an encoded stream.
private func streamInfo(
  _ bytes: [UInt8]
) -> (
  minimumBlockSize: Int, maximumBlockSize: Int, minimumFrameSize: Int, maximumFrameSize: Int,
  sampleRate_Hz: Int, channels: Int, bitsPerSample: Int, totalSamples: Int, md5: ArraySlice<UInt8>
) {
  #expect(Array(bytes[0..<8]) == [0x66, 0x4C, 0x61, 0x43, 0x80, 0, 0, 34])
  func number(_ range: Range<Int>) -> UInt64 { bytes[range].reduce(0) { $0 << 8 | UInt64($1) } }
  let packed = number(18..<26)  // rate 20, channels 3, bits 5, total samples 36
  return (
    Int(number(8..<10)), Int(number(10..<12)), Int(number(12..<15)), Int(number(15..<18)), Int(packed >> 44),
    Int(packed >> 41 & 7) + 1, Int(packed >> 36 & 31) + 1, Int(packed & (1 << 36 - 1)), bytes[26..<42]
  )
}

/// The number of frames: each starts with the fixed-block-size sync code 0xFFF8, has
/// 0x08 (mono, 16 bits) in its fourth byte, and its header's CRC-8 checks.
private func frameCount(_ bytes: [UInt8]) -> Int {
  var count = 0
  for start in 42..<(bytes.count - 3) where bytes[start] == 0xFF && bytes[start + 1] == 0xF8 && bytes[start + 3] == 0x08
  {
    for length in 5...16 where start + length < bytes.count {
      if FLACEncoder.crc8(bytes[start..<start + length]) == bytes[start + length] {
        count += 1
        break
      }
    }
  }
  return count
}
