import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptWorkflows

/// `hapt report`: one self-contained `index.html` and the CSV files
/// (`patterns.csv`, `latency.csv`, `pairs.csv`, `confusion.csv`, `lint.csv`) for a corpus.
///
/// Large corpora stay readable: the page shows at most ``Limits`` items per chart and
/// table and says so; the CSV files always hold everything.
public enum CorpusReport {
  /// Caps on what the page draws (the CSV files are never capped).
  public struct Limits: Sendable {
    /// Patterns drawn with a waveform and a spectrogram.
    public var patternFigures = 60
    /// Patterns in the clustered similarity heat map.
    public var heatMapPatterns = 60
    /// Bars per latency chart.
    public var latencyBars = 60
    /// Rows of a table on the page.
    public var tableRows = 300

    public init() {}
  }

  /// Builds the report folder's files (written by the caller with ``ReportFolder/write(to:)``).
  public static func build(_ evaluation: CorpusEvaluation, title: String, limits: Limits = Limits()) -> ReportFolder {
    var folder = ReportFolder()
    let tables = (
      patterns: ReportTables.patterns(evaluation), latency: ReportTables.latency(evaluation.measurements, budget: evaluation.options.budget),
      pairs: ReportTables.pairs(evaluation), confusion: ReportTables.confusion(evaluation.reviews),
      lint: ReportTables.lint(evaluation.findings, failures: evaluation.corpus.failures)
    )
    var page = ReportPage(
      title: title,
      subtitle: "hapt \(HaptVersion.string) (model \(HaptVersion.model)). Every figure is a simulation: see “How to read this report”.",
      facts: facts(evaluation))
    page.sections = [
      summarySection(evaluation),
      loadErrorsSection(evaluation),
      latencySection(evaluation, limits: limits),
      reviewSection(evaluation),
      similaritySection(evaluation, limits: limits),
      patternsSection(evaluation, table: tables.patterns, limits: limits),
      lintSection(evaluation, table: tables.lint, limits: limits),
      devicesSection(evaluation),
      ReportMethods.section(),
    ].compactMap { $0 }
    folder.add("index.html", page.htmlText)
    folder.add("patterns.csv", tables.patterns.csvText)
    folder.add("latency.csv", tables.latency.csvText)
    folder.add("pairs.csv", tables.pairs.csvText)
    folder.add("confusion.csv", tables.confusion.csvText)
    folder.add("lint.csv", tables.lint.csvText)
    return folder
  }

  // MARK: - Sections

