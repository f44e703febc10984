import HaptCommandLine
import HaptCore
import HaptSimulation
import HaptEvaluation
import HaptBaselines
import HaptReports

/// `hapt baseline record`: renders a corpus and stores what a later check compares with.
struct BaselineRecordCommand: HaptCommand {
  static let help = CommandHelp(
    name: "baseline record",
    summary: "Record a corpus's pattern files, markers and levels as a baseline.",
    forms: ["baseline record CORPUS... --shard I/N --out PART   (then: hapt merge PART... --out DIR)"],
    discussion: """
      Renders every pattern on every device and state and stores a copy of each pattern
      file (which `baseline check` renders again), the markers and levels of each render,
      the device profiles and the tool and model versions in DIR, about 10 KB a pattern
      on the 13 shipped devices (never overwriting an existing DIR without --force). Patterns are identified by their
      path relative to the corpus folder, extension included.
      --shard I/N does the I-th of N equal shares of the patterns and writes a PART folder:
      `hapt merge` on all N record parts writes the baseline one unsharded record would
      (byte for byte).
      """)

  var paths: [String] = []
  var out: String?
  var shard: ShardSpec?
  var force = false
  var devices = DeviceOptions()
  var states: [EngineState]?
  var threads = ThreadOptions()
  var maxRenderDuration_s = RenderOptions.defaultMaxDuration_s
  var corpus = CorpusOptions()

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(minimum: 1, missing: "CORPUS (a pattern folder or files)")),
      .option("out", "DIR", help: "The baseline folder to write; with --shard: the PART folder.", \.out, .string),
      .option(
        "shard", "I/N",
        help: "Do shard I of N (1-based) of the patterns; write a PART folder to --out (see hapt merge).",
        \.shard, .shard),
      .flag("force", help: "Replace an existing baseline.", \.force),
      .group(\.devices), .states(\.states), .group(\.threads), .maxRenderDuration(\.maxRenderDuration_s),
      .group(\.corpus),
    ]
  }

  func validate() throws {
    if out == nil { throw UsageError.missingArgument("--out DIR") }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let out = out ?? ""
    var options = EvaluationOptions(
      devices: try devices.profiles(in: environment),
      states: states ?? [.prepared, .cold],
      threads: threads.resolved(in: environment))
    options.maxRenderDuration_s = maxRenderDuration_s
    let corpus = try self.corpus.load(paths, console)
    try AtomicFile.createParentFolder(of: out)
    if let shard {
      let share = Array(corpus.entries[shard.patterns(count: corpus.entries.count)])
      let marker = BaselineShardParts.recordMarkerText(shard: shard, corpusFingerprint: ShardPart.fingerprint(corpus))
      let manifest = try Baseline.record(
        share, options: options, to: out, inputs: paths, environment: environment,
        progress: BaselineCommand.progress(console))
      console.endProgress()
      try AtomicFile.write(marker, to: out + "/" + BaselineShardParts.recordMarker)
      console.line(
        "recorded shard \(shard.index)/\(shard.count): \(share.count) patterns (\(manifest.records.count) renders) in \(out)"
      )
      return corpus.failures.isEmpty ? .success : .dataError
    }
    let manifest = try Baseline.record(
      corpus, options: options, to: out, force: force, environment: environment,
      progress: BaselineCommand.progress(console))
    console.endProgress()
    console.line(
      "recorded \(corpus.entries.count) patterns x \(options.devices.count) devices x \(options.states.count) states "
        + "(\(manifest.records.count) renders) in \(out)")
    return corpus.failures.isEmpty ? .success : .dataError
  }

}
