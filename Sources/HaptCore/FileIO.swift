import Foundation

/// Reading input files with a size limit and errors that name the file.
package enum InputFile {
  /// Default largest input file accepted, in bytes (64 MiB).
  package static let defaultMaxBytes = 64 << 20

  /// The bytes of the file at `path`.
  ///
  /// - Throws: ``InputError`` with kind ``InputError/Kind/missing`` if the file is missing or
  ///   unreadable, kind ``InputError/Kind/malformed`` if it is larger than `maxBytes` or a folder.
  package static func read(_ path: String, maxBytes: Int = defaultMaxBytes) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(file: path, "no such file", kind: .missing)
    }
    guard !isDirectory.boolValue else {
      throw InputError(file: path, "is a folder, expected a file", kind: .malformed)
    }
    try requireRegularFile(path)
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(file: path, "cannot be opened for reading", kind: .missing)
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: maxBytes + 1) ?? Data()
    } catch {
      throw InputError(file: path, "cannot be read: \(error.localizedDescription)", kind: .missing)
    }
    guard data.count <= maxBytes else {
      throw InputError(file: path, "larger than the limit of \(maxBytes) bytes", limit: .fileBytes(maxBytes))
    }
    return [UInt8](data)
  }
}

extension InputFile {
  /// Throws unless `path` is a regular file (after following symbolic links): a FIFO, a
  /// device (`/dev/stdin`, `/dev/zero`) or a socket is refused before it is opened, since
  /// opening or reading one can block or never end.
  ///
  /// - Throws: ``InputError`` (kind `missing`) naming `path` and what it is.
  package static func requireRegularFile(_ path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else { throw InputError(file: path, "no such file", kind: .missing) }
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw InputError(file: path, "is a folder, expected a file")
    case S_IFIFO: kind = "a FIFO (named pipe)"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "a special file"
    }
    throw InputError(file: path, "is \(kind), not a regular file; hapt reads only regular files", kind: .missing)
  }
}

/// Writing output files so that a reader never sees a partial file: the content goes to a
/// temporary file in the same folder, which is then renamed over the target (rename(2) is
/// atomic within one file system). An interrupted run leaves the previous file intact; the
/// temporary file it leaves is removed by the next write of the same path.
package enum AtomicFile {
  /// Creates the folders above `path` (`Baselines/` for `Baselines/library`), as
  /// `mkdir -p` would; `path` itself is written later.
  /// - Throws: ``InputError`` (unwritable) naming `path` if they cannot be created.
  package static func createParentFolder(of path: String) throws {
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard !FileManager.default.fileExists(atPath: parent) else { return }
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: path, "cannot create the parent folder", kind: .unwritable)
    }
  }

  /// Writes `bytes` to `path`, a new file in a folder that no other writer uses and that
  /// no reader sees until it is complete (the temporary folder of
  /// ``AtomicFolder/write(to:guard:replacing:_:)``, swapped in whole): in place, without
  /// a temporary file of its own and without looking for other writers' leftovers.
  /// `write(_:to:)` looks by listing the folder, so n files written into one
  /// folder that way took time in the square of n (a 100,000-pattern corpus, or a
  /// baseline's pattern copies).
  ///
  /// - Throws: ``InputError`` with kind ``InputError/Kind/unwritable`` naming the path.
  package static func writeNew(_ bytes: some Collection<UInt8>, to path: String) throws {
    do {
      try PlainFile.write(Data(bytes), to: path)
    } catch {
      try? FileManager.default.removeItem(atPath: path)
      throw InputError(file: path, "cannot be written: \(reason(error))", kind: .unwritable)
    }
  }

  /// `writeNew(_:to:)` of `text`'s UTF-8 bytes.
  package static func writeNew(_ text: String, to path: String) throws {
    try writeNew(Array(text.utf8), to: path)
  }

  /// Writes `bytes` to `path` atomically.
  ///
  /// - Throws: ``InputError`` with kind ``InputError/Kind/unwritable`` naming the path.
  package static func write(_ bytes: some Collection<UInt8>, to path: String) throws {
    AtomicFolder.recover(at: path)  // removes temporary files of killed writers of `path`
    let url = URL(fileURLWithPath: path)
    let temporary = TemporarySibling.url(for: url)
    do {
      try PlainFile.write(Data(bytes), to: temporary.path)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw InputError(file: path, "cannot be written: \(reason(error))", kind: .unwritable)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw InputError(
        file: path, "cannot be written: \(SystemErrorText.phrase(code))", kind: .unwritable)
    }
  }

  /// Writes `text` as UTF-8 to `path` atomically.
  package static func write(_ text: String, to path: String) throws {
    try write(Array(text.utf8), to: path)
  }

  private static func reason(_ error: Error) -> String { SystemErrorText.phrase(error) }
}
