import Foundation
import HaptAndroid
import HaptCore
import HaptEvaluation
import HaptMetrics

/// Reading a sharded report's parts back as one.
extension ShardMerge {
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
    /// The part folders (inputs that the merged output may never replace), in shard order.
    package var folders: [String] = []

    /// The pattern pages' figures and sounds, from the part folder of each pattern's
    /// shard (``ShardSpec/patterns(count:)`` of a corpus of `count` patterns).
    package func figureSource(patterns count: Int) -> PatternFigureSource {
      let folders = self.folders
      var owner = [Int](repeating: 0, count: count)
      for (k, _) in folders.enumerated() {
        for i in ShardSpec(index: k + 1, count: folders.count).patterns(count: count) { owner[i] = k }
      }
      let shardOf = owner
      return .parts { folders[shardOf[$0]] }
    }
  }

  /// Reads the report parts in `folders` (any order), `threads` parts at a time (parsing
  /// the parts was about a sixth of a merge's time).
  /// - Throws: ``InputError`` naming the part that is missing, unreadable, from another
  ///   job, or a shard given twice or not at all; of several bad parts, the first given.
  package static func reportParts(
    _ folders: [String], threads: Int = Parallel.defaultThreadCount
  ) throws
    -> ReportParts
  {
    let read = Parallel.map(count: folders.count, threads: threads) { k in
      Result { try readPart(folders[k]) }
    }
    var parts: [(path: String, part: ShardPart)] = []
    for (path, result) in zip(folders, read) { parts.append((path, try result.get())) }
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
        pairwise: PairwiseSummary.merged(ordered.map(\.part.pairwise)), features: ordered.flatMap(\.part.features),
        attributes: ordered.flatMap(\.part.attributes), sampleKeys: ordered.flatMap(\.part.sampleKeys),
        heatMapSimilarity: ordered.first?.part.heatMapSimilarity ?? []),
      allPairsSegments: segments,
      android: AndroidSections.Rows(
        ports: ordered.flatMap(\.part.android.ports), playback: ordered.flatMap(\.part.android.playback)),
      folders: ordered.map(\.path))
  }

  /// The part in the folder `path`.
  private static func readPart(_ path: String) throws -> ShardPart {
    let file = URL(fileURLWithPath: path).appendingPathComponent(ShardPart.fileName).path
    guard let data = FileManager.default.contents(atPath: file) else {
      throw InputError(file: file, "not found (is \(path) a part of a sharded report?)", kind: .missing)
    }
    guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, "not UTF-8 text") }
    return try ShardPart(text: text, file: file)
  }
}
