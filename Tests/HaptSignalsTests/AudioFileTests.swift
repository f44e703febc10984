import Dispatch
import Foundation
import HaptCore
import Testing

@testable import HaptSignals

@Suite struct AudioFileTests {
  private let recording = Signal(
    samples: sine(frequency_Hz: 170, amplitude: 1.3, count: 4000, sampleRate_Hz: 8000).enumerated().map {
      $0.element * Double($0.offset) / 4000
    }, sampleRate_Hz: 8000)

  private let metadata = [
    "device": "wideband-phone", "state": "prepared", "pattern": "Heartbeat.ahap",
    "note": "two lines\nwith = and \\ inside", "trailing": "space ", "unicode": "Gerät – 振動",
  ]

  @Test func wavRoundTripsAsFloat() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/take.wav"
    try AudioFile.write(recording, to: path, metadata: metadata)
    let (signal, read) = try AudioFile.read(path: path)
    #expect(signal.sampleRate_Hz == 8000)
    #expect(signal.count == recording.count)
    // 32-bit float storage: relative rounding 2^-24.
    let worst = zip(signal.samples, recording.samples).map { abs($0 - $1) / max(abs($1), 1e-30) }.max() ?? 1
    #expect(worst <= 0x1p-24)
    #expect(read["device"] == "wideband-phone")
    #expect(read["state"] == "prepared")
    #expect(read["pattern"] == "Heartbeat.ahap")
    #expect(read["note"] == "two lines\nwith = and \\ inside")
    #expect(read["trailing"] == "space ")
    #expect(read["unicode"] == "Gerät – 振動")
    #expect(read["software"] == "hapt \(HaptVersion.string)")
    #expect(read["title"] == "Heartbeat.ahap")
    #expect(read["fullScale_g"] == nil)
  }

  @Test func flacRoundTripsWithinQuantisation() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/take.FLAC"
    try AudioFile.write(recording, to: path, metadata: metadata)
    let (signal, read) = try AudioFile.read(path: path)
    let peak = recording.samples.map(abs).max()!
    let fullScale = try #require(read["fullScale_g"].flatMap(Double.init))
    #expect(abs(fullScale - peak * 8_388_608 / 8_388_607) < 1e-15)
    #expect(signal.count == recording.count)
    #expect(maxAbsDifference(signal.samples, recording.samples) <= fullScale / 0x1p24 * 1.000001)
    #expect(read["note"] == metadata["note"])
    #expect(read["software"] == "hapt \(HaptVersion.string)")
  }

  @Test func flacOfSilenceUsesUnitFullScale() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/quiet.flac"
    try AudioFile.write(Signal(zeros: 100, sampleRate_Hz: 8000), to: path, metadata: [:])
    let (signal, read) = try AudioFile.read(path: path)
    #expect(read["fullScale_g"] == "1.0")
    #expect(signal.samples == Array(repeating: 0, count: 100))
  }

  @Test func foreignPCMReadsAsFractionOfFullScale() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/recorder.wav"
    try writeBytes(pcm16WAV(channels: 1, sampleRate: 44100, frames: [0, 16384, -32768, 32767]), to: path)
    let (signal, read) = try AudioFile.read(path: path)
    #expect(signal.sampleRate_Hz == 44100)
    #expect(signal.samples == [0, 0.5, -1, 32767.0 / 32768])
    // No fullScale_g: the assumption (full scale = 1) is flagged for the caller to report.
    #expect(read == [AudioFile.assumedFullScaleKey: "1"])
  }

  @Test func writeReplacesTheTargetAtomically() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/take.wav"
    try AudioFile.write(recording, to: path, metadata: [:])
    try AudioFile.write(Signal(zeros: 10, sampleRate_Hz: 8000), to: path, metadata: [:])
    #expect(try AudioFile.read(path: path).signal.count == 10)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["take.wav"])
  }

  struct ReadCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]?  // nil: the file does not exist
    let message: String
    let kind: InputError.Kind
    var testDescription: String { name }
  }

  static let readCases: [ReadCase] = [
    ReadCase(
      name: "stereo", bytes: pcm16WAV(channels: 2, sampleRate: 8000, frames: [1, 2, 3, 4]),
      message: "has 2 channels; hapt reads mono recordings", kind: .malformed),
    ReadCase(
      name: "empty data", bytes: pcm16WAV(channels: 1, sampleRate: 8000, frames: []),
      message: "has no samples", kind: .malformed),
    ReadCase(name: "zero-byte file", bytes: [], message: "cannot be read as audio: ", kind: .malformed),
    ReadCase(
      name: "not audio", bytes: Array("{\"Pattern\": []}".utf8), message: "cannot be read as audio: ",
      kind: .malformed),
    ReadCase(name: "missing", bytes: nil, message: "no such file", kind: .missing),
  ]

  @Test(arguments: readCases)
  func readErrors(_ c: ReadCase) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/in.wav"
    if let bytes = c.bytes { try writeBytes(bytes, to: path) }
    let error = try #require(thrownInputError { _ = try AudioFile.read(path: path) })
    #expect(error.description.hasPrefix("\(path): \(c.message)"), "\(error)")
    #expect(error.kind == c.kind)
  }

  @Test func readRejectsAFolder() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let error = try #require(thrownInputError { _ = try AudioFile.read(path: folder) })
    #expect(error.description == "\(folder): is a folder, expected an audio file")
    #expect(error.isBadData)
  }

  @Test func readBoundsTheLength() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/long.wav"
    try AudioFile.write(Signal(zeros: 1000, sampleRate_Hz: 8000), to: path, metadata: [:])
    let error = try #require(thrownInputError { _ = try AudioFile.read(path: path, maxFrames: 999) })
    #expect(error.description == "\(path): has 1000 frames, more than the limit of 999 frames")
    #expect(try AudioFile.read(path: path, maxFrames: 1000).signal.count == 1000)
    // 1000 frames at 8 kHz last 0.125 s.
    let long = try #require(thrownInputError { _ = try AudioFile.read(path: path, maxDuration_s: 0.1) })
    #expect(long.description == "\(path): lasts 0.125 s, more than the limit of 0.1 s")
    #expect(try AudioFile.read(path: path, maxDuration_s: 0.125).signal.count == 1000)
  }

  @Test func concurrentReadsAndWritesAreIndependent() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let failures = Slots<[Double]>(32, initial: [])
    DispatchQueue.concurrentPerform(iterations: 32) { i in
      let path = folder + "/take\(i).\(i % 2 == 0 ? "wav" : "flac")"
      let signal = Signal(
        samples: sine(frequency_Hz: 100 + Double(i), amplitude: 0.5, count: 800, sampleRate_Hz: 8000),
        sampleRate_Hz: 8000)
      do {
        try AudioFile.write(signal, to: path, metadata: ["index": "\(i)"])
        let (read, metadata) = try AudioFile.read(path: path)
        let close = maxAbsDifference(read.samples, signal.samples) < 1e-6
        failures.values[i] = close && metadata["index"] == "\(i)" ? [] : [1]
      } catch {
        failures.values[i] = [2]
      }
    }
    for i in 0..<32 { #expect(failures.values[i].isEmpty, "task \(i)") }
  }

  @Test func concurrentFailedOpensKeepTheirOwnMessages() throws {
    // libsndfile reports a failed open through a global; hapt serialises opens so that
    // each file gets its own message. Serial messages are the reference.
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let wav = pcm16WAV(channels: 1, sampleRate: 8000, frames: [1, 2, 3])
    let broken: [[UInt8]] = [
      Array("not audio at all".utf8), Array(wav[0..<30]), Array(wav[0..<12]) + Array(repeating: 0, count: 40),
      [], Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8),
    ]
    var paths: [String] = []
    for (i, bytes) in broken.enumerated() {
      paths.append(folder + "/broken\(i).wav")
      try writeBytes(bytes, to: paths[i])
    }
    let serial = paths.map { path in
      thrownInputError { _ = try AudioFile.read(path: path) }?.description ?? ""
    }
    #expect(Set(serial).count > 2, "\(serial)")
    let messages = Slots<String>(100, initial: "")
    let allPaths = paths
    DispatchQueue.concurrentPerform(iterations: 100) { i in
      let path = allPaths[i % allPaths.count]
      do {
        _ = try AudioFile.read(path: path)
      } catch {
        messages.values[i] = "\(error)"
      }
    }
    for i in 0..<100 {
      #expect(messages.values[i] == serial[i % paths.count])
    }
  }

  @Test func readRejectsABadFullScale() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/bad.flac"
    try AudioFile.write(recording, to: path, metadata: [:])
    // Rewrite the recorded full scale in place (same length keeps the file valid).
    var bytes = try readBytes(path)
    let key = Array("fullScale_g=".utf8)
    let at = try #require(
      (0..<(bytes.count - key.count)).first { Array(bytes[$0..<($0 + key.count)]) == key })
    bytes[at + key.count] = UInt8(ascii: "-")
    try writeBytes(bytes, to: path)
    let error = try #require(thrownInputError { _ = try AudioFile.read(path: path) })
    #expect(error.description.hasPrefix("\(path): metadata fullScale_g: expected a positive number"))
  }

  @Test func writeErrors() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let cases: [(Signal, String, String)] = [
      (recording, folder + "/take.mp3", "use a .wav or .flac extension"),
      (Signal(samples: [], sampleRate_Hz: 8000), folder + "/e.wav", "the signal has no samples"),
      (Signal(samples: [1], sampleRate_Hz: 8000.5), folder + "/r.wav", "sample rate 8000.5 Hz"),
      (Signal(samples: [1, .nan], sampleRate_Hz: 8000), folder + "/n.wav", "sample 1 is nan"),
      (recording, folder + "/no/such/folder/take.wav", "cannot be written: "),
    ]
    for (signal, path, message) in cases {
      let error = try #require(thrownInputError { try AudioFile.write(signal, to: path, metadata: [:]) })
      #expect(error.description.contains(message), "\(error)")
      #expect(error.description.hasPrefix(path))
      #expect(error.kind == .unwritable)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func metadataSizeIsBoundedPerFormat() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let fits = ["note": String(repeating: "x", count: 1700)]
    try AudioFile.write(recording, to: folder + "/fits.wav", metadata: fits)
    #expect(try AudioFile.read(path: folder + "/fits.wav").metadata["note"] == fits["note"])
    let large = ["note": String(repeating: "y", count: 5000)]
    let error = try #require(
      thrownInputError { try AudioFile.write(recording, to: folder + "/large.wav", metadata: large) })
    #expect(error.description.contains("more than the 1800 a .wav file holds"))
    #expect(error.kind == .unwritable)
    // FLAC's Vorbis comments hold much more.
    try AudioFile.write(recording, to: folder + "/large.flac", metadata: large)
    #expect(try AudioFile.read(path: folder + "/large.flac").metadata["note"] == large["note"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["fits.wav", "large.flac"])
  }

  @Test func metadataTextRoundTrips() {
    let entries = ["a": "1", "b=c": "x\\ny\n", "empty": "", "ünï": "cødé\r"]
    let text = AudioMetadata.encode(entries)
    #expect(text.hasPrefix("hapt-metadata=1\n"))
    #expect(AudioMetadata.decode(text) == entries)
    #expect(AudioMetadata.decode("recorded on a Tuesday") == nil)
  }

  /// A failed write on a nearly full file system says so in the system's words, whatever
  /// libsndfile said (issue 24 item 8: "problem with initialization of the flac decoder").
  @Test func aFailedWriteOnAFullDiskSaysNoSpaceLeft() {
    let libsndfile = "the written file cannot be read back: not a readable FLAC stream (damaged or truncated)"
    #expect(AudioFile.writeFailureReason(libsndfile, freeBytes: 0) == "no space left on device")
    #expect(
      AudioFile.writeFailureReason(libsndfile, freeBytes: AudioFile.fullDiskBytes - 1) == "no space left on device")
    #expect(AudioFile.writeFailureReason(libsndfile, freeBytes: 1 << 30) == libsndfile)
    #expect(AudioFile.writeFailureReason(libsndfile, freeBytes: nil) == libsndfile)
    #expect(SystemErrorText.phrase(ENOSPC) == "no space left on device")
  }

  /// libsndfile's messages that name its internals are said in hapt's words (issue 24
  /// item 8); others lose the "Error : " prefix and the final period.
  @Test func libsndfileMessagesAreSaidInHaptsWords() {
    #expect(
      SndFile.tidy("SF_INFO struct incomplete")
        == "not an audio file of a format hapt reads, or its header is incomplete")
    #expect(SndFile.tidy("Unspecified internal error.") == "the audio data is damaged or truncated")
    #expect(
      SndFile.tidy("Error : problem with initialization of the flac decoder.")
        == "not a readable FLAC stream (damaged or truncated)")
    #expect(SndFile.tidy("Error : flac decoder lost sync.") == "the FLAC stream is damaged (decoder lost sync)")
    #expect(SndFile.tidy("Format not recognised.") == "format not recognised")
  }
}
