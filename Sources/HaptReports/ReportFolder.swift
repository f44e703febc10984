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
public struct ReportFolder: Sendable {
  /// Relative paths and contents, in the order added (a later file with the same path
  /// replaces the earlier one).
  public private(set) var files: [(path: String, contents: String)] = []

  /// Files already written elsewhere (large tables streamed as they were computed),
  /// moved into the folder when it is written: relative path and source file path.
  public private(set) var movedFiles: [(path: String, source: String)] = []

  public init() {}

  /// Adds the file at `source` (written beforehand, e.g. streamed) as relative `path`;
  /// ``write(to:)`` moves it into the folder.
  public mutating func addFile(_ path: String, movingFrom source: String) {
    movedFiles.append((path, source))
  }

  /// Adds (or replaces) the file at relative `path` (`/`-separated, no `..`, not absolute).
  public mutating func add(_ path: String, _ contents: String) {
    if let index = files.firstIndex(where: { $0.path == path }) {
      files[index].contents = contents
    } else {
      files.append((path, contents))
    }
  }

  /// Writes every file into a fresh folder and swaps it into place at `path`.
  ///
  /// - Throws: ``InputError`` with ``ExitStatus/cannotCreate`` naming the file that cannot
  ///   be written or the unsafe relative path; the previous folder is then unchanged.
  public func write(to path: String) throws {
    try AtomicFolder.write(to: path) { folder in
      for file in files {
        guard ReportFolder.isSafeRelativePath(file.path) else {
          throw InputError(
            file: file.path, "not a plain relative path inside the report folder", status: .cannotCreate)
        }
        let url = folder.appendingPathComponent(file.path)
        do {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data(file.contents.utf8).write(to: url)
        } catch {
          throw InputError(
            file: URL(fileURLWithPath: path).appendingPathComponent(file.path).path,
            "cannot be written: \(error.localizedDescription)", status: .cannotCreate)
        }
      }
      for file in movedFiles {
        guard ReportFolder.isSafeRelativePath(file.path) else {
          throw InputError(
            file: file.path, "not a plain relative path inside the report folder", status: .cannotCreate)
        }
        let url = folder.appendingPathComponent(file.path)
        do {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try? FileManager.default.removeItem(at: url)
          try FileManager.default.moveItem(at: URL(fileURLWithPath: file.source), to: url)
        } catch {
          throw InputError(
            file: URL(fileURLWithPath: path).appendingPathComponent(file.path).path,
            "cannot be written: \(error.localizedDescription)", status: .cannotCreate)
        }
      }
    }
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
