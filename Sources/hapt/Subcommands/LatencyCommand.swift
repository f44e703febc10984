import HaptCommandLine
import HaptCore
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptAndroid
import HaptFormats

/// `hapt latency PATH...`: latency markers and budget verdicts per pattern, device, state.
struct LatencyCommand: HaptCommand {
  static let help = CommandHelp(
    name: "latency",
    summary: "Latency markers and budget verdicts (is it felt within 50 ms, prepared and cold?).",
    discussion: """
      One row per pattern, device and state: detect (first time the vibration is above the
      detection threshold), t50, t90, rise (t90 - t10) and stop, in ms after the trigger;
      onset, the pattern's own part of detect (detect minus the engine latency); and a
      verdict: pass (detect <= budget), warn (<= warn), fail, or silent (never felt). A
      silent row fails on a device with an actuator (nobody feels the pattern); on a device
      with none it is information. Exit status 1 when any row fails; 65 when a file could
      not be decoded, 66 when one is missing (the others are still checked).
      """)

  var paths: [String] = []
  var devices = DeviceOptions()
  var states: [EngineState]?
  var prepareLead_s: Double?
  var budget = LatencyBudget.default
  var format = FindingsFormat.text
  var summary: String?
  var threads = ThreadOptions()
  var maxRenderDuration_s = RenderOptions.defaultMaxDuration_s
  var corpus = CorpusOptions()

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(minimum: 1, missing: "PATH (a pattern file or folder)")),
      .group(\.devices), .states(\.states),
      .prepareLead(
        \.prepareLead_s,
        help:
          "prepare() called this long before the trigger (e.g. 100ms); replaces --state: one row per device, at the latency this lead gives."
      ),
      .option(
        "budget", OptionSpec.durationValueName, help: "Pass limit, trigger to detect (default 50ms).", \.budget.pass_s,
        .duration),
      .option(
        "warn", OptionSpec.durationValueName, help: "Warn limit (default 70ms); later fails.", \.budget.warn_s,
        .duration),
      .findingsFormat(\.format), .summary(\.summary), .group(\.threads), .maxRenderDuration(\.maxRenderDuration_s),
      .group(\.corpus),
    ]
  }

  static var exclusions: [Exclusion] { [Exclusion("state", "prepare-lead")] }

  func validate() throws {
    guard budget.warn_s >= budget.pass_s else {
      throw UsageError.conflict("--warn must not be shorter than --budget")
    }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    try CommandSupport.checkOutputs([summary], inputs: paths)
    let prepareLead = prepareLead_s
    // With a prepare() lead the engine state follows from the lead, so prepared and cold
    // rows would be the same: one row per device, labelled prepared.
    let devices = try self.devices.profiles(in: environment)
    var options = EvaluationOptions(
      devices: devices,
      states: prepareLead != nil ? [.prepared] : (states ?? [.prepared, .cold]),
      prepareLead_s: prepareLead, budget: budget, threads: threads.resolved(in: environment))
    if let prepareLead {
      let latencies = devices.map {
        "\($0.name) \(Format.ms($0.latency.latency_s(state: .prepared, prepareLead: prepareLead))) ms"
      }
      console.note(
        "--prepare-lead \(Format.ms(prepareLead)) ms sets the engine latency (one row per device, state column 'prepared'): "
          + latencies.joined(separator: ", "))
    }
    options.maxRenderDuration_s = maxRenderDuration_s
    let corpus = try self.corpus.load(paths, console)
    let measurements = Evaluation.run(corpus.entries, options: options).measurements
    for m in measurements where m.isTruncated && m.state == options.states.first {
      console.warning(
        "\(m.pattern) on \(m.device): render cut at the length limit; markers cover only the rendered part")
    }
    let silentPatterns = Set(measurements.filter { $0.silenceReason?.isInThePattern == true }.map(\.pattern))
    for pattern in silentPatterns.sorted() {
      console.warning(
        "\(pattern): nothing to feel on any device (\(measurements.first { $0.pattern == pattern }?.silenceReason?.description ?? ""))"
      )
    }
    // Which rows miss the budget only because the engine starts cold, decided as the
    // report decides it (PatternLatency); with --prepare-lead the lead is given.
    let latencies =
      prepareLead == nil
      ? PatternLatency.assess(measurements, devices: devices, states: options.states.count, budget: budget) : []
    var own: [String: PatternLatency] = [:]
    for latency in latencies { own[latency.pattern + "\u{0}" + latency.device] = latency }
    // One definition of the rows (keys with units, values) for text, CSV and JSON.
    let table = ReportTables.latency(measurements, budget: budget, latencies: latencies)
    switch format.table {
    case .csv: console.out(table.csvText)
    case .json: console.out(JSONWriter.string(table.jsonValue))
    case .text: console.out(Self.text(table, measurements, latencies: own, budget: budget))
    case nil: break
    }
    Self.warnNeverFelt(measurements, console)
    var renderOptions = RenderOptions()
    renderOptions.maxDuration_s = maxRenderDuration_s
    let playback = DevicePlayback.rows(
      for: corpus, devices: devices, options: renderOptions, threads: threads.resolved(in: environment))
    let notes = DevicePlayback.notes(playback)
    if !notes.isEmpty {
      console.note(
        "what the devices play (the rows above time each pattern as written; Docs/Devices.md, \"Fallback rules\"):")
      for line in notes { console.note(line) }
    }
    let files = Dictionary(corpus.entries.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
    try format.write(
      FindingSet.latency(
        measurements, budget: budget, paths: files, failed: measurements.contains(where: \.isFailure)),
      summary: summary, console)
    if let status = CommandSupport.loadFailureStatus(corpus.failures.map(\.error)) { return status }
    return measurements.contains(where: \.isFailure) ? .checkFailed : .success
  }

  /// The columns of ``ReportTables/latency(_:budget:latencies:)`` the text table shows, by
  /// key, before its verdict.
  static let textColumns = [
    "pattern", "device", "state", "detect_ms", "onset_ms", "t50_ms", "t90_ms", "rise_ms", "stop_ms",
  ]

  /// The text table: the rows of `table` (the latency rows' one definition, shared with
  /// CSV and JSON), the ``textColumns`` with numbers to 0.1 ms and the verdict with what
  /// to do about a row that misses only cold, then the counts.
  static func text(
    _ table: CSVTable, _ measurements: [PatternMeasurement], latencies: [String: PatternLatency],
    budget: LatencyBudget
  ) -> String {
    var column: [String: Int] = [:]
    for (index, definition) in table.columns.enumerated() { column[definition.header] = index }
    var text = TextTable(textColumns + ["verdict"])
    for row in table.rows {
      func cell(_ key: String) -> CSVCell { column[key].map { $0 < row.count ? row[$0] : .empty } ?? .empty }
      text.append(textColumns.map { cell($0).text(decimals: 1) } + [verdictText(cell)])
    }
    return Self.counts(text.text, measurements, latencies: latencies, budget: budget)
  }

  /// `table` followed by the line on rows that miss only cold and the counts.
  static func counts(
    _ table: String, _ measurements: [PatternMeasurement], latencies: [String: PatternLatency],
    budget: LatencyBudget
  ) -> String {
    var text = table
    let onlyCold = measurements.filter { latencies[$0.pattern + "\u{0}" + $0.device]?.missesOnlyCold($0) == true }
    if !onlyCold.isEmpty {
      text +=
        ("\(onlyCold.count) row\(onlyCold.count == 1 ? "" : "s") (warn or fail) pass on a prepared engine and miss the "
          + "budget only because the engine starts cold: the verdict says what to do (the report's ◐ prepare).") + "\n"
    }
    let silentFailures = measurements.filter { $0.verdict == .silent && $0.isFailure }.count
    let silentInformation = measurements.filter { $0.verdict == .silent && !$0.isFailure }.count
    text +=
      ("\(measurements.count) checks: \(measurements.filter { $0.verdict == .pass }.count) pass, "
        + "\(measurements.filter { $0.verdict == .warn }.count) warn, "
        + "\(measurements.filter { $0.verdict == .fail }.count) fail, "
        + "\(silentFailures) never felt on a device with an actuator (fail), "
        + "\(silentInformation) silent on a device that cannot play (information) "
        + "(budget \(Format.ms(budget.pass_s)) ms, warn \(Format.ms(budget.warn_s)) ms)") + "\n"
    return text
  }

  /// One line per pattern that is never felt on a device with an actuator, naming the
  /// devices and states where its latency check fails for that reason.
  static func warnNeverFelt(_ measurements: [PatternMeasurement], _ console: Console) {
    var order: [String] = []
    var places: [String: [(device: String, states: [String])]] = [:]
    for m in measurements where m.verdict == .silent && m.isFailure {
      if places[m.pattern] == nil { order.append(m.pattern) }
      var list = places[m.pattern, default: []]
      if list.last?.device == m.device {
        list[list.count - 1].states.append(m.state.rawValue)
      } else {
        list.append((m.device, [m.state.rawValue]))
      }
      places[m.pattern] = list
    }
    for pattern in order {
      let list = places[pattern, default: []].map { "\($0.device) (\($0.states.joined(separator: ", ")))" }
      console.warning(
        "\(pattern): never felt on \(list.joined(separator: "; ")), which \(list.count == 1 ? "has" : "have") an actuator: its latency check fails there"
      )
    }
  }

  /// The verdict column of the text table, from a row's `verdict`, `failsCheck`,
  /// `silenceReason` and `advice` cells: the verdict, for a silent row whether it fails and
  /// why, then the advice.
  static func verdictText(_ cell: (String) -> CSVCell) -> String {
    let verdict = cell("verdict").text(decimals: 1)
    let advice = cell("advice") == .empty ? "" : ": " + cell("advice").text(decimals: 1)
    guard verdict == LatencyVerdict.silent.rawValue else { return verdict + advice }
    let reason = cell("silenceReason") == .empty ? "never felt" : cell("silenceReason").text(decimals: 1)
    return (cell("failsCheck") == .text("yes") ? "silent, fails (\(reason))" : "silent (\(reason))") + advice
  }
}
