import Foundation

/// Finds the `Corpora/` folder that ships with hapt (system presets, the pattern library,
/// device profiles).
///
/// Looked for, in order: the `HAPT_CORPORA` environment variable; `Corpora/` in the
/// current folder or any folder above it; `Corpora/` above the running executable (so
/// `.build/release/hapt` finds the checkout's corpora from anywhere).
public enum Corpora {
  /// The corpora folder, or nil if none is found.
  public static func directory() -> URL? {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["HAPT_CORPORA"], !override.isEmpty {
      return URL(fileURLWithPath: override)
    }
    var starts = [URL(fileURLWithPath: fileManager.currentDirectoryPath)]
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    starts.append(executable.deletingLastPathComponent())
    for start in starts {
      var folder = start.standardizedFileURL
      for _ in 0..<8 {
        let candidate = folder.appendingPathComponent("Corpora")
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          isDirectory.boolValue
        {
          return candidate
        }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    return nil
  }

  /// A sub-folder of the corpora (`system`, `library`, `devices`), or nil.
  public static func directory(_ name: String) -> URL? {
    directory()?.appendingPathComponent(name)
  }
}
