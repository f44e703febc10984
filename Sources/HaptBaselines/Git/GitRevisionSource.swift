import Foundation
import HaptCore
import HaptPatterns
import HaptEvaluation
import HaptFormats

/// The pattern files of a corpus as they were at a git revision (`main`, `origin/main`, a
/// tag, `HEAD~1`), read with the `git` executable.
///
/// The working tree is the new side, the revision the old one: ``checkout(_:into:)``
/// writes the revision's pattern files into a folder laid out as the corpus paths are,
/// so both sides name their patterns the same way, and ``renames(_:)`` reports the files
/// git's rename detection (`git diff -M`) pairs between the revision and the working tree.
/// Files git does not track (never added) are not paired: they count as new.
package struct GitRevisionSource: Sendable {
  /// The revision as given.
  package let revision: String
  /// The commit it names (full hash).
  package let commit: String
  /// The repository's top folder.
  package let repository: String

  /// Finds the repository holding `path` and resolves `revision` in it.
  /// - Throws: ``InputError`` (kind `missing`) when `path` is not in a git repository, when the
  ///   revision is unknown, or when a shallow clone lacks it (the message says to fetch it).
  package init(revision: String, near path: String) throws {
    self.revision = revision
    guard !revision.isEmpty, !revision.hasPrefix("-") else {
      throw InputError("'\(revision)' is not a git revision", kind: .missing)
    }
    let folder = Self.folder(of: path)
    let top = try GitProcess(folder: folder).run(["rev-parse", "--show-toplevel"])
    guard top.status == 0 else {
      throw InputError(file: path, "not inside a git repository (\(top.stderr.firstLine))", kind: .missing)
    }
    repository = top.text
    let git = GitProcess(folder: repository)
    let resolved = try git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
    guard resolved.status == 0 else {
      let shallow = try git.run(["rev-parse", "--is-shallow-repository"]).text == "true"
      if shallow {
        throw InputError(
          "git revision '\(revision)' is not in this shallow clone: fetch it first "
            + "(git fetch --unshallow, or git fetch origin BRANCH; actions/checkout: fetch-depth: 0)", kind: .missing)
      }
      throw InputError("unknown git revision '\(revision)' in \(repository)", kind: .missing)
    }
    commit = resolved.text
  }

  /// Writes the pattern files under each of `paths` as they were at the revision into
  /// `folder` (one numbered subfolder per path) and returns what to load in place of each
  /// path: the subfolder for a folder, the file in it for a file. A path the revision
  /// does not have gives an empty subfolder (everything in it is new).
  package func checkout(_ paths: [String], into folder: String) throws -> [String] {
    var requests: [(repoPath: String, target: String)] = []
    var result: [String] = []
    for (index, path) in paths.enumerated() {
      let root = folder + "/\(index)"
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      let repoPath = try repositoryPath(of: path)
      if isDirectory(path) {
        result.append(root)
        let prefix = repoPath.isEmpty ? "" : repoPath + "/"
        for file in try trackedFiles(under: repoPath) where PatternFormat(path: file) != nil {
          requests.append((file, root + "/" + file.dropFirst(prefix.count)))
        }
      } else {
        let target = root + "/" + URL(fileURLWithPath: path).lastPathComponent
        requests.append((repoPath, target))
        result.append(target)
      }
    }
    let written = try writeBlobs(requests)
    // A single file the revision lacks: load the empty folder instead.
    for (index, path) in paths.enumerated() where !isDirectory(path) && !written.contains(result[index]) {
      result[index] = folder + "/\(index)"
    }
    return result
  }

  /// The renames git detects between the revision and the working tree under `paths`,
  /// each as (old, new) paths relative to the corpus path holding it (the names
  /// ``PatternCorpus`` gives its entries).
  package func renames(_ paths: [String]) throws -> [(old: String, new: String)] {
    let roots = try paths.map { path -> String in
      let repoPath = try repositoryPath(of: path)
      return isDirectory(path) ? repoPath : (repoPath as NSString).deletingLastPathComponent
    }
    let specs = try paths.map { try repositoryPath(of: $0) }
    let output = try GitProcess(folder: repository).run(
      ["diff", "-M", "--name-status", "-z", "--no-ext-diff", commit, "--"] + specs.map { ":(top)" + $0 })
    guard output.status == 0 else {
      throw InputError("git diff against '\(revision)' failed: \(output.stderr.firstLine)", kind: .missing)
    }
    let fields = output.stdout.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var renames: [(old: String, new: String)] = []
    var i = 0
    while i < fields.count {
      let status = fields[i]
      if status.hasPrefix("R") || status.hasPrefix("C"), i + 2 < fields.count {
        if status.hasPrefix("R"), let old = Self.name(fields[i + 1], roots: roots),
          let new = Self.name(fields[i + 2], roots: roots)
        {
          renames.append((old, new))
        }
        i += 3
      } else {
        i += status.isEmpty ? 1 : 2
      }
    }
    return renames
  }

  // MARK: - Git plumbing

  /// `path` relative to the repository's top folder ("" for the top folder itself).
  func repositoryPath(of path: String) throws -> String {
    let folder = Self.folder(of: path)
    let prefix = try GitProcess(folder: folder).run(["rev-parse", "--show-prefix"])
    guard prefix.status == 0 else {
      throw InputError(file: path, "not inside the git repository \(repository)", kind: .missing)
    }
    var relative = prefix.text
    if relative.hasSuffix("/") { relative.removeLast() }
    if isDirectory(path) { return relative }
    let name = URL(fileURLWithPath: path).lastPathComponent
    return relative.isEmpty ? name : relative + "/" + name
  }

  /// The files the revision holds under `repoPath`, relative to the top folder.
  func trackedFiles(under repoPath: String) throws -> [String] {
    let output = try GitProcess(folder: repository).run(
      ["ls-tree", "-r", "-z", "--name-only", commit, "--", repoPath.isEmpty ? "." : repoPath])
    guard output.status == 0 else {
      throw InputError("git ls-tree of '\(revision)' failed: \(output.stderr.firstLine)", kind: .missing)
    }
    return output.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.sorted()
  }

  /// Writes each requested file of the revision to its target (one `git cat-file
  /// --batch` for all of them); returns the targets written (files the revision lacks
  /// are left out).
  func writeBlobs(_ requests: [(repoPath: String, target: String)]) throws -> Set<String> {
    // `cat-file --batch` reads one name a line; a path holding a newline goes in a second,
    // NUL-delimited batch (`-z`, git 2.38 and later; with an older git it is left out).
    let plain = requests.filter { !$0.repoPath.contains("\n") }
    let withNewline = requests.filter { $0.repoPath.contains("\n") }
    var written = try writeBlobs(plain, nulDelimited: false)
    if !withNewline.isEmpty { written.formUnion((try? writeBlobs(withNewline, nulDelimited: true)) ?? []) }
    return written
  }

  /// One `git cat-file --batch` run for `requests`, their names NUL-delimited or one a line.
  private func writeBlobs(
    _ requests: [(repoPath: String, target: String)], nulDelimited: Bool
  ) throws -> Set<String> {
    guard !requests.isEmpty else { return [] }
    let list = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-git-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: list) }
    let separator = nulDelimited ? "\u{0}" : "\n"
    let names = requests.map { "\(commit):\($0.repoPath)" }
    try Data(names.map { $0 + separator }.joined().utf8).write(to: list)
    let output = try GitProcess(folder: repository).run(
      ["cat-file", "--batch"] + (nulDelimited ? ["-z"] : []), input: list)
    guard output.status == 0 else {
      throw InputError("git cat-file of '\(revision)' failed: \(output.stderr.firstLine)", kind: .missing)
    }
    let bytes = [UInt8](output.stdout)
    var position = 0
    var written: Set<String> = []
    for (request, name) in zip(requests, names) {
      // A name git does not have comes back as "NAME missing" (the name may hold newlines).
      let missing = Array((name + " missing\n").utf8)
      if bytes.count - position >= missing.count, Array(bytes[position..<(position + missing.count)]) == missing {
        position += missing.count
        continue
      }
      guard let end = bytes[position...].firstIndex(of: 0x0A) else { break }
      let header = String(decoding: bytes[position..<end], as: UTF8.self).split(separator: " ")
      position = end + 1
      guard header.count == 3, let size = Int(header[2]) else { continue }
      guard position + size <= bytes.count else { break }
      if header[1] == "blob" {
        let target = URL(fileURLWithPath: request.target)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes[position..<(position + size)]).write(to: target)
        written.insert(request.target)
      }
      position += size + 1
    }
    return written
  }

  /// A git path (relative to the top folder) as a corpus name: relative to the first of
  /// `roots` that holds it.
  static func name(_ gitPath: String, roots: [String]) -> String? {
    for root in roots {
      if root.isEmpty { return gitPath }
      if gitPath.hasPrefix(root + "/") { return String(gitPath.dropFirst(root.count + 1)) }
    }
    return nil
  }

  static func folder(of path: String) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return parent.isEmpty ? "." : parent
  }

  private func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}

extension String {
  /// The first line (git's error messages can run to several).
  fileprivate var firstLine: String { split(separator: "\n").first.map(String.init) ?? self }
}
