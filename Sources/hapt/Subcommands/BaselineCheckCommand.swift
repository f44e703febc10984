import Foundation
import HaptCommandLine
import HaptCore
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptBaselines
import HaptFormats

/// `hapt baseline check`: renders a corpus again and classifies each pattern against a
/// recorded baseline or against the same corpus at a git revision.
struct BaselineCheckCommand: HaptCommand {
  static let help = CommandHelp(
    name: "baseline check",
    summary: "Check a corpus against a recorded baseline or a git revision (exit 1 on a change).",
    forms: [
      "baseline check CORPUS... --against REV [--device NAME...] [--state prepared|cold|both] [--max-dprime 1.0] [--junit FILE] [--format FORMAT]",
      "baseline check CORPUS... --baseline DIR --shard I/N --out PART   (then: hapt merge PART...)",
    ],
    discussion: """
      Renders the corpus and the baseline's copy of each pattern file again and
      classifies each pattern, device and state as unchanged, changed, added, removed, or
      incomparable (device profile edited; or, for a baseline of signals from an earlier
      hapt, another model version). A pattern has changed when its d' against the
      baseline reaches --max-dprime JND, when its detect time moves by more than
      --max-latency-shift, or when it turns from felt to silent or back
      (Docs/Perception.md); a changed row says what changed in the file and what a person
      would feel, as compare does ("in the file: event 1 (transient at 0.00 s): intensity
      0.90 → 0.45 (weaker) — felt: event 1 (transient at 0.00 s): 6.0 dB weaker (2.6
      JND)"; Docs/Baselines.md, Docs/Explanations.md).
      --device and --state select which of the baseline's devices and states are checked
      (default: all it recorded). Patterns are identified by their path relative to the
      corpus folder, extension included. Exit status 1 on any change past tolerance.
      --junit writes JUnit XML (one test case per pattern and device).
      --against REV needs no recorded baseline: it renders CORPUS as it is in the working
      tree and as it was at the git revision REV (main, origin/main, a tag, HEAD~1) on
      --device (default: iphone-wideband-lra) and --state (default: both), and reports as
      above; a file git's rename detection pairs with an old one is compared with it
      ("renamed from OLD"). Runs the git executable; an unknown REV exits 66.
      --shard I/N does the I-th of N equal shares of the patterns and writes a PART folder:
      `hapt merge` on all N check parts prints, writes and exits as the unsharded check
      would (exit 1 when any shard found a change).
      """)

