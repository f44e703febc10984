import Foundation
import HaptCore
import HaptPatterns
import HaptTestSupport
import Testing
import HaptFormats
import HaptLint

/// `.hmpg` streams written by the MPEG reference encoder (HapticReferenceSoftware commit
/// 2de9ff1, `Encoder -f X.hjif -b -o X.hmpg`, or from WAV for the wavelet fixtures) from
/// hapt's own `.hjif` fixtures, each beside what the reference decoder makes of it
/// (`Decoder -f X.hmpg -o X.decoded.hjif`). The tests do not need the reference software.
enum MPEGStreamFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "MPEGStreamFixtures")
  static func path(_ name: String, _ ext: String) -> String { folder.appendingPathComponent(name + "." + ext).path }
  static var all: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".hmpg") }
      .map { String($0.dropLast(5)) }.sorted()
  }
  static func stream(_ name: String) throws -> [UInt8] { try InputFile.read(path(name, "hmpg")) }
  static func load(_ name: String) throws -> (haptics: MPEGHaptics, findings: [LintFinding]) {
    try MPEGHaptics.decodeBinary(stream(name), file: name + ".hmpg")
  }
}

@Suite struct MPEGStreamTests {
  @Test func fixturesArePresent() {
    #expect(MPEGStreamFixtures.all.count >= 20)
    // The composite fixture's stream is empty: the reference encoder drops Composite effects.
    let composite = try? MPEGStreamFixtures.load("composite").haptics
    #expect(composite?.perceptions.first?.channels.first?.bands.first?.effects.isEmpty == true)
  }

  /// hapt reads each stream into what the reference decoder reads from it (compared
  /// through the reference decoder's `.hjif`), except where the reference decoder deviates
  /// (Docs/Formats-MPEG.md, "The binary stream"): it reads the signed unit exponents as
  /// unsigned and places wavelet blocks at `timescale x block_length x k / fs`.
  @Test(
    arguments: MPEGStreamFixtures.all.filter {
      FileManager.default.fileExists(atPath: MPEGStreamFixtures.path($0, "decoded.hjif"))
    })
  func readsWhatTheReferenceDecoderReads(name: String) throws {
    let (stream, _) = try MPEGStreamFixtures.load(name)
    let (decoded, _) = try MPEGHaptics.decode(
      InputFile.read(MPEGStreamFixtures.path(name, "decoded.hjif")), file: name + ".decoded.hjif")
    #expect(stream.timescale == decoded.timescale)
    #expect(stream.version == decoded.version && stream.profile == decoded.profile)
    try #require(stream.perceptions.count == decoded.perceptions.count)
    for (p, q) in zip(stream.perceptions, decoded.perceptions) {
      #expect(p.id == q.id && p.modality == q.modality && p.description == q.description)
      #expect(p.effectLibrary.count == q.effectLibrary.count)
      for (e, f) in zip(p.effectLibrary, q.effectLibrary) { expectSame(e, f, wavelet: false) }
      #expect(p.referenceDevices.map(\.id) == q.referenceDevices.map(\.id))
      for (d, e) in zip(p.referenceDevices, q.referenceDevices) {
        #expect(close(d.resonanceFrequency_Hz, e.resonanceFrequency_Hz, 1e-3))
        #expect(close(d.maximumAmplitude, e.maximumAmplitude, 1e-3) && d.type == e.type)
      }
      try #require(p.channels.count == q.channels.count)
      for (c, d) in zip(p.channels, q.channels) {
        #expect(c.id == d.id && c.referenceDeviceID == d.referenceDeviceID)
        #expect(abs(c.gain - d.gain) < 1e-6 && abs(c.mixingCoefficient - d.mixingCoefficient) < 1e-6)
        try #require(c.bands.count == d.bands.count)
        for (b, e) in zip(c.bands, d.bands) {
          #expect(b.type == e.type && b.curveType == e.curveType && b.blockLength == e.blockLength)
          #expect(b.lowerFrequencyLimit_Hz == e.lowerFrequencyLimit_Hz)
          #expect(b.upperFrequencyLimit_Hz == e.upperFrequencyLimit_Hz)
          try #require(b.effects.count == e.effects.count)
          for (x, y) in zip(b.effects, e.effects) { expectSame(x, y, wavelet: b.type == .waveletWave) }
        }
      }
    }
  }

