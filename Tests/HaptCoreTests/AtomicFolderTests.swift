import Foundation
import Testing

@testable import HaptCore

@Suite struct AtomicFolderTests {
  struct Failure: Error {}

  static let folderGuard = OutputFolderGuard(kind: OutputFolderKind(name: "test", legacyFiles: []))

  /// A fresh parent folder for one test.
  static func parent() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-atomic-folder-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func write(_ text: String, _ name: String, in folder: URL) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  static func read(_ name: String, in folder: URL) -> String? {
    FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  @Test(arguments: [true, false])
  func replacingKeepsThePreviousContentUntilTheSwap(allowExchange: Bool) throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let report = parent.appendingPathComponent("report")
    let first = try AtomicFolder.write(to: report.path, allowExchange: allowExchange) { folder in
      try Self.write("one", "index.html", in: folder)
      try Self.write("stale", "old-only.csv", in: folder)
    }
    #expect(first == .rename)
    let second = try AtomicFolder.write(to: report.path, allowExchange: allowExchange) { folder in
      try Self.write("two", "index.html", in: folder)
      // While the new folder is being written, the old one is complete and unchanged.
      #expect(Self.read("index.html", in: report) == "one")
      #expect(Self.read("old-only.csv", in: report) == "stale")
      #expect(folder.deletingLastPathComponent().standardizedFileURL.path == parent.standardizedFileURL.path)
    }
    #expect(second == (allowExchange ? .exchange : .renameSequence))
    #expect(Self.read("index.html", in: report) == "two")
    #expect(Self.read("old-only.csv", in: report) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["report"])
  }

  @Test func aFailingWriterLeavesThePreviousFolderAndNoTemporaries() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let report = parent.appendingPathComponent("report")
    try AtomicFolder.write(to: report.path, guard: Self.folderGuard) { try Self.write("one", "index.html", in: $0) }
    #expect(throws: Failure.self) {
      try AtomicFolder.write(to: report.path, guard: Self.folderGuard) { folder in
        try Self.write("half", "index.html", in: folder)
        throw Failure()
      }
    }
    #expect(Self.read("index.html", in: report) == "one")
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["report"])
  }

  @Test func aFileInTheWayIsNotReplaced() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    try Self.write("keep me", "report", in: parent)
    #expect(throws: InputError.self) {
      try AtomicFolder.write(to: parent.appendingPathComponent("report").path, guard: Self.folderGuard) { _ in }
    }
    #expect(Self.read("report", in: parent) == "keep me")
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["report"])
  }

  @Test func aMissingParentFailsWithCannotCreate() {
    do {
      try AtomicFolder.write(to: "/nonexistent-hapt-parent/report", guard: Self.folderGuard) { _ in }
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.kind == .unwritable)
      #expect(error.description.hasPrefix("/nonexistent-hapt-parent/report: "))
    } catch {
      Issue.record("\(error)")
    }
  }

  /// A run killed between the two renames of the sequence leaves only `.report.old-*`;
  /// a run killed while writing leaves a `.report.tmp-*` of a dead process.
  @Test func leftoversOfAKilledRunAreRecovered() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let deadPID = Int32.max - 7  // above pid_max, so never running
    let old = parent.appendingPathComponent(".report.old-\(deadPID)-abc")
    let temporary = parent.appendingPathComponent(".report.tmp-\(deadPID)-def")
    try FileManager.default.createDirectory(at: old, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    try Self.write("previous", "index.html", in: old)
    try Self.write("partial", "index.html", in: temporary)
    let report = parent.appendingPathComponent("report")
    AtomicFolder.recover(at: report.path)
    #expect(Self.read("index.html", in: report) == "previous")
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["report"])
  }

  @Test func temporariesOfARunningProcessAreLeftAlone() throws {
    let parent = try Self.parent()
    defer { try? FileManager.default.removeItem(at: parent) }
    let mine = parent.appendingPathComponent(".report.tmp-\(getpid())-abc")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: false)
    AtomicFolder.recover(at: parent.appendingPathComponent("report").path)
    #expect(FileManager.default.fileExists(atPath: mine.path))
  }
}
