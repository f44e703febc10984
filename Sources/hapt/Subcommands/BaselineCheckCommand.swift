import HaptCommandLine
import HaptCore
import HaptReports
import HaptSimulation
import HaptWorkflows

/// `hapt baseline check`: renders a corpus again and classifies each pattern against a
/// recorded baseline.
struct BaselineCheckCommand: HaptCommand {
  static let help = CommandHelp(
    name: "baseline check",
    summary: "Check a corpus against a recorded baseline (exit status 1 on any change past tolerance).",
    usage: [
      "baseline check CORPUS... --baseline DIR [--device NAME...] [--state prepared|cold|both] [--max-dprime 1.0] [--max-latency-shift 5ms] [--junit FILE] [--format text|csv|json]",
      "baseline check CORPUS... --baseline DIR --shard I/N --out PART   (then: hapt merge PART...)",
    ],
    discussion: """
      Renders again and classifies each pattern, device and state as unchanged,
      changed, added, removed, or incomparable (device profile edited or another model
      version). A pattern has changed when its d' against the baseline signal reaches
      --max-dprime JND, when its detect time moves by more than --max-latency-shift, or
      when it turns from felt to silent or back (Docs/Perception.md); a changed row says
      what a person would feel, event by event ("event 2: 6.0 dB weaker (2.6 JND)").
      --device and --state select which of the baseline's devices and states are checked
      (default: all it recorded). Patterns are identified by their path relative to the
      corpus folder, extension included. Exit status 1 on any change past tolerance.
      --junit writes JUnit XML (one test case per pattern and device).
      --shard I/N does the I-th of N equal shares of the patterns and writes a PART folder:
      `hapt merge` on all N check parts prints, writes and exits as the unsharded check
      would (exit 1 when any shard found a change).
      """)

  var paths: [String] = []
  var baseline: String?
  var tolerances = BaselineTolerances()
  var junit: String?
  var out: String?
  var shard: ShardSpec?
  var devices = DeviceOptions()
  var states: [EngineState]?
  var format = OutputFormat.text
  var threads = ThreadOptions()
  var corpus = CorpusOptions()
  /// The command line as split, which a shard's part records for `hapt merge`.
  var invocation = RawArguments()

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(minimum: 1, missing: "CORPUS (a pattern folder or files)")),
      .option("baseline", "DIR", help: "The baseline folder to compare with (required).", \.baseline, .string),
      .option(
        "max-dprime", "JND", help: "d' against the baseline at which a pattern counts as changed (default 1.0).",
        \.tolerances.maxDPrime_JND, .number(in: 0...1000)),
      .option(
        "max-latency-shift", OptionSpec.durationValueName, help: "Largest detect-time shift (default 5ms).",
        \.tolerances.maxLatencyShift_s, .duration),
      .option("junit", "FILE", help: "Also write JUnit XML here.", \.junit, .string),
      .option(
        "shard", "I/N",
        help: "Do shard I of N (1-based) of the patterns; write a PART folder to --out (see hapt merge).",
        \.shard, .shard),
      .option("out", "PART", help: "With --shard: the PART folder to write.", \.out, .string),
      .group(\.devices), .states(\.states), .format(\.format), .group(\.threads), .group(\.corpus),
    ]
  }

  func validate() throws {
    if baseline == nil { throw UsageError.missingArgument("--baseline DIR") }
    if shard != nil, out == nil { throw UsageError.missingArgument("--out PART (where the shard's part goes)") }
  }

  mutating func didParse(_ raw: RawArguments) { invocation = raw }

  func run(_ console: Console) throws -> ExitStatus {
    let folder = baseline ?? ""
    let selected = devices.isGiven ? try devices.profiles() : nil
    let corpus = try self.corpus.load(paths, console)
    let result = try Baseline.check(
      corpus, baseline: folder, devices: selected, states: states, tolerances: tolerances,
      threads: threads.count, shard: shard ?? .whole, progress: BaselineCommand.progress(console))
    console.endProgress()
    if let shard {
      let out = out ?? ""
      let part = BaselineCheckPart(
        shard: shard, corpusFingerprint: ShardPart.fingerprint(corpus),
        arguments: invocation.commandLine(excluding: ["out", "shard", "threads"]), result: result)
      var partFolder = ReportFolder()
      partFolder.add(BaselineCheckPart.fileName, part.text)
      try partFolder.write(to: out)
      let changed = result.comparisons.filter { $0.status != .unchanged }.count
      console.line(
        "checked shard \(shard.index)/\(shard.count): \(result.comparisons.count) rows, \(changed) not unchanged, in \(out)"
      )
      return result.passed ? .success : .checkFailed
    }
    return try output(result, console)
  }

  /// Prints a check's result in `--format`, writes `--junit`, returns the exit status
  /// (shared by the unsharded check and `hapt merge` of check parts).
  func output(_ result: BaselineCheckResult, _ console: Console) throws -> ExitStatus {
    if let junit {
      try AtomicFile.write(BaselineJUnit.xml(result), to: junit)
    }
    switch format {
    case .csv: console.out(ReportTables.baseline(result).csvText)
    case .json: console.out(JSONWriter.string(ReportJSON.baseline(result)))
    case .text:
      for problem in result.problems { console.warning(problem) }
      var table = TextTable([
        "pattern", "device", "state", "status", "dPrime_JND", "detectShift_ms", "waveformSimilarity_0to1",
        "what changed",
      ])
      for c in result.comparisons {
        table.append([
          c.pattern, c.device, c.state.rawValue, c.status.rawValue, Format.fixed(c.dPrime_JND, 2),
          Format.ms(c.latencyShift_s), Format.fixed(c.similarity, 3), c.summary,
        ])
      }
      console.out(table.text)
      let counts = BaselineStatus.allCases.map { status in
        "\(result.comparisons.filter { $0.status == status }.count) \(status.rawValue)"
      }
      console.line((result.passed ? "PASS: " : "FAIL: ") + counts.joined(separator: ", "))
    }
    if !result.passed { return .checkFailed }
    return .success
  }
}
