import CSndFile
import Foundation
import HaptCore

extension AudioFile {
  /// Writes a mono recording: `.wav` as 32-bit float, `.flac` as 24-bit PCM with a
  /// recorded full scale (see ``AudioFile``).
  ///
  /// The file is written to a temporary file in the same folder and renamed over `path`,
  /// so a reader never sees a partial file.
  ///
  /// - Parameters:
  ///   - signal: at least one finite sample; a whole-number sample rate (libsndfile stores
  ///     integer rates) of at most 655350 Hz (FLAC's limit).
  ///   - path: ends in `.wav` or `.flac` (any case).
  ///   - metadata: stored as key=value text; `software` defaults to `hapt <version>`, and
  ///     for FLAC `fullScale_g` is set by hapt (any given value is replaced).
  /// - Throws: ``InputError`` naming `path` with kind ``InputError/Kind/unwritable``.
  package static func write(_ signal: Signal, to path: String, metadata: [String: String]) throws {
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    let format: Int32
    switch ext {
    case "wav": format = Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_FLOAT)
    case "flac": format = Int32(SF_FORMAT_FLAC) | Int32(SF_FORMAT_PCM_24)
    default:
      throw InputError(file: path, "cannot be written: use a .wav or .flac extension", kind: .unwritable)
    }
    let rate = signal.sampleRate_Hz
    guard rate.isFinite, rate >= 1, rate <= 655_350, rate == rate.rounded() else {
      throw InputError(
        file: path,
        "cannot be written: sample rate \(rate) Hz is not a whole number of hertz between 1 and 655350",
        kind: .unwritable)
    }
    guard !signal.samples.isEmpty else {
      throw InputError(file: path, "cannot be written: the signal has no samples", kind: .unwritable)
    }
    if let bad = signal.samples.firstIndex(where: {
      !$0.isFinite || abs($0) > Double(Float.greatestFiniteMagnitude)
    }) {
      throw InputError(
        file: path, "cannot be written: sample \(bad) is \(signal.samples[bad])", kind: .unwritable)
    }
    var entries = metadata
    if entries["software"] == nil { entries["software"] = "hapt \(HaptVersion.string)" }
    var fullScale = 1.0
    if ext == "flac" {
      let peak = signal.samples.reduce(0) { max($0, abs($1)) }
      if peak > 0 { fullScale = peak * flacCodeScale / (flacCodeScale - 1) }
      entries["fullScale_g"] = "\(fullScale)"
    }

