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
    /// Each part's own patterns, in shard order: together, the corpus in order.
    package var patternShares: [Range<Int>] = []
    /// The parts' files of their patterns' rows of each of the report's tables of rows
    /// per pattern (``CorpusReport/patternTables``), by table, in shard order.
    package var patternTableRows: [String: [String]] = [:]

    /// The pattern pages' figures and sounds, from the part folder of each pattern's
    /// shard, for a corpus of `count` patterns.
    package func figureSource(patterns count: Int) -> PatternFigureSource {
      let folders = self.folders
      var owner = [Int](repeating: 0, count: count)
      for (k, share) in patternShares.enumerated() {
        for i in share where i < count { owner[i] = k }
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
    try checkShares(ordered, patterns: first.part.pairwise.patternCount)
    let folders = ordered.map(\.path)
    var tableRows: [String: [String]] = [:]
    for table in CorpusReport.patternTables {
      tableRows[table] = try files(
        ShardPart.rowsFileName(table), in: folders, missing: "the part is incomplete; run its shard again")
    }
    let segments =
      first.part.job.allPairs
      ? try files(ShardPart.allPairsFileName, in: folders, missing: "the shards wrote every pair") : []
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
      folders: ordered.map(\.path), patternShares: ordered.map(\.part.patternShare), patternTableRows: tableRows)
  }

  /// The file `name` of each part folder of `folders`, in order.
  /// - Throws: ``InputError`` (missing) naming the first that is not there: "not found: " +
  ///   `missing`.
  private static func files(_ name: String, in folders: [String], missing: String) throws -> [String] {
    try folders.map { folder in
      let file = URL(fileURLWithPath: folder).appendingPathComponent(name).path
      guard FileManager.default.fileExists(atPath: file) else {
        throw InputError(file: file, "not found: \(missing)", kind: .missing)
      }
      return file
    }
  }

  /// Throws unless the parts' shares (in shard order) cover the corpus's patterns and its
  /// rows of pairs, each once and in order, and each part holds its patterns'
  /// measurements and features.
  private static func checkShares(_ ordered: [(path: String, part: ShardPart)], patterns count: Int) throws {
    var (nextPattern, nextRow) = (0, 0)
    for (path, part) in ordered {
      guard part.patternShare.lowerBound == nextPattern, part.rowShare.lowerBound == nextRow else {
        throw InputError(
          file: path,
          "shares patterns \(part.patternShare) and rows \(part.rowShare) of \(count); the shards before it end at "
            + "\(nextPattern) and \(nextRow) (parts of different plans)")
      }
      let perPattern = part.patternShare.isEmpty ? 0 : part.measurements.count / part.patternShare.count
      guard part.features.count == part.patternShare.count,
        part.measurements.count == perPattern * part.patternShare.count
      else {
        throw InputError(
          file: path,
          "holds \(part.features.count) patterns' features for its \(part.patternShare.count) patterns: incomplete")
      }
      (nextPattern, nextRow) = (part.patternShare.upperBound, part.rowShare.upperBound)
    }
    guard nextPattern == count, nextRow == count else {
      throw InputError(
        file: ordered.last?.path ?? "", "the parts cover \(nextPattern) of \(count) patterns and \(nextRow) rows")
    }
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
