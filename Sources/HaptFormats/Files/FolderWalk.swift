import Foundation
import HaptCore
import HaptPatterns

/// A recursive listing of a folder's regular files by raw directory reads, which also
/// sees what a pattern walk must not read but must mention: symbolic links (never
/// followed: they may point to `/dev/zero`, nowhere, or back up the tree), names that are
/// not UTF-8, hidden folders, and special files (FIFOs, devices, sockets). Hidden files
/// are listed (the caller decides).
struct FolderWalk {
  typealias Exclusion = PatternFolder.Exclusion

  /// Paths of the regular files, in directory order, spelled from `folder`.
  private(set) var files: [String] = []
  /// What was left out: reason -> paths (spelled from `folder`; a name that is not UTF-8
  /// shown with its bad bytes replaced).
  private(set) var excluded: [Exclusion: [String]] = [:]

  /// Walks `folder` (itself may be a symbolic link to a folder: it was given by name).
  init(_ folder: String) {
    walk(folder, depth: 0)
  }

  private mutating func walk(_ folder: String, depth: Int) {
    guard depth < 64, let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if nameBytes == [UInt8(ascii: ".")] || nameBytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      let separator = folder.hasSuffix("/") ? "" : "/"
      let name = String(decoding: nameBytes, as: UTF8.self)
      guard Array(name.utf8) == nameBytes else {  // not UTF-8: shown with U+FFFD
        excluded[.nonUTF8Name, default: []].append(folder + separator + name)
        continue
      }
      let path = folder + separator + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFLNK: excluded[.symlink, default: []].append(path)
      case S_IFDIR:
        if name.hasPrefix(".") {
          excluded[.hiddenFolder, default: []].append(path)
        } else {
          walk(path, depth: depth + 1)
        }
      case S_IFREG:
        files.append(path)
      default: excluded[.special, default: []].append(path)
      }
    }
  }
}
