import HaptTestSupport
import Foundation
import Testing

@testable import HaptSignals

/// Metadata strings that a Vorbis comment (FLAC) or a RIFF INFO chunk (WAV) cannot hold as
/// they are: Unicode noncharacters (U+FFFE and U+FFFF made libsndfile abort with a double
/// free), NUL and other C0 controls. Every one is written and read back unchanged.
@Suite(.tags(.fuzz), .slow) struct AudioMetadataHostileTests {
  /// A string of one scalar (Swift refuses some noncharacters in literals).
  static func scalar(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

  static let hostile: [String] = [
    "dev\u{FFFF}", "\u{FFFE}start", "a" + scalar(0xFDD0) + "b" + scalar(0xFDEF) + "c",
    "plane1" + scalar(0x1FFFE) + scalar(0x1FFFF), "last" + scalar(0x10FFFF),
    "nul\u{0}inside", "bell\u{7}escape\u{1B}", "line\u{2028}para\u{2029}next\u{85}", "\\u{FFFF} literal",
  ]

  @Test(arguments: ["wav", "flac"])
  func noncharactersAndControlsRoundTripThroughTheComment(ext: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-meta-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let signal = Signal(samples: (0..<800).map { sin(Double($0) * 0.1) }, sampleRate_Hz: 8000)
    for (i, text) in Self.hostile.enumerated() {
      let path = folder + "/take-\(i).\(ext)"
      try AudioFile.write(signal, to: path, metadata: ["pattern": text, "device": text, "key\(text)": "v"])
      let (_, read) = try AudioFile.read(path: path)
      #expect(read["pattern"] == text, "\(ext) \(i)")
      #expect(read["device"] == text, "\(ext) \(i)")
      #expect(read["key\(text)"] == "v", "\(ext) \(i)")
    }
  }

  @Test func theShownTitleHasNoUnstorableScalars() {
    for text in Self.hostile {
      #expect(!AudioMetadata.storable(text).unicodeScalars.contains(where: AudioMetadata.isUnstorable))
    }
    #expect(AudioMetadata.storable("dev\u{FFFF}") == "dev\u{FFFD}")
  }
}
