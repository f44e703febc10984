import Foundation
import HaptCore

/// The files of one report (the HTML page, CSV tables, SVG charts, JUnit XML), written
/// together as one folder with ``AtomicFolder`` so a reader sees the whole previous report
/// or the whole new one.
///
/// ```swift
/// var folder = ReportFolder()
/// folder.add("index.html", page.htmlText)
/// folder.add("latency.csv", table.csvText)
/// folder.add("charts/latency.svg", chart.documentText)
/// try folder.write(to: "Reports/latest")
/// ```
package struct ReportFolder: Sendable {
  /// Relative paths and contents, in the order added (a later file with the same path
  /// replaces the earlier one).
  package private(set) var files: [(path: String, contents: String)] = []

  /// Files already written elsewhere (large tables streamed as they were computed),
  /// moved into the folder when it is written: relative path and source file path.
  package private(set) var movedFiles: [(path: String, source: String)] = []

  /// Files made only while the folder is written (one page per pattern): their relative
  /// paths and a function of the index that makes each file's text. They are made in
  /// chunks of ``generatedChunk`` on `threads` threads, each written by the thread that
  /// made it, so at most one chunk is in memory and the bytes do not depend on `threads`.
  package private(set) var generatedFiles: [GeneratedFiles] = []

  /// A group of files made while the folder is written (see ``addGenerated(_:threads:_:)``).
  package struct GeneratedFiles: Sendable {
    package let paths: [String]
    package let threads: Int
    package let make: @Sendable (Int) -> String
  }

  /// Binary files made only while the folder is written (one sound per pattern page), as
  /// ``generatedFiles`` are.
  package private(set) var generatedData: [GeneratedData] = []

  /// A group of binary files made while the folder is written (``addGeneratedData(_:threads:_:)``).
  package struct GeneratedData: Sendable {
    package let paths: [String]
    package let threads: Int
    package let make: @Sendable (Int) -> Data?
  }

  /// Adds binary files at relative `paths` whose bytes `make(i)` gives (nil: no file),
  /// made chunk by chunk while ``write(to:)`` runs.
  package mutating func addGeneratedData(
    _ paths: [String], threads: Int, _ make: @escaping @Sendable (Int) -> Data?
  ) {
    generatedData.append(GeneratedData(paths: paths, threads: threads, make: make))
  }

  /// Files that are other files under a new name (a merge's sounds, from the parts):
  /// hard links where the file system allows, else copies (``addLinked(_:threads:sources:)``).
  package private(set) var linkedFiles: [LinkedFiles] = []

  /// A group of linked files: relative paths and each one's source (nil: no file).
  package struct LinkedFiles: Sendable {
    package let paths: [String]
    package let threads: Int
    package let source: @Sendable (Int) -> String?
  }

  /// Adds the files at relative `paths`, each the file at `source(i)` (nil: no file) linked
  /// (or copied) into the folder while ``write(to:)`` runs: the same bytes as copying, but
  /// none read or written where the file system links.
  package mutating func addLinked(_ paths: [String], threads: Int, sources: @escaping @Sendable (Int) -> String?) {
    linkedFiles.append(LinkedFiles(paths: paths, threads: threads, source: sources))
  }

  /// Files written in parts while the folder is written (tables of a row per pattern and
  /// device): each file's text is `parts(0) + parts(1) + ...`, never whole in memory.
  package private(set) var streamedFiles: [StreamedFile] = []

  /// A file written in parts (see ``addStreamed(_:parts:threads:_:)``).
  package struct StreamedFile: Sendable {
    package let path: String
    package let parts: Int
    package let threads: Int
    package let make: @Sendable (Int) throws -> Data
  }

  /// Adds the file at relative `path` whose text is `make(0) + make(1) + ... +
  /// make(parts - 1)`, made a few parts at a time on `threads` threads while
  /// ``write(to:)`` runs and appended in order: the same bytes for any thread count. A
  /// part that throws fails the write (the folder is not written).
  package mutating func addStreamed(
    _ path: String, parts: Int, threads: Int, _ make: @escaping @Sendable (Int) throws -> String
  ) {
    streamedFiles.append(StreamedFile(path: path, parts: parts, threads: threads) { Data(try make($0).utf8) })
  }

  /// Adds the file at relative `path` made of `header`, then the contents of the `files`
  /// in order, read while the folder is written a piece of at most ``concatenatedPiece``
  /// bytes at a time (a shard's rows of a table of 100,000 patterns are about 100 MB). A
  /// file that cannot be read fails the write with an ``InputError`` naming it.
  package mutating func addConcatenated(_ path: String, header: String, files: [String], threads: Int) {
    // Each file's pieces, or the whole file when its size is unknown (then reading it fails).
    let pieces = files.flatMap { file in
      (PlainFile.pieces(ofFileAt: file, size: Self.concatenatedPiece) ?? [0..<1]).map { (file, $0) }
    }
    streamedFiles.append(
      StreamedFile(path: path, parts: 1 + pieces.count, threads: threads) { k in
        guard k > 0 else { return Data(header.utf8) }
        return try PlainFile.read(pieces[k - 1].0, range: pieces[k - 1].1)
      })
  }

  /// The largest piece of a file read at once by ``addConcatenated(_:header:files:threads:)``.
  static let concatenatedPiece = 4 << 20

  /// Files made per chunk while writing: enough to keep every thread busy, few enough that
  /// a chunk of pages stays a few megabytes.
  static let generatedChunk = 64

  /// Parts of a streamed file made per thread between two appends: a batch ends when its
  /// slowest part does, so with two a thread the other thread idled for about a quarter
  /// of a large table's time (a 10,000-pattern merge spent 2 s on its tables at 70 % of
  /// two cores); eight keep the idle tail short and a batch a few tens of megabytes.
  static let streamedPartsPerThread = 8

  /// What the folder holds: it replaces only an empty folder or a previous output of the
  /// same kind (``OutputFolderGuard``).
  package var kind: OutputFolderKind = .report
  /// The run's inputs (corpus paths, parts): never replaced, nor any folder holding one.
  package var inputs: [String] = []
  /// The run's current folder (``HaptEnvironment/currentFolder``): never replaced, nor any
  /// folder holding it.
  package var currentFolder = HaptEnvironment.process.currentFolder

  package init() {}

  /// Adds files at relative `paths` whose text `make(i)` gives for `paths[i]`, called
  /// only while ``write(to:)`` runs (or by ``contents(of:)``).
  package mutating func addGenerated(
    _ paths: [String], threads: Int, _ make: @escaping @Sendable (Int) -> String
  ) {
    generatedFiles.append(GeneratedFiles(paths: paths, threads: threads, make: make))
  }

  /// The text of the file at relative `path` (added or generated), or nil (also for a
  /// streamed file one of whose parts cannot be made).
  package func contents(of path: String) -> String? {
    if let file = files.last(where: { $0.path == path }) { return file.contents }
    if let file = streamedFiles.last(where: { $0.path == path }) {
      return (try? (0..<file.parts).map(file.make)).map { String(decoding: $0.joined(), as: UTF8.self) }
    }
    for group in generatedFiles {
      if let i = group.paths.firstIndex(of: path) { return group.make(i) }
    }
    return nil
  }

  /// The bytes of the binary file at relative `path` (``addGeneratedData(_:threads:_:)``), or nil.
  package func data(of path: String) -> Data? {
    for group in generatedData {
      if let i = group.paths.firstIndex(of: path) { return group.make(i) }
    }
    for group in linkedFiles {
      if let i = group.paths.firstIndex(of: path) { return group.source(i).flatMap(FileManager.default.contents) }
    }
    return nil
  }

  /// Adds the file at `source` (written beforehand, e.g. streamed) as relative `path`,
  /// replacing a file added or streamed there before (which is then never made);
  /// ``write(to:)`` moves it into the folder.
  package mutating func addFile(_ path: String, movingFrom source: String) {
    files.removeAll { $0.path == path }
    streamedFiles.removeAll { $0.path == path }
    movedFiles.append((path, source))
  }

  /// Adds (or replaces) the file at relative `path` (`/`-separated, no `..`, not absolute).
  package mutating func add(_ path: String, _ contents: String) {
    if let index = files.firstIndex(where: { $0.path == path }) {
      files[index].contents = contents
    } else {
      files.append((path, contents))
    }
  }

  /// The rules `path` must meet to be replaced by this folder.
  package var folderGuard: OutputFolderGuard {
    OutputFolderGuard(kind: kind, inputs: inputs, currentFolder: currentFolder)
  }

  /// Writes every file into a fresh folder and swaps it into place at `path`.
  ///
  /// - Throws: ``InputError`` with kind ``InputError/Kind/unwritable`` naming the file that
  ///   cannot be written or the unsafe relative path, or saying why `path` may not be
  ///   replaced (``folderGuard``); the previous folder is then unchanged.
  package func write(to path: String) throws {
    try AtomicFolder.write(to: path, guard: folderGuard) { folder in
      for file in files { try ReportFolder.write(file.contents, as: file.path, in: folder, report: path) }
      for file in streamedFiles { try ReportFolder.writeStreamed(file, in: folder, report: path) }
      for group in generatedFiles {
        try ReportFolder.writeGenerated(group.paths, threads: group.threads, in: folder, report: path) { i in
          Data(group.make(i).utf8)
        }
      }
      for group in generatedData {
        try ReportFolder.writeGenerated(group.paths, threads: group.threads, in: folder, report: path, group.make)
      }
      for group in linkedFiles {
        try ReportFolder.writeEach(group.paths, threads: group.threads, in: folder, report: path) { i, url in
          guard let source = group.source(i) else { return }
          try PlainFile.linkOrCopy(source, to: url.path)
        }
      }
      for file in movedFiles {
        try ReportFolder.writeFile(file.path, in: folder, report: path) { url in
          try? FileManager.default.removeItem(at: url)
          try FileManager.default.moveItem(at: URL(fileURLWithPath: file.source), to: url)
        }
      }
    }
  }

  /// Makes and writes the files at relative `paths` (`make(i)`: the bytes of `paths[i]`,
  /// nil for no file) inside `folder`, a chunk of ``generatedChunk`` at a time on `threads`
  /// threads: each file is written by the thread that made it, so writing overlaps making
  /// and no thread waits for a chunk to be written. Each file's bytes depend only on its
  /// index, so the folder does not depend on `threads`.
  ///
  /// - Throws: the first failure in path order (later files of its chunk may be written;
  ///   the whole folder is discarded then).
  private static func writeGenerated(
    _ paths: [String], threads: Int, in folder: URL, report: String, _ make: @Sendable (Int) -> Data?
  ) throws {
    try writeEach(paths, threads: threads, in: folder, report: report) { i, url in
      guard let data = make(i) else { return }
      try PlainFile.write(data, to: url.path)
    }
  }

  /// Writes the files at relative `paths` inside `folder` with `body(i, url)` (which may
  /// write nothing), a chunk of ``generatedChunk`` at a time on `threads` threads.
  ///
  /// - Throws: the first failure in path order (later files of its chunk may be written;
  ///   the whole folder is discarded then).
  private static func writeEach(
    _ paths: [String], threads: Int, in folder: URL, report: String, _ body: @Sendable (Int, URL) throws -> Void
  ) throws {
    var start = 0
    while start < paths.count {
      let end = min(start + generatedChunk, paths.count)
      let first = start
      // The chunk's folders first, on this thread: threads creating one folder at once race.
      var parents = Set<String>()
      for file in paths[start..<end] where isSafeRelativePath(file) {
        let parent = folder.appendingPathComponent(file).deletingLastPathComponent()
        guard parents.insert(parent.path).inserted else { continue }
        do {
          try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
          throw unwritable(file, report: report, error)
        }
      }
      let failures = Parallel.map(count: end - start, threads: threads) { offset -> InputError? in
        do {
          try writeFile(paths[first + offset], in: folder, report: report, folderMade: true) {
            try body(first + offset, $0)
          }
          return nil
        } catch let error as InputError {
          return error
        } catch {
          return unwritable(paths[first + offset], report: report, error)
        }
      }
      if let failure = failures.compactMap({ $0 }).first { throw failure }
      start = end
    }
  }

  /// Writes the streamed `file` inside `folder`: its parts made a batch at a time
  /// (``streamedPartsPerThread`` per thread) and appended in order, so memory holds two
  /// batches of parts. Each batch is appended while the next is made, as one more task
  /// beside the making: appending on the calling thread between batches left the other
  /// threads idle (the kernel's copy of a 10,000-pattern report's 100 MB of tables took
  /// most of a second).
  private static func writeStreamed(_ file: StreamedFile, in folder: URL, report: String) throws {
    try writeFile(file.path, in: folder, report: report) { url in
      let writer = try PlainFile.Writer(path: url.path)
      let batch = streamedPartsPerThread * max(file.threads, 1)
      var made: [Data] = []
      var start = 0
      while start < file.parts || !made.isEmpty {
        let end = min(start + batch, file.parts)
        let (first, earlier) = (start, made)
        // Task 0 appends the batch made before; the others make this one's parts.
        let results = Parallel.map(count: 1 + end - first, threads: file.threads) { k -> Result<Data, Error> in
          guard k == 0 else { return Result { try file.make(first + k - 1) } }
          return Result {
            for bytes in earlier { try writer.append(bytes) }
            return Data()
          }
        }
        _ = try results[0].get()
        made = try results.dropFirst().map { try $0.get() }
        start = end
      }
      try writer.close()
    }
  }

  /// Writes `contents` as relative `file` inside `folder` (the temporary folder of the
  /// report at `report`).
  private static func write(_ contents: String, as file: String, in folder: URL, report: String) throws {
    try write(Data(contents.utf8), as: file, in: folder, report: report)
  }

  /// Writes `contents` as relative `file` inside `folder`.
  /// `folderMade`: its folder exists already (made once for a chunk of files).
  private static func write(
    _ contents: Data, as file: String, in folder: URL, report: String, folderMade: Bool = false
  ) throws {
    try writeFile(file, in: folder, report: report, folderMade: folderMade) {
      try PlainFile.write(contents, to: $0.path)
    }
  }

  /// Writes relative `file` inside `folder` with `body` (given its URL, its folder made):
  /// refused unless `file` is a plain relative path, and any failure named as the file in
  /// the report (``unwritable(_:report:_:)``).
  ///
  /// The URL is made from the path text, flagged as a file: `appendingPathComponent` asks
  /// the file system whether each new path is a folder, and `createDirectory` looks at
  /// every folder above it, which was 24 system calls a file and about a third of a
  /// 10,000-pattern merge's time (`folderMade` skips it when the caller made the folder).
  private static func writeFile(
    _ file: String, in folder: URL, report: String, folderMade: Bool = false, _ body: (URL) throws -> Void
  ) throws {
    guard isSafeRelativePath(file) else {
      throw InputError(file: file, "not a plain relative path inside the report folder", kind: .unwritable)
    }
    let url = URL(fileURLWithPath: folder.path + "/" + file, isDirectory: false)
    do {
      if !folderMade {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      }
      try body(url)
    } catch let error as InputError {
      throw error  // an input of the file (a streamed part's source) that cannot be read
    } catch {
      throw unwritable(file, report: report, error)
    }
  }

  /// The error of relative `file` failing to be written, naming it where it goes: inside
  /// the report folder `report`, not the temporary folder being written.
  private static func unwritable(_ file: String, report: String, _ error: Error) -> InputError {
    InputError(
      file: URL(fileURLWithPath: report).appendingPathComponent(file).path,
      "cannot be written: \(SystemErrorText.phrase(error))", kind: .unwritable)
  }

  /// Whether `path` is a non-empty relative path of plain components (no `.`, `..`, empty
  /// component, backslash or NUL).
  static func isSafeRelativePath(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\u{0}") else {
      return false
    }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { component in
      !component.isEmpty && component != "." && component != ".."
    }
  }
}

extension OutputFolderKind {
  /// A report folder (`hapt report`, `hapt merge` of report parts); before marker files, one
  /// holding `index.html` and `patterns.csv`.
  package static let report = OutputFolderKind(
    name: "report", legacyFiles: ["index.html", "patterns.csv"],
    legacyExtensions: ["html", "csv", "svg", "css", "wav", "flac"])
}
