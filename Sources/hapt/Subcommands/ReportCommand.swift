import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptWorkflows

/// `hapt report CORPUS`: the main job, one HTML page and five CSV files.
struct ReportCommand: HaptCommand {
  static let help = CommandHelp(
    name: "report",
    summary: "Evaluate a corpus and write an HTML report and CSV files.",
    usage: [
      "report CORPUS... [--out DIR] [--device NAME...] [--state prepared|cold|both] [--set NAME,NAME,...]",
      "report CORPUS... --shard I/N --out PART [same options]   (then: hapt merge PART... --out DIR)",
    ],
    discussion: """
      Renders every pattern under CORPUS on every device (default: all shipped profiles) in
      both engine states, and writes into DIR (default Reports/report): index.html (one
      self-contained page: latency charts against the budget, the review set's confusion
      matrices, a clustered similarity heat map, per-pattern waveforms and spectrograms,
      lint findings, the devices, and how to read it all) and patterns.csv, latency.csv,
      pairs.csv, confusion.csv, lint.csv, android-ports.csv (each AHAP pattern's Android port
      on the Android profiles; columns in the README). The folder is replaced
      as a whole, only once everything is written. Files that fail to load are listed in
      the report and on stderr (exit status 65); the others are evaluated.

      Pairs: every pair of patterns is compared on the primary device, but only each
      pattern's nearest neighbours (--neighbours, by d') and the pairs under --close-below
      are kept and written to pairs.csv; --all-pairs writes every pair, streamed to disk
      as computed. Memory grows with the corpus, not with the number of pairs.

      Sharding: --shard I/N renders and measures the I-th of N equal shares of the
      patterns, does the I-th share of the pair comparisons (balanced by pairs; it renders
      every pattern on the primary device for them), and writes a PART folder instead of
      the report; `hapt merge` on all N parts writes the same report as one unsharded run,
      byte for byte. Every shard needs the same corpus and options.
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
  /// The command line as split, which a shard's part records for `hapt merge`.
  var invocation = RawArguments()

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
  }

  mutating func didParse(_ raw: RawArguments) { invocation = raw }

  func run(_ console: Console) throws -> ExitStatus {
    try report(console, merged: nil)
  }

  /// A merged run's inputs: the measurements and pairwise summary of all shards, and
  /// their `--all-pairs` row files in shard order.
  struct MergedPairs {
    var precomputed: CorpusEvaluation.Precomputed
    var allPairsSegments: [String]
    var fingerprint: UInt64
  }

  /// The report job: whole (merged nil), one shard (`--shard`), or the merge of shards.
  func report(_ console: Console, merged: MergedPairs?) throws -> ExitStatus {
    let shard = merged == nil ? self.shard : nil
    let out = out ?? "Reports/report"
    // All shipped profiles by default, the default device first (it is the primary device:
    // similarity across the corpus and the per-pattern figures use it).
    let devices =
      !self.devices.isGiven
      ? try DeviceProfile.shipped().sorted { a, b in
        (a.name == DeviceProfile.defaultName ? 0 : 1, a.name) < (b.name == DeviceProfile.defaultName ? 0 : 1, b.name)
      }
      : try self.devices.profiles()
    var options = EvaluationOptions(
      devices: devices, states: states ?? [.prepared, .cold], budget: budget, threads: threads.count)
    options.maxRenderDuration_s = maxRenderDuration_s
    let set = self.set.isEmpty ? Presets.defaultReviewSet : self.set
    let settings = pairwise
    console.progress("loading \(paths.joined(separator: " "))")
    let corpus = try self.corpus.load(paths, console)
    if let merged, merged.fingerprint != ShardPart.fingerprint(corpus) {
      throw InputError(
        file: paths.joined(separator: " "),
        "the corpus is not the one the shards saw (it changed, or merge runs elsewhere)")
    }
    if let merged, merged.precomputed.measurements.count != corpus.entries.count * devices.count * options.states.count
    {
      throw InputError(
        file: paths.joined(separator: " "),
        "the parts hold \(merged.precomputed.measurements.count) measurements; this corpus and these options need "
          + "\(corpus.entries.count * devices.count * options.states.count)")
    }
    let meter = ProgressMeter(console: console)
    let progress: @Sendable (EvaluationStage, Int, Int) -> Void = { stage, done, total in
      meter.update(stage.rawValue, done: done, total: total)
    }
    try CommandSupport.createParentFolder(of: out)
    // --all-pairs: every pair goes to a file next to OUT as it is computed, moved into the
    // output folder at the end (named like AtomicFolder's temporaries, so that one left by
    // a killed run is removed by the next write of OUT).
    let allPairsPath = URL(fileURLWithPath: out).deletingLastPathComponent()
      .appendingPathComponent(
        ".\(URL(fileURLWithPath: out).lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-pairs.csv"
      ).path
    var allPairsFile: FileHandle?
    if allPairs {
      let header = shard == nil ? ReportTables.pairsHeader : ""
      guard FileManager.default.createFile(atPath: allPairsPath, contents: Data(header.utf8)),
        let handle = FileHandle(forWritingAtPath: allPairsPath)
      else { throw InputError(file: allPairsPath, "cannot be written", status: .cannotCreate) }
      handle.seekToEndOfFile()
      allPairsFile = handle
    }
    defer {
      try? allPairsFile?.close()
      try? FileManager.default.removeItem(atPath: allPairsPath)
    }
    let names = corpus.entries.map(\.name)
    let primaryDevice = devices.first?.name ?? ""
    let primaryState = options.states.first ?? .prepared
    var sink: (([PairwiseSummary.Pair]) throws -> Void)?
    if let handle = allPairsFile, merged == nil {
      sink = { pairs in
        handle.write(Data(ReportTables.pairLines(pairs, names: names, device: primaryDevice, state: primaryState).utf8))
      }
    }
    if let handle = allPairsFile, let merged {
      for segment in merged.allPairsSegments {
        guard let data = FileManager.default.contents(atPath: segment) else {
          throw InputError(file: segment, "cannot be read", status: .noInput)
        }
        handle.write(data)
      }
    }

    if let spec = shard {
      // One shard: its share of the patterns rendered and measured on every device and
      // state; the primary renders of every pattern (the pairs need them) and its share
      // of the rows of pairs; the part folder.
      let share = Array(corpus.entries[spec.patterns(count: corpus.entries.count)])
      var renderProgress: (@Sendable (Int, Int) -> Void)?
      if meter.isShown { renderProgress = { done, total in progress(.rendering, done, total) } }
      let measurements = Evaluation.run(share, options: options, progress: renderProgress).measurements
      let signals = CorpusEvaluation.primarySignals(corpus, options: options, progress: progress)
      let summary = try CorpusEvaluation.summarize(
        signals, settings: settings, rows: spec.pairRows(count: signals.count), threads: options.threads,
        allPairs: sink,
        progress: progress)
      let part = ShardPart(
        shard: spec.index, shardCount: spec.count, corpusFingerprint: ShardPart.fingerprint(corpus),
        arguments: invocation.commandLine(excluding: ["out", "shard", "threads"]), measurements: measurements,
        pairwise: summary)
      var folder = ReportFolder()
      folder.add(ShardPart.fileName, part.text)
      if let handle = allPairsFile {
        try? handle.close()
        allPairsFile = nil
        folder.addFile(ShardPart.allPairsFileName, movingFrom: allPairsPath)
      }
      try folder.write(to: out)
      console.endProgress()
      console.line(out)
      return corpus.failures.isEmpty ? .success : .dataError
    }

    console.progress("evaluating \(corpus.entries.count) patterns on \(devices.count) devices")
    let evaluation = try CorpusEvaluation(
      corpus, options: options, reviewSet: set, pairwise: settings, allPairs: sink, given: merged?.precomputed,
      progress: progress)
    for m in evaluation.measurements where m.isTruncated && m.state == options.states.first {
      console.warning(
        "\(m.pattern) on \(m.device): render cut at the length limit; markers cover only the rendered part")
    }
    console.progress("writing \(out)")
    let title = self.title ?? "hapt report: \(paths.joined(separator: ", "))"
    let ports = AndroidPort.rows(for: corpus, devices: devices, threads: options.threads)
    var folder = CorpusReport.build(evaluation, title: title, androidPorts: ports)
    if let handle = allPairsFile {
      try? handle.close()
      allPairsFile = nil
      folder.addFile("pairs.csv", movingFrom: allPairsPath)
    }
    try folder.write(to: out)
    console.endProgress()
    console.line(URL(fileURLWithPath: out).appendingPathComponent("index.html").path)
    if let status = CommandSupport.loadFailureStatus(corpus.failures.map(\.error)) { return status }
    return .success
  }
}
