import Foundation
import HaptCore
import HaptEvaluation

/// Merging the parts of sharded baseline jobs (`hapt baseline record` and `check` with
/// `--shard`).
extension ShardMerge {
  /// The baseline record parts in `folders`, in shard order.
  /// - Throws: ``InputError`` as ``reportParts(_:)`` does.
  package static func baselineRecordParts(_ folders: [String]) throws -> [String] {
    var parts: [(path: String, shard: ShardSpec, fingerprint: UInt64)] = []
    for path in folders {
      let file = path + "/" + BaselineShardParts.recordMarker
      let (shard, fingerprint) = try BaselineShardParts.readRecordMarker(try readText(file), file: file)
      parts.append((path, shard, fingerprint))
    }
    guard let first = parts.first else { throw InputError("no parts given", kind: .missing) }
    for part in parts where part.shard.count != first.shard.count || part.fingerprint != first.fingerprint {
      throw InputError(file: part.path, "does not belong with \(first.path) (another corpus or shard count)")
    }
    let ordered = parts.sorted { $0.shard.index < $1.shard.index }
    try checkComplete(ordered.map(\.shard.index), of: first.shard.count, first: first.path)
    return ordered.map(\.path)
  }

  /// The baseline check parts in `folders`: the job and the unsharded check's result.
  /// - Throws: ``InputError`` as ``reportParts(_:)`` does.
  package static func baselineCheckParts(_ folders: [String]) throws -> (BaselineCheckSettings, BaselineCheckResult) {
    var parts: [BaselineCheckPart] = []
    for path in folders {
      let file = path + "/" + BaselineCheckPart.fileName
      parts.append(try BaselineCheckPart(text: try readText(file), file: file))
    }
    guard let first = parts.first else { throw InputError("no parts given", kind: .missing) }
    for (path, part) in zip(folders, parts)
    where part.shard.count != first.shard.count || part.corpusFingerprint != first.corpusFingerprint
      || part.job != first.job
    {
      throw InputError(file: path, "does not belong with \(folders[0]) (another corpus, options or shard count)")
    }
    let ordered = parts.sorted { $0.shard.index < $1.shard.index }
    try checkComplete(ordered.map(\.shard.index), of: first.shard.count, first: folders[0])
    return (first.job, BaselineCheckPart.merged(ordered))
  }
}
