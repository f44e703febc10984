import Foundation

/// A benchmark's own folders from an earlier run, set aside under another name and
/// deleted only once the measurements are done.
///
/// Deleting many files just before a timed run slows that run's own file creation on
/// some file systems: ext4 without a journal (this project's Linux machine) skips, one by
/// one, every inode freed in the last 30 to 60 seconds when it makes a new file, and a
/// 10,000-pattern merge measured 7 s with 2 s of system time when nothing had been
/// deleted, 13 s with 13 s of it right after a deletion. Renaming a folder frees nothing.
enum ScratchFolders {
  nonisolated(unsafe) private static var setAside: [String] = []

  /// Moves the folder (or file) at `path`, if any, out of the way: renamed into the
  /// temporary folder (`hapt-bench-set-aside-PID-K`, where the benchmarks' folders are),
  /// to be deleted by ``deleteSetAside()``. Deletes it at once when it cannot be renamed.
  static func setAside(_ path: String) {
    guard FileManager.default.fileExists(atPath: path) else { return }
    let renamed = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-bench-set-aside-\(ProcessInfo.processInfo.processIdentifier)-\(setAside.count)"
    ).path
    do {
      try FileManager.default.moveItem(atPath: path, toPath: renamed)
      setAside.append(renamed)
    } catch {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Deletes what ``setAside(_:)`` moved, after the measurements.
  static func deleteSetAside() {
    for path in setAside { try? FileManager.default.removeItem(atPath: path) }
    setAside = []
  }
}
