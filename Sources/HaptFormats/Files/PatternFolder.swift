import HaptPatterns
import Foundation

/// The pattern files of a folder (searched recursively), and what else it holds.
///
/// Files whose extension hapt does not read as a pattern (`.vij`, `.wav`, ...)
/// are counted by extension, so that commands can say once what they skipped ("skipped 11
/// .vij files: not a pattern format hapt reads") instead of passing over them silently.
/// Files that are plainly not haptic data are ignored (``ignoredExtensions``: documents,
/// images, sources, JSON such as device profiles and baseline manifests). An `.xml` file
/// is a pattern when its root element is `<vibration-effect>` or `<vibration-select>`;
/// other XML is passed over without a word. What is not
/// read for another reason is listed in ``excluded`` and named in the summary: symbolic
/// links (never followed), names that are not UTF-8, dotfiles with a pattern extension,
/// hidden folders and special files (FIFOs, devices).
package struct PatternFolder: Sendable, Equatable {
  /// Paths of the pattern files, sorted, spelled from the folder as given.
  package var patternFiles: [String]
  /// Files skipped: lowercased extension ("" for none) -> count.
  package var skipped: [String: Int]
  /// Entries not read for another reason than their format, with their paths.
  package var excluded: [Exclusion: [String]] = [:]

  /// Why a folder entry was not read although it may be a pattern.
  package enum Exclusion: String, CaseIterable, Sendable, Comparable {
    case symlink, nonUTF8Name, dotfile, hiddenFolder, special

    /// "2 symlinks", "1 file with a name that is not UTF-8", "1 dotfile".
    package func phrase(_ count: Int) -> String {
      let many = count != 1
      switch self {
      case .symlink: return "\(count) symlink\(many ? "s" : "")"
      case .nonUTF8Name: return "\(count) file\(many ? "s" : "") with a name that is not UTF-8"
      case .dotfile: return "\(count) dotfile\(many ? "s" : "")"
      case .hiddenFolder: return "\(count) hidden folder\(many ? "s" : "")"
      case .special: return "\(count) special file\(many ? "s" : "") (FIFO, device or socket)"
      }
    }

    package static func < (a: Exclusion, b: Exclusion) -> Bool {
      allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
  }

  /// Extensions of files that are not haptic data, never listed as skipped (our choice:
  /// a pattern folder often holds a README, images or device profiles).
  package static let ignoredExtensions: Set<String> = [
    "md", "markdown", "txt", "rtf", "pdf", "html", "htm", "css", "csv", "json", "xml", "plist", "yml", "yaml",
    "png", "jpg", "jpeg", "gif", "svg", "swift", "license",
  ]

  /// Walks `folder` recursively.
  ///
  /// - Parameters:
  ///   - limit: at most this many pattern files are kept.
  ///   - also: lowercased extensions of other files to list with the patterns (recordings,
  ///     `wav` and `flac`, for commands that read them), not counted as skipped.
  package init(scanning folder: String, limit: Int = 100_000, also: Set<String> = []) {
    patternFiles = []
    skipped = [:]
    let walk = FolderWalk(folder)
    excluded = walk.excluded
    // The folder resolved once, not once per file (each resolution asks the file system
    // about every folder above it).
    let base = Self.resolved(folder)
    for path in walk.files {
      let url = URL(fileURLWithPath: path, isDirectory: false)
      let ext = url.pathExtension.lowercased()
      if url.lastPathComponent.hasPrefix(".") {
        if PatternFile.isWalkedPattern(path: url.path, extension: ext) { excluded[.dotfile, default: []].append(path) }
      } else if also.contains(ext) || PatternFile.isWalkedPattern(path: url.path, extension: ext) {
        if patternFiles.count < limit { patternFiles.append(Self.relativePath(path, to: folder, resolvedFolder: base)) }
      } else if !Self.ignoredExtensions.contains(ext) {
        skipped[ext, default: 0] += 1
      }
    }
    for key in excluded.keys { excluded[key]?.sort() }
    patternFiles.sort()
  }

  /// `path` below `folder`, spelled from the folder as the user gave it.
  static func relativePath(_ path: String, to folder: String) -> String {
    relativePath(path, to: folder, resolvedFolder: resolved(folder))
  }

  /// ``relativePath(_:to:)`` given `folder` already resolved (``resolved(_:)``).
  static func relativePath(_ path: String, to folder: String, resolvedFolder base: String) -> String {
    let full = resolved(path)
    guard full.hasPrefix(base + "/") else { return path }
    let tail = String(full.dropFirst(base.count + 1))
    return folder.hasSuffix("/") ? folder + tail : folder + "/" + tail
  }

  /// `path` standardized with its symbolic links resolved.
  static func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// What was left out, in one line: ``excludedSummary(_:)`` then ``skippedSummary(_:)``.
  package static func summary(skipped: [String: Int], excluded: [Exclusion: [String]]) -> String? {
    let parts = [excludedSummary(excluded), skippedSummary(skipped)].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// One line naming the entries left out for another reason than their format, or nil:
  /// "skipped 2 symlinks (a/x.ahap, a/y.ahap), 1 dotfile (a/.hidden.ahap)"; at most
  /// three paths of each kind are spelled out.
  package static func excludedSummary(_ excluded: [Exclusion: [String]]) -> String? {
    let parts = excluded.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { kind, paths in
      let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", ..." : "")
      return "\(kind.phrase(paths.count)) (\(shown))"
    }
    return parts.isEmpty ? nil : "skipped " + parts.joined(separator: ", ") + ": not read"
  }

  /// One line saying what was skipped, or nil if nothing was: "skipped 11 .vij files, 1
  /// .wav file: not a pattern format hapt reads (it reads .ahap, .haps, ...)". Extensions in
  /// order of count, then name.
  package static func skippedSummary(_ skipped: [String: Int]) -> String? {
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
