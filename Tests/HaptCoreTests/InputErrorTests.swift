import Foundation
import Testing
import HaptCore

@Suite struct InputErrorTests {
  @Test func describesFilePlaceAndMessageOnOneLine() {
    let error = InputError(place: "Pattern[3].Event.Time", "expected a number").inFile("boom.ahap")
    #expect(error.description == "boom.ahap: Pattern[3].Event.Time: expected a number")
    #expect(error.exitStatus == .dataError)
  }

  @Test func missingFileIsNoInput() {
    do {
      _ = try InputFile.read("/nonexistent/file.ahap")
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.exitStatus == .noInput)
      #expect(error.description.hasPrefix("/nonexistent/file.ahap"))
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func atomicWriteReplacesWholeFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-atomic-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.csv").path
    try AtomicFile.write("old\n", to: path)
    try AtomicFile.write("new\n", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
  }

  @Test func atomicWriteIntoMissingFolderFailsCleanly() {
    #expect(throws: InputError.self) { try AtomicFile.write("x", to: "/nonexistent-dir/out.csv") }
  }

  @Test func splitMixIsDeterministic() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    #expect((0..<10).map { _ in a.next() } == (0..<10).map { _ in b.next() })
    var c = SplitMix64(seed: 1)
    let u = (0..<1000).map { _ in c.nextUnit() }
    #expect(u.allSatisfy { $0 >= 0 && $0 < 1 })
  }
}

@Suite struct FingerprintTests {
  @Test func knownFNV1aValues() {
    // FNV-1a 64 test vectors (Fowler, Noll, Vo).
    #expect(Fingerprint.of("") == "cbf29ce484222325")
    #expect(Fingerprint.of("a") == "af63dc4c8601ec8c")
    #expect(Fingerprint.of("foobar") == "85944171f73967e8")
  }
}
