import Foundation
import HaptCore
import Testing

import HaptReports

@Suite struct ReportFolderTests {
  /// A streamed file is its parts in order, however many batches they take (each batch is
  /// appended while the next is made) and on any number of threads; no parts, an empty file.
  @Test(arguments: [1, 2, 3])
  func aStreamedFileIsItsPartsInOrderAcrossBatches(_ threads: Int) throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-streamed-\(UUID())")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let parts = 8 * 3 * threads + 5  // more than three batches, the last one short
    var folder = ReportFolder()
    folder.addStreamed("table.csv", parts: parts, threads: threads) { k in
      String(repeating: "part \(k),", count: k % 7 + 1) + "\n"
    }
    folder.addStreamed("empty.csv", parts: 0, threads: threads) { _ in preconditionFailure("no part to make") }
    let target = parent.appendingPathComponent("out").path
    try folder.write(to: target)
    let expected = (0..<parts).map { k in String(repeating: "part \(k),", count: k % 7 + 1) + "\n" }.joined()
    #expect(FileManager.default.contents(atPath: target + "/table.csv") == Data(expected.utf8))
    #expect(FileManager.default.contents(atPath: target + "/empty.csv") == Data())
  }

  /// A concatenated file is its header and its files' bytes, exactly, though a file is
  /// read in pieces whose boundary falls inside a character; a file that is not there
  /// fails the write, naming it, and leaves no folder.
  @Test func aConcatenatedFileIsItsHeaderAndFilesByteForByte() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-joined-\(UUID())")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    // "x" then two-byte characters: the first piece ends in the middle of one.
    let large = Data(("x" + String(repeating: "é", count: 2_200_000) + "\n").utf8)
    #expect(large.count > 4 << 20)
    let files = [("a.csv", large), ("b.csv", Data()), ("c.csv", Data("last,row\n".utf8))].map { name, bytes in
      let path = parent.appendingPathComponent(name).path
      #expect(FileManager.default.createFile(atPath: path, contents: bytes))
      return path
    }
    var folder = ReportFolder()
    folder.addConcatenated("joined.csv", header: "h,é\n", files: files, threads: 2)
    try folder.write(to: parent.appendingPathComponent("out").path)
    let expected = Data("h,é\n".utf8) + large + Data("last,row\n".utf8)
    #expect(FileManager.default.contents(atPath: parent.appendingPathComponent("out/joined.csv").path) == expected)
    var missing = ReportFolder()
    let gone = parent.appendingPathComponent("gone.csv").path
    missing.addConcatenated("joined.csv", header: "h\n", files: [files[2], gone], threads: 2)
    #expect(throws: InputError.self) { try missing.write(to: parent.appendingPathComponent("cut").path) }
    do {
      try missing.write(to: parent.appendingPathComponent("cut").path)
    } catch let error as InputError {
      #expect(error.file == gone)
    }
    #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("cut").path))
  }

  @Test func writesEveryFileAndReplacesTheWholeFolder() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-report-folder-\(UUID())")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let target = parent.appendingPathComponent("latest").path
    var first = ReportFolder()
    first.add("index.html", "<p>one</p>")
    first.add("charts/latency.svg", "<svg/>")
    try first.write(to: target)
    #expect(FileManager.default.contents(atPath: target + "/charts/latency.svg") == Data("<svg/>".utf8))
    var second = ReportFolder()
    second.add("index.html", "<p>one</p>")
    second.add("index.html", "<p>two</p>")
    try second.write(to: target)
    #expect(second.files.count == 1)
    #expect(FileManager.default.contents(atPath: target + "/index.html") == Data("<p>two</p>".utf8))
    #expect(!FileManager.default.fileExists(atPath: target + "/charts"))
  }

  @Test(arguments: ["../escape.csv", "/etc/passwd", "a//b", "./a", "a/../../b", "", "a\\b"])
  func unsafePathsAreRefusedAndThePreviousFolderStays(path: String) throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-report-folder-\(UUID())")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let target = parent.appendingPathComponent("latest").path
    var good = ReportFolder()
    good.add("index.html", "kept")
    try good.write(to: target)
    var bad = ReportFolder()
    bad.add(path, "x")
    #expect(throws: InputError.self) { try bad.write(to: target) }
    #expect(FileManager.default.contents(atPath: target + "/index.html") == Data("kept".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["latest"])
  }
}
