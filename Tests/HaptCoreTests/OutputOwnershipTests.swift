import Foundation
import Testing

@testable import HaptCore

/// A folder is replaced only when it holds nothing but what hapt wrote there (its marker
/// lists every file), and two runs creating the same folder at once cannot both succeed.
@Suite struct OutputOwnershipTests {
  static let kind = OutputFolderKind(
    name: "report", legacyFiles: ["index.html", "patterns.csv"], legacyExtensions: ["html", "csv", "svg"])
  static let folderGuard = OutputFolderGuard(kind: kind)

  static func parent() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-ownership-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func write(_ text: String, _ name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  static func refusal(_ path: String) -> String? {
    do {
      try folderGuard.check(path)
      return nil
    } catch let error as InputError {
      #expect(error.kind == .unwritable)
      return error.description
    } catch {
      return "\(error)"
    }
  }

  @Test func theMarkerListsEveryFileWritten() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let report = parent.appendingPathComponent("report").path
    try AtomicFolder.write(to: report, guard: Self.folderGuard) { folder in
      try Self.write("page", "index.html", in: folder)
      try Self.write("chart", "charts/a\nb.svg", in: folder)
    }
    let marker = try String(contentsOfFile: report + "/" + OutputFolderGuard.markerFileName, encoding: .utf8)
    #expect(marker == "hapt report\ncharts/\ncharts/a\\nb.svg\nindex.html\n")
    #expect(Self.refusal(report) == nil)
  }

  @Test func aFileAddedToAPreviousOutputIsNamedAndKept() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let report = parent.appendingPathComponent("report").path
    try AtomicFolder.write(to: report, guard: Self.folderGuard) { try Self.write("page", "index.html", in: $0) }
    try Self.write("mine", "charts/notes.txt", in: URL(fileURLWithPath: report))
    let message = Self.refusal(report)
    #expect(message?.contains("charts/notes.txt") == true, "\(message ?? "accepted")")
    #expect(message?.contains("\n") == false)
    #expect(throws: InputError.self) {
      try AtomicFolder.write(to: report, guard: Self.folderGuard) { try Self.write("new", "index.html", in: $0) }
    }
    #expect(FileManager.default.fileExists(atPath: report + "/charts/notes.txt"))
  }

  @Test func aWebsiteWithTheLegacyFilesIsNotAReport() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let site = parent.appendingPathComponent("site")
    for name in ["index.html", "patterns.csv", "app.js"] { try Self.write("x", name, in: site) }
    let message = Self.refusal(site.path)
    #expect(message?.contains("app.js") == true, "\(message ?? "accepted")")
    // Without app.js it is taken for a report of an earlier version, as before.
    try FileManager.default.removeItem(at: site.appendingPathComponent("app.js"))
    #expect(Self.refusal(site.path) == nil)
  }

  @Test func anOldMarkerWithoutAListingAcceptsOnlyTheKindsFiles() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let report = parent.appendingPathComponent("report")
    try Self.write("hapt report\n", OutputFolderGuard.markerFileName, in: report)
    try Self.write("x", "index.html", in: report)
    #expect(Self.refusal(report.path) == nil)
    try Self.write("x", "keep.txt", in: report)
    #expect(Self.refusal(report.path)?.contains("keep.txt") == true)
  }

  @Test func aFolderWithoutAMarkerNamesAFileItHolds() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let mine = parent.appendingPathComponent("mine")
    try Self.write("x", "keep.txt", in: mine)
    #expect(Self.refusal(mine.path)?.contains("keep.txt") == true)
  }

  /// The other run finishes while this one works: this one must fail, not replace it.
  @Test(arguments: [true, false])
  func twoRunsCreatingTheSameFolderDoNotBothSucceed(replacing: Bool) throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let baseline = parent.appendingPathComponent("baseline").path
    var error: InputError?
    do {
      try AtomicFolder.write(to: baseline, guard: Self.folderGuard, replacing: replacing) { folder in
        try Self.write("mine", "index.html", in: folder)
        try AtomicFolder.write(to: baseline, guard: Self.folderGuard) { other in
          try Self.write("other", "index.html", in: other)
        }
      }
    } catch let thrown as InputError {
      error = thrown
    }
    #expect(error?.kind == .unwritable)
    #expect(error?.description.contains("another run") == true, "\(String(describing: error))")
    #expect(try String(contentsOfFile: baseline + "/index.html", encoding: .utf8) == "other")
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["baseline"])
  }

  @Test func withoutReplacingAnExistingEmptyFolderIsNotReplaced() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let baseline = parent.appendingPathComponent("baseline")
    try FileManager.default.createDirectory(at: baseline, withIntermediateDirectories: false)
    #expect(throws: InputError.self) {
      try AtomicFolder.write(to: baseline.path, guard: Self.folderGuard, replacing: false) {
        try Self.write("x", "index.html", in: $0)
      }
    }
  }
}
