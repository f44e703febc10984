import Foundation
import HaptCore

/// Writing many small files into one folder, per file: `AtomicFile.writeNew` (a folder
/// only this writer uses, as inside `AtomicFolder.write`) at two sizes 8 times apart, so
/// that linear time shows as the same time a file; and `AtomicFile.write` (a temporary
/// file renamed over the target, after looking for other writers' leftovers by listing
/// the folder) at two sizes 2 times apart, whose time a file grows with the folder.
/// Baselines write their pattern copies, and the benchmarks their corpora, the first way.
enum FileWriteBenchmarks {
  static var all: [Bench.Case] {
    [writeNew(files: 2_000), writeNew(files: 16_000), atomicWrite(files: 1_000), atomicWrite(files: 2_000)]
  }

  static func writeNew(files: Int) -> Bench.Case {
    writing(
      name: "io/write-new-\(files)", summary: "AtomicFile.writeNew of \(files) small files into one folder, per file",
      count: files
    ) {
      try AtomicFile.writeNew($0, to: $1)
    }
  }

  static func atomicWrite(files: Int) -> Bench.Case {
    writing(
      name: "io/atomic-write-\(files)", summary: "AtomicFile.write of \(files) small files into one folder, per file",
      count: files
    ) {
      try AtomicFile.write($0, to: $1)
    }
  }

  /// Each timed run writes `count` files of 200 bytes into a new folder.
  private static func writing(
    name: String, summary: String, count: Int, write: @escaping (String, String) throws -> Void
  ) -> Bench.Case {
    Bench.Case(name: name, summary: summary) {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-bench-\(UUID().uuidString)")
      let text = String(repeating: "x", count: 199) + "\n"
      var run = 0
      return {
        run += 1
        let folder = root.appendingPathComponent("run-\(run)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<count { try write(text, folder + "/f\(index).txt") }
        return count
      }
    }
  }
}