    let comment = AudioMetadata.encode(entries)
    let commentLimit = ext == "wav" ? maximumWAVMetadataBytes : maximumFLACMetadataBytes
    guard comment.utf8.count <= commentLimit else {
      throw InputError(
        file: path,
        "cannot be written: the metadata takes \(comment.utf8.count) bytes, more than the \(commentLimit) a .\(ext) file holds",
        kind: .unwritable)
    }
    AtomicFolder.recover(at: path)  // removes temporary files of killed writers of `path`
    let target = URL(fileURLWithPath: path)
    let temporary = TemporarySibling.url(for: target).path
    do {
      try writeFile(
        signal, to: temporary, format: format, entries: entries, comment: comment, fullScale: fullScale)
      try verifyComment(of: temporary, expected: comment)
    } catch let failure as WriteFailure {
      unlink(temporary)
      let reason = writeFailureReason(failure.message, freeBytes: freeBytes(target.deletingLastPathComponent().path))
      throw InputError(file: path, "cannot be written: \(reason)", kind: .unwritable)
    }
    guard rename(temporary, target.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw InputError(
        file: path, "cannot be written: \(SystemErrorText.phrase(code))", kind: .unwritable)
    }
  }

  /// The reason given for a failed write: libsndfile does not pass on the system's
  /// reason, and on a full disk says things such as "problem with initialization of the
  /// flac decoder" (its read-back of a truncated file), so when the file system holding
  /// the output has less than ``fullDiskBytes`` free the reason is "no space left on
  /// device"; otherwise libsndfile's message (in hapt's words, ``SndFile/tidy(_:)``).
  ///
  /// - Parameters:
  ///   - message: libsndfile's message.
  ///   - freeBytes: the bytes free to the user on the output's file system, nil if unknown.
  package static func writeFailureReason(_ message: String, freeBytes: UInt64?) -> String {
    guard let freeBytes, freeBytes < fullDiskBytes else { return message }
    return SystemErrorText.phrase(ENOSPC)
  }

  /// Below this many free bytes a failed write is put down to a full disk (a 24-bit FLAC
  /// block of 4096 samples takes about 12 KB).
  package static let fullDiskBytes: UInt64 = 64 * 1024

  /// The bytes free to the user on the file system holding `folder`, or nil.
  static func freeBytes(_ folder: String) -> UInt64? {
    var space = statvfs()
    guard statvfs(folder, &space) == 0 else { return nil }
    return UInt64(space.f_bavail) * UInt64(space.f_frsize)
  }

  /// The largest metadata text (UTF-8 bytes) written to a WAV file. libsndfile silently
  /// drops an INFO comment of about 2000 bytes or more, and writes a broken file past
  /// about 100 kB, so hapt refuses larger metadata instead.
  package static let maximumWAVMetadataBytes = 1800
  /// The largest metadata text (UTF-8 bytes) written to a FLAC file (a Vorbis comment).
  package static let maximumFLACMetadataBytes = 65536

  /// Re-reads the comment of a freshly written file: libsndfile can drop strings without
  /// reporting an error, and a recording without its metadata must not replace a file.
  private static func verifyComment(of path: String, expected: String) throws {
    var info = SF_INFO()
    switch SndFile.open(path, mode: Int32(SFM_READ), info: &info) {
    case .success(let handle):
      defer { SndFile.close(handle) }
      let stored = sf_get_string(handle, Int32(SF_STR_COMMENT)).map { String(cString: $0) }
      guard stored == expected else { throw WriteFailure(message: "libsndfile did not store the metadata") }
    case .failure(let failure):
      throw WriteFailure(message: "the written file cannot be read back: \(failure.message)")
    }
  }

  /// FLAC's integer code for full scale: 2^23 for 24-bit samples.
  static let flacCodeScale = 8_388_608.0

  private struct WriteFailure: Error { let message: String }

  private static func writeFile(
    _ signal: Signal, to path: String, format: Int32, entries: [String: String], comment: String,
    fullScale: Double
  ) throws {
    var info = SF_INFO()
    info.samplerate = Int32(signal.sampleRate_Hz)
    info.channels = 1
    info.format = format
    let handle: OpaquePointer
    switch SndFile.open(path, mode: Int32(SFM_WRITE), info: &info) {
    case .success(let opened): handle = opened
    case .failure(let failure): throw WriteFailure(message: failure.message)
    }
    var closed = false
    defer { if !closed { SndFile.close(handle) } }
    // No PEAK chunk: libsndfile stamps it with the current time, so two writes of the
    // same signal would differ. The full scale is recorded in the metadata instead.
    _ = sf_command(handle, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
    // Strings go in before the samples so that they land in the header.
    // The title is a courtesy copy for other tools; a long one is left out.
    let title = (entries["title"] ?? entries["pattern"]).flatMap { $0.utf8.count <= 200 ? $0 : nil }
    let strings: [(Int32, String?)] = [
      (Int32(SF_STR_SOFTWARE), entries["software"].map(AudioMetadata.storable)),
      (Int32(SF_STR_TITLE), title.map(AudioMetadata.storable)),
      (Int32(SF_STR_COMMENT), comment),
    ]
    for (type, value) in strings {
      guard let value, !value.isEmpty else { continue }
      if sf_set_string(handle, type, value) != 0 {
        throw WriteFailure(message: "metadata: \(SndFile.error(handle) ?? "cannot be stored")")
      }
    }
    let count = signal.samples.count
    let written: Int64
    if format & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_FLAC) {
      // Left-justified 24-bit codes: libsndfile's int interface uses the top 24 bits.
      let codes = signal.samples.map { sample -> Int32 in
        let code = (sample / fullScale * flacCodeScale).rounded()
        return Int32(min(max(code, -flacCodeScale), flacCodeScale - 1)) << 8
      }
      written = codes.withUnsafeBufferPointer { sf_writef_int(handle, $0.baseAddress, Int64(count)) }
    } else {
      written = signal.samples.withUnsafeBufferPointer {
        sf_writef_double(handle, $0.baseAddress, Int64(count))
      }
    }
    guard written == Int64(count) else {
      throw WriteFailure(message: SndFile.error(handle) ?? "only \(written) of \(count) samples were written")
    }
    closed = true
    if let message = SndFile.close(handle) { throw WriteFailure(message: message) }
  }
}
