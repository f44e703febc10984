import Foundation
import HaptCore
import HaptMetrics

/// Reading the N parts of a sharded job back as one: each part checked to belong with the
/// first (same corpus, settings and shard count) and every shard present once.
package enum ShardMerge {
  /// What a sharded report's parts give together.
  package struct ReportParts: Sendable {
    /// The job the shards ran.
    package var job: ReportJobSettings
    /// The corpus fingerprint every shard saw.
    package var fingerprint: UInt64
    /// Every measurement and the merged pairwise summary, in the unsharded order.
    package var precomputed: CorpusEvaluation.Precomputed
    /// The shards' files of every pair's rows, in shard order (empty without all pairs).
    package var allPairsSegments: [String]
    /// The shards' Android rows, corpus order.
    package var android = AndroidSections.Rows(ports: [], playback: [])
    /// The part folders (inputs that the merged output may never replace).
    package var folders: [String] = []
  }

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

  /// Reads the report parts in `folders` (any order).
  /// - Throws: ``InputError`` naming the part that is missing, unreadable, from another
  ///   job, or a shard given twice or not at all.
  package static func reportParts(_ folders: [String]) throws -> ReportParts {
    var parts: [(path: String, part: ShardPart)] = []
    for path in folders {
      let file = URL(fileURLWithPath: path).appendingPathComponent(ShardPart.fileName).path
      guard let data = FileManager.default.contents(atPath: file) else {
        throw InputError(file: file, "not found (is \(path) a part of a sharded report?)", kind: .missing)
      }
      guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, "not UTF-8 text") }
      parts.append((path, try ShardPart(text: text, file: file)))
    }
    guard let first = parts.first else { throw InputError("no parts given", kind: .missing) }
    for (path, part) in parts.dropFirst() {
      guard part.shardCount == first.part.shardCount, part.corpusFingerprint == first.part.corpusFingerprint,
        part.job == first.part.job, part.pairwise.settings == first.part.pairwise.settings,
        part.pairwise.patternCount == first.part.pairwise.patternCount
      else {
        throw InputError(file: path, "does not belong with \(first.path) (another corpus, options or shard count)")
      }
    }
    let ordered = parts.sorted { $0.part.shard < $1.part.shard }
    try checkComplete(ordered.map(\.part.shard), of: first.part.shardCount, first: first.path)
    var segments: [String] = []
    if first.part.job.allPairs {
      for (path, _) in ordered {
        let file = URL(fileURLWithPath: path).appendingPathComponent(ShardPart.allPairsFileName).path
        guard FileManager.default.fileExists(atPath: file) else {
          throw InputError(file: file, "not found: the shards wrote every pair", kind: .missing)
        }
        segments.append(file)
      }
    }
    return ReportParts(
      job: first.part.job, fingerprint: first.part.corpusFingerprint,
      precomputed: CorpusEvaluation.Precomputed(
        measurements: ordered.flatMap(\.part.measurements),
        pairwise: PairwiseSummary.merged(ordered.map(\.part.pairwise))),
      allPairsSegments: segments,
      android: AndroidSections.Rows(
        ports: ordered.flatMap(\.part.android.ports), playback: ordered.flatMap(\.part.android.playback)),
      folders: ordered.map(\.path))
  }

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

  /// Throws unless `shards` (sorted) are 1...count, each once.
  static func checkComplete(_ shards: [Int], of count: Int, first: String) throws {
    guard shards != Array(1...count) else { return }
    let missing = Set(1...count).subtracting(shards).sorted()
    let repeated = Dictionary(grouping: shards, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    throw InputError(
      file: first,
      (missing.isEmpty ? "" : "missing shard \(missing.map(String.init).joined(separator: ", ")) of \(count)")
        + (repeated.isEmpty
          ? ""
          : (missing.isEmpty ? "" : "; ") + "shard \(repeated.map(String.init).joined(separator: ", ")) given twice"),
      kind: .missing)
  }

  /// A part's text file.
  static func readText(_ file: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw InputError(file: file, "not found", kind: .missing)
    }
    guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, "not UTF-8 text") }
    return text
  }
}