  private func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case let (x?, y?): abs(x - y) <= tolerance
    default: false
    }
  }

  private func trimmed(_ bytes: [UInt8]?) -> [UInt8]? {
    guard var bytes else { return nil }
    while bytes.last == 0 { bytes.removeLast() }
    return bytes
  }

  private func expectSame(_ x: MPEGHaptics.Effect, _ y: MPEGHaptics.Effect, wavelet: Bool) {
    #expect(x.type == y.type && x.id == y.id && x.baseSignal == y.baseSignal)
    if !wavelet { #expect(x.position == y.position) }
    #expect(abs(x.phase_rad - y.phase_rad) < 1e-6)
    // The reference decoder's `.hjif` drops the trailing zero bits of a wavelet block.
    #expect(trimmed(x.waveletStream) == trimmed(y.waveletStream))
    #expect(x.keyframes.count == y.keyframes.count)
    for (k, l) in zip(x.keyframes, y.keyframes) {
      #expect(k.relativePosition == l.relativePosition && k.frequency_Hz == l.frequency_Hz)
      #expect(close(k.amplitude, l.amplitude, 1e-6))
    }
    #expect(x.composition.count == y.composition.count)
    for (a, b) in zip(x.composition, y.composition) { expectSame(a, b, wavelet: wavelet) }
  }

  /// Against the `.hjif` fixture it was encoded from: the same structure, positions and
  /// frequencies to the whole hertz the stream carries, amplitudes within the stream's 8-bit step
  /// (2/255), gains within its 32-bit step over -10^4...10^4 in single precision.
  /// (`composite` is not here: the reference encoder does not read Composite effects, so
  /// its stream has none; two-perceptions is, though the reference decoder cannot read it.)
  @Test(arguments: MPEGStreamFixtures.all.filter { MPEGFixtures.all.contains($0) && $0 != "composite" })
  func keepsTheInterchangeFileWithinQuantisation(name: String) throws {
    let (stream, _) = try MPEGStreamFixtures.load(name)
    let (original, _) = try MPEGFixtures.load(name)
    let vibrotactile = original.perceptions.filter(\.isVibrotactile)
    #expect(stream.perceptions.filter(\.isVibrotactile).count == vibrotactile.count)
    for (p, q) in zip(stream.perceptions.filter(\.isVibrotactile), vibrotactile) {
      for (c, d) in zip(p.channels, q.channels) {
        #expect(abs(c.gain - d.gain) < 2e-3 && abs(c.mixingCoefficient - d.mixingCoefficient) < 2e-3)
        for (b, e) in zip(c.bands, d.bands) {
          #expect(b.type == e.type && b.lowerFrequencyLimit_Hz == e.lowerFrequencyLimit_Hz)
          let played = stream.playedEffects(of: b, in: p)
          let wanted = original.playedEffects(of: e, in: q)
          try #require(played.count == wanted.count, "\(name)")
          for (x, y) in zip(played, wanted) {
            #expect(x.position == y.position && x.baseSignal == y.baseSignal)
            #expect(abs(x.phase_rad - y.phase_rad) < 1e-3)
            try #require(x.keyframes.count == y.keyframes.count)
            for (k, l) in zip(x.keyframes, y.keyframes) {
              #expect((k.relativePosition ?? 0) == (l.relativePosition ?? 0))
              #expect(close(k.amplitude, l.amplitude, 2.0 / 255 + 1e-6), "\(name)")
              #expect(close(k.frequency_Hz, l.frequency_Hz, 0.5), "\(name)")  // whole hertz
            }
          }
        }
      }
    }
  }

  @Test func waveletFixturesDecodeToSamples() throws {
    let names = MPEGStreamFixtures.all.filter { $0.hasPrefix("wavelet") }
    #expect(!names.isEmpty)
    for name in names {
      let (haptics, findings) = try MPEGStreamFixtures.load(name)
      #expect(!findings.rules().contains("MPG005"))
      let bands = haptics.perceptions.flatMap(\.channels).flatMap(\.bands).filter { $0.type == .waveletWave }
      try #require(!bands.isEmpty)
      for band in bands {
        let count = try #require(band.waveletSamplesPerBlock(timescale: haptics.timescale))
        for effect in band.effects {
          let samples = try #require(MPEGWaveletBlock.decode(effect.waveletStream ?? [], length: count))
          #expect(samples.count == count && samples.allSatisfy(\.isFinite))
        }
      }
    }
  }
}

@Suite struct MPEGStreamInputTests {
  static let sample = "sine-constant"