  static func facts(_ e: CorpusEvaluation) -> [(label: String, value: String)] {
    let verdicts = LatencyVerdict.allCases.map { v in (v, e.measurements.filter { $0.verdict == v }.count) }
    return [
      ("patterns", "\(e.corpus.entries.count)"),
      ("files that failed", "\(e.corpus.failures.count)"),
      ("devices", "\(e.options.devices.count)"),
      ("states", e.options.states.map(\.rawValue).joined(separator: ", ")),
      ("latency", verdicts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")),
      ("lint errors", "\(e.findings.filter { $0.severity == .error }.count)"),
    ]
  }

  static func summarySection(_ e: CorpusEvaluation) -> ReportSection {
    var blocks: [ReportBlock] = []
    let failing = e.measurements.filter { $0.verdict == .fail }
    let budget = e.options.budget
    if failing.isEmpty {
      blocks.append(.paragraph("No pattern misses the latency budget (felt within \(ms(budget.pass_s)) ms, warn to \(ms(budget.warn_s)) ms) on any device and state."))
    } else {
      let names = Set(failing.map { "\($0.pattern) on \($0.device) (\($0.state.rawValue))" }).sorted()
      blocks.append(.warning("\(failing.count) checks miss the latency budget of \(ms(budget.warn_s)) ms: " + names.prefix(8).joined(separator: "; ") + (names.count > 8 ? "; …" : "") + "."))
    }
    for review in e.reviews {
      if review.isSilent {
        blocks.append(.note(review.sentences.first ?? ""))
      } else {
        blocks.append(review.hasConfusablePair ? .warning(review.sentences.first ?? "") : .paragraph(review.sentences.last ?? ""))
      }
    }
    let truncated = Set(e.measurements.filter(\.isTruncated).map(\.pattern)).sorted()
    if !truncated.isEmpty {
      blocks.append(.warning("Rendered only up to the length limit (markers cover the rendered part): \(truncated.joined(separator: ", "))."))
    }
    if !e.missingFromReviewSet.isEmpty {
      blocks.append(.note("Review set patterns not found in this corpus: \(e.missingFromReviewSet.joined(separator: ", "))."))
    }
    blocks.append(.list([
      "patterns.csv: one row per pattern (primary device)", "latency.csv: every pattern, device and state",
      "pairs.csv: each pattern's \(e.pairwise.settings.neighbours) nearest neighbours by d' and every pair under d' \(JSONWriter.number(e.pairwise.settings.closeBelow_JND)) (primary device; every pair with --all-pairs)", "confusion.csv: the review set's predicted confusion matrices",
      "lint.csv: every lint finding and load error",
    ]))
    for file in ["patterns.csv", "latency.csv", "pairs.csv", "confusion.csv", "lint.csv"] {
      blocks.append(.fileLink(path: file, text: file))
    }
    return ReportSection(title: "Summary", id: "summary", blocks: blocks)
  }

  /// Files that failed to load, and files skipped as not patterns (listed once, by
  /// extension); nil when there are neither.
  static func loadErrorsSection(_ e: CorpusEvaluation) -> ReportSection? {
    let skipped = e.corpus.skippedSummary
    guard !e.corpus.failures.isEmpty || skipped != nil else { return nil }
    var blocks: [ReportBlock] = []
    if !e.corpus.failures.isEmpty {
      var table = CSVTable(columns: [CSVColumn("file"), CSVColumn("error")])
      for failure in e.corpus.failures { table.append([.text(failure.path), .text(failure.error.description)]) }
      blocks.append(.warning("\(e.corpus.failures.count) files could not be read; every other pattern was evaluated."))
      blocks.append(.table(ReportTable(table), caption: nil))
    }
    if let skipped { blocks.append(.paragraph(skipped.prefix(1).uppercased() + skipped.dropFirst() + ".")) }
    return ReportSection(
      title: e.corpus.failures.isEmpty ? "Files skipped" : "Files that failed to load", id: "load-errors",
      blocks: blocks)
  }

  static func latencySection(_ e: CorpusEvaluation, limits: Limits) -> ReportSection {
    var blocks: [ReportBlock] = [
      .paragraph(
        "Time from the touch (trigger, 0 ms) until the vibration is first above the detection threshold of a phone held in the hand (detect), per device and engine state. Budget: pass within \(ms(e.options.budget.pass_s)) ms, warn to \(ms(e.options.budget.warn_s)) ms, fail later; silent: never felt."),
      .approximate("Engine latencies are profile values (the cold figure of about 200 ms is the product's stated figure; Apple publishes none). Actuator rise times come from the simulated physics."),
    ]
    for device in e.options.devices {
      for state in e.options.states {
        let rows = e.measurements.filter { $0.device == device.name && $0.state == state }
        if !rows.isEmpty, rows.allSatisfy({ $0.verdict == .silent }) {
          let reason = rows.first?.silenceReason ?? "below the detection threshold throughout"
          blocks.append(.note("\(device.name) (\(state.rawValue)): every pattern is silent (\(reason))."))
          continue
        }
        let shown = rows.sorted { ($0.markers.detect_s ?? .infinity, $0.pattern) > ($1.markers.detect_s ?? .infinity, $1.pattern) }
          .prefix(limits.latencyBars).sorted { $0.pattern < $1.pattern }
        let bars = shown.map {
          LatencyBar(
            pattern: $0.pattern, device: "", state: "", detect_ms: $0.markers.detect_s.map { $0 * 1000 },
            verdict: ReportVerdict(rawValue: $0.verdict.rawValue))
        }
        let caption =
          rows.count > shown.count
          ? "\(device.name), \(state.rawValue): the \(shown.count) slowest of \(rows.count) patterns (all in latency.csv)."
          : "\(device.name), \(state.rawValue)."
        blocks.append(
          .chart(
            LatencyChart.render(
              title: "Detect latency on \(device.name) (\(state.rawValue))", bars: bars, pass_ms: e.options.budget.pass_s * 1000,
              warn_ms: e.options.budget.warn_s * 1000),
            caption: caption))
      }
    }
    blocks.insert(.table(ReportTable(latencySummary(e), verdictColumns: ["worstVerdict"]), caption: "Verdicts per device and state; every row is in latency.csv."), at: 2)
    return ReportSection(title: "Latency budgets", id: "latency", blocks: blocks)
  }

  /// One row per device and state: verdict counts and the slowest pattern.
  static func latencySummary(_ e: CorpusEvaluation) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("state"), CSVColumn("pass"), CSVColumn("warn"), CSVColumn("fail"), CSVColumn("silent"),
      CSVColumn("medianDetect", unit: "ms"), CSVColumn("slowestPattern"), CSVColumn("slowestDetect", unit: "ms"),
      CSVColumn("worstVerdict"),
    ])
    for device in e.options.devices {
      for state in e.options.states {
        let rows = e.measurements.filter { $0.device == device.name && $0.state == state }
        let felt = rows.filter { $0.markers.detect_s != nil }.sorted { ($0.markers.detect_s ?? 0, $0.pattern) < ($1.markers.detect_s ?? 0, $1.pattern) }
        let median = felt.isEmpty ? nil : felt[felt.count / 2].markers.detect_s.map { $0 * 1000 }
        let slowest = felt.last
        table.append([
          .text(device.name), .text(state.rawValue),
          .integer(rows.filter { $0.verdict == .pass }.count), .integer(rows.filter { $0.verdict == .warn }.count),
          .integer(rows.filter { $0.verdict == .fail }.count), .integer(rows.filter { $0.verdict == .silent }.count),
          .fixed(median, decimals: 1), .text(slowest?.pattern), .fixed(slowest?.markers.detect_s.map { $0 * 1000 }, decimals: 1),
          .text(rows.map(\.verdict).max()?.rawValue),
        ])
      }
    }
    return table
  }

  static func reviewSection(_ e: CorpusEvaluation) -> ReportSection {
    guard !e.reviews.isEmpty else {
      return ReportSection(
        title: "Design review: confusability", id: "review",
        blocks: [.note("The review set (\(e.reviewSet.joined(separator: ", "))) needs at least two patterns of this corpus; none was reviewed.")])
    }
    var blocks: [ReportBlock] = [
      .paragraph(
        "Can people tell \(e.reviewSet.joined(separator: ", ")) apart with their eyes closed? d' is hapt's distinguishability in JND units (under 1 confusable, under 2 close); the confusion matrix is the predicted identification performance; information transfer (IT) in bits, and 2^IT effectively distinguishable patterns."),
      .approximate("d' and the confusion matrix come from hapt's own perceptual model (Docs/Perception.md), calibrated on published JNDs, not on an identification experiment with these patterns."),
    ]
    for review in e.reviews {
      blocks.append(.heading("\(review.device) (\(review.state.rawValue))"))
      blocks.append(.list(review.sentences))
      blocks.append(
        .chart(
          HeatMapChart.confusion(title: "Predicted confusion on \(review.device)", probabilities: review.confusion, labels: review.names),
          caption: "Rows: the pattern presented; columns: the pattern answered. IT \(String(format: "%.2f", review.informationTransfer_bits)) bits."))
      let pairs = compactPairs(review.pairs.map { ($0.first, $0.second, $0.dPrime, $0.similarity) })
      blocks.append(
        .table(
          ReportTable(pairs, verdictColumns: []),
          caption: "similarity: 0..1, 1 identical (the smaller ST-SIM direction, clamped); the raw directional ST-SIM and SPQI are in hapt confusion --format csv."))
    }
    return ReportSection(title: "Design review: confusability", id: "review", blocks: blocks)
  }

  static func similaritySection(_ e: CorpusEvaluation, limits: Limits) -> ReportSection {
    let n = e.primary.count
    var blocks: [ReportBlock] = [
      .paragraph(
        "Similarity between every pair of patterns on \(e.primary.first?.device ?? "the primary device"), ordered by average-linkage clustering so that look-alike patterns sit together: the smaller of the two ST-SIM directions, clamped to 0..1 (1 identical), averaged over blocks where either pattern is perceptible (Docs/Similarity.md). ST-SIM takes one signal as the reference; its spectral term is a ratio to the reference and exceeds 1 where the reference is barely perceptible, so similarity uses the smaller direction; pairs.csv keeps both raw directions.")
    ]
    let shown = Array(0..<min(n, limits.heatMapPatterns, CorpusEvaluation.heatMapLimit))
    if n >= 2 {
      let sub = shown.map { i in shown.map { j in e.heatMapSimilarity[i][j] } }
      blocks.append(
        .chart(
          HeatMapChart.clustered(title: "Pairwise similarity (0..1)", similarity: sub, labels: shown.map { e.primary[$0].name }),
          caption: n > shown.count ? "The first \(shown.count) of \(n) patterns; each pattern's nearest neighbours are in pairs.csv." : nil))
      let names = e.primary.map(\.name)
      let closest = compactPairs(
        e.pairwise.closestPairs(limit: 15)
          .map { (names[$0.first], names[$0.second], $0.dPrime, $0.similarity) })
      blocks.append(
        .table(
          ReportTable(closest, verdictColumns: []),
          caption: "The 15 least distinguishable pairs among each pattern's \(e.pairwise.settings.neighbours) nearest neighbours and the pairs under d' \(JSONWriter.number(e.pairwise.settings.closeBelow_JND)) (lowest d' first)."))
    } else {
      blocks.append(.note("Fewer than two patterns: no pairs."))
    }
    return ReportSection(title: "Similarity across the corpus", id: "similarity", blocks: blocks)
  }

  static func patternsSection(_ e: CorpusEvaluation, table: CSVTable, limits: Limits) -> ReportSection {
    var blocks: [ReportBlock] = [
      .paragraph("Each pattern's body acceleration (g) on \(e.primary.first?.device ?? "the primary device") (\(e.primary.first?.state.rawValue ?? "")), with its envelope and latency markers (ms after the trigger), and its spectrogram."),
      .table(ReportTable(capped(table, limits.tableRows)), caption: cappedCaption(table, limits.tableRows, file: "patterns.csv")),
    ]
    let perPattern = e.options.devices.count * e.options.states.count
    let figures = Parallel.map(count: min(e.primary.count, limits.patternFigures), threads: e.options.threads) { i -> [ReportBlock] in
      let rendered = e.primary[i]
      let m = e.measurements[i * perPattern]
      return PatternFigures.blocks(rendered, measurement: m)
    }
    for group in figures { blocks += group }
    if e.primary.count > limits.patternFigures {
      blocks.append(.note("Figures are drawn for the first \(limits.patternFigures) of \(e.primary.count) patterns; patterns.csv and latency.csv hold all."))
    }
    return ReportSection(title: "Patterns", id: "patterns", blocks: blocks)
  }

  static func lintSection(_ e: CorpusEvaluation, table: CSVTable, limits: Limits) -> ReportSection {
    let counts = LintSeverity.allCases.map { s in "\(e.findings.filter { $0.severity == s }.count) \(s.rawValue)" }
    return ReportSection(
      title: "Lint findings", id: "lint",
      blocks: [
        .paragraph("Rule breaks and UX guidance (rule IDs in Docs/Patterns.md): " + counts.joined(separator: ", ") + "."),
        table.rows.isEmpty
          ? .note("No findings.")
          : .table(ReportTable(capped(table, limits.tableRows), verdictColumns: []), caption: cappedCaption(table, limits.tableRows, file: "lint.csv")),
      ])
  }

  static func devicesSection(_ e: CorpusEvaluation) -> ReportSection {
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("actuator"), CSVColumn("resonance", unit: "Hz"), CSVColumn("mechanicalQ"),
      CSVColumn("driveBand", unit: "Hz"), CSVColumn("ratedVoltage", unit: "V"), CSVColumn("preparedLatency", unit: "ms"),
      CSVColumn("coldLatency", unit: "ms"), CSVColumn("bodyMass", unit: "kg"),
    ])
    for d in e.options.devices {
      table.append([
        .text(d.name), .text(d.actuator.typeName), .fixed(d.resonance_Hz, decimals: 1), .fixed(d.qualityFactor, decimals: 2),
        .text("\(JSONWriter.number(d.drive.fmin_Hz))-\(JSONWriter.number(d.drive.fmax_Hz))"), .number(d.drive.ratedVoltage_V),
        .number(d.latency.prepared_s * 1000), .number(d.latency.cold_s * 1000), .number(d.bodyMass_kg),
      ])
    }
    var blocks: [ReportBlock] = [.table(ReportTable(table, verdictColumns: []), caption: nil)]
    for d in e.options.devices { blocks.append(.paragraph("\(d.name): \(d.description)")) }
    blocks.append(.approximate("Device profiles are models: where a number is a guess, its description says so (Docs/Simulation.md)."))
    return ReportSection(title: "Devices", id: "devices", blocks: blocks)
  }

  // MARK: - Helpers

  /// A short pair table for the page: names, d', bounded similarity, verdict.
  static func compactPairs(_ rows: [(String, String, Double, PairSimilarity)]) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("patternA"), CSVColumn("patternB"), CSVColumn("dPrime", unit: "JND"), CSVColumn("similarity"),
      CSVColumn("verdict"),
    ])
    for (a, b, d, similarity) in rows {
      table.append([
        .text(a), .text(b), .fixed(d, decimals: 2), .fixed(CorpusEvaluation.boundedSimilarity(similarity), decimals: 3),
        .text(PairVerdict(dPrime: d).rawValue),
      ])
    }
    return table
  }

  static func ms(_ seconds: Double) -> String { JSONWriter.number((seconds * 1000 * 10).rounded() / 10) }

  static func capped(_ table: CSVTable, _ rows: Int) -> CSVTable {
    var copy = table
    if copy.rows.count > rows { copy.rows = Array(copy.rows.prefix(rows)) }
    return copy
  }

  static func cappedCaption(_ table: CSVTable, _ rows: Int, file: String) -> String? {
    table.rows.count > rows ? "The first \(rows) of \(table.rows.count) rows; \(file) holds all." : nil
  }
}
