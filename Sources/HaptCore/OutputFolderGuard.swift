import Foundation

/// What an output folder holds (a report, a baseline, a shard's part), so that a folder
/// is replaced only by the same kind of output.
package struct OutputFolderKind: Sendable, Equatable {
  /// The kind's name, written into the folder's marker file (`report`, `baseline`).
  package let name: String
  /// Files (relative paths) that together identify this kind of output written by a hapt
  /// version from before marker files: such a folder counts as a previous output.
  package let legacyFiles: [String]

  package init(name: String, legacyFiles: [String]) {
    self.name = name
    self.legacyFiles = legacyFiles
  }
}

/// The rules an output folder must meet before hapt replaces it as a whole, so that no
/// command deletes what it did not write.
///
/// A folder may be replaced when it is absent, empty, or a previous output of the same
/// kind: it holds the marker file ``markerFileName`` naming that kind (written into every
/// folder hapt replaces), or, for folders written before markers existed, all of the
/// kind's ``OutputFolderKind/legacyFiles``. Whatever it holds, hapt never replaces the
/// current folder, an input named on the same run (a corpus, a part, a baseline), a
/// folder holding either (an ancestor), or a symbolic link. Paths are compared after
/// resolving symbolic links and `..`.
package struct OutputFolderGuard: Sendable {
  /// The marker file inside every output folder hapt writes as a whole.
  package static let markerFileName = ".hapt-output"

  package var kind: OutputFolderKind
  /// Inputs of the same run (files or folders): never replaced, nor any folder holding one.
  package var inputs: [String]

  package init(kind: OutputFolderKind, inputs: [String] = []) {
    self.kind = kind
    self.inputs = inputs
  }

  /// The marker file's text for this kind.
  package var markerText: String { "hapt \(kind.name)\n" }

  /// Throws unless `path` may be replaced by an output of this kind.
  ///
  /// - Throws: ``InputError`` (kind `unwritable`) naming `path` and why.
  package func check(_ path: String) throws {
    guard !path.isEmpty else {
      throw refusal(path, "an empty output folder name means the current folder; not replacing it")
    }
    let target = Self.resolved(path)
    let current = Self.resolved(FileManager.default.currentDirectoryPath)
    if target == current { throw refusal(path, "is the current folder; not replacing it") }
    if Self.contains(target, current) { throw refusal(path, "holds the current folder; not replacing it") }
    for input in inputs where !input.isEmpty {
      let resolvedInput = Self.resolved(input)
      if target == resolvedInput { throw refusal(path, "is an input of this run (\(input)); not replacing it") }
      if Self.contains(target, resolvedInput) {
        throw refusal(path, "holds an input of this run (\(input)); not replacing it")
      }
    }
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
    if let data = FileManager.default.contents(atPath: marker) {
      let text = String(decoding: data, as: UTF8.self)
      if text == markerText { return }
      let other = text.hasPrefix("hapt ") ? String(text.dropFirst(5).prefix { $0 != "\n" }) : "folder"
      throw refusal(path, "holds a hapt \(Self.printable(other)), not a hapt \(kind.name); not replacing it")
    }
    let legacy =
      !kind.legacyFiles.isEmpty
      && kind.legacyFiles.allSatisfy {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent($0).path)
      }
    if legacy { return }
    throw refusal(
      path, "is not empty and is not a previous hapt \(kind.name) (no \(Self.markerFileName) file); not replacing it")
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
