import Foundation
import HaptCore
import HaptPatterns

/// A set of pattern files gathered from files and folders, loaded one by one so that a
/// bad file is reported and the others are still evaluated.
public struct PatternCorpus: Sendable {
  /// A pattern that loaded.
  public struct Entry: Sendable {
    /// A short unique name: the file's name without extension, or its path relative to
    /// the corpus root where two files share a name.
    public var name: String
    /// The path as found.
    public var path: String
    public var pattern: HapticPattern
    /// Lint findings from decoding (leniencies, clamped values...).
    public var findings: [LintFinding]
  }

  /// A file that did not load, with its one-line error.
  public struct Failure: Sendable, Equatable {
    public var path: String
    public var error: InputError
  }


  public var entries: [Entry]
  public var failures: [Failure]

  /// Loads every pattern file under `paths` (files, or folders searched recursively),
  /// in sorted path order.
  ///
  /// - Parameters:
  ///   - maxFiles: a bound on the corpus size; past it loading stops with a failure that
  ///     says so.
  ///   - limits: bounds on each file (size, events, control points, times).
  public static func load(_ paths: [String], maxFiles: Int = 100_000, limits: PatternLimits = PatternLimits())
    -> PatternCorpus
  {
    var files: [(path: String, root: String)] = []
    var failures: [Failure] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        failures.append(Failure(path: path, error: InputError(file: path, "no such file or folder", status: .noInput)))
        continue
      }
      if isDirectory.boolValue {
        files += patternFiles(under: path).map { ($0, path) }
      } else {
        files.append((path, URL(fileURLWithPath: path).deletingLastPathComponent().path))
      }
    }
    if files.count > maxFiles {
      failures.append(
        Failure(
          path: paths.joined(separator: " "),
          error: InputError(
            "corpus holds \(files.count) pattern files, over the limit of \(maxFiles)", limit: .corpusFiles(maxFiles))))
      files = Array(files.prefix(maxFiles))
    }
    let found = files
    let loaded = Parallel.map(count: found.count) { i -> Result<LoadedPattern, InputError> in
      do {
        return .success(try PatternFile.load(path: found[i].path, limits: limits))
      } catch let error as InputError {
        return .failure(error.inFile(found[i].path))
      } catch {
        return .failure(InputError(file: found[i].path, "\(error)"))
      }
    }
    var entries: [Entry] = []
    for (i, result) in loaded.enumerated() {
      switch result {
      case .success(let pattern):
        entries.append(
          Entry(name: stem(files[i].path), path: files[i].path, pattern: pattern.pattern, findings: pattern.findings))
      case .failure(let error):
        failures.append(Failure(path: files[i].path, error: error))
      }
    }
    disambiguate(&entries, roots: Dictionary(files.map { ($0.path, $0.root) }, uniquingKeysWith: { a, _ in a }))
    return PatternCorpus(entries: entries, failures: failures)
  }

  /// The entry named `name` (its short name, its path, or its file name).
  public func entry(named name: String) -> Entry? {
    entries.first { $0.name == name || $0.path == name || Self.stem($0.path) == name }
  }

  /// Pattern files below `folder`, sorted, hidden files skipped.
  static func patternFiles(under folder: String) -> [String] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    var found: [String] = []
    for case let url as URL in enumerator
    where PatternFile.extensions.contains(url.pathExtension.lowercased()) {
      found.append(relativePath(url.path, to: folder))
    }
    return found.sorted()
  }

  /// `path` below `folder`, spelled from the folder as the user gave it.
  private static func relativePath(_ path: String, to folder: String) -> String {
    let base = URL(fileURLWithPath: folder).standardizedFileURL.path
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    guard full.hasPrefix(base + "/") else { return path }
    let tail = String(full.dropFirst(base.count + 1))
    return folder.hasSuffix("/") ? folder + tail : folder + "/" + tail
  }

  static func stem(_ path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }

  /// Gives entries that share a short name their path (relative to their root) instead.
  private static func disambiguate(_ entries: inout [Entry], roots: [String: String]) {
    var counts: [String: Int] = [:]
    for entry in entries { counts[entry.name, default: 0] += 1 }
    for i in entries.indices where counts[entries[i].name, default: 0] > 1 {
      let root = roots[entries[i].path] ?? ""
      var name = entries[i].path
      if !root.isEmpty, name.hasPrefix(root + "/") { name = String(name.dropFirst(root.count + 1)) }
      entries[i].name = (name as NSString).deletingPathExtension
    }
  }
}
