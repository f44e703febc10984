import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptEvaluation
import HaptBaselines
import HaptReports

/// `hapt merge PART... --out DIR`: the report of a sharded run, from its N parts.
struct MergeCommand: HaptCommand {
  static let help = CommandHelp(
    name: "merge",
    summary: "Merge the parts of a sharded report or baseline job into the result of one unsharded run.",
    forms: [
      "merge REPORT-PART... --out DIR [--threads N]",
      "merge RECORD-PART... --out DIR [--force]",
      "merge CHECK-PART...",
    ],
    discussion: """
      A PART is a folder written with --shard I/N by `hapt report`, `hapt baseline record`
      or `hapt baseline check`. Give all N parts of one run, in any order; merge checks
      that they belong together (same corpus, options and shard count, each shard once).
      report: reads the corpus again from the paths the shards were given (relative to
      the current folder, as for the shards), takes the measurements, the pair
      comparisons, the Android rows, the rows of latency.csv, android-ports.csv and
      capabilities.csv, and each page's figures and sound (linked where the file system
      allows) from the parts, checks that the parts' shares cover the corpus (rendering
      only the review set, for the design review), and writes DIR exactly as the unsharded
      `hapt report` would.
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

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    switch ShardMerge.kind(of: parts[0]) {
    case .baselineRecord:
      guard let out else { throw UsageError.missingArgument("--out DIR (the merged baseline)") }
      let ordered = try ShardMerge.baselineRecordParts(parts)
      if FileManager.default.fileExists(atPath: out), !force {
        throw BaselineError.alreadyExists(folder: out)
      }
      try Baseline.merge(parts: ordered, to: out, environment: environment)
      console.line("merged \(ordered.count) baseline parts into \(out)")
      return .success
    case .baselineCheck:
      let (job, result) = try ShardMerge.baselineCheckParts(parts)
      try CommandSupport.checkOutputs([job.junit], inputs: parts + job.paths + [job.baseline])
      return try BaselineCheckCommand.output(result, settings: job, console)
    case .report, nil:
      // The merge's own --out and --threads replace the shards'.
      let workers = (threads ?? ThreadOptions()).resolved(in: environment)
      let merged = try ShardMerge.reportParts(parts, threads: workers)
      return try ReportCommand.run(
        merged.job, out: out, shard: nil, threads: workers,
        merged: merged,
        environment: environment, console)
    }
  }
}
