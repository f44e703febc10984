import CSndFile
import Foundation
import HaptCore

/// Reading and writing mono recordings (WAV, FLAC, and anything else libsndfile reads).
///
/// Files hapt writes:
/// - `.wav`: 32-bit IEEE float samples, the signal's values as they are (in g for an
///   acceleration). Float storage rounds to 24 significant bits (relative 6e-8).
/// - `.flac`: FLAC cannot hold floats, so samples are 24-bit integers scaled by a full
///   scale: the integer code 2^23 stands for `fullScale_g` (in the signal's unit), which
///   is recorded in the metadata and applied on reading. hapt chooses
///   `fullScale_g = peak * 2^23 / (2^23 - 1)` (1 for silence), so the peak is the largest
///   code and the rounding error is at most `fullScale_g / 2^24` (about 6e-8 of the peak).
/// - Metadata: the `[String: String]` goes as key=value text (see `AudioMetadata`) in the
///   comment field (`ICMT` in WAV, the `COMMENT` Vorbis comment in FLAC); the software
///   field holds `hapt <version>` and the title field `metadata["title"]` or
///   `metadata["pattern"]`, for other tools to show.
///
/// Reading returns the samples as doubles: float files as stored; integer PCM files as
/// fractions of full scale (code / 2^(bits-1)), times `fullScale_g` if the metadata has
/// one (without it, full scale is taken as 1 and ``assumedFullScaleKey`` is set in the
/// returned metadata so the caller can say so). The returned metadata is the comment's entries plus the standard fields (`title`,
/// `software`, `artist`, `date`, `comment`, ...) not already among them.
package enum AudioFile {
  /// Metadata key set on reading when an integer PCM file has no `fullScale_g`: its full
  /// scale was taken as 1 (code 2^(bits-1) reads as 1.0), an assumption callers report.
  package static let assumedFullScaleKey = "hapt.assumedFullScale"
  /// Metadata key set on reading a file of several channels as their mean: the number of
  /// channels mixed.
  package static let mixedChannelsKey = "hapt.mixedChannels"

  /// The largest number of frames read: 60 minutes at 8 kHz (10 minutes at 48 kHz).
  package static let defaultMaxFrames = 28_800_000

  /// The longest recording read, in seconds (60 minutes).
  package static let defaultMaxDuration_s = 3600.0

  /// The lowest sample rate accepted on reading, Hz: below it a recording cannot hold the
  /// vibrations people feel (up to about 1 kHz; at 100 Hz it holds up to 50 Hz), and a
  /// header claiming a rate of a few hertz would make a small file hours long.
  package static let minimumSampleRate_Hz = 100.0

  /// The highest sample rate accepted on reading, Hz.
  package static let maximumSampleRate_Hz = 10_000_000.0

  /// Reads a mono recording.
  ///
  /// - Parameters:
  ///   - path: the file; its extension does not matter (libsndfile reads the header).
  ///   - maxFrames: longer files are rejected with an error.
  ///   - maxDuration_s: so are files lasting longer than this (seconds), which bounds what
  ///     resampling a low-rate file to the analysis rate can produce.
  ///   - mixChannels: read a file of several channels as the mean of its channels (for
  ///     files whose channels carry one signal) and say so under ``mixedChannelsKey``;
  ///     otherwise such a file is refused.
  /// - Returns: the signal and its metadata (see ``AudioFile``).
  /// - Throws: ``InputError`` naming the file: kind ``InputError/Kind/missing`` if it is missing or
  ///   cannot be opened, kind ``InputError/Kind/malformed`` if it is not readable audio (with
  ///   libsndfile's message), not mono, empty, too long, has an impossible sample rate
  ///   or non-finite samples, or is truncated.
  package static func read(
    path: String, maxFrames: Int = defaultMaxFrames, maxDuration_s: Double = defaultMaxDuration_s,
    mixChannels: Bool = false
  ) throws -> (
    signal: Signal, metadata: [String: String]
  ) {
    try checkReadable(path)
    var info = SF_INFO()
    let handle: OpaquePointer
    switch SndFile.open(path, mode: Int32(SFM_READ), info: &info) {
    case .success(let opened): handle = opened
    case .failure(let failure):
      throw InputError(file: path, "cannot be read as audio: \(failure.message)")
    }
    defer { SndFile.close(handle) }
    let channels = Int(info.channels)
    if channels != 1 && !(mixChannels && channels > 1 && channels <= 64) {
      throw InputError(file: path, "has \(info.channels) channels; hapt reads mono recordings")
    }
    guard Double(info.samplerate) >= minimumSampleRate_Hz, Double(info.samplerate) <= maximumSampleRate_Hz else {
      throw InputError(
        file: path,
        "sample rate \(info.samplerate) Hz is not between \(Int(minimumSampleRate_Hz)) Hz and 10 MHz (the rates hapt reads)"
      )
    }
    let declared = info.frames
    guard declared != 0 else { throw InputError(file: path, "has no samples") }
    guard declared > 0 else { throw InputError(file: path, "declares \(declared) frames") }
    let lengthKnown = declared != Int64.max
    if lengthKnown && declared > Int64(maxFrames) {
      throw tooLong(path, frames: "\(declared) frames", maxFrames: maxFrames)
    }
    let byDuration = maxDuration_s * Double(info.samplerate)
    let frameLimit = max(0, byDuration.isNaN ? maxFrames : Int(max(0, min(byDuration, Double(maxFrames)))))
    if lengthKnown && declared > Int64(frameLimit) {
      throw InputError(
        file: path,
        "lasts \(Double(declared) / Double(info.samplerate)) s, more than the limit of \(maxDuration_s) s")
    }
    var metadata = try readMetadata(handle, path: path)
    var samples = try readSamples(
      handle, path: path, declared: lengthKnown ? Int(declared) : nil, maxFrames: frameLimit, channels: channels)
    if channels > 1 { metadata[mixedChannelsKey] = String(channels) }
    let subtype = info.format & Int32(SF_FORMAT_SUBMASK)
    let isFloat = subtype == Int32(SF_FORMAT_FLOAT) || subtype == Int32(SF_FORMAT_DOUBLE)
    if !isFloat, let text = metadata["fullScale_g"] {
      guard let fullScale = Double(text), fullScale.isFinite, fullScale > 0 else {
        throw InputError(
          file: path, place: "metadata fullScale_g", "expected a positive number, found '\(text)'")
      }
      for n in samples.indices { samples[n] *= fullScale }
    } else if !isFloat {
      metadata[assumedFullScaleKey] = "1"
    }
    if let bad = samples.firstIndex(where: { !$0.isFinite }) {
      throw InputError(file: path, place: "sample \(bad)", "is not a finite number")
    }
    return (Signal(samples: samples, sampleRate_Hz: Double(info.samplerate)), metadata)
  }

  /// A missing path or a non-regular file (a folder, a FIFO that would block) is refused
  /// before libsndfile sees it.
  private static func checkReadable(_ path: String) throws {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let type = attributes[.type] as? FileAttributeType
    else { throw InputError(file: path, "no such file", kind: .missing) }
    if type == .typeDirectory {
      throw InputError(file: path, "is a folder, expected an audio file", kind: .malformed)
    }
    guard type == .typeRegular else {
      throw InputError(file: path, "is not a regular file", kind: .missing)
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw InputError(file: path, "cannot be opened for reading", kind: .missing)
    }
  }

  private static func tooLong(_ path: String, frames: String, maxFrames: Int) -> InputError {
    InputError(file: path, "has \(frames), more than the limit of \(maxFrames) frames")
  }

  /// Reads every frame in chunks; bounded by `maxFrames`.
  private static func readSamples(
    _ handle: OpaquePointer, path: String, declared: Int?, maxFrames: Int, channels: Int
  )
    throws
    -> [Double]
  {
    let chunk = 1 << 16
    var samples: [Double] = []
    // At most 1 Mi frames up front: a hostile header cannot make us reserve much.
    samples.reserveCapacity(min(declared ?? chunk, maxFrames, 1 << 20))
    var buffer = [Double](repeating: 0, count: chunk * channels)
    while true {
      let got = buffer.withUnsafeMutableBufferPointer {
        sf_readf_double(handle, $0.baseAddress, Int64(chunk))
      }
      if got <= 0 { break }
      let frames = Int(min(got, Int64(chunk)))
      if channels == 1 {
        samples.append(contentsOf: buffer[0..<frames])
      } else {
        for frame in 0..<frames {
          var sum = 0.0
          for channel in 0..<channels { sum += buffer[frame * channels + channel] }
          samples.append(sum / Double(channels))
        }
      }
      if samples.count > maxFrames {
        throw tooLong(path, frames: "more than \(maxFrames) frames", maxFrames: maxFrames)
      }
    }
    if let message = SndFile.error(handle) {
      throw InputError(file: path, place: "frame \(samples.count)", "cannot be decoded: \(message)")
    }
    if samples.isEmpty { throw InputError(file: path, "has no samples") }
    if let declared, samples.count < declared {
      throw InputError(
        file: path,
        "is truncated: the header declares \(declared) frames, only \(samples.count) could be read")
    }
    return samples
  }

  /// The standard string fields libsndfile exposes, by the metadata key hapt uses.
  static let stringFields: [(key: String, type: Int32)] = [
    ("title", Int32(SF_STR_TITLE)), ("copyright", Int32(SF_STR_COPYRIGHT)),
    ("software", Int32(SF_STR_SOFTWARE)), ("artist", Int32(SF_STR_ARTIST)),
    ("comment", Int32(SF_STR_COMMENT)), ("date", Int32(SF_STR_DATE)), ("album", Int32(SF_STR_ALBUM)),
    ("license", Int32(SF_STR_LICENSE)), ("tracknumber", Int32(SF_STR_TRACKNUMBER)),
    ("genre", Int32(SF_STR_GENRE)),
  ]

  private static func readMetadata(_ handle: OpaquePointer, path: String) throws -> [String: String] {
    var standard: [String: String] = [:]
    for field in stringFields {
      if let pointer = sf_get_string(handle, field.type) {
        let text = String(
          decoding: UnsafeRawBufferPointer(start: pointer, count: strnlen(pointer, 1 << 20)), as: UTF8.self)
        if !text.isEmpty { standard[field.key] = text }
      }
    }
    var metadata: [String: String] = [:]
    if let comment = standard["comment"], let entries = AudioMetadata.decode(comment) {
      metadata = entries
      standard["comment"] = nil
    }
    for (key, value) in standard where metadata[key] == nil { metadata[key] = value }
    return metadata
  }
}
