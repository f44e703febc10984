import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptBaselines
import HaptAndroid
import HaptFormats
import HaptCharts

/// `hapt report`: a report folder with `index.html` (summary, an index of every pattern
/// with its latency on every device and state and its nearest neighbour, latency charts,
/// the design review, the corpus heat map, lint findings, devices, methods), one page per
/// pattern (`patterns/NAME.html`, linked both ways) and the CSV files (`patterns.csv`,
/// `latency.csv`, `pairs.csv`, `confusion.csv`, `lint.csv`, `android-ports.csv`,
/// `capabilities.csv`).
///
/// Every pattern has its page; the charts and tables of the index stay readable for large
/// corpora (at most ``Limits`` items each, saying so; the heat map groups patterns into
/// clusters); the CSV files always hold everything.
package enum CorpusReport {
  /// Caps on what the index page draws (pattern pages and CSV files are never capped).
  package struct Limits: Sendable {
    /// Cells per side of the similarity heat map: beyond this many patterns, the map shows
    /// groups of look-alike patterns (``CorpusClusters``).
    package var heatMapPatterns = 60
    /// Bars per latency chart (the slowest felt patterns; the charts stand two in a row).
    package var latencyBars = 10
    /// Rows of the Android ports table (the ports felt most different).
    package var androidPortRows = 10
    /// Rows of a table on the page (the pattern index is never capped).
    package var tableRows = 300

    package init() {}
  }

  /// The style sheet shared by the pattern pages, in the report folder.
  package static let styleSheetFile = "report.css"

  /// Builds the report folder's files (written by the caller with ``ReportFolder/write(to:)``).
  ///
  /// - Parameters:
  ///   - androidPorts: the corpus's AHAP patterns ported to Android
  ///     (``AndroidPort/rows(for:devices:threads:)``): an "Android ports" section when not empty, and
  ///     android-ports.csv (header only when empty).
  ///   - capabilities: what each device plays of each pattern
  ///     (``DevicePlayback/rows(for:devices:options:threads:)``): a "What plays where" section
  ///     when not empty, and capabilities.csv (header only when empty).
  ///   - hints: how a reader asks the writing tool for more (quoted where the report says so).
  ///   - figures: where the pattern pages' figures and sounds come from (default: the
  ///     evaluation's primary renders; a merge gives the shards' files).
  ///   - patternTableRows: a merge's files of the shards' rows of the tables of rows per
  ///     pattern (``patternTables``), by table, in shard order; nil: made from the rows.
  package static func build(
    _ evaluation: CorpusEvaluation, title: String, androidPorts: [AndroidPortResult] = [],
    capabilities: [DevicePlayback] = [], limits: Limits = Limits(), hints: ReportHints = ReportHints(),
    figures: PatternFigureSource? = nil, patternTableRows: [String: [String]]? = nil
  ) -> ReportFolder {
    let figureSource = figures ?? .renders(evaluation)
    var folder = ReportFolder()
    let e = evaluation
    // The CSV tables are each made when added and dropped once they are text (the latency
    // table's cells, a row per pattern, device and state, weigh several times its text).
    let lintTable = ReportTables.lint(e.findings, failures: e.corpus.failures)
    let catalog = PatternCatalog(e)
    let clusters =
      e.corpus.entries.count > min(limits.heatMapPatterns, CorpusEvaluation.heatMapLimit)
      ? CorpusClusters(e, limit: limits.heatMapPatterns) : nil
    var clusterIndex = [Int: Int]()
    for (c, members) in (clusters?.members ?? []).enumerated() { for i in members { clusterIndex[i] = c } }
    let clusterOf = clusterIndex
    // The index page's sections and the small CSV tables are made side by side (a task
    // each: at 10,000 patterns, made one after another they took two seconds on one
    // core), then put in the order below: the same bytes whatever the threads. The large
    // tables are written in parts as the folder is written (CorpusReport+Tables).
    let sections = indexSections(
      e, catalog: catalog, clusters: clusters, lintTable: lintTable, androidPorts: androidPorts,
      capabilities: capabilities, limits: limits, hints: hints)
    let tables: [(file: String, make: @Sendable () -> String)] = [
      ("patterns.csv", { ReportTables.patterns(e).csvText }),
      ("confusion.csv", { ReportTables.confusion(e.reviews).csvText }), ("lint.csv", { lintTable.csvText }),
    ]
    let made = Parallel.map(count: sections.count + tables.count, threads: e.options.threads) {
      k -> (section: ReportSection?, text: String) in
      k < sections.count ? (sections[k](), "") : (nil, tables[k - sections.count].make())
    }
    var index = indexPage(e, title: title, catalog: catalog)
    index.sections = made.prefix(sections.count).compactMap(\.section)
    folder.add("index.html", index.htmlText)
    folder.add(styleSheetFile, ReportPage.styleSheet)
    // Each page's lint findings, grouped by file once (in the corpus's order of findings).
    var findingsByFile: [String: [LintFinding]] = [:]
    for finding in e.findings { findingsByFile[finding.file, default: []].append(finding) }
    let pageFindings = findingsByFile
    // Pattern pages are made while the folder is written, a chunk at a time (10,000 pages
    // never sit in memory together).
    folder.addGenerated(catalog.items.map(\.page), threads: e.options.threads) { i in
      PatternPage.page(
        i, e, catalog: catalog, clusterOf: clusterOf, clusters: clusters, reportTitle: title,
        figureSource: figureSource,
        findings: pageFindings[e.corpus.entries[i].path] ?? []
      ).htmlText
    }
    // Each page's sound (PatternAudio), beside it, made chunk by chunk as the pages are,
    // or linked from the part that made it.
    let audioPaths = catalog.items.map { PatternAudio.path(forPage: $0.page) }
    if let audioFile = figureSource.audioFile {
      folder.addLinked(audioPaths, threads: e.options.threads, sources: audioFile)
    } else {
      let audio = figureSource.audio
      folder.addGeneratedData(audioPaths, threads: e.options.threads) { audio($0) }
    }
    for (table, made) in zip(tables, made.suffix(tables.count)) { folder.add(table.file, made.text) }
    addStreamedTables(
      to: &folder, e, androidPorts: androidPorts, capabilities: capabilities, patternTableRows: patternTableRows)
    return folder
  }

  /// The report's index page (`index.html`) without its sections
  /// (``indexSections(_:catalog:clusters:lintTable:androidPorts:capabilities:limits:hints:)``).
  static func indexPage(_ e: CorpusEvaluation, title: String, catalog: PatternCatalog) -> ReportPage {
    ReportPage(
      title: title,
      subtitle:
        "hapt \(HaptVersion.string) (model \(HaptVersion.model)). Every figure is a simulation: see “How to read this report”.",
      facts: facts(e, catalog: catalog))
  }

  /// How to make each section of the index page, in the page's order (nil: the section
  /// has nothing to show): independent of one another, so that they can be made side by
  /// side.
  static func indexSections(
    _ e: CorpusEvaluation, catalog: PatternCatalog, clusters: CorpusClusters?, lintTable: CSVTable,
    androidPorts: [AndroidPortResult], capabilities: [DevicePlayback], limits: Limits, hints: ReportHints
  ) -> [@Sendable () -> ReportSection?] {
    [
      { summarySection(e, hints: hints) },
      { PatternIndex.section(e, catalog: catalog) },
      { loadErrorsSection(e) },
      { latencySection(e, limits: limits) },
      { reviewSection(e, hints: hints) },
      { capabilitiesSection(capabilities, limits: limits) },
      { androidPortsSection(androidPorts, limits: limits) },
      { similaritySection(e, catalog: catalog, clusters: clusters, limits: limits) },
      { lintSection(e, table: lintTable, limits: limits) },
      { devicesSection(e) },
      { ReportMethods.section(devices: e.options.devices, hints: hints) },
    ]
  }

  // MARK: - Sections

  static func facts(_ e: CorpusEvaluation, catalog: PatternCatalog) -> [(label: String, value: String)] {
    let verdicts = LatencyVerdict.allCases.map { v in (v, e.measurements.filter { $0.verdict == v }.count) }
    let latency = verdicts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
    // Files that failed to load count as lint errors (rule LOAD in lint.csv).
    let errors = e.findings.filter { $0.severity == .error }.count + e.corpus.failures.count
    let warnings = e.findings.filter { $0.severity == .warning }.count
    let own = PatternLatency.Verdict.allCases.sorted { $0.severity < $1.severity }.compactMap { v -> String? in
      let count = catalog.items.filter { $0.worst == v }.count
      return count > 0 ? "\(count) \(ReportVerdict(v).label)" : nil
    }
    return [
      ("patterns", "\(e.corpus.entries.count)"),
      ("patterns' own latency", own.isEmpty ? "none" : own.joined(separator: ", ")),
      ("files that failed", "\(e.corpus.failures.count)"),
      ("devices", "\(e.options.devices.count)"),
      ("states", e.options.states.map(\.rawValue).joined(separator: ", ")),
      ("latency checks", latency.isEmpty ? "none" : latency),
      ("lint", "\(Wording.count(errors, "error")), \(Wording.count(warnings, "warning"))"),
    ]
  }

  static func summarySection(_ e: CorpusEvaluation, hints: ReportHints) -> ReportSection {
    var blocks: [ReportBlock] = []
    let budget = e.options.budget
    let limits =
      "felt within \(Wording.ms(budget.pass_s)) passes, up to \(Wording.ms(budget.warn_s)) warns, later fails"
    if e.measurements.isEmpty {
      blocks.append(.paragraph("No latency checks: the corpus has no patterns."))
    } else {
      blocks += latencySummaryBlocks(e, limits: limits, hints: hints)
    }
    if e.reviewSetIsClosestPatterns {
      blocks.append(.note(closestSetSentence(e, hints: hints)))
    }
    // The primary device's review and every confusable pair stay in view; the other
    // devices' information transfer and silences fold under one line.
    var quietReviews: [ReportBlock] = []
    for review in e.reviews {
      let block: ReportBlock =
        review.isSilent
        ? .note(review.sentences.first ?? "")
        : review.hasConfusablePair ? .warning(review.sentences.first ?? "") : .paragraph(review.sentences.last ?? "")
      if review.hasConfusablePair || review.device == e.options.devices.first?.name {
        blocks.append(block)
      } else {
        quietReviews.append(block)
      }
    }
    blocks += folded(quietReviews, summary: "The review set on the other devices")
    let truncated = Set(e.measurements.filter(\.isTruncated).map(\.pattern)).sorted()
    if !truncated.isEmpty {
      blocks.append(
        .warning("Rendered only up to the length limit (markers cover the rendered part): \(Wording.list(truncated))."))
    }
    if !e.missingFromReviewSet.isEmpty, !e.reviewSetIsClosestPatterns {
      blocks.append(.note("Review set patterns not found in this corpus: \(Wording.list(e.missingFromReviewSet))."))
    }
    blocks.append(
      .paragraph(
        "Every pattern has its own page (waveform, spectrogram, latency on every device and state, nearest neighbours), linked from the Patterns table. The files:"
      ))
    blocks.append(
      .list([
        "patterns.csv: one row per pattern (primary device)", "latency.csv: every pattern, device and state",
        "pairs.csv: each pattern's \(Wording.count(e.pairwise.settings.neighbours, "nearest neighbour")) by perceptual distance and every pair under d' \(JSONWriter.number(e.pairwise.settings.closeBelow_JND)) (primary device\(hints.allPairs.map { "; every pair with \($0)" } ?? ""))",
        "confusion.csv: the review set's predicted confusion matrices",
        "lint.csv: every lint finding and load error",
        "android-ports.csv: each AHAP pattern ported to each Android profile (the alternative played, d' from the original there and on the iPhone, verdict)",
        "capabilities.csv: what each device plays of each pattern (plays, falls back with how the fallback feels and its d', or silent with the reason)",
      ]))
    for file in [
      "patterns.csv", "latency.csv", "pairs.csv", "confusion.csv", "lint.csv", "android-ports.csv", "capabilities.csv",
    ] {
      blocks.append(.fileLink(path: file, text: file))
    }
    return ReportSection(title: "Summary", id: "summary", blocks: blocks)
  }

  /// The summary's latency sentences, about what the pattern's author can change first
  /// (patterns whose own onset misses the budget on a prepared engine, or that are never
  /// felt), then one line per device whose cold start makes patterns miss it (with the
  /// `prepare()` lead that makes them pass), then the raw count of checks.
  static func latencySummaryBlocks(_ e: CorpusEvaluation, limits: String, hints: ReportHints) -> [ReportBlock] {
    var blocks: [ReportBlock] = []
    let budget = e.options.budget
    let latencies = e.patternLatencies
    func names(_ verdict: PatternLatency.Verdict) -> [String] {
      latencies.filter { $0.verdict == verdict }.map { "\($0.pattern) on \($0.device)" }
    }
    func patterns(_ verdict: PatternLatency.Verdict) -> Int {
      Set(latencies.filter { $0.verdict == verdict }.map(\.pattern)).count
    }
    let failing = names(.fail)
    let unfelt = names(.silent)
    let warning = names(.warn)
    if !failing.isEmpty {
      blocks.append(
        .warning(
          "\(Wording.count(patterns(.fail), "pattern")) \(patterns(.fail) == 1 ? "fails" : "fail") by \(patterns(.fail) == 1 ? "its" : "their") own onset, even on a prepared engine (\(limits)): \(Wording.list(failing))."
        ))
    }
    if !unfelt.isEmpty {
      blocks.append(
        .warning(
          "Never felt on a device with an actuator (below the detection threshold throughout; the check fails): \(Wording.list(unfelt))."
        ))
    }
    if !warning.isEmpty {
      blocks.append(
        .paragraph(
          "In the warn band by the pattern's own onset on a prepared engine (felt after \(Wording.ms(budget.pass_s)), within \(Wording.ms(budget.warn_s))): \(Wording.list(warning))."
        ))
    }
    if failing.isEmpty && unfelt.isEmpty && warning.isEmpty {
      blocks.append(
        .paragraph(
          "No pattern misses the latency budget (\(limits)) by its own onset on any device, judged on a prepared engine."
        ))
    }
    let coldStarts = coldStartLines(e, latencies).map(ReportBlock.paragraph)
    blocks += coldStarts.prefix(1)
    blocks += folded(Array(coldStarts.dropFirst()), summary: "Cold starts on the other devices")
    let failedChecks = e.measurements.filter(\.isFailure).count
    let warnedChecks = e.measurements.filter { $0.verdict == .warn }.count
    blocks.append(
      .note(
        "Every check, cold starts included: \(e.measurements.count) (pattern, device, state) rows, \(failedChecks) fail and \(warnedChecks) warn\(hints.latencyGate.map { " (\($0))" } ?? ""); the Latency budgets section and latency.csv have them all."
      ))
    return blocks
  }

  /// One line per device with an actuator on which some felt pattern misses the budget
  /// only because the engine starts cold: how many, the cold start, and the `prepare()`
  /// lead that makes every one of them pass (the longest any of them needs, from the
  /// profile's latency model).
  static func coldStartLines(_ e: CorpusEvaluation, _ latencies: [PatternLatency]) -> [String] {
    e.options.devices.compactMap { device -> String? in
      let own = latencies.filter { $0.device == device.name }
      let felt = own.filter { $0.onset_s != nil }
      let needing = own.filter { $0.verdict == .prepare }
      guard !needing.isEmpty else { return nil }
      let lead = needing.compactMap(\.prepareLead_s).max() ?? device.latency.prepareLead_s
      let who =
        needing.count == felt.count
        ? (felt.count == 1 ? "the pattern misses" : "every pattern misses")
        : "\(needing.count) of \(felt.count) felt patterns miss"
      guard device.platform != .android else {
        // Android has no prepare(): say what the cold start is, not what cannot be done.
        return
          "\(Wording.uppercasedFirst(who)) the budget cold on \(device.name) only because the vibrator wakes in \(Wording.ms(device.latency.cold_s)) (\(Wording.ms(device.latency.prepared_s)) awake); Android has no prepare() to call ahead, so the first vibration after a pause is late whatever the pattern."
      }
      return
        "\(Wording.uppercasedFirst(who)) the budget cold on \(device.name) only because the engine starts in \(Wording.ms(device.latency.cold_s)) (\(Wording.ms(device.latency.prepared_s)) prepared): prepare at least \(Wording.leadMs(lead)) ahead and \(needing.count == 1 ? "it passes" : "they pass") (the engine is fully prepared \(Wording.leadMs(device.latency.prepareLead_s)) after prepare())."
    }
  }

  /// Why the review set is the corpus's closest patterns.
  static func closestSetSentence(_ e: CorpusEvaluation, hints: ReportHints) -> String {
    let requested =
      e.missingFromReviewSet.isEmpty ? "the review set" : "the review set (\(Wording.list(e.missingFromReviewSet)))"
    return
      "No two patterns of \(requested) are in this corpus, so the design review checks its \(e.reviewSet.count) closest patterns instead: \(Wording.list(e.reviewSet, limit: 10))\(hints.reviewSet.map { " (choose others with \($0))" } ?? "")."
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
      blocks.append(
        .warning(
          "\(Wording.count(e.corpus.failures.count, "file")) could not be read\(e.corpus.entries.isEmpty ? "" : "; every other pattern was evaluated")."
        ))
      blocks.append(.table(ReportTable(table), caption: nil))
    }
    if let skipped { blocks.append(.paragraph(Wording.uppercasedFirst(skipped) + ".")) }
    return ReportSection(
      title: e.corpus.failures.isEmpty ? "Files skipped" : "Files that failed to load", id: "load-errors",
      blocks: blocks)
  }

  static func latencySection(_ e: CorpusEvaluation, limits: Limits) -> ReportSection {
    var blocks: [ReportBlock] = [
      .paragraph(
        "Time from the touch (trigger, 0 ms) until the vibration is first above the detection threshold of a phone held in the hand (detect), per device and engine state: the engine's latency plus the pattern's own onset (latency.csv has both). Budget: pass within \(ms(e.options.budget.pass_s)) ms, warn to \(ms(e.options.budget.warn_s)) ms, fail later; prepare: misses the budget only because the engine starts cold (passes when the app calls prepare() ahead); never felt: below threshold on a device with an actuator (fails); silent: the device cannot play."
      ),
      .approximate(
        "Engine latencies are profile values (\(ReportMethods.engineLatencies(e.options.devices))); Apple and most vendors publish none. Actuator rise times come from the simulated physics."
      ),
    ]
    blocks.append(
      .paragraph(
        "The Patterns table above shows every pattern on every device and state; the charts below show the slowest felt patterns of each device and state (those never felt are named under each chart)."
      ))
    var own: [String: PatternLatency] = [:]
    for latency in e.patternLatencies { own[latency.pattern + "\u{0}" + latency.device] = latency }
    var charts: [ReportBlock] = []
    var primaryCharts = 0
    for device in e.options.devices {
      for state in e.options.states {
        let rows = e.measurements.filter { $0.device == device.name && $0.state == state }
        if !rows.isEmpty, rows.allSatisfy({ $0.verdict == .silent }) {
          let reason = rows.first?.silenceReason?.description ?? "below the detection threshold throughout"
          blocks.append(
            .note(
              "\(device.name) (\(state.rawValue)): \(rows.count == 1 ? "the pattern is" : "every pattern is") silent (\(reason))."
            ))
          continue
        }
        // The slowest felt patterns; those never felt have no latency to draw and are named
        // apart (a chart of them says nothing about how late the others are).
        let felt = rows.filter { $0.markers.detect_s != nil }
        let neverFelt = rows.filter { $0.markers.detect_s == nil && $0.isFailure }.map(\.pattern)
        let shown = felt.sorted {
          ($0.markers.detect_s ?? .infinity, $0.pattern) > ($1.markers.detect_s ?? .infinity, $1.pattern)
        }
        .prefix(limits.latencyBars).sorted { $0.pattern < $1.pattern }
        let bars = shown.map { m in
          LatencyBar(
            pattern: m.pattern, device: "", state: "", detect_ms: m.markers.detect_s.map { $0 * 1000 },
            verdict: own[m.pattern + "\u{0}" + m.device].map { PatternIndex.cellVerdict(m, $0) }
              ?? ReportVerdict(rawValue: m.verdict.rawValue))
        }
        var caption =
          felt.count > shown.count
          ? "\(device.name), \(state.rawValue): the \(shown.count) slowest of \(Wording.count(felt.count, "felt pattern")) (all are in the Patterns table and latency.csv)."
          : "\(device.name), \(state.rawValue)."
        if !neverFelt.isEmpty {
          caption += " Never felt (not drawn): \(Wording.list(neverFelt, limit: 10))."
        }
        if shown.isEmpty {
          blocks.append(.note(caption))
          continue
        }
        if device.name == e.options.devices.first?.name { primaryCharts += 1 }
        charts.append(
          .chart(
            LatencyChart.render(
              title: "Detect latency on \(device.name) (\(state.rawValue))", bars: bars,
              pass_ms: e.options.budget.pass_s * 1000,
              warn_ms: e.options.budget.warn_s * 1000, width: 540),
            caption: caption))
      }
    }
    blocks += foldedBeyondPrimary(
      charts, primaryCount: primaryCharts, summary: "Latency charts of the other devices")
    blocks.insert(
      .table(
        ReportTable(latencySummary(e), verdictColumns: ["worst verdict"]),
        caption: "Verdicts per device and state; every row is in latency.csv."), at: 2)
    return ReportSection(title: "Latency budgets", id: "latency", blocks: blocks)
  }

  /// One row per device and state: verdict counts and the slowest pattern.
  static func latencySummary(_ e: CorpusEvaluation) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("state"), CSVColumn("pass"), CSVColumn("warn"), CSVColumn("fail"),
      CSVColumn("silent"),
      CSVColumn("median detect", unit: "ms"), CSVColumn("slowest pattern"), CSVColumn("slowest detect", unit: "ms"),
      CSVColumn("worst verdict"),
    ])
    for device in e.options.devices {
      for state in e.options.states {
        let rows = e.measurements.filter { $0.device == device.name && $0.state == state }
        let felt = rows.filter { $0.markers.detect_s != nil }.sorted {
          ($0.markers.detect_s ?? 0, $0.pattern) < ($1.markers.detect_s ?? 0, $1.pattern)
        }
        let median = felt.isEmpty ? nil : felt[felt.count / 2].markers.detect_s.map { $0 * 1000 }
        let slowest = felt.last
        table.append([
          .text(device.name), .text(state.rawValue),
          .integer(rows.filter { $0.verdict == .pass }.count), .integer(rows.filter { $0.verdict == .warn }.count),
          .integer(rows.filter { $0.verdict == .fail }.count), .integer(rows.filter { $0.verdict == .silent }.count),
          .fixed(median, decimals: 1), .text(slowest?.pattern),
          .fixed(slowest?.markers.detect_s.map { $0 * 1000 }, decimals: 1),
          .text(rows.map(\.verdict).max()?.rawValue),
        ])
      }
    }
    return table
  }

  /// One sentence per reviewed pair in the felt attributes, with d''s verdict beside it:
  /// "error is 2.0x stronger and 1.6x faster than warning (d' 4.20 JND: distinct)".
  static func feelSentences(_ review: ConfusabilityReview, _ e: CorpusEvaluation) -> [String] {
    func attributes(_ name: String) -> PerceptualAttributes? {
      e.corpus.entries.firstIndex { $0.name == name }.flatMap { $0 < e.attributes.count ? e.attributes[$0] : nil }
    }
    return review.pairs.compactMap { pair in
      guard let a = attributes(pair.second), let b = attributes(pair.first) else { return nil }
      return PerceptualWording.comparison(a, pair.second, b, pair.first)
        + " (d' \(ChartNumber.fixed(pair.dPrime, decimals: 2)) JND: \(pair.verdict.rawValue))"
    }
  }

  static func reviewSection(_ e: CorpusEvaluation, hints: ReportHints) -> ReportSection {
    guard !e.reviews.isEmpty else {
      let why =
        e.reviewSet.count == 1
        ? "Only \(e.reviewSet[0]) of the review set is in this corpus, and the corpus has no other pair that can be felt on the primary device: nothing to review."
        : "No two patterns of the review set are in this corpus, and it has no pair of patterns that can both be felt on the primary device: nothing to review."
      return ReportSection(title: "Design review: confusability", id: "review", blocks: [.note(why)])
    }
    var blocks: [ReportBlock] = []
    if e.reviewSetIsClosestPatterns { blocks.append(.note(closestSetSentence(e, hints: hints))) }
    blocks += [
      .paragraph(
        "Can people tell \(Wording.list(e.reviewSet, limit: 12)) apart with their eyes closed? d' is hapt's distinguishability in JND units (under 1 confusable, under 2 close); the confusion matrix is the predicted identification performance; information transfer (IT) in bits, and 2^IT effectively distinguishable patterns."
      ),
      .approximate(
        "d' and the confusion matrix come from hapt's own perceptual model (Docs/Perception.md), calibrated on published JNDs, not on an identification experiment with these patterns."
      ),
    ]
    // One cell per device (two in a row): its matrix, the sentences of pairs that may be
    // confused and the set's IT (distinct pairs are in the table; the sentences go by d',
    // so distinct pairs come last before IT), and its pairs.
    var cells: [ReportBlock] = []
    var primaryCells = 0
    let primaryDevice = e.options.devices.first?.name
    var silentNotes: [ReportBlock] = []
    var pairRows: [[CSVCell]] = []
    for review in e.reviews {
      let heading = ReportBlock.heading("\(review.device) (\(review.state.rawValue))")
      if review.isSilent {
        // Nothing is felt: the patterns are missed, not confused; no matrix to draw.
        silentNotes += [heading, .note(review.sentences.first ?? "")]
        continue
      }
      let matrix = ReportBlock.chart(
        HeatMapChart.confusion(
          title: "Predicted confusion on \(review.device)", probabilities: review.confusion, labels: review.names,
          width: 560),
        caption:
          "Rows: the pattern presented; columns: the pattern answered. IT \(DecimalText.fixed(review.informationTransfer_bits, decimals: 2)) bits."
      )
      let distinctCount = review.pairs.filter { $0.verdict == .distinct }.count
      var sentences = Array(review.sentences.dropLast().dropLast(distinctCount) + review.sentences.suffix(1))
      if review.device == e.primaryDevice, review.state == e.options.states.first {
        sentences.append("How they differ in feel on \(review.device) (Docs/Perception.md):")
        sentences += feelSentences(review, e)
      }
      let pairs = compactPairs(review.pairs.map { ($0.first, $0.second, $0.dPrime, $0.similarity) })
      for row in pairs.rows { pairRows.append([.text(review.device)] + row) }
      if review.device == primaryDevice { primaryCells += 1 }
      cells.append(.stack([heading, matrix, .list(Array(sentences))]))
    }
    blocks += foldedBeyondPrimary(
      cells, primaryCount: primaryCells, summary: "Predicted confusion on the other devices")
    if !pairRows.isEmpty {
      // Every device's pairs in one full-width table under the matrices: the primary
      // device's rows shown, the others' folded under them.
      let columns = [CSVColumn("device")] + compactPairs([]).columns
      var shown = CSVTable(columns: columns)
      var folded = CSVTable(columns: columns)
      for row in pairRows {
        if case .text(let device) = row[0], device == primaryDevice { shown.append(row) } else { folded.append(row) }
      }
      let caption =
        "The verdict comes from d' (under 1 confusable, under 2 close, else distinct). Waveform similarity is a separate signal-level score, not a verdict: ST-SIM's smaller direction, clamped to 0..1 (1 identical)\(hints.rawScores.map { "; the raw directional ST-SIM and SPQI are in \($0)" } ?? "")."
      if shown.rows.isEmpty {
        blocks.append(.table(ReportTable(folded, verdictColumns: []), caption: caption))
      } else {
        blocks.append(.table(ReportTable(shown, verdictColumns: []), caption: caption))
        if !folded.rows.isEmpty {
          blocks.append(
            .disclosure(
              summary: "Pairs on the other devices (\(Wording.count(folded.rows.count, "row")))",
              [.table(ReportTable(folded, verdictColumns: []), caption: nil)]))
        }
      }
    }
    blocks += silentNotes
    return ReportSection(title: "Design review: confusability", id: "review", blocks: blocks)
  }

  /// `blocks` folded under `summary` (with their count) when there are more than two;
  /// shown as they are otherwise.
  static func folded(_ blocks: [ReportBlock], summary: String) -> [ReportBlock] {
    blocks.count > 2 ? [.disclosure(summary: "\(summary) (\(blocks.count))", blocks)] : blocks
  }

  /// Cells two in a row: the first `primaryCount` (the primary device's) shown, the rest
  /// folded under `summary` so that a report of many devices stays short.
  static func foldedBeyondPrimary(_ cells: [ReportBlock], primaryCount: Int, summary: String) -> [ReportBlock] {
    guard !cells.isEmpty else { return [] }
    let shown = primaryCount > 0 ? Array(cells.prefix(primaryCount)) : cells
    let rest = primaryCount > 0 ? Array(cells.dropFirst(primaryCount)) : []
    var blocks: [ReportBlock] = [.grid(shown)]
    if !rest.isEmpty { blocks.append(.disclosure(summary: "\(summary) (\(rest.count))", [.grid(rest)])) }
    return blocks
  }

  static func similaritySection(
    _ e: CorpusEvaluation, catalog: PatternCatalog, clusters: CorpusClusters?, limits: Limits
  ) -> ReportSection {
    let n = e.corpus.entries.count
    let device = e.primaryDevice ?? "the primary device"
    var blocks: [ReportBlock] = [
      .paragraph(
        "How alike patterns feel on \(device), ordered by average-linkage clustering so that look-alike patterns sit together: the perceptual closeness 1 / (1 + perceptual distance), 1 identical (Docs/Perception.md: the felt attributes, and d' within a few JNDs), 0 for a silent pattern against a felt one. Whether two can be confused is d', in the table below; pairs.csv keeps the ST-SIM waveform-similarity scores."
      )
    ]
    guard n >= 2 else {
      blocks.append(.note(n == 1 ? "One pattern: no pairs." : "No patterns: no pairs."))
      return ReportSection(title: "Similarity across the corpus", id: "similarity", blocks: blocks)
    }
    blocks += similarityMap(e, clusters: clusters, device: device)
    blocks += sameAndSilentNotes(catalog, device: device)
    blocks += closestPairs(e, catalog: catalog)
    return ReportSection(title: "Similarity across the corpus", id: "similarity", blocks: blocks)
  }

  /// The closeness heat map: every pattern, or for a large corpus one row per group of
  /// look-alikes.
  static func similarityMap(_ e: CorpusEvaluation, clusters: CorpusClusters?, device: String) -> [ReportBlock] {
    let n = e.corpus.entries.count
    var blocks: [ReportBlock] = []
    if let clusters {
      let matrix = clusters.representativeCloseness(e)
      let labels = zip(clusters.representatives, clusters.members).map { rep, members in
        members.count > 1 ? "\(e.corpus.entries[rep].name) (+\(members.count - 1))" : e.corpus.entries[rep].name
      }
      var caption =
        "\(n) patterns are too many for one cell each: each row and column is a group of look-alike patterns (k-centre clustering on the perceptual distance), labelled with the pattern that stands for it and how many others it holds; a cell is the closeness of the two groups' patterns. Each pattern's page names its group."
      if !clusters.silent.isEmpty {
        caption +=
          " \(Wording.count(clusters.silent.count, "pattern")) silent on \(device) \(clusters.silent.count == 1 ? "is" : "are") left out."
      }
      if matrix.count >= 2 {
        blocks.append(
          .chart(
            HeatMapChart.clustered(
              title: "Perceptual closeness between \(matrix.count) groups of patterns (0..1)", similarity: matrix,
              labels: labels),
            caption: caption))
      } else {
        blocks.append(
          .note("The patterns that can be felt on \(device) form a single group of look-alikes: no map to draw."))
      }
    } else {
      let shown = Array(0..<min(n, e.heatMapCloseness.count))
      let sub = shown.map { i in shown.map { j in e.heatMapCloseness[i][j] } }
      blocks.append(
        .chart(
          HeatMapChart.clustered(
            title: "Perceptual closeness (0..1)", similarity: sub, labels: shown.map { e.corpus.entries[$0].name }),
          caption: nil))
    }
    return blocks
  }

  /// Identical copies and silent patterns, said once rather than listed as confusable
  /// pairs.
  static func sameAndSilentNotes(_ catalog: PatternCatalog, device: String) -> [ReportBlock] {
    var blocks: [ReportBlock] = []
    if !catalog.identicalGroups.isEmpty {
      let groups = catalog.identicalGroups
      blocks.append(
        .note(
          "\(groups.count == 1 ? "One group" : "\(groups.count) groups") of files hold the same pattern (the same events and curves; metadata aside), so they feel identical; their pairs are left out of the table below."
        ))
      var lines = groups.prefix(20).map { group in
        "\(group.count) files are identical: \(Wording.list(group.map { catalog.items[$0].name }, limit: 12))"
      }
      if groups.count > 20 {
        lines.append("and \(Wording.count(groups.count - 20, "more group")) (see each pattern's page)")
      }
      blocks.append(.list(lines))
    }
    let silent = catalog.items.filter(\.isSilentOnPrimary).map(\.name)
    if silent.count >= 2 {
      blocks.append(
        .note(
          "\(Wording.count(silent.count, "pattern")) \(silent.count == 1 ? "is" : "are") silent on \(device) (not felt at all): \(Wording.list(silent)). Silent patterns are not confused with other patterns; they are missed. Their pairs are left out below."
        ))
    }
    return blocks
  }

  /// The least distinguishable pairs of the corpus, identical copies and silent patterns
  /// aside, each linked to its pages.
  static func closestPairs(_ e: CorpusEvaluation, catalog: PatternCatalog) -> [ReportBlock] {
    var blocks: [ReportBlock] = []
    let closest = e.pairwise.keptPairs.sorted { ($0.dPrime, $0.first, $0.second) < ($1.dPrime, $1.first, $1.second) }
      .filter { !catalog.areIdentical($0.first, $0.second) && !catalog.eitherSilent($0.first, $0.second) }.prefix(15)
    if closest.isEmpty {
      blocks.append(.paragraph("No other pairs to rank."))
    } else {
      let rows: [[LinkTable.Cell]] = closest.map { pair in
        [
          .text(catalog.items[pair.first].name, href: catalog.items[pair.first].page),
          .text(catalog.items[pair.second].name, href: catalog.items[pair.second].page),
          .number(ChartNumber.fixed(pair.dPrime, decimals: 2)),
          .text(pair.verdict.rawValue),
          .number(ChartNumber.fixed(pair.similarity.similarity, decimals: 3)),
        ]
      }
      blocks.append(
        .html(
          LinkTable(
            headers: [
              [
                .init(text: "pattern A"), .init(text: "pattern B"), .init(text: "d' (JND)", numeric: true),
                .init(text: "verdict"), .init(text: "waveform similarity (0..1)", numeric: true),
              ]
            ],
            rows: rows,
            caption:
              "The \(Wording.count(closest.count, "least distinguishable pair")) of the corpus (lowest d'), identical copies and silent patterns aside; the verdict comes from d', waveform similarity is ST-SIM's separate signal-level score."
          ).html))
    }
    return blocks
  }

  static func lintSection(_ e: CorpusEvaluation, table: CSVTable, limits: Limits) -> ReportSection {
    var counts = LintSeverity.allCases.map { s in
      Wording.count(e.findings.filter { $0.severity == s }.count, s.rawValue, s == .info ? "info" : nil)
    }
    if !e.corpus.failures.isEmpty {
      counts.insert(
        Wording.count(e.corpus.failures.count, "file") + " that failed to load (rule LOAD, counted as errors)", at: 0)
    }
    return ReportSection(
      title: "Lint findings", id: "lint",
      blocks: [
        .paragraph(
          "Rule breaks and UX guidance (rule IDs in Docs/Patterns.md): " + counts.joined(separator: ", ") + "."),
        table.rows.isEmpty
          ? .note("No findings.")
          : .table(
            ReportTable(capped(table, limits.tableRows), verdictColumns: []),
            caption: cappedCaption(table, limits.tableRows, file: "lint.csv")),
      ])
  }

  static func devicesSection(_ e: CorpusEvaluation) -> ReportSection {
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("actuator"), CSVColumn("resonance", unit: "Hz"),
      CSVColumn("Q (mechanical)"), CSVColumn("Q (voltage drive)"), CSVColumn("drive band", unit: "Hz"),
      CSVColumn("rated", unit: "V"), CSVColumn("prepared", unit: "ms"),
      CSVColumn("cold", unit: "ms"), CSVColumn("body mass", unit: "kg"),
    ])
    for d in e.options.devices {
      table.append([
        .text(d.name), .text(d.actuator.typeName), .fixed(d.resonance_Hz, decimals: 1),
        .fixed(d.qualityFactor, decimals: 2), .fixed(d.voltageDrivenQualityFactor, decimals: 2),
        .text("\(JSONWriter.number(d.drive.fmin_Hz))-\(JSONWriter.number(d.drive.fmax_Hz))"),
        .number(d.drive.ratedVoltage_V),
        .number(d.latency.prepared_s * 1000), .number(d.latency.cold_s * 1000), .number(d.bodyMass_kg),
      ])
    }
    var blocks: [ReportBlock] = [.table(ReportTable(table, verdictColumns: []), caption: nil)]
    blocks += guessBlocks(e.options.devices, threads: e.options.threads)
    blocks += folded(
      e.options.devices.map { .paragraph("\($0.name): \($0.description)") },
      summary: "Where each profile's numbers come from")
    blocks.append(
      .approximate(
        "Device profiles are models: where a number is a guess, its description says so (Docs/Simulation.md)."))
    return ReportSection(title: "Devices", id: "devices", blocks: blocks)
  }

  // MARK: - Helpers

  /// A short pair table for the page: names, d', bounded similarity, verdict.
  static func compactPairs(_ rows: [(String, String, Double, PairSimilarity)]) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("pattern A"), CSVColumn("pattern B"), CSVColumn("d'", unit: "JND"), CSVColumn("verdict"),
      CSVColumn("waveform similarity (0..1)"),
    ])
    for (a, b, d, similarity) in rows {
      table.append([
        .text(a), .text(b), .fixed(d, decimals: 2), .text(PairVerdict(dPrime: d).rawValue),
        .fixed(similarity.similarity, decimals: 3),
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
