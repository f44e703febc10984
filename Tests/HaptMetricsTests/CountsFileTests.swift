import Foundation
import HaptCore
import Testing

import HaptMetrics
import HaptTestSupport

@Suite struct CountsFileTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Writes `text` to a file in a fresh temporary folder and returns its path (the caller
  /// removes the folder).
  static func temporaryFile(_ text: String, name: String = "counts.csv") throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hapt-counts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func readsTheFixture() throws {
    let path = Self.fixtures.appendingPathComponent("counts-3x3.csv").path
    let m = try CountsFile.read(path: path)
    #expect(m == [[40, 8, 2], [6, 41, 3], [1, 2, 47]])
    #expect(abs(InformationTransfer.percentCorrect(counts: m) - 128.0 / 150 * 100) < 1e-9)
    let it = InformationTransfer.bits(counts: m)
    #expect(it > 0.8 && it < log2(3))
  }

  @Test(arguments: [
    ("1,2\n3,4", [[1.0, 2], [3, 4]]),
    ("1,2\r\n3,4\r\n\r\n", [[1, 2], [3, 4]]),
    ("\u{FEFF} 1 ,\t2\n3, 4.5e0 \n\n  \n", [[1, 2], [3, 4.5]]),
    ("7", [[7]]),
    ("0,-0\n0,1", [[0, 0], [0, 1]]),
  ])
  func accepts(text: String, expected: [[Double]]) throws {
    #expect(try CountsFile.parse(Array(text.utf8)) == expected)
  }

  /// Each bad input: the one-line message names the place.
  @Test(arguments: [
    ("", "empty file"),
    ("\n\n", "empty file"),
    ("1,2,3\n4,5,6", "row 1: 3 columns in a matrix of 2 rows: a counts matrix must be square"),
    ("1,2\n3", "row 2: 1 column in a matrix of 2 rows"),
    ("1,2\n\n3,4", "row 2: blank row inside the matrix"),
    ("1,-2\n3,4", "row 1, column 2: '-2' is negative"),
    ("1,2\n3,x", "row 2, column 2: 'x' is not a number"),
    ("1,2\n3,nan", "row 2, column 2: 'nan' is not a number"),
    ("1,inf\n3,4", "row 1, column 2: 'inf' is not a number"),
    ("1,1e999\n3,4", "row 1, column 2: '1e999' is not a finite number"),
    ("1,\n3,4", "row 1, column 2: empty cell"),
    ("0,0\n0,0", "all counts are zero"),
    ("a,b\n1,2", "row 1, column 1: 'a' is not a number"),
  ])
  func rejects(text: String, expectedMessage: String) throws {
    let path = try Self.temporaryFile(text)
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
    do {
      _ = try CountsFile.read(path: path)
      Issue.record("expected an error for \(text.debugDescription)")
    } catch let error as InputError {
      #expect(error.isBadData)
      #expect(error.file == path)
      #expect(error.description.hasPrefix(path + ": "))
      #expect(error.description.contains(expectedMessage), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func rejectsInvalidUTF8WithOffset() {
    #expect(throws: InputError(place: "byte 3", "not valid UTF-8 text")) {
      try CountsFile.parse([0x31, 0x2C, 0x32, 0xFF, 0x0A])
    }
  }

  @Test func missingFileIsNoInput() {
    do {
      _ = try CountsFile.read(path: "/nonexistent/hapt/counts.csv")
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.kind == .missing)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  /// 2000 (or `HAPT_FUZZ_CASES`) seeded mutations of a valid file: each either parses to a valid matrix
  /// (square, finite, non-negative, not all zero) or fails with a one-line InputError.
  @Test func fuzzedFilesFailCleanly() {
    let base = Array("40,8,2\n6,41,3\n1,2,47\n".utf8)
    let alphabet = Array("0123456789,.-+eE \t\n\r\u{00}x".utf8) + [0xFF, 0xC3]
    var rng = SplitMix64(seed: 0x5EED)
    var accepted = 0
    var rejected = 0
    for _ in 0..<FuzzCases.perFormat(default: 2000) {
      var bytes = base
      let edits = 1 + Int(rng.next() % 4)
      for _ in 0..<edits {
        let position = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count))
        let byte = alphabet[Int(rng.next() % UInt64(alphabet.count))]
        switch rng.next() % 4 {
        case 0 where !bytes.isEmpty: bytes[position] = byte
        case 1: bytes.insert(byte, at: position)
        case 2 where !bytes.isEmpty: bytes.remove(at: position)
        default: bytes = Array(bytes.prefix(position))
        }
      }
      do {
        let m = try CountsFile.parse(bytes)
        accepted += 1
        #expect(!m.isEmpty && m.allSatisfy { $0.count == m.count })
        #expect(m.allSatisfy { $0.allSatisfy { $0.isFinite && $0 >= 0 } })
        #expect(m.contains { $0.contains { $0 > 0 } })
        let it = InformationTransfer.bits(counts: m)
        #expect(it.isFinite && it >= 0)
      } catch let error as InputError {
        rejected += 1
        #expect(error.isBadData)
        #expect(!error.description.isEmpty && !error.description.contains("\n"))
      } catch {
        Issue.record("unexpected error type \(error)")
      }
    }
    #expect(accepted > 50 && rejected > 50)
  }
}
