import HaptCore
import HaptReports
import HaptSimulation
import HaptWorkflows

/// `hapt baseline record|check`: regression testing of a library against a baseline.
enum BaselineCommand {
  static let spec = Subcommand(
    name: "baseline",
    summary: "Record a corpus's rendered signals, or check the corpus against a recorded baseline.",
    usage: [
      "baseline record CORPUS... --out DIR [--device NAME...] [--state prepared|cold|both] [--force]",
      "baseline check CORPUS... --baseline DIR [--device NAME...] [--state prepared|cold|both] [--max-dprime 1.0] [--max-latency-shift 5ms] [--junit FILE] [--format text|csv|json]",
      "baseline record|check ... --shard I/N --out PART   (then: hapt merge PART... [--out DIR])",
    ],
    discussion: """
      record renders every pattern on every device and state and stores the signals (FLAC),
      their markers and levels, the device profiles and the tool and model versions in DIR
      (never overwriting an existing DIR without --force).
      check renders again and classifies each pattern, device and state as unchanged,
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
      `hapt merge` on all N record parts writes the baseline one unsharded record would
      (byte for byte); on all N check parts it prints, writes and exits as the unsharded
      check would (exit 1 when any shard found a change).
      """,
    options: [
      .value("out", "DIR", help: "record: the baseline folder to write; with --shard: the PART folder."),
      .value(
        "shard", "I/N",
        help: "Do shard I of N (1-based) of the patterns; write a PART folder to --out (see hapt merge)."),
      .flag("force", help: "record: replace an existing baseline."),
      .value("baseline", "DIR", help: "check: the baseline folder to compare with."),
      .value(
        "max-dprime", "JND", help: "check: d' against the baseline at which a pattern counts as changed (default 1.0)."),
      .duration("max-latency-shift", help: "check: largest detect-time shift (default 5ms)."),
      .value("junit", "FILE", help: "check: also write JUnit XML here."),
      CommonOptions.device, CommonOptions.state, OutputFormat.option, CommonOptions.threads,
      CommonOptions.maxRenderDuration,
      CommonOptions.maxFileBytes, CommonOptions.maxEvents, CommonOptions.maxControlPoints,
      CommonOptions.maxPatternTime, CommonOptions.maxFiles,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard let action = arguments.positionals.first else { throw UsageError.missingArgument("record or check") }
    let paths = Array(arguments.positionals.dropFirst())
    guard !paths.isEmpty else { throw UsageError.missingArgument("CORPUS (a pattern folder or files)") }
    switch action {
    case "record": return try record(paths, arguments, console)
    case "check": return try check(paths, arguments, console)
    default: throw UsageError.invalidValue(option: "baseline", value: action, expected: "record or check")
    }
  }

  static func record(_ paths: [String], _ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard let out = arguments.value("out") else { throw UsageError.missingArgument("--out DIR") }
    var options = EvaluationOptions(
      devices: try CommonOptions.devices(arguments),
      states: try CommonOptions.states(arguments, default: [.prepared, .cold]),
      threads: try CommonOptions.threads(arguments))
    options.maxRenderDuration_s = try CommonOptions.maxRenderDuration(arguments)
    let corpus = try CommonOptions.corpus(paths, arguments, console)
    try CommonOptions.createParentFolder(of: out)
    if let shard = try shard(arguments) {
      let share = Array(corpus.entries[shard.patterns(count: corpus.entries.count)])
      let marker = BaselineShardParts.recordMarkerText(shard: shard, corpusFingerprint: ShardPart.fingerprint(corpus))
      let manifest = try Baseline.record(
        share, options: options, to: out, inputs: paths, progress: progress(console))
      console.endProgress()
      try AtomicFile.write(marker, to: out + "/" + BaselineShardParts.recordMarker)
      console.line(
        "recorded shard \(shard.index)/\(shard.count): \(share.count) patterns (\(manifest.records.count) signals) in \(out)"
      )
      return corpus.failures.isEmpty ? .success : .dataError
    }
    let manifest = try Baseline.record(
      corpus, options: options, to: out, force: arguments.flag("force"), progress: progress(console))
    console.endProgress()
    console.line(
      "recorded \(corpus.entries.count) patterns x \(options.devices.count) devices x \(options.states.count) states "
        + "(\(manifest.records.count) signals) in \(out)")
    return corpus.failures.isEmpty ? .success : .dataError
  }

  static func check(_ paths: [String], _ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard let folder = arguments.value("baseline") else { throw UsageError.missingArgument("--baseline DIR") }
    _ = try arguments.format()
    var tolerances = BaselineTolerances()
    tolerances.maxDPrime_JND = try arguments.number("max-dprime", default: tolerances.maxDPrime_JND, in: 0...1000)
    tolerances.maxLatencyShift_s = try arguments.seconds("max-latency-shift", default: tolerances.maxLatencyShift_s)
    // --device: recorded device names (looked up only in the baseline) or profile files.
    let deviceValues = arguments.list("device").filter { $0 != "all" }
    let overrides = try deviceValues.filter(DeviceProfile.isPath).map { try DeviceProfile(contentsOf: $0) }
    let names = deviceValues.filter { !DeviceProfile.isPath($0) }
    let states =
      arguments.value("state") == nil ? nil : try CommonOptions.states(arguments, default: [.prepared, .cold])
    let corpus = try CommonOptions.corpus(paths, arguments, console)
    let shard = try shard(arguments)
    let partGuard = OutputFolderGuard(kind: .baselineCheckPart, inputs: paths + [folder])
    if shard != nil, let out = arguments.value("out") { try partGuard.check(out) }
    let result = try Baseline.check(
      corpus, baseline: folder, devices: deviceValues.isEmpty ? nil : overrides,
      deviceNames: deviceValues.isEmpty ? nil : names, states: states, tolerances: tolerances,
      threads: try CommonOptions.threads(arguments), shard: shard ?? .whole, progress: progress(console))
    console.endProgress()
    if let shard {
      guard let out = arguments.value("out") else {
        throw UsageError.missingArgument("--out PART (where the shard's part goes)")
      }
      let part = BaselineCheckPart(
        shard: shard, corpusFingerprint: ShardPart.fingerprint(corpus),
        arguments: arguments.commandLine(excluding: ["out", "shard", "threads"]), result: result)
      var partFolder = ReportFolder()
      (partFolder.kind, partFolder.inputs) = (partGuard.kind, partGuard.inputs)
      partFolder.add(BaselineCheckPart.fileName, part.text)
      try partFolder.write(to: out)
      let changed = result.comparisons.filter { $0.status != .unchanged }.count
      console.line(
        "checked shard \(shard.index)/\(shard.count): \(result.comparisons.count) rows, \(changed) not unchanged, in \(out)"
      )
      return result.passed ? .success : .checkFailed
    }
    return try output(result, arguments, console)
  }

  /// A render progress callback on a terminal, nil otherwise.
  static func progress(_ console: Console) -> (@Sendable (Int, Int) -> Void)? {
    guard console.isErrorTerminal else { return nil }
    let meter = ProgressMeter(console: console)
    return { done, total in meter.update("rendering", done: done, total: total) }
  }

  /// `--shard I/N`, or nil.
  static func shard(_ arguments: ParsedArguments) throws -> ShardSpec? {
    guard let text = arguments.value("shard") else { return nil }
    guard let shard = ShardSpec(text) else {
      throw UsageError.invalidValue(option: "--shard", value: text, expected: "I/N with 1 <= I <= N, e.g. 2/4")
    }
    if arguments.value("out") == nil { throw UsageError.missingArgument("--out PART (where the shard's part goes)") }
    return shard
  }

  /// Prints a check's result in `--format`, writes `--junit`, returns the exit status
  /// (shared by the unsharded check and `hapt merge` of check parts).
  static func output(
    _ result: BaselineCheckResult, _ arguments: ParsedArguments, _ console: Console
  ) throws -> ExitStatus {
    let format = try arguments.format()
    if let junit = arguments.value("junit") {
      try AtomicFile.write(BaselineJUnit.xml(result), to: junit)
    }
    switch format {
    case .csv: console.out(ReportTables.baseline(result).csvText)
    case .json: console.out(JSONWriter.string(ReportJSON.baseline(result)))
    case .text:
      for problem in result.problems { console.warning(problem) }
      var table = TextTable([
        "pattern", "device", "state", "status", "dPrime_JND", "detectShift_ms", "similarity", "what changed",
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
