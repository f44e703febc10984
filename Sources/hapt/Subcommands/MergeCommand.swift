import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptWorkflows

/// `hapt merge PART... --out DIR`: the report of a sharded run, from its N parts.
struct MergeCommand: HaptCommand {
  static let help = CommandHelp(
    name: "merge",
    summary: "Merge the parts of a sharded report or baseline job into the result of one unsharded run.",
    usage: [
      "merge REPORT-PART... --out DIR [--threads N]",
      "merge RECORD-PART... --out DIR [--force]",
      "merge CHECK-PART...",
    ],
    discussion: """
      A PART is a folder written with --shard I/N by `hapt report`, `hapt baseline record`
      or `hapt baseline check`. Give all N parts of one run, in any order; merge checks
      that they belong together (same corpus, options and shard count, each shard once).
      report: reads the corpus again from the paths the shards were given (relative to
      the current folder, as for the shards), takes the measurements and the pair
      comparisons from the parts, renders each pattern once on the primary device (for
      the figures), and writes DIR exactly as the unsharded `hapt report` would.
      baseline record: writes the baseline DIR exactly as the unsharded record would.
      baseline check: prints (and writes --junit) exactly what the unsharded check would,
      and exits 1 when any shard found a change.
      """)

  /// The part folders given.
  var parts: [String] = []
  var out: String?
  var force = false
  var threads: ThreadOptions?

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.parts, PositionalSpec(minimum: 1, missing: "PART... (folders written with --shard)")),
      .option(
        "out", "DIR", help: "report: output folder (default Reports/report); baseline record: the baseline folder.",
        \.out, .string),
      .flag("force", help: "baseline record: replace an existing baseline.", \.force),
      .option(
        "threads", "N",
        help: "Worker threads (default: HAPT_THREADS or the number of cores). Results do not depend on it.",
        \.threads, ValueParser.integer(in: 1...1024).map { count, _, _ in ThreadOptions(count: count) }),
    ]
  }

  func run(_ console: Console) throws -> ExitStatus {
    let firstPart = parts[0]
    if FileManager.default.fileExists(atPath: firstPart + "/" + BaselineShardParts.recordMarker) {
      return try mergeRecord(console)
    }
    if FileManager.default.fileExists(atPath: firstPart + "/" + BaselineCheckPart.fileName) {
      return try mergeCheck(console)
    }
    var parts: [(path: String, part: ShardPart)] = []
    for path in self.parts {
      let file = URL(fileURLWithPath: path).appendingPathComponent(ShardPart.fileName).path
      guard let data = FileManager.default.contents(atPath: file) else {
        throw InputError(file: file, "not found (is \(path) a part written by hapt report --shard?)", status: .noInput)
      }
      guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, "not UTF-8 text") }
      parts.append((path, try ShardPart(text: text, file: file)))
    }
    let first = parts[0]
    for (path, part) in parts.dropFirst() {
      guard part.shardCount == first.part.shardCount, part.corpusFingerprint == first.part.corpusFingerprint,
        part.arguments == first.part.arguments, part.pairwise.settings == first.part.pairwise.settings,
        part.pairwise.patternCount == first.part.pairwise.patternCount
      else {
        throw InputError(file: path, "does not belong with \(first.path) (another corpus, options or shard count)")
      }
    }
    let ordered = parts.sorted { $0.part.shard < $1.part.shard }
    try Self.checkComplete(ordered.map(\.part.shard), of: first.part.shardCount, first: first.path)
    var job = try ReportCommand.parse(RawArguments(first.part.arguments, options: ReportCommand.optionSpecs))
    // The merge's own --out and --threads replace the shards'.
    job.out = out
    job.threads = threads ?? ThreadOptions()
    var segments: [String] = []
    if job.allPairs {
      for (path, _) in ordered {
        let file = URL(fileURLWithPath: path).appendingPathComponent(ShardPart.allPairsFileName).path
        guard FileManager.default.fileExists(atPath: file) else {
          throw InputError(file: file, "not found: the shards ran with --all-pairs", status: .noInput)
        }
        segments.append(file)
      }
    }
    let merged = ReportCommand.MergedPairs(
      precomputed: CorpusEvaluation.Precomputed(
        measurements: ordered.flatMap(\.part.measurements),
        pairwise: PairwiseSummary.merged(ordered.map(\.part.pairwise))),
      allPairsSegments: segments,
      fingerprint: first.part.corpusFingerprint)
    return try job.report(console, merged: merged)
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
      status: .noInput)
  }

  /// Reads a text file of a part.
  static func readText(_ file: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw InputError(file: file, "not found", status: .noInput)
    }
    guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, "not UTF-8 text") }
    return text
  }

  /// Baseline record parts: one baseline folder.
  func mergeRecord(_ console: Console) throws -> ExitStatus {
    guard let out else { throw UsageError.missingArgument("--out DIR (the merged baseline)") }
    var parts: [(path: String, shard: ShardSpec, fingerprint: UInt64)] = []
    for path in self.parts {
      let file = path + "/" + BaselineShardParts.recordMarker
      let (shard, fingerprint) = try BaselineShardParts.readRecordMarker(try Self.readText(file), file: file)
      parts.append((path, shard, fingerprint))
    }
    let first = parts[0]
    for part in parts where part.shard.count != first.shard.count || part.fingerprint != first.fingerprint {
      throw InputError(file: part.path, "does not belong with \(first.path) (another corpus or shard count)")
    }
    let ordered = parts.sorted { $0.shard.index < $1.shard.index }
    try Self.checkComplete(ordered.map(\.shard.index), of: first.shard.count, first: first.path)
    if FileManager.default.fileExists(atPath: out), !force {
      throw InputError(file: out, "a baseline exists here already; pass --force to replace it", status: .cannotCreate)
    }
    try Baseline.merge(parts: ordered.map(\.path), to: out)
    console.line("merged \(ordered.count) baseline parts into \(out)")
    return .success
  }

  /// Baseline check parts: the unsharded check's output and exit status.
  func mergeCheck(_ console: Console) throws -> ExitStatus {
    var parts: [BaselineCheckPart] = []
    var paths: [String] = []
    for path in self.parts {
      let file = path + "/" + BaselineCheckPart.fileName
      parts.append(try BaselineCheckPart(text: try Self.readText(file), file: file))
      paths.append(path)
    }
    let first = parts[0]
    for (path, part) in zip(paths, parts)
    where part.shard.count != first.shard.count || part.corpusFingerprint != first.corpusFingerprint
      || part.arguments != first.arguments
    {
      throw InputError(file: path, "does not belong with \(paths[0]) (another corpus, options or shard count)")
    }
    let ordered = parts.sorted { $0.shard.index < $1.shard.index }
    try Self.checkComplete(ordered.map(\.shard.index), of: first.shard.count, first: paths[0])
    let job = try BaselineCheckCommand.parse(
      RawArguments(first.arguments, options: BaselineCheckCommand.optionSpecs))
    return try job.output(BaselineCheckPart.merged(ordered), console)
  }
}
