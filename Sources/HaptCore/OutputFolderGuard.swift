import Foundation

/// What an output folder holds (a report, a baseline, a shard's part), so that a folder
/// is replaced only by the same kind of output.
package struct OutputFolderKind: Sendable, Equatable {
  /// The kind's name, written into the folder's marker file (`report`, `baseline`).
  package let name: String
  /// Files (relative paths) that together identify this kind of output written by a hapt
  /// version from before marker files: such a folder counts as a previous output.
  package let legacyFiles: [String]
  /// The extensions (lower case, no dot) of every file this kind of output holds, for
  /// folders whose marker lists no files (written before markers listed them): such a
  /// folder is replaced only if each of its files has one of these.
  package let legacyExtensions: Set<String>
  /// Files (relative paths) a command writes into the folder after it is in place (a
  /// shard's `shard.txt`), so not listed in the marker but still hapt's.
  package let addedLater: Set<String>

  package init(name: String, legacyFiles: [String], legacyExtensions: Set<String> = [], addedLater: Set<String> = []) {
    self.name = name
    self.legacyFiles = legacyFiles
    self.legacyExtensions = legacyExtensions
    self.addedLater = addedLater
  }
}

/// The rules an output folder must meet before hapt replaces it as a whole, so that no
/// command deletes what it did not write.
///
/// A folder may be replaced when it is absent, empty, or a previous output of the same
/// kind holding nothing but what hapt wrote there: its marker file ``markerFileName``
/// names the kind and lists every file and folder hapt wrote (so a file a user added is
/// found and named, and the folder is not replaced). A folder without a listing (written
/// by a version from before markers listed files, or before markers existed, then
/// recognised by all of the kind's ``OutputFolderKind/legacyFiles``) is replaced only if
/// every file in it has one of the kind's ``OutputFolderKind/legacyExtensions``.
///
/// Whatever it holds, hapt never replaces the current folder, an input named on the same
/// run (a corpus, a part, a baseline), a folder holding either (an ancestor), or a
/// symbolic link. Paths are compared after resolving symbolic links and `..`. The folder
/// that will hold it must take new files (``OutputFileGuard/requireWritableFolder(for:mustExist:)``).
package struct OutputFolderGuard: Sendable {
  /// The marker file inside every output folder hapt writes as a whole.
  package static let markerFileName = ".hapt-output"

  package var kind: OutputFolderKind
  /// Inputs of the same run (files or folders): never replaced, nor any folder holding one.
  package var inputs: [String]
  /// The run's current folder (``HaptEnvironment/currentFolder``): never replaced, nor any
  /// folder holding it.
  package var currentFolder: String

  package init(
    kind: OutputFolderKind, inputs: [String] = [], currentFolder: String = HaptEnvironment.process.currentFolder
  ) {
    self.kind = kind
    self.inputs = inputs
    self.currentFolder = currentFolder
  }

  /// The marker file's first line (with its newline) for this kind.
  package var markerText: String { "hapt \(kind.name)\n" }

  /// The marker file's text for a folder holding `listing` (relative paths from
  /// ``listing(of:)``): the first line, then one path a line, each escaped so that a name
  /// holding a newline or a backslash stays on its line.
  package func markerText(listing: [String]) -> String {
    markerText + listing.map { Self.escapedLine($0) + "\n" }.joined()
  }

  /// Throws unless `path` may be replaced by an output of this kind.
  ///
  /// - Throws: ``InputError`` (kind `unwritable`) naming `path` and why.
  package func check(_ path: String) throws {
    guard !path.isEmpty else {
      throw refusal(path, "an empty output folder name means the current folder; not replacing it")
    }
    let target = Self.resolved(path)
    let current = Self.resolved(currentFolder)
    if target == current { throw refusal(path, "is the current folder; not replacing it") }
    if Self.contains(target, current) { throw refusal(path, "holds the current folder; not replacing it") }
    for input in inputs where !input.isEmpty {
      let resolvedInput = Self.resolved(input)
      if target == resolvedInput { throw refusal(path, "is an input of this run (\(input)); not replacing it") }
      if Self.contains(target, resolvedInput) {
        throw refusal(path, "holds an input of this run (\(input)); not replacing it")
      }
    }
    try OutputFileGuard.requireWritableFolder(for: path)
    var status = stat()
    guard lstat(path, &status) == 0 else { return }  // absent: nothing to replace
    if (status.st_mode & S_IFMT) == S_IFLNK {
      throw refusal(path, "is a symbolic link; give the folder itself")
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw refusal(path, "exists and is not a folder; not replacing it")
    }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    if contents.isEmpty { return }
    let marker = URL(fileURLWithPath: path).appendingPathComponent(Self.markerFileName).path
    let found = Self.listing(of: path)
    if let data = FileManager.default.contents(atPath: marker) {
      let text = String(decoding: data, as: UTF8.self)
      guard text.hasPrefix(markerText) else {
        let other = text.hasPrefix("hapt ") ? String(text.dropFirst(5).prefix { $0 != "\n" }) : "folder"
        throw refusal(
          path, "holds a hapt \(OneLine.escaped(Self.printable(other))), not a hapt \(kind.name); not replacing it")
      }
      let listed = text.dropFirst(markerText.count).split(separator: "\n").map { Self.unescapedLine(String($0)) }
      if listed.isEmpty {
        if let foreign = Self.first(of: found.filter { !isLegacyFile($0) }) { throw foreignFile(path, foreign) }
        return
      }
      let written = Set(listed).union(kind.addedLater)
      if let foreign = Self.first(of: found.filter { !written.contains($0) }) { throw foreignFile(path, foreign) }
      return
    }
    let legacy =
      !kind.legacyFiles.isEmpty
      && kind.legacyFiles.allSatisfy {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent($0).path)
      }
    if legacy {
      if let foreign = Self.first(of: found.filter { !isLegacyFile($0) }) { throw foreignFile(path, foreign) }
      return
    }
    let example = Self.first(of: found) ?? contents.sorted()[0]
    throw refusal(
      path,
      "is not empty and is not a previous hapt \(kind.name) (no \(Self.markerFileName) file; it holds "
        + "\(Self.shown(example))); not replacing it")
  }

  /// Whether `file` (a relative path from ``listing(of:)``) may be part of a folder of
  /// this kind that lists no files: a folder, a file added later, or a file with one of
  /// the kind's extensions.
  private func isLegacyFile(_ file: String) -> Bool {
    if file.hasSuffix("/") || kind.addedLater.contains(file) { return true }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    return kind.legacyExtensions.contains(name[name.index(after: dot)...].lowercased())
  }

  /// The first file of `entries` (a folder only if there is no file): the one a message
  /// names.
  private static func first(of entries: [String]) -> String? {
    entries.first(where: { !$0.hasSuffix("/") }) ?? entries.first
  }

  private func foreignFile(_ path: String, _ file: String) -> InputError {
    refusal(
      path, "holds \(Self.shown(file)), which hapt did not write there; not replacing it (move that file away first)")
  }

  /// Every file and folder below `folder` (not following symbolic links), as sorted
  /// relative paths, folders ending in `/`, leaving out the marker file at the top.
  package static func listing(of folder: String) -> [String] {
    var found: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      let absolute = relative.isEmpty ? folder : folder + "/" + relative
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
      for name in names {
        let child = relative.isEmpty ? name : relative + "/" + name
        if child == markerFileName { continue }
        var status = stat()
        if lstat(folder + "/" + child, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
          found.append(child + "/")
          pending.append(child)
        } else {
          found.append(child)
        }
      }
    }
    return found.sorted()
  }

  /// A relative path as a message shows it: control characters escaped, at most 200
  /// characters.
  private static func shown(_ file: String) -> String {
    let escaped = OneLine.escaped(file)
    return escaped.count > 200 ? String(escaped.prefix(200)) + "..." : escaped
  }

  private static func escapedLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  private static func unescapedLine(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var out = ""
    var escaping = false
    for character in text {
      if escaping {
        out.append(character == "n" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }

  private func refusal(_ path: String, _ message: String) -> InputError {
    InputError(file: path.isEmpty ? "\"\"" : path, message, kind: .unwritable)
  }

  /// Whether folder `outer` holds `inner` (a strict ancestor).
  static func contains(_ outer: String, _ inner: String) -> Bool {
    outer == "/" ? inner != "/" : inner.hasPrefix(outer + "/")
  }

  /// `path` made absolute, with `.`/`..` removed and symbolic links resolved as far as the
  /// path exists.
  static func resolved(_ path: String) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var existing = absolute
    var rest: [String] = []
    while true {
      if let real = realpath(existing, nil) {
        let base = String(cString: real)
        free(real)
        return rest.reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
      }
      if existing == "/" { return absolute }
      rest.insert(URL(fileURLWithPath: existing).lastPathComponent, at: 0)
      existing = URL(fileURLWithPath: existing).deletingLastPathComponent().path
    }
  }

  private static func printable(_ text: String) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.prefix(40).filter { $0.properties.generalCategory != .control }))
  }
}
