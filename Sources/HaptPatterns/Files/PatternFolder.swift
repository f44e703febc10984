import Foundation

/// The pattern files of a folder (searched recursively), and what else it holds.
///
/// Files whose extension hapt does not read as a pattern (`.vij`, `.wav`, ...)
/// are counted by extension, so that commands can say once what they skipped ("skipped 11
/// .vij files: not a pattern format hapt reads") instead of passing over them silently.
/// Hidden files and folders are ignored, and so are files that are plainly not haptic
/// data (``ignoredExtensions``: documents, images, sources, JSON such as device profiles
/// and baseline manifests). An `.xml` file is a pattern when its root element is
/// `<vibration-effect>` or `<vibration-select>`; other XML is passed over without a word.
public struct PatternFolder: Sendable, Equatable {
  /// Paths of the pattern files, sorted, spelled from the folder as given.
  public var patternFiles: [String]
  /// Files skipped: lowercased extension ("" for none) -> count.
  public var skipped: [String: Int]

  /// Extensions of files that are not haptic data, never listed as skipped (our choice:
  /// a pattern folder often holds a README, images or device profiles).
  public static let ignoredExtensions: Set<String> = [
    "md", "markdown", "txt", "rtf", "pdf", "html", "htm", "css", "csv", "json", "xml", "plist", "yml", "yaml",
    "png", "jpg", "jpeg", "gif", "svg", "swift", "license",
  ]

  /// Walks `folder` recursively.
  ///
  /// - Parameter limit: at most this many pattern files are kept.
  public init(scanning folder: String, limit: Int = 100_000) {
    patternFiles = []
    skipped = [:]
    guard
      let enumerator = FileManager.default.enumerator(
        at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return }
    for case let url as URL in enumerator {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let ext = url.pathExtension.lowercased()
      if PatternFile.isWalkedPattern(path: url.path, extension: ext) {
        if patternFiles.count < limit { patternFiles.append(Self.relativePath(url.path, to: folder)) }
      } else if !Self.ignoredExtensions.contains(ext) {
        skipped[ext, default: 0] += 1
      }
    }
    patternFiles.sort()
  }

  /// `path` below `folder`, spelled from the folder as the user gave it.
  static func relativePath(_ path: String, to folder: String) -> String {
    let base = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    let full = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    guard full.hasPrefix(base + "/") else { return path }
    let tail = String(full.dropFirst(base.count + 1))
    return folder.hasSuffix("/") ? folder + tail : folder + "/" + tail
  }

  /// One line saying what was skipped, or nil if nothing was: "skipped 11 .vij files, 1
  /// .wav file: not a pattern format hapt reads (it reads .ahap, .haps, ...)". Extensions in
  /// order of count, then name.
  public static func skippedSummary(_ skipped: [String: Int]) -> String? {
    guard !skipped.isEmpty else { return nil }
    let parts = skipped.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ext, count in
      let name = ext.isEmpty ? "file\(count == 1 ? "" : "s") without extension" : ".\(ext) file\(count == 1 ? "" : "s")"
      return "\(count) \(name)"
    }
    let readable = PatternFile.extensions.sorted().map { "." + $0 }.joined(separator: ", ")
    return "skipped \(parts.joined(separator: ", ")): not a pattern format hapt reads (it reads \(readable))"
  }
}

extension Dictionary where Key == String, Value == Int {
  /// Adds another count of skipped files to this one.
  package mutating func addSkipped(_ other: [String: Int]) {
    for (key, count) in other { self[key, default: 0] += count }
  }
}
