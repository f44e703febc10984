import Foundation
import HaptBaselines
import HaptEvaluation

/// Telling the three kinds of shard part apart (`hapt merge`).
extension ShardMerge {
  /// The kind of job a part folder holds, from the file it contains; nil if none.
  package enum PartKind: Sendable { case report, baselineRecord, baselineCheck }

  /// The kind of part in `folder`.
  package static func kind(of folder: String) -> PartKind? {
    let files = FileManager.default
    if files.fileExists(atPath: folder + "/" + BaselineShardParts.recordMarker) { return .baselineRecord }
    if files.fileExists(atPath: folder + "/" + BaselineCheckPart.fileName) { return .baselineCheck }
    if files.fileExists(atPath: folder + "/" + ShardPart.fileName) { return .report }
    return nil
  }
}