  @Test func brokenStreamsFailOnOneLineNamingFileAndByte() throws {
    let good = try MPEGStreamFixtures.stream(Self.sample)
    var lyingUnit = good
    lyingUnit[5] = 0xFF  // unit length far past the end
    var lyingPacket = good
    lyingPacket[9] = lyingPacket[9] & 0b11 | 0b0000_0100  // first packet: experience metadata
    lyingPacket[10] = 0xFF  // its length far past the unit
    var unknownPacket = good
    unknownPacket[9] = 0b1111_1100 | unknownPacket[9] & 0b11
    let cases: [([UInt8], String, String)] = [
      ([], "byte 0", "empty file"),
      (Array("{\"version\": 1}".utf8), "byte 0", "not an MPEG-I Haptics stream"),
      (Array(good.prefix(5)), "byte 0", "unit header ends early"),
      (lyingUnit, "byte 4", "runs past the end of the file"),
      (lyingPacket, "byte 9", "runs past the end of its unit"),
      (unknownPacket, "byte 9", "unknown packet type 63"),
    ]
    for (bytes, place, message) in cases {
      let error = try #require(throws: InputError.self) { try MPEGHaptics.decodeBinary(bytes, file: "bad.hmpg") }
      #expect(error.file == "bad.hmpg" && error.place == place, "\(error)")
      #expect(error.message.contains(message), "\(error)")
      #expect(!error.description.contains("\n") && error.isBadData)
    }
  }

  /// Every prefix of a stream either reads (it ends at a unit boundary) or fails cleanly.
  @Test func everyTruncationFailsCleanlyOrReadsWhole() throws {
    let good = try MPEGStreamFixtures.stream("reference-library")
    var decoded = 0
    for n in 1..<good.count {
      do {
        _ = try MPEGHaptics.decodeBinary(Array(good.prefix(n)), file: "cut.hmpg")
        decoded += 1
      } catch let error as InputError {
        #expect(error.file == "cut.hmpg" && error.place?.hasPrefix("byte ") == true && error.isBadData)
      }
    }
    #expect(decoded < good.count / 4)
  }