  var paths: [String] = []
  var baseline: String?
  var against: String?
  var tolerances = BaselineTolerances()
  var junit: String?
  var out: String?
  var shard: ShardSpec?
  var devices = DeviceOptions()
  var states: [EngineState]?
  var format = FindingsFormat.text
  var summary: String?
  var threads = ThreadOptions()
  var corpus = CorpusOptions()
  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(minimum: 1, missing: "CORPUS (a pattern folder or files)")),
      .option("baseline", "DIR", help: "The baseline folder to compare with.", \.baseline, .string),
      .option(
        "against", "REV", help: "Compare with CORPUS at this git revision instead of a baseline folder.", \.against,
        .string),
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
      .group(\.devices), .states(\.states), .findingsFormat(\.format), .summary(\.summary), .group(\.threads),
      .group(\.corpus),
    ]
  }

  static var exclusions: [Exclusion] { [Exclusion("baseline", "against"), Exclusion("against", "shard")] }

  func validate() throws {
    if baseline == nil, against == nil { throw UsageError.missingArgument("--baseline DIR or --against REV") }
    if shard != nil, out == nil { throw UsageError.missingArgument("--out PART (where the shard's part goes)") }
  }

  /// The check these options describe (what a shard's part records).
  var job: BaselineCheckSettings {
    var job = BaselineCheckSettings(paths: paths, baseline: baseline ?? "")
    job.devices = devices.names
    job.states = states
    job.tolerances = tolerances
    job.limits = corpus.limits
    job.maxFiles = corpus.maxFiles
    job.format = format.rawValue
    job.junit = junit
    return job
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    try CommandSupport.checkOutputs([summary, junit], inputs: paths + [baseline].compactMap { $0 })
    if let against { return try check(against: against, environment, console) }
    let folder = baseline ?? ""
    // --device: recorded device names (looked up only among the baseline's devices, never
    // as paths) or profile files to check instead of the recorded ones.
    let deviceValues = devices.names.filter { $0 != "all" }
    let overrides = try deviceValues.filter(DeviceProfile.isPath).map { try DeviceProfile(contentsOf: $0) }
    let names = deviceValues.filter { !DeviceProfile.isPath($0) }
    let partGuard = OutputFolderGuard(
      kind: .baselineCheckPart, inputs: paths + [folder], currentFolder: environment.currentFolder)
    if shard != nil, let out { try partGuard.check(out) }
    let corpus = try self.corpus.load(paths, console)
    let result = try Baseline.check(
      corpus, baseline: folder, devices: deviceValues.isEmpty ? nil : overrides,
      deviceNames: deviceValues.isEmpty ? nil : names, states: states, tolerances: tolerances,
      limits: self.corpus.limits, threads: threads.resolved(in: environment), shard: shard ?? .whole,
      environment: environment,
      progress: BaselineCommand.progress(console))
    console.endProgress()
    if let shard {
      let out = out ?? ""
      let part = BaselineCheckPart(
        shard: shard, corpusFingerprint: ShardPart.fingerprint(corpus),
        job: job, result: result)
      var partFolder = ReportFolder()
      (partFolder.kind, partFolder.inputs, partFolder.currentFolder) =
        (partGuard.kind, partGuard.inputs, partGuard.currentFolder)
      partFolder.add(BaselineCheckPart.fileName, part.text)
      try partFolder.write(to: out)
      let changed = result.comparisons.filter { $0.status != .unchanged }.count
      console.line(
        "checked shard \(shard.index)/\(shard.count): \(result.comparisons.count) rows, \(changed) not unchanged, in \(out)"
      )
      return result.passed ? .success : .checkFailed
    }
    return try Self.output(result, settings: job, summary: summary, corpus: corpus, console)
  }

  /// `--against REV`: the working tree against a git revision.
  func check(against revision: String, _ environment: HaptEnvironment, _ console: Console) throws -> ExitStatus {
    let source = try GitRevisionSource(revision: revision, near: paths[0])
    let options = EvaluationOptions(
      devices: try devices.profiles(in: environment), states: states ?? [.prepared, .cold],
      threads: threads.resolved(in: environment))
    let corpus = try self.corpus.load(paths, console)
    let result = try Baseline.check(
      corpus, paths: paths, against: source, options: options, limits: self.corpus.limits, tolerances: tolerances,
      progress: BaselineCommand.progress(console))
    console.endProgress()
    return try Self.output(result, settings: job, summary: summary, corpus: corpus, console)
  }

  /// Prints a check's result in the settings' format, writes their JUnit file, returns
  /// the exit status (shared by the unsharded check and `hapt merge` of check parts).
  static func output(
    _ result: BaselineCheckResult, settings: BaselineCheckSettings, summary: String? = nil,
    corpus: PatternCorpus? = nil, _ console: Console
  ) throws -> ExitStatus {
    let format = FindingsFormat(rawValue: settings.format) ?? .text
    let paths = settings.paths
    let junit = settings.junit
    switch format.table {
    case .csv: console.out(ReportTables.baseline(result).csvText)
    case .json: console.out(JSONWriter.string(ReportJSON.baseline(result)))
    case .text:
      for problem in result.problems { console.warning(problem) }
      for note in result.notes { console.note(note) }
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
    case nil: break
    }
    let files = Dictionary((corpus?.entries ?? []).map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
    // A removed pattern's file is named in the corpus folder, when there is one.
    let folders = paths.filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
    try format.write(
      FindingSet.baseline(
        result, paths: files, removedFolder: folders.count == 1 ? folders.first : nil, reportLink: junit),
      summary: summary, console)
    // Written after the results are printed, so that they are seen even if it fails.
    if let junit { try AtomicFile.write(FindingsFormat.signed(BaselineJUnit.xml(result)), to: junit) }
    if !result.passed { return .checkFailed }
    return .success
  }
}
