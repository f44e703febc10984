import Foundation
import HaptCore
import HaptPatterns
import Testing

import HaptSimulation

/// Files the MPEG-I Haptics reference encoder wrote, against the reference synthesizer's
/// renders of them (`HaptPatternsTests/MPEGReferenceFixtures`, made with the public
/// reference software; its README says how). Neither the reference software nor any other
/// tool is needed here: the renders are stored as 16-bit WAV at 8 kHz.
///
/// Each `.hjif` and `.hmpg` is rendered by hapt on the `ideal` profile and compared, over
/// the reference's samples (it stops at the end of the last effect: Docs/Formats-MPEG.md,
/// deviation 9), with the reference's WAV, to 1e-3 of full scale. Where a fixture plays
/// transients with a frequency, deviation 3 applies (the reference plays every transient
/// as a fixed 22 ms shape, hapt two cycles of the keyframe's frequency), and the test
/// checks that deviation instead: the difference exceeds 1e-3 as written, and with the
/// transients' frequencies removed (hapt then plays the same 22 ms shape) it is within
/// 1e-3.
@Suite struct MPEGReferenceRenderTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("HaptPatternsTests/MPEGReferenceFixtures")

  /// The documented deviations (Docs/Formats-MPEG.md) each fixture shows.
  static let deviations: [String: Set<Int>] = [
    "heartbeat": [3], "explosion": [3], "uikit-impact-medium": [3], "game-engine-rumble": [],
    "ivs-periodic-attack-fade": [], "ivs-repeats": [],
  ]

  static let files: [String] = deviations.keys.sorted().flatMap { [$0 + ".hjif", $0 + ".hmpg"] }

  static let tolerance = 1e-3

  /// The samples of a 16-bit PCM WAV file, full scale 1, channels mixed with `weights`.
  static func wav(_ path: String, weights: [Double]) throws -> (samples: [Double], rate_Hz: Int) {
    let bytes = try InputFile.read(path)
    func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
    func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
    #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WAVE".utf8))
    var offset = 12
    var channels = 1
    var rate = 0
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = u32(offset + 4)
      if id == "fmt " {
        #expect(u16(offset + 8) == 1 && u16(offset + 22) == 16, "16-bit PCM")
        channels = u16(offset + 10)
        rate = u32(offset + 12)
      } else if id == "data" {
        #expect(weights.count == channels, "\(path): \(channels) channels")
        let frames = size / (2 * channels)
        let samples = (0..<frames).map { frame in
          (0..<channels).reduce(0.0) { sum, c in
            let raw = Int16(bitPattern: UInt16(u16(offset + 8 + 2 * (frame * channels + c))))
            return sum + weights[c] * Double(raw) / 32768
          }
        }
        return (samples, rate)
      }
      offset += 8 + size + size % 2
    }
    Issue.record("\(path): no data chunk")
    return ([], rate)
  }

  static func decode(_ file: String) throws -> MPEGHaptics {
    let bytes = try InputFile.read(folder.appendingPathComponent(file).path)
    let (haptics, findings) =
      file.hasSuffix(".hmpg")
      ? try MPEGHaptics.decodeBinary(bytes, file: file) : try MPEGHaptics.decode(bytes, file: file)
    // The encoder's perceptions are all of modality Other (rendered, MPG010 names it).
    #expect(haptics.perceptions.map(\.modality).allSatisfy { $0 == "Other" })
    #expect(findings.map(\.ruleID).contains("MPG010"), "\(file): \(findings)")
    return haptics
  }

  /// Largest |hapt - reference| over the reference's samples, and the render's length.
  static func maxError(_ haptics: MPEGHaptics, file: String) throws -> (error: Double, count: Int, reference: Int) {
    let weights = haptics.perceptions.flatMap { $0.channels.map(\.mixingCoefficient) }
    let reference = try wav(folder.appendingPathComponent(file + ".wav").path, weights: weights)
    let rendering = Renderer(device: try Fixtures.shippedProfile("ideal")).render(haptics.pattern()).acceleration_g
    #expect(Int(rendering.sampleRate_Hz) == reference.rate_Hz)
    let x = rendering.samples
    var worst = 0.0
    for n in reference.samples.indices { worst = max(worst, abs((n < x.count ? x[n] : 0) - reference.samples[n])) }
    return (worst, x.count, reference.samples.count)
  }

  /// `haptics` with every Transient keyframe's frequency removed.
  static func withoutTransientFrequencies(_ haptics: MPEGHaptics) -> MPEGHaptics {
    var copy = haptics
    for p in copy.perceptions.indices {
      for c in copy.perceptions[p].channels.indices {
        for b in copy.perceptions[p].channels[c].bands.indices
        where copy.perceptions[p].channels[c].bands[b].type == .transient {
          for e in copy.perceptions[p].channels[c].bands[b].effects.indices {
            for k in copy.perceptions[p].channels[c].bands[b].effects[e].keyframes.indices {
              copy.perceptions[p].channels[c].bands[b].effects[e].keyframes[k].frequency_Hz = nil
            }
          }
        }
      }
    }
    return copy
  }

  @Test func theFixturesAreTheOnesTheREADMEDescribes() throws {
    let listed = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasSuffix(".md") }
    #expect(Set(listed) == Set(Self.files + Self.files.map { $0 + ".wav" }))
  }

  @Test(arguments: files)
  func rendersAsTheReferenceSynthesizerDoes(file: String) throws {
    let name = String(file.prefix { $0 != "." })
    let haptics = try Self.decode(file)
    let asWritten = try Self.maxError(haptics, file: file)
    #expect(asWritten.count >= asWritten.reference, "\(file): hapt renders to the end (deviation 9)")
    if Self.deviations[name]?.contains(3) == true {
      #expect(asWritten.error > Self.tolerance, "\(file): deviation 3 no longer shows (\(asWritten.error))")
      let same = try Self.maxError(Self.withoutTransientFrequencies(haptics), file: file)
      #expect(same.error <= Self.tolerance, "\(file): \(same.error) without transient frequencies")
    } else {
      #expect(asWritten.error <= Self.tolerance, "\(file): \(asWritten.error)")
    }
  }
}