  @Test func limitsHold() throws {
    let good = try MPEGStreamFixtures.stream("amplitude-ramp")
    let cases: [(PatternLimits, InputLimit)] = [
      (PatternLimits(maxControlPoints: 2), .controlPoints(2)),
      (PatternLimits(maxEvents: 0), .events(0)),
      (PatternLimits(maxBytes: 10), .fileBytes(10)),
      (PatternLimits(maxTime_s: 0.05), .patternTime_s(0.05)),
    ]
    for (limits, limit) in cases {
      let error = try #require(throws: InputError.self) {
        try MPEGHaptics.decodeBinary(good, file: "big.hmpg", limits: limits)
      }
      #expect(error.limit == limit && error.kind == .overLimit, "\(error)")
    }
  }

  @Test func streamsLoadByExtension() throws {
    let loaded = try PatternFile.load(path: MPEGStreamFixtures.path(Self.sample, "hmpg"))
    #expect(loaded.pattern.mpeg != nil && !loaded.pattern.events.isEmpty)
  }

  /// Seeded mutations of every stream fixture (bit flips, byte changes, cuts, insertions):
  /// each decodes or fails with one clean line naming the file; whatever decodes becomes a
  /// pattern and lints. 1,000 cases in CI; `HAPT_FUZZ_CASES=N` runs N.
  @Test func mutatedStreamsFailCleanly() throws {
    let names = MPEGStreamFixtures.all
    let total = FuzzCases.perFormat(default: 1_000)
    let each = max(1, total / max(names.count, 1))
    var decoded = 0
    var failed = 0
    for name in names {
      let original = try MPEGStreamFixtures.stream(name)
      var random = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
      for _ in 0..<each {
        var bytes = original
        switch random.next() % 4 {
        case 0:
          for _ in 0..<(1 + random.next() % 4) {
            let i = Int(random.next() % UInt64(bytes.count))
            bytes[i] ^= 1 << UInt8(random.next() % 8)
          }
        case 1:
          for _ in 0..<(1 + random.next() % 3) {
            bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
          }
        case 2:
          bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
        default:
          let at = Int(random.next() % UInt64(bytes.count + 1))
          bytes.insert(
            contentsOf: (0..<(1 + random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
        }
        do {
          let (haptics, _) = try MPEGHaptics.decodeBinary(bytes, file: name + ".hmpg")
          decoded += 1
          let pattern = haptics.pattern()
          _ = PatternLint.check(pattern, file: name)
          _ = haptics.duration_s
          for band in haptics.perceptions.flatMap(\.channels).flatMap(\.bands) {
            guard let n = band.waveletSamplesPerBlock(timescale: haptics.timescale), n <= 4096 else { continue }
            for effect in band.effects.prefix(2) {
              #expect(MPEGWaveletBlock.decode(effect.waveletStream ?? [], length: n)?.allSatisfy(\.isFinite) == true)
            }
          }
        } catch let error as InputError {
          failed += 1
          #expect(error.file == name + ".hmpg")
          #expect(!error.description.contains("\n"))
          #expect(error.isBadData)
        }
      }
    }
    #expect(decoded + failed == names.count * each)
    #expect(decoded > 0 && failed > 0)
  }
}

/// The WaveletWave blocks of the stream fixtures against the MPEG reference synthesizer's
/// WAV of the same band alone (`X.reference.wav`: 16-bit PCM, 8000 Hz): equal to the
/// WAV's resolution once sample n is taken from the block sample the reference
/// synthesizer picks, `floor((1000 (n / 8000) - position) x 8000 / 1000)` in double
/// precision, which rounds down to the previous sample at some block ends (hapt takes
/// sample n; Docs/Formats-MPEG.md, deviation 11).
@Suite struct MPEGWaveletAgainstReferenceTests {
  /// The samples of a 16-bit PCM mono WAV, full scale 1.
  static func pcm16(_ bytes: [UInt8]) throws -> [Double] {
    var i = 12
    while i + 8 <= bytes.count {
      let id = String(decoding: bytes[i..<i + 4], as: UTF8.self)
      let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
      if id == "data" {
        return stride(from: i + 8, to: min(i + 8 + size, bytes.count) - 1, by: 2).map {
          Double(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768
        }
      }
      i += 8 + size + size % 2
    }
    throw InputError("no data chunk")
  }

  @Test(arguments: ["wavelet-burst", "wavelet-chirp"])
  func blocksAreWhatTheReferenceSynthesizes(name: String) throws {
    let haptics = try MPEGStreamFixtures.load(name).haptics
    let band = try #require(haptics.perceptions[0].channels[0].bands.first { $0.type == .waveletWave })
    let count = try #require(band.waveletSamplesPerBlock(timescale: haptics.timescale))
    let blocks = try band.effects.map { try #require(MPEGWaveletBlock.decode($0.waveletStream ?? [], length: count)) }
    let reference = try Self.pcm16(InputFile.read(MPEGStreamFixtures.path(name, "reference.wav")))
    #expect(reference.count == blocks.count * count)
    let blockTicks = Double(try #require(band.blockLength))
    var worst = 0.0
    var held = 0
    for (n, want) in reference.enumerated() {
      let position = 1000 * (Double(n) / 8000)
      let b = Int((position / blockTicks).rounded(.down))
      let k = Int(((position - Double(b) * blockTicks) * 8000 / 1000).rounded(.down))
      if k != n - b * count { held += 1 }
      worst = max(worst, abs(blocks[b][k] - want))
    }
    #expect(worst < 4e-5, "max |hapt - reference| \(worst)")
    #expect(held > 0)  // the reference's rounding does pick earlier samples
  }
}

@Suite struct MPEGWaveletBlockTests {
  /// Any bytes decode to finite samples of the asked length (the arithmetic decoder reads
  /// zeros past the end); lengths that are not powers of two of at least 16 are refused.
  @Test func anyBytesDecodeToFiniteSamples() {
    var random = SplitMix64(seed: 21)
    for k in 0..<FuzzCases.perFormat(default: 300) {
      let length = 16 << Int(random.next() % 7)
      let bytes = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let samples = MPEGWaveletBlock.decode(bytes, length: length)
      #expect(samples?.count == length && samples?.allSatisfy(\.isFinite) == true, "case \(k)")
    }
    #expect(MPEGWaveletBlock.decode([1, 2, 3], length: 100) == nil)
    #expect(MPEGWaveletBlock.decode([1, 2, 3], length: 8) == nil)
    // No bits: no bit planes, a zero maximum, a silent block.
    #expect(MPEGWaveletBlock.decode([], length: 64)?.allSatisfy { $0 == 0 } == true)
  }
}
