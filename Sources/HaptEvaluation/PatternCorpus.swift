import Foundation
import HaptCore
import HaptPatterns
import HaptFormats

/// A set of pattern files gathered from files and folders, loaded one by one so that a
/// bad file is reported and the others are still evaluated.
package struct PatternCorpus: Sendable {
  /// A pattern that loaded.
  package struct Entry: Sendable {
    /// The pattern's identity: its path relative to the folder it was found in, extension
    /// included (`tap.ahap` and `tap.haptic` are two patterns; a file given by itself is
    /// named by its file name).
    package var name: String
    /// The path as found, spelled from the argument as the user typed it (a shipped
    /// corpus by its README spelling, `Corpora/library/x.ahap`: read it through
    /// `Corpora.resolve`).
    package var path: String
    package var pattern: HapticPattern
    /// Lint findings from decoding (leniencies, clamped values...).
    package var findings: [LintFinding]

    package init(name: String, path: String, pattern: HapticPattern, findings: [LintFinding]) {
      self.name = name
      self.path = path
      self.pattern = pattern
      self.findings = findings
    }
  }

  /// A file that did not load, with its one-line error.
  package struct Failure: Sendable, Equatable {
    package var path: String
    package var error: InputError

    package init(path: String, error: InputError) {
      self.path = path
      self.error = error
    }
  }

  package var entries: [Entry]
  package var failures: [Failure]
  /// Files in the corpus folders that are not patterns hapt reads: extension -> count.
  package var skipped: [String: Int] = [:]
  /// Entries of the corpus folders left out for another reason (symlinks, dotfiles...).
  package var excluded: [PatternFolder.Exclusion: [String]] = [:]
  /// The files and folders the corpus was loaded from, as given (outputs never replace
  /// them: ``OutputFolderGuard``).
  package var roots: [String] = []

  package init(entries: [Entry], failures: [Failure], skipped: [String: Int] = [:]) {
    self.entries = entries
    self.failures = failures
    self.skipped = skipped
  }

  /// "skipped 39 .haps files: not a pattern format hapt reads ...", or nil.
  package var skippedSummary: String? { PatternFolder.summary(skipped: skipped, excluded: excluded) }

  /// Throws when no pattern loaded: a corpus with nothing to evaluate is an error, never
  /// a pass ("no patterns found in DIR; skipped 39 .haps files: ...", kind missing;
  /// malformed when every pattern file found was bad data).
  package func requirePatterns(in paths: [String]) throws {
    guard entries.isEmpty else { return }
    var message = "no patterns found in \(paths.joined(separator: " "))"
    if !failures.isEmpty {
      message += "; \(failures.count) pattern file\(failures.count == 1 ? "" : "s") could not be read"
    }
    if let skipped = skippedSummary { message += "; " + skipped }
    let allBadData = !failures.isEmpty && failures.allSatisfy(\.error.isBadData)
    throw InputError(message, kind: allBadData ? .malformed : .missing)
  }

  /// Loads every pattern file under `paths` (files, or folders searched recursively),
  /// in sorted path order; a file found twice is one pattern.
  ///
  /// - Parameters:
  ///   - maxFiles: a bound on the corpus size; past it loading stops with a failure that
  ///     says so.
  ///   - limits: bounds on each file (size, events, control points, times).
  package static func load(
    _ paths: [String], maxFiles: Int = 100_000, limits: PatternLimits = PatternLimits()
  )
    -> PatternCorpus
  {
    var files: [(path: String, root: String)] = []
    var failures: [Failure] = []
    var skipped: [String: Int] = [:]
    var excluded: [PatternFolder.Exclusion: [String]] = [:]
    for given in paths {
      let path = Corpora.resolve(given)  // the shipped corpora by their README spelling
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        failures.append(Failure(path: given, error: InputError(file: given, "no such file or folder", kind: .missing)))
        continue
      }
      // Files are spelled as the user typed their argument (`Corpora/library/x.ahap`), which
      // loading resolves again, so messages and tables never name the resource bundle.
      if isDirectory.boolValue {
        let folder = PatternFolder(scanning: path)
        skipped.addSkipped(folder.skipped)
        excluded.merge(folder.excluded, uniquingKeysWith: +)
        files += folder.patternFiles.map { ($0.hasPrefix(path) ? given + $0.dropFirst(path.count) : $0, given) }
      } else {
        files.append((given, URL(fileURLWithPath: given, isDirectory: false).deletingLastPathComponent().path))
      }
    }
    files = distinct(files)
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
          Entry(
            name: relativeName(files[i].path, root: files[i].root), path: files[i].path, pattern: pattern.pattern,
            findings: pattern.findings))
      case .failure(let error):
        failures.append(Failure(path: files[i].path, error: error))
      }
    }
    // Two folders given together may hold the same relative path: those go by their path.
    var counts: [String: Int] = [:]
    for entry in entries { counts[entry.name, default: 0] += 1 }
    for i in entries.indices where counts[entries[i].name, default: 0] > 1 { entries[i].name = entries[i].path }
    var corpus = PatternCorpus(entries: entries, failures: failures, skipped: skipped)
    corpus.roots = paths
    corpus.excluded = excluded
    return corpus
  }

  /// `files` without a file given again (by itself twice, or by itself and in its folder,
  /// however its path is spelled): the first place keeps it.
  /// Each file's resolved path takes a few system calls: they are made in parallel.
  static func distinct(_ files: [(path: String, root: String)]) -> [(path: String, root: String)] {
    let resolved = Parallel.map(count: files.count) { i in
      URL(fileURLWithPath: Corpora.resolve(files[i].path)).standardizedFileURL.resolvingSymlinksInPath().path
    }
    var seen: Set<String> = []
    return files.indices.filter { seen.insert(resolved[$0]).inserted }.map { files[$0] }
  }

  /// The entry named `name`: its name (relative path with extension), its path, or,
  /// where that is unambiguous, its name without extension or its file name without
  /// extension.
  package func entry(named name: String) -> Entry? {
    if let exact = entries.first(where: { $0.name == name || $0.path == name }) { return exact }
    // The path operations are slow (10,000 entries took a quarter of a second for the three
    // names of a review set): each runs only where its result can be `name`, a prefix of
    // the entry's name or a part of its path.
    let loose = entries.filter {
      ($0.name.hasPrefix(name) && ($0.name as NSString).deletingPathExtension == name)
        || ($0.path.contains(name) && Self.stem($0.path) == name)
    }
    return loose.count == 1 ? loose[0] : loose.first
  }

  static func stem(_ path: String) -> String {
    URL(fileURLWithPath: path, isDirectory: false).deletingPathExtension().lastPathComponent
  }

  /// `path` relative to `root` (the folder it was found in), extension kept.
  static func relativeName(_ path: String, root: String) -> String {
    let trimmedRoot = root.hasSuffix("/") ? String(root.dropLast()) : root
    if !trimmedRoot.isEmpty, path.hasPrefix(trimmedRoot + "/") { return String(path.dropFirst(trimmedRoot.count + 1)) }
    return URL(fileURLWithPath: path, isDirectory: false).lastPathComponent
  }
}
