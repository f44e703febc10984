import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptFormats

/// `hapt report CORPUS`: the main job, one HTML page and five CSV files.
struct ReportCommand: HaptCommand {
  static let help = CommandHelp(
    name: "report",
    summary: "Evaluate a corpus and write an HTML report and CSV files.",
    forms: ["report CORPUS... --shard I/N --out PART [same options]   (then: hapt merge PART... --out DIR)"],
    discussion: """
      Renders every pattern under CORPUS on every device (default: every profile, shipped
      and HAPT_DEVICES) in both engine states, and writes into DIR (default Reports/report):
      index.html (one self-contained page: latency charts against the budget, the review set's confusion
      matrices, a clustered similarity heat map, per-pattern waveforms and spectrograms,
      lint findings, the devices, and how to read it all) and patterns.csv, latency.csv,
      pairs.csv, confusion.csv, lint.csv, android-ports.csv (each AHAP pattern's Android port
      on the Android profiles; columns in the README), capabilities.csv (what each device
      plays of each pattern: plays, falls back with how it feels and its d', or silent with the reason;
      Docs/Devices.md, "Fallback rules"). The folder is replaced
      as a whole, only once everything is written. Files that fail to load are listed in
      the report and on stderr (exit status 65); the others are evaluated.

      Pairs: every pair of patterns is compared on the primary device, but only each
      pattern's nearest neighbours (--neighbours, by d') and the pairs under --close-below
      are kept and written to pairs.csv; --all-pairs writes every pair, streamed to disk
      as computed. Memory grows with the corpus, not with the number of pairs.

      Sharding: --shard I/N renders and measures the I-th of N shares of the patterns,
      with their Android sections and their pages' figures and sounds, does the I-th
      share of the pair comparisons (rows of pairs, and the patterns they reach rendered
      on the primary device), shares planned by cost so that the shards finish together
      (the first takes most pairs and fewer patterns), and writes a PART folder
      instead of the report; `hapt merge` on all N parts writes the same report as one
      unsharded run, byte for byte. Every shard needs the same corpus and options.
      """)

  var paths: [String] = []
  var out: String?
  var devices = DeviceOptions()
  var states: [EngineState]?
  var set: [String] = []
  var budget = LatencyBudget.default
  var title: String?
  var pairwise = PairwiseSummary.Settings()
  var allPairs = false
  var shard: ShardSpec?
  var threads = ThreadOptions()
  var maxRenderDuration_s = RenderOptions.defaultMaxDuration_s
  var corpus = CorpusOptions()
  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(minimum: 1, missing: "CORPUS (a pattern folder or files)")),
      .option("out", "DIR", help: "Output folder (default Reports/report).", \.out, .string),
      .group(\.devices), .states(\.states),
      .list(
        "set", "NAMES", help: "The design-review set (default: the UIKit notification success, warning, error).", \.set),
      .option(
        "budget", OptionSpec.durationValueName, help: "Latency pass limit (default 50ms).", \.budget.pass_s, .duration),
      .option(
        "warn", OptionSpec.durationValueName, help: "Latency warn limit (default 70ms).", \.budget.warn_s, .duration),
      .option("title", "TEXT", help: "The report's title.", \.title, .string),
      .option(
        "neighbours", "K", help: "Nearest neighbours kept per pattern, by d' (default 5).", \.pairwise.neighbours,
        .integer(in: 0...1000)),
      .option(
        "close-below", "JND", help: "Keep every pair with d' below this (default 1: confusable).",
        \.pairwise.closeBelow_JND, .number(in: 0...100)),
      .flag("all-pairs", help: "Write every pair to pairs.csv (n(n-1)/2 rows, streamed as computed).", \.allPairs),
      .option(
        "shard", "I/N", help: "Do shard I of N (1-based) and write a PART folder to --out (see hapt merge).", \.shard,
        .shard),
      .group(\.threads), .maxRenderDuration(\.maxRenderDuration_s), .group(\.corpus),
    ]
  }

  func validate() throws {
    if shard != nil, out == nil { throw UsageError.missingArgument("--out PART (where the shard's part goes)") }
    guard budget.warn_s >= budget.pass_s else {
      throw UsageError.conflict("--warn must not be shorter than --budget")
    }
  }

  /// The job these options describe (what a shard's part records).
  var job: ReportJobSettings {
    var job = ReportJobSettings(paths: paths)
    job.devices = devices.names
    job.states = states ?? [.prepared, .cold]
    job.budget = budget
    job.reviewSet = set
    job.title = title
    job.pairwise = pairwise
    job.allPairs = allPairs
    job.limits = corpus.limits
    job.maxFiles = corpus.maxFiles
    job.maxRenderDuration_s = maxRenderDuration_s
    return job
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    try Self.run(
      job, out: out, shard: shard, threads: threads.resolved(in: environment), merged: nil, environment: environment,
      console)
  }

  /// Runs `settings`: the whole report, one shard's part (`shard`), or the report from
  /// the parts of a sharded run (`merged`); prints the path written.
  static func run(
    _ settings: ReportJobSettings, out: String?, shard: ShardSpec?, threads: Int, merged: ShardMerge.ReportParts?,
    environment: HaptEnvironment, _ console: Console
  ) throws -> ExitStatus {
    var job = try ReportJob(settings: settings, threads: threads, environment: environment)
    job.hints = ReportHints(
      allPairs: "--all-pairs", reviewSet: "--set NAME,NAME,...", rawScores: "hapt confusion --format csv",
      userTestCounts: "hapt confusion --counts", latencyGate: "hapt latency's exit status counts these")
    let out = out ?? "Reports/report"
    try job.outputGuard(part: shard != nil, merged: merged).check(out)
    console.progress("loading \(settings.paths.joined(separator: " "))")
    var loading = CorpusOptions()
    loading.patternLimits.limits = settings.limits
    loading.maxFiles = settings.maxFiles
    let corpus = try loading.load(settings.paths, console)
    let meter = ProgressMeter(console: console)
    if meter.isShown { job.progress = { stage, done, total in meter.update(stage.rawValue, done: done, total: total) } }
    job.status = { console.progress($0) }
    job.warning = { console.warning($0) }
    if let shard {
      try job.writePart(corpus, shard: shard, to: out)
      console.endProgress()
      console.line(out)
      return corpus.failures.isEmpty ? .success : .dataError
    }
    let index = try job.writeReport(corpus, to: out, merged: merged)
    console.endProgress()
    console.line(index)
    if let status = CommandSupport.loadFailureStatus(corpus.failures.map(\.error)) { return status }
    return .success
  }
}
