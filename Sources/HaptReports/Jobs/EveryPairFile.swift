import Foundation
import HaptCore
import HaptMetrics
import HaptSimulation

/// The file every pair's row is streamed to while a report job runs: a temporary sibling
/// of the output folder (so that one left by a killed run is removed by the next write of
/// the folder), moved into the folder at the end. A disabled one does nothing.
final class EveryPairFile {
  private let path: String
  private var handle: FileHandle?

  /// Creates the file beside `out` with `header`, if `enabled`.
  /// - Throws: ``InputError`` (unwritable) if it cannot be created.
  init(next out: String, enabled: Bool, header: String) throws {
    path = TemporarySibling.url(for: URL(fileURLWithPath: out), tag: "pairs.csv").path
    guard enabled else { return }
    guard FileManager.default.createFile(atPath: path, contents: Data(header.utf8)),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw InputError(file: path, "cannot be written", kind: .unwritable) }
    handle.seekToEndOfFile()
    self.handle = handle
  }

  /// Appends the rows of pairs as they are computed, or nil when disabled.
  func sink(names: [String], device: String, state: EngineState) -> (([PairwiseSummary.Pair]) throws -> Void)? {
    guard let handle else { return nil }
    return { pairs in
      handle.write(Data(ReportTables.pairLines(pairs, names: names, device: device, state: state).utf8))
    }
  }

  /// Appends the contents of `files` (the shards' rows, in order), a piece at a time (a
  /// shard's every pair can be gigabytes).
  /// - Throws: ``InputError`` (missing) for a file that cannot be read.
  func append(contentsOf files: [String]) throws {
    guard let handle else { return }
    for file in files {
      guard let pieces = PlainFile.pieces(ofFileAt: file, size: ReportFolder.concatenatedPiece) else {
        throw InputError(file: file, "cannot be read", kind: .missing)
      }
      for piece in pieces { handle.write(try PlainFile.read(file, range: piece)) }
    }
  }

  /// Closes the file and adds it to `folder` as `name` (moved when the folder is written).
  func move(into folder: inout ReportFolder, as name: String) {
    guard let handle else { return }
    try? handle.close()
    self.handle = nil
    folder.addFile(name, movingFrom: path)
  }

  /// Closes the file and removes it if it is still there (after the folder was written, or
  /// on an error).
  func discard() {
    try? handle?.close()
    handle = nil
    try? FileManager.default.removeItem(atPath: path)
  }
}
