import CSndFile
import Foundation

/// Process-wide serialisation of libsndfile's open and close.
///
/// libsndfile reports a failed `sf_open` through a global error number read by
/// `sf_strerror(NULL)`, so concurrent failing opens could report each other's message;
/// opening and closing under one lock keeps each message with its file. Reading and
/// writing an open handle is per-handle state and runs unlocked.
enum SndFile {
  static let lock = NSLock()

  /// Opens `path` in `mode`; on failure returns libsndfile's message instead.
  static func open(_ path: String, mode: Int32, info: inout SF_INFO) -> Result<OpaquePointer, OpenFailure> {
    lock.lock()
    defer { lock.unlock() }
    if let handle = sf_open(path, mode, &info) { return .success(handle) }
    return .failure(OpenFailure(message: tidy(String(cString: sf_strerror(nil)))))
  }

  /// Closes `handle`; returns libsndfile's message if closing failed.
  @discardableResult
  static func close(_ handle: OpaquePointer) -> String? {
    lock.lock()
    defer { lock.unlock() }
    let status = sf_close(handle)
    return status == 0 ? nil : tidy(String(cString: sf_error_number(status)))
  }

  /// The current error message of an open handle, or nil if there is none.
  static func error(_ handle: OpaquePointer) -> String? {
    sf_error(handle) == 0 ? nil : tidy(String(cString: sf_strerror(handle)))
  }

  /// libsndfile's message as a one-line phrase in hapt's style: no "Error : " prefix,
  /// no final period, no line breaks ("Error : flac decoder lost sync." becomes
  /// "flac decoder lost sync").
  static func tidy(_ message: String) -> String {
    var text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    for prefix in ["Error : ", "Error: "] where text.hasPrefix(prefix) {
      text.removeFirst(prefix.count)
      break
    }
    text = text.trimmingCharacters(in: .whitespaces)
    while text.hasSuffix(".") { text.removeLast() }
    if let words = plainWords.first(where: { text.localizedCaseInsensitiveContains($0.raw) }) { return words.plain }
    if let first = text.first, text.dropFirst().first?.isLowercase ?? true {
      text = first.lowercased() + text.dropFirst()
    }
    return text.isEmpty ? "unknown libsndfile error" : text
  }

  /// libsndfile messages that name its internals, in hapt's words.
  static let plainWords: [(raw: String, plain: String)] = [
    ("SF_INFO struct incomplete", "not an audio file of a format hapt reads, or its header is incomplete"),
    ("unspecified internal error", "the audio data is damaged or truncated"),
    ("initialization of the flac decoder", "not a readable FLAC stream (damaged or truncated)"),
    ("flac decoder lost sync", "the FLAC stream is damaged (decoder lost sync)"),
  ]

  struct OpenFailure: Error {
    let message: String
  }
}
