import Foundation
import HaptCore
import HaptMetrics
import HaptWorkflows

/// `hapt merge PART... --out DIR`: the report of a sharded run, from its N parts.
enum MergeCommand {
  static let spec = Subcommand(
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
      """,
    options: [
      .value(
        "out", "DIR", help: "report: output folder (default Reports/report); baseline record: the baseline folder."),
      .flag("force", help: "baseline record: replace an existing baseline."),
      CommonOptions.threads,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard let firstPart = arguments.positionals.first else {
      throw UsageError.missingArgument("PART... (folders written with --shard)")
    }
    if FileManager.default.fileExists(atPath: firstPart + "/" + BaselineShardParts.recordMarker) {
      return try mergeRecord(arguments, console)
    }
    if FileManager.default.fileExists(atPath: firstPart + "/" + BaselineCheckPart.fileName) {
      return try mergeCheck(arguments, console)
    }
    var parts: [(path: String, part: ShardPart)] = []
    for path in arguments.positionals {
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
    try checkComplete(ordered.map(\.part.shard), of: first.part.shardCount, first: first.path)
    var jobLine = first.part.arguments
    let options = ReportCommand.spec.options
    var job = try ParsedArguments(jobLine, options: options)
    // The merge's own --out and --threads replace the shards'.
    jobLine = job.commandLine(excluding: ["out", "threads"])
    if let out = arguments.value("out") { jobLine.insert("--out=\(out)", at: 0) }
    if let threads = arguments.value("threads") { jobLine.insert("--threads=\(threads)", at: 0) }
    job = try ParsedArguments(jobLine, options: options)
    var segments: [String] = []
    if job.flag("all-pairs") {
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
      fingerprint: first.part.corpusFingerprint, parts: arguments.positionals)
    return try ReportCommand.report(job, console, merged: merged)
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
  static func mergeRecord(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard let out = arguments.value("out") else { throw UsageError.missingArgument("--out DIR (the merged baseline)") }
    var parts: [(path: String, shard: ShardSpec, fingerprint: UInt64)] = []
    for path in arguments.positionals {
      let file = path + "/" + BaselineShardParts.recordMarker
      let (shard, fingerprint) = try BaselineShardParts.readRecordMarker(try readText(file), file: file)
      parts.append((path, shard, fingerprint))
    }
    let first = parts[0]
    for part in parts where part.shard.count != first.shard.count || part.fingerprint != first.fingerprint {
      throw InputError(file: part.path, "does not belong with \(first.path) (another corpus or shard count)")
    }
    let ordered = parts.sorted { $0.shard.index < $1.shard.index }
    try checkComplete(ordered.map(\.shard.index), of: first.shard.count, first: first.path)
    try OutputFolderGuard(kind: .baseline, inputs: arguments.positionals).check(out)
    if FileManager.default.fileExists(atPath: out), !arguments.flag("force") {
      throw InputError(file: out, "a baseline exists here already; pass --force to replace it", status: .cannotCreate)
    }
    try Baseline.merge(parts: ordered.map(\.path), to: out)
    console.line("merged \(ordered.count) baseline parts into \(out)")
    return .success
  }

  /// Baseline check parts: the unsharded check's output and exit status.
  static func mergeCheck(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    var parts: [BaselineCheckPart] = []
    var paths: [String] = []
    for path in arguments.positionals {
      let file = path + "/" + BaselineCheckPart.fileName
      parts.append(try BaselineCheckPart(text: try readText(file), file: file))
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
    try checkComplete(ordered.map(\.shard.index), of: first.shard.count, first: paths[0])
    let job = try ParsedArguments(first.arguments, options: BaselineCommand.spec.options)
    return try BaselineCommand.output(BaselineCheckPart.merged(ordered), job, console)
  }
}
