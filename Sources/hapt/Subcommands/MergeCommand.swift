import Foundation
import HaptCore
import HaptMetrics
import HaptWorkflows

/// `hapt merge PART... --out DIR`: the report of a sharded run, from its N parts.
enum MergeCommand {
  static let spec = Subcommand(
    name: "merge",
    summary: "Merge the parts of a sharded report into the report of one unsharded run.",
    usage: ["merge PART... --out DIR [--threads N]"],
    discussion: """
      PART is a folder written by `hapt report CORPUS --shard I/N --out PART`. Give all N
      parts of one run, in any order. merge checks that they belong together (same corpus,
      options and shard count, each shard once), reads the corpus again from the paths the
      shards were given (relative to the current folder, as in the shards), renders and
      measures it (linear in the corpus), takes the pair comparisons (the quadratic part)
      from the parts, and writes DIR exactly as the unsharded `hapt report` would.
      """,
    options: [
      .value("out", "DIR", help: "Output folder (default Reports/report)."),
      CommonOptions.threads,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard !arguments.positionals.isEmpty else { throw UsageError.missingArgument("PART... (folders written by report --shard)") }
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
    let shards = ordered.map(\.part.shard)
    guard shards == Array(1...first.part.shardCount) else {
      let missing = Set(1...first.part.shardCount).subtracting(shards).sorted()
      let repeated = Dictionary(grouping: shards, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
      throw InputError(
        file: first.path,
        (missing.isEmpty ? "" : "missing shard \(missing.map(String.init).joined(separator: ", ")) of \(first.part.shardCount)")
          + (repeated.isEmpty ? "" : (missing.isEmpty ? "" : "; ") + "shard \(repeated.map(String.init).joined(separator: ", ")) given twice"),
        status: .noInput)
    }
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
      summary: PairwiseSummary.merged(ordered.map(\.part.pairwise)), allPairsSegments: segments,
      fingerprint: first.part.corpusFingerprint)
    return try ReportCommand.report(job, console, merged: merged)
  }
}
