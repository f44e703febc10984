import Foundation

/// Replacing a whole output folder (a report: HTML, CSVs, SVGs) so that a reader, or the
/// next run, sees either the complete previous folder or the complete new one, never a
/// mixture or a partial file.
///
/// The new content is written into a hidden temporary sibling (`.NAME.tmp-PID-RANDOM`, in
/// the same parent folder and so on the same file system); then it is swapped into place:
///
/// 1. On Linux, `renameat2(2)` with `RENAME_EXCHANGE` swaps the two folders in one atomic
///    step (Linux 3.15+, ext4, xfs, btrfs, tmpfs; Glibc does not export the function to
///    Swift, so it is looked up with `dlsym`). On macOS `renamex_np(2)` with
///    `RENAME_SWAP` does the same. The old content, now under the temporary name, is
///    removed.
/// 2. Where no exchange is available (older kernels, file systems that refuse it), a
///    rename sequence: `NAME` -> `.NAME.old-PID-RANDOM`, temporary -> `NAME`, remove the
///    old folder. Between the two renames `NAME` is missing for an instant; if the process
///    dies there, the next ``write(to:_:)`` (or ``recover(at:)``) renames the newest
///    `.NAME.old-*` back to `NAME`.
///
/// If the writer closure throws, the temporary folder is removed and the previous folder
/// is untouched. If the process is killed (even `kill -9`) while writing, the previous
/// folder is untouched and the next run removes the abandoned temporary folder (one whose
/// process id no longer runs).
///
/// Durability against power loss is not attempted (no `fsync`): the guarantee is about
/// interrupted processes.
package enum AtomicFolder {
  /// How the last swap on this platform was done (for tests and diagnostics).
  package enum Method: String, Sendable {
    /// There was no previous folder: one rename.
    case rename
    /// Atomic exchange (`renameat2` RENAME_EXCHANGE / `renamex_np` RENAME_SWAP).
    case exchange
    /// The documented rename sequence.
    case renameSequence = "rename-sequence"
  }

  /// Writes a folder at `path` by calling `body` with an empty temporary folder, adding
  /// `guard`'s marker file (listing every file `body` wrote), then swapping it into place.
  ///
  /// If `path` is absent when the write starts (or `replacing` is false), the folder is
  /// moved into place with a rename that fails if `path` exists by then
  /// (`renameat2(RENAME_NOREPLACE)`, `renamex_np(RENAME_EXCL)`): of two runs creating the
  /// same folder at once, the one that finishes second fails instead of silently
  /// replacing the other's output.
  ///
  /// - Parameters:
  ///   - path: The folder to create or replace. Its parent must exist.
  ///   - guard: What `path` may be (see ``OutputFolderGuard``); checked before `body`
  ///     runs and again just before the swap.
  ///   - replacing: Whether an existing folder at `path` may be replaced at all.
  ///   - body: Fills the folder it is given (a URL of an empty folder).
  /// - Returns: How the swap was done.
  /// - Throws: What `body` throws, unchanged; ``InputError`` with
  ///   kind ``InputError/Kind/unwritable`` if `guard` refuses `path`, or if the folder
  ///   cannot be created or swapped.
  @discardableResult
  package static func write(
    to path: String, guard folderGuard: OutputFolderGuard, replacing: Bool = true, _ body: (URL) throws -> Void
  ) throws -> Method {
    try folderGuard.check(path)
    recover(at: path)  // first, so that a folder an interrupted run left renamed is back
    var status = stat()
    let creating = !replacing || lstat(path, &status) != 0
    return try write(to: path, allowExchange: true, creating: creating) { folder in
      try body(folder)
      do {
        let marker = folderGuard.markerText(listing: OutputFolderGuard.listing(of: folder.path))
        try PlainFile.write(Data(marker.utf8), to: folder.appendingPathComponent(OutputFolderGuard.markerFileName).path)
      } catch {
        throw InputError(file: path, "cannot be written: \(describe(error))", kind: .unwritable)
      }
      try folderGuard.check(path)
    }
  }

  /// The implementation; `allowExchange: false` forces the rename sequence (tests);
  /// `creating: true` fails instead of replacing a folder that exists at the swap.
  static func write(
    to path: String, allowExchange: Bool, creating: Bool = false, _ body: (URL) throws -> Void
  ) throws -> Method {
    let fileManager = FileManager.default
    let target = URL(fileURLWithPath: path).standardizedFileURL
    recover(at: target.path)
    var isFolder: ObjCBool = false
    let exists = fileManager.fileExists(atPath: target.path, isDirectory: &isFolder)
    if exists, !isFolder.boolValue {
      throw InputError(file: path, "exists and is not a folder; not replacing it", kind: .unwritable)
    }
    let temporary = TemporarySibling.url(for: target)
    do {
      try fileManager.createDirectory(at: temporary, withIntermediateDirectories: false)
    } catch {
      throw InputError(file: path, "cannot be created: \(describe(error))", kind: .unwritable)
    }
    do {
      try body(temporary)
    } catch let error as InputError {
      try? fileManager.removeItem(at: temporary)
      throw error.naming(target: path, insteadOf: temporary.path)
    } catch {
      try? fileManager.removeItem(at: temporary)
      throw error
    }
    do {
      if creating { return try create(temporary, at: target, named: path) }
      return try swap(temporary, into: target, allowExchange: allowExchange)
    } catch {
      try? fileManager.removeItem(at: temporary)
      throw error
    }
  }

  /// Finishes or cleans up after an interrupted ``write(to:_:)`` of `path`.
  ///
  /// If `path` is missing and a `.NAME.old-*` sibling left by a process that no longer
  /// runs exists, the newest one is renamed back to `path`. Temporary and old siblings left by processes that no longer run are
  /// removed. Folders of a process that still runs (a concurrent writer) are left alone.
  package static func recover(at path: String) {
    let fileManager = FileManager.default
    let target = URL(fileURLWithPath: path).standardizedFileURL
    let parent = target.deletingLastPathComponent()
    let name = target.lastPathComponent
    guard let siblings = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
    let oldPrefix = ".\(name).old-"
    let temporaryPrefix = TemporarySibling.prefix(for: name)
    func isAbandoned(_ sibling: String, prefix: String) -> Bool {
      guard sibling.hasPrefix(prefix) else { return false }
      guard let pid = Int32(sibling.dropFirst(prefix.count).prefix { $0 != "-" }) else { return false }
      return !isRunning(pid)
    }
    let olds = siblings.filter { isAbandoned($0, prefix: oldPrefix) }
      .sorted { (modified(parent, $0), $0) > (modified(parent, $1), $1) }
    if !fileManager.fileExists(atPath: target.path), let newest = olds.first {
      _ = rename(parent.appendingPathComponent(newest).path, target.path)
    }
    for sibling in siblings
    where isAbandoned(sibling, prefix: oldPrefix) || isAbandoned(sibling, prefix: temporaryPrefix) {
      let url = parent.appendingPathComponent(sibling)
      if fileManager.fileExists(atPath: url.path) { try? fileManager.removeItem(at: url) }
    }
  }

  // MARK: - Swapping

  private static func swap(_ temporary: URL, into target: URL, allowExchange: Bool) throws -> Method {
    let fileManager = FileManager.default
    if !fileManager.fileExists(atPath: target.path) {
      if rename(temporary.path, target.path) == 0 { return .rename }
      if errno != EEXIST && errno != ENOTEMPTY { throw failure(target, errno) }
    }
    if allowExchange, exchange(temporary.path, target.path) {
      try? fileManager.removeItem(at: temporary)
      return .exchange
    }
    let old = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())-\(token())")
    guard rename(target.path, old.path) == 0 else { throw failure(target, errno) }
    guard rename(temporary.path, target.path) == 0 else {
      let code = errno
      _ = rename(old.path, target.path)
      throw failure(target, code)
    }
    try? fileManager.removeItem(at: old)
    return .renameSequence
  }

  /// Renames `temporary` to `target`, failing if `target` exists by then (even as an empty
  /// folder, which a plain rename(2) would replace).
  private static func create(_ temporary: URL, at target: URL, named path: String) throws -> Method {
    switch renameNoReplace(temporary.path, target.path) {
    case .some(0): return .rename
    case .some(let code) where code == EEXIST || code == ENOTEMPTY:
      throw InputError(
        file: path, "was created by another run while this one worked; not replacing it",
        kind: .unwritable)
    case .some(let code) where code != ENOSYS && code != EINVAL: throw failure(target, code)
    default:
      // No such rename here: the narrowest check there is, then a plain rename.
      if FileManager.default.fileExists(atPath: target.path) {
        throw InputError(
          file: path, "was created by another run while this one worked; not replacing it",
          kind: .unwritable)
      }
      guard rename(temporary.path, target.path) == 0 else { throw failure(target, errno) }
      return .rename
    }
  }

  /// Renames `a` to `b` unless `b` exists: 0, the errno, or nil if the platform has no
  /// such rename.
  private static func renameNoReplace(_ a: String, _ b: String) -> Int32? {
    #if os(Linux)
      typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameNoReplace: UInt32 = 1 << 0  // RENAME_NOREPLACE, linux/fs.h
      return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameNoReplace) == 0 ? 0 : errno
    #elseif canImport(Darwin)
      typealias RenameXNP = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renamex_np") else { return nil }
      let renamex = unsafeBitCast(symbol, to: RenameXNP.self)
      let renameExclusive: UInt32 = 0x4  // RENAME_EXCL, sys/stdio.h
      return renamex(a, b, renameExclusive) == 0 ? 0 : errno
    #else
      return nil
    #endif
  }

  /// Atomically exchanges two paths; false if the platform or file system cannot.
  private static func exchange(_ a: String, _ b: String) -> Bool {
    #if os(Linux)
      typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return false }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, linux/fs.h
      return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    #elseif canImport(Darwin)
      typealias RenameXNP = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renamex_np") else { return false }
      let renamex = unsafeBitCast(symbol, to: RenameXNP.self)
      let renameSwap: UInt32 = 0x2  // RENAME_SWAP, sys/stdio.h
      return renamex(a, b, renameSwap) == 0
    #else
      return false
    #endif
  }

  // MARK: - Helpers

  private static func token() -> String {
    String(UInt32.random(in: 0...UInt32.max), radix: 16)
  }

  private static func isRunning(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    if pid == getpid() { return true }
    return kill(pid, 0) == 0 || errno == EPERM
  }

  private static func modified(_ parent: URL, _ name: String) -> Date {
    let attributes = try? FileManager.default.attributesOfItem(
      atPath: parent.appendingPathComponent(name).path)
    return attributes?[.modificationDate] as? Date ?? .distantPast
  }

  private static func failure(_ target: URL, _ code: Int32) -> InputError {
    InputError(
      file: target.path, "cannot be replaced: \(SystemErrorText.phrase(code))", kind: .unwritable)
  }

  private static func describe(_ error: Error) -> String { SystemErrorText.phrase(error) }
}
