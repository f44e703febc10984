import Foundation

/// Writing a file's bytes with the system's `open`, `write` and `close`, and nothing more.
///
/// Foundation's `Data.write(to:)` also calls `fsync` before it returns (swift-foundation
/// on Linux), so a report of 10,000 pages and their sounds waited for the disk 20,000
/// times. hapt's outputs are atomic by rename (``AtomicFile``, ``AtomicFolder``), not
/// durable against power loss, so they are written this way instead.
package enum PlainFile {
  /// Creates (or truncates) the file at `path` with `data` (mode 0666 less the umask, as
  /// `Data.write(to:)` makes it).
  ///
  /// - Throws: a `POSIXError` with the system's reason (``SystemErrorText/phrase(_:)-(Error)``
  ///   words it); what was written before the failure stays, for the caller to discard.
  package static func write(_ data: Data, to path: String) throws {
    // A failed append leaves the file to the writer's deinit, which closes it.
    let file = try Writer(path: path)
    try file.append(data)
    try file.close()
  }

  /// A file written in pieces, in order (a table made a chunk of rows at a time). Sendable
  /// so that a task may append while others make the next pieces; it must be used by one
  /// thread at a time.
  package final class Writer: @unchecked Sendable {
    private var descriptor: Int32

    /// Creates (or truncates) the file at `path`.
    /// - Throws: a `POSIXError` with the system's reason.
    package init(path: String) throws {
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else { throw PlainFile.failure(errno) }
    }

    deinit { if descriptor >= 0 { _ = PlainFile.systemClose(descriptor) } }

    /// Appends `data` to the file.
    /// - Throws: a `POSIXError` with the system's reason.
    package func append(_ data: Data) throws {
      var code: Int32 = 0
      data.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
          let written = PlainFile.systemWrite(descriptor, base + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            code = errno
            return
          }
          offset += written
        }
      }
      if code != 0 { throw PlainFile.failure(code) }
    }

    /// Closes the file (a second call does nothing).
    /// - Throws: a `POSIXError` with the system's reason.
    package func close() throws {
      guard descriptor >= 0 else { return }
      let result = PlainFile.systemClose(descriptor)
      descriptor = -1
      if result != 0 { throw PlainFile.failure(errno) }
    }
  }

  /// Makes `path` (which must not exist) a second name of the file at `source`: a hard
  /// link, so that no byte is read or written, or, where the file system cannot link
  /// (another device, no hard links), a copy of the file.
  ///
  /// - Throws: a `POSIXError` with the system's reason (the source cannot be read, the
  ///   path cannot be made).
  package static func linkOrCopy(_ source: String, to path: String) throws {
    if systemLink(source, path) == 0 { return }
    let code = errno
    // Only where linking is not possible; any other failure (a missing source, an existing
    // path) is the copy's too, and it says so.
    guard code == EXDEV || code == EPERM || code == EMLINK || code == ENOTSUP || code == EACCES else {
      throw failure(code)
    }
    guard let data = FileManager.default.contents(atPath: source) else { throw failure(ENOENT) }
    try write(data, to: path)
  }

  /// The byte ranges of the file at `path`, in order, each at most `size` bytes (none
  /// for an empty file), so that a large file is copied a piece at a time
  /// (``read(_:range:)``); nil if it is not there.
  package static func pieces(ofFileAt path: String, size: Int) -> [Range<Int>]? {
    guard let length = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int else { return nil }
    let size = max(size, 1)
    return stride(from: 0, to: length, by: size).map { $0..<min($0 + size, length) }
  }

  /// The bytes `range` of the file at `path`.
  /// - Throws: ``InputError`` (missing) naming the file if it cannot be read, or is
  ///   shorter than `range`.
  package static func read(_ path: String, range: Range<Int>) throws -> Data {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(file: path, "cannot be read", kind: .missing)
    }
    defer { try? handle.close() }
    let data: Data
    do {
      try handle.seek(toOffset: UInt64(range.lowerBound))
      data = try handle.read(upToCount: range.count) ?? Data()
    } catch {
      throw InputError(file: path, "cannot be read: \(SystemErrorText.phrase(error))", kind: .missing)
    }
    guard data.count == range.count else {
      throw InputError(file: path, "cannot be read: shorter than it was", kind: .missing)
    }
    return data
  }

  fileprivate static func systemLink(_ source: String, _ path: String) -> Int32 {
    #if canImport(Glibc)
      Glibc.link(source, path)
    #elseif canImport(Musl)
      Musl.link(source, path)
    #else
      Darwin.link(source, path)
    #endif
  }

  fileprivate static func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }

  fileprivate static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  fileprivate static func failure(_ code: Int32) -> Error {
    POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
  }
}
