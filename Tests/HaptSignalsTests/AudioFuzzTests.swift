import Foundation
import HaptCore
import Testing

import HaptSignals
import HaptTestSupport

/// Mutates valid WAV and FLAC files written by hapt and reads them back: every outcome
/// must be a successful read or a clean one-line InputError naming the file, never a
/// crash, a hang or another error type. 1,000 cases per container, or `HAPT_FUZZ_CASES`.
@Suite(.tags(.fuzz), .slow) struct AudioFuzzTests {
  enum Container: String, CaseIterable, Sendable { case wav, flac }

  /// Header fields that a hostile file would tamper with, as (byte offset, byte count,
  /// little-endian) per container.
  private static func headerEdits(
    _ container: Container, bytes: [UInt8]
  ) -> [(
    offset: Int, values: [[UInt8]]
  )] {
    switch container {
    case .wav:
      // fmt chunk: channels (u16 at +10), sample rate (u32 at +12); RIFF size at 4.
      let fmt = (0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == Array("fmt ".utf8) } ?? 12
      let data = (0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == Array("data".utf8) } ?? 36
      return [
        (fmt + 10, [[0, 0], [0xFF, 0xFF], [2, 0], [0, 1]]),  // channels 0, 65535, 2, 256
        // sample rates 0, -1, -2^31, 1
        (fmt + 12, [[0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0x80], [1, 0, 0, 0]]),
        (fmt + 22, [[0, 0], [0xFF, 0xFF], [64, 0]]),  // bits per sample
        (4, [[0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF]]),  // RIFF size
        (data + 4, [[0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0x7F], [0xFF, 0xFF, 0xFF, 0xFF]]),  // data size
      ]
    case .flac:
      // STREAMINFO at 8: sample rate (20 bits) at byte 18, channels-1 (3 bits) and
      // bits-1 (5 bits) in bytes 20-21, total samples (36 bits) in bytes 21-25.
      return [
        (18, [[0, 0, 0x02], [0xFF, 0xFF, 0xF2], [0, 0, 0x0E]]),  // rate 0, 2^20-1; channels 8
        (20, [[0x0E], [0x00], [0xF0]]),  // channels and bits-per-sample bits
        (21, [[0x0F, 0xFF, 0xFF, 0xFF, 0xFF], [0x00, 0, 0, 0, 0], [0x0F, 0, 0, 0, 1]]),  // total samples
        (4, [[0x7F, 0, 0, 0], [0x00, 0xFF, 0xFF, 0xFF]]),  // metadata block header
      ]
    }
  }

  private static func mutate(_ original: [UInt8], container: Container, rng: inout SplitMix64) -> [UInt8] {
    var bytes = original
    switch rng.next() % 6 {
    case 0:  // truncation
      bytes.removeLast(Int(rng.next() % UInt64(bytes.count)))
    case 1:  // a few random bytes anywhere
      for _ in 0...(rng.next() % 8) {
        bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
      }
    case 2:  // a few random bytes in the header
      for _ in 0...(rng.next() % 4) { bytes[Int(rng.next() % 64)] = UInt8(truncatingIfNeeded: rng.next()) }
    case 3, 4:  // a hostile value in a header field
      let edits = headerEdits(container, bytes: bytes)
      let edit = edits[Int(rng.next() % UInt64(edits.count))]
      let value = edit.values[Int(rng.next() % UInt64(edit.values.count))]
      for (i, byte) in value.enumerated() where edit.offset + i < bytes.count {
        bytes[edit.offset + i] = byte
      }
      if rng.next() % 2 == 0 { bytes.removeLast(Int(rng.next() % UInt64(bytes.count / 2))) }
    default:  // inserted garbage
      let at = Int(rng.next() % UInt64(bytes.count))
      bytes.insert(
        contentsOf: (0..<(1 + rng.next() % 64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
    }
    return bytes
  }

  @Test(arguments: Container.allCases)
  func mutatedFilesFailCleanly(_ container: Container) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let original = folder + "/valid.\(container.rawValue)"
    let signal = Signal(
      samples: sine(frequency_Hz: 170, amplitude: 0.8, count: 600, sampleRate_Hz: 8000), sampleRate_Hz: 8000)
    try AudioFile.write(signal, to: original, metadata: ["device": "fuzz", "pattern": "p.ahap"])
    let bytes = try readBytes(original)
    var rng = SplitMix64(seed: container == .wav ? 0xA0D1 : 0xF1AC)
    var reads = 0
    var errors = 0
    let path = folder + "/mutant.\(container.rawValue)"
    for iteration in 0..<FuzzCases.perFormat(default: 1000) {
      try writeBytes(Self.mutate(bytes, container: container, rng: &rng), to: path)
      do {
        let (read, _) = try AudioFile.read(path: path, maxFrames: 1 << 20)
        reads += 1
        #expect(read.sampleRate_Hz > 0 && !read.samples.isEmpty && read.samples.allSatisfy(\.isFinite))
      } catch let error as InputError {
        errors += 1
        let text = error.description
        if !text.hasPrefix(path + ": ") || text.contains("\n") || !error.isBadData {
          Issue.record("iteration \(iteration): \(text)")
        }
      } catch {
        Issue.record("iteration \(iteration): unexpected \(type(of: error)): \(error)")
      }
    }
    // Both outcomes occur, so the mutations neither all break nor all miss the reader.
    #expect(reads > 10)
    #expect(errors > 100)
  }
}
