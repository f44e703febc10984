import Foundation
import HaptCore
import Testing

/// Files written without `fsync`: the bytes, a file replaced whole, the usual mode, and a
/// failure that says why in the system's words.
@Suite struct PlainFileTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-plain-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func writesTheBytesAndReplacesAWholeFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("page.html").path
    let long = Data((0..<100_000).map { UInt8($0 % 251) })
    try PlainFile.write(long, to: path)
    #expect(FileManager.default.contents(atPath: path) == long)
    try PlainFile.write(Data("short".utf8), to: path)
    #expect(FileManager.default.contents(atPath: path) == Data("short".utf8))
    try PlainFile.write(Data(), to: path)
    #expect(FileManager.default.contents(atPath: path) == Data())
    // The mode Data.write(to:) gives: 0666 less the umask.
    let reference = folder.appendingPathComponent("reference").path
    try Data().write(to: URL(fileURLWithPath: reference))
    let mode = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.posixPermissions]) as? Int }
    #expect(mode(path) != nil && mode(path) == mode(reference))
  }

  /// A linked file has the source's bytes and is the same file (two names, no copy); a
  /// missing source or an existing destination is an error, never a silent copy.
  @Test func linkOrCopyGivesTheSameFileUnderANewName() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("part.flac").path
    let bytes = Data((0..<5_000).map { UInt8($0 % 199) })
    try PlainFile.write(bytes, to: source)
    let linked = folder.appendingPathComponent("page.flac").path
    try PlainFile.linkOrCopy(source, to: linked)
    #expect(FileManager.default.contents(atPath: linked) == bytes)
    let links = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.referenceCount]) as? Int }
    #expect(links(source) == 2 && links(linked) == 2)
    #expect(throws: (any Error).self) { try PlainFile.linkOrCopy(source, to: linked) }
    #expect(throws: (any Error).self) {
      try PlainFile.linkOrCopy(
        folder.appendingPathComponent("missing").path, to: folder.appendingPathComponent("x").path)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
  }

  /// A file's pieces cover it in order, each at most the size asked for, and read back
  /// as the file; none for an empty file, nil for a missing one; a range past the end is
  /// an error naming the file.
  @Test func piecesOfAFileReadBackAsTheFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("rows.csv").path
    let bytes = Data((0..<10).map { UInt8($0) })
    try PlainFile.write(bytes, to: path)
    let pieces = try #require(PlainFile.pieces(ofFileAt: path, size: 3))
    #expect(pieces == [0..<3, 3..<6, 6..<9, 9..<10])
    #expect(try pieces.map { try PlainFile.read(path, range: $0) }.reduce(Data(), +) == bytes)
    let empty = folder.appendingPathComponent("empty.csv").path
    try PlainFile.write(Data(), to: empty)
    #expect(PlainFile.pieces(ofFileAt: empty, size: 3) == [])
    #expect(PlainFile.pieces(ofFileAt: folder.appendingPathComponent("missing").path, size: 3) == nil)
    do {
      _ = try PlainFile.read(path, range: 8..<12)
      Issue.record("read past the end")
    } catch let error as InputError {
      #expect(error.file == path)
    }
  }

  @Test func aFailureSaysWhyInTheSystemsWords() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("missing/page.html").path
    do {
      try PlainFile.write(Data("x".utf8), to: path)
      Issue.record("wrote into a folder that does not exist")
    } catch {
      #expect(SystemErrorText.phrase(error) == "no such file or directory")
    }
  }

  /// `AtomicFile.writeNew`, for files inside a folder only its writer uses: the bytes, in
  /// place (no temporary sibling left), and a failure as hapt's one-line error naming the file.
  @Test func writeNewWritesInPlaceAndNamesTheFileOnFailure() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("copy.ahap").path
    try AtomicFile.writeNew("{\"Version\": 1}\n", to: path)
    #expect(FileManager.default.contents(atPath: path) == Data("{\"Version\": 1}\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["copy.ahap"])
    let missing = folder.appendingPathComponent("missing/copy.ahap").path
    do {
      try AtomicFile.writeNew([1, 2, 3], to: missing)
      Issue.record("wrote into a folder that does not exist")
    } catch let error as InputError {
      #expect(error.description == "\(missing): cannot be written: no such file or directory")
      #expect(error.kind == .unwritable)
    }
  }
}
