import HaptCore
import HaptMetrics
import HaptPatterns
import HaptEvaluation
import HaptSimulation
import HaptCharts

/// One pattern's page of the report folder (`patterns/NAME.html`): its waveform, envelope,
/// markers and spectrogram on the primary device, its latency on every device and state,
/// its felt attributes, its nearest neighbours by perceptual distance (each linked to its own page) and its lint findings; it
/// links back to the index.
enum PatternPage {
  static func page(
    _ i: Int, _ e: CorpusEvaluation, catalog: PatternCatalog, clusterOf: [Int: Int], clusters: CorpusClusters?,
    reportTitle: String, figureSource: PatternFigureSource, findings: [LintFinding]? = nil
  ) -> ReportPage {
    let item = catalog.items[i]
    let entry = e.corpus.entries[i]
    let perPattern = e.options.devices.count * e.options.states.count
    let checks = Array(e.measurements[(i * perPattern)..<((i + 1) * perPattern)])
    var page = ReportPage(
      title: item.name, subtitle: "\(entry.path) · \(reportTitle)", facts: facts(i, e, catalog: catalog, checks: checks)
    )
    page.styleSheetPath = "../\(CorpusReport.styleSheetFile)"
    page.links = [("../index.html#\(anchor(item))", "← all patterns (\(reportTitle))")]
    var figures = figureSource.blocks(i)
    if figureSource.isAudible(i), let device = e.primaryDevice {
      let file = PatternAudio.path(forPage: item.page).split(separator: "/").last.map(String.init) ?? ""
      figures.append(PatternAudio.block(file: file, device: device))
    }
    page.sections = [
      ReportSection(
        title: "Waveform and spectrogram on \(e.primaryDevice ?? "the primary device")", id: "figures",
        blocks: figures),
      latencySection(
        checks, e, latencies: catalog.items[i].latencies, devicesWithoutActuator: catalog.devicesWithoutActuator),
      attributesSection(i, e),
      neighboursSection(i, e, catalog: catalog, clusterOf: clusterOf, clusters: clusters),
      lintSection(entry, e, findings: findings),
    ]
    page.footer =
      "hapt \(HaptVersion.string) (model \(HaptVersion.model)). Every figure is a simulation: see “How to read this report” on the index page."
    return page
  }

  /// A section's lead paragraph: `text`, then a link to where the index's "How to read
  /// this report" explains the section (every page's sections read the same way, so the
  /// explanation is written once, not on each of thousands of pages).
  static func guided(_ text: String) -> ReportBlock {
    .html(
      .element(
        "p",
        [
          HTML(text + " "),
          .element(
            "a", attributes: ["href": "../index.html#\(ReportMethods.patternPagesID)"], text: "How to read this page"),
          HTML("."),
        ]))
  }

  /// The id of the pattern's row in the index table.
  static func anchor(_ item: PatternCatalog.Item) -> String {
    "p-" + String(item.page.dropFirst("patterns/".count).dropLast(".html".count))
  }

  static func facts(
    _ i: Int, _ e: CorpusEvaluation, catalog: PatternCatalog, checks: [PatternMeasurement]
  )
    -> [(label: String, value: String)]
  {
    let item = catalog.items[i]
    let pattern = e.corpus.entries[i].pattern
    var facts: [(label: String, value: String)] = [
      ("haptic events", "\(pattern.hapticEvents.count)"),
      ("duration", ChartNumber.readable(pattern.duration_s * 1000) + " ms"),
    ]
    if let worst = item.worstLatency {
      var value = ReportVerdict(worst.verdict).label
      switch worst.verdict {
      case .prepare:
        value += " (on \(worst.device): \(worst.advice ?? ""))"
      case .fail, .warn:
        if let detect = worst.preparedDetect_s {
          value += " (\(ChartNumber.fixed(detect * 1000, decimals: 1)) ms on \(worst.device), prepared)"
        }
      case .silent: value += " (on \(worst.device))"
      case .pass, .unplayable: break
      }
      facts.append(("worst latency", value))
    }
    if let nearest = catalog.nearest(i, in: e.pairwise) {
      facts.append(
        (
          "nearest neighbour",
          "\(e.corpus.entries[nearest.other(than: i)].name), d' \(ChartNumber.fixed(nearest.dPrime, decimals: 2))"
        ))
    }
    return facts
  }

  static func latencySection(
    _ checks: [PatternMeasurement], _ e: CorpusEvaluation, latencies: [PatternLatency],
    devicesWithoutActuator silentDevices: [String]
  ) -> ReportSection {
    let budget = e.options.budget
    var blocks: [ReportBlock] = [
      guided(
        "Milliseconds after the touch, one row per device with an actuator; detect = engine latency + the pattern's onset: ✓ pass within \(Wording.ms(budget.pass_s)), ! warn to \(Wording.ms(budget.warn_s)), ✗ fail later, ◐ late only from a cold start, ⊘ never felt."
      )
    ]
    blocks += adviceBlocks(latencies) + prepareTable(latencies)
    blocks.append(.html(latencyTable(checks, states: e.options.states, latencies: latencies).html))
    if !silentDevices.isEmpty {
      blocks.append(
        .paragraph("No actuator, so nothing to feel: \(Wording.list(silentDevices))."))
    }
    return ReportSection(title: "Latency on every device and state", id: "latency", blocks: blocks)
  }

  /// The page's latency table: per device with an actuator its onset, rise and peak (the
  /// same in every engine state: a cold start only delays the render), why it is silent
  /// (a column only when a device has a reason), and per state its detect latency in a
  /// cell coloured by its verdict, as on the index (a row that misses the budget only cold
  /// is "prepare": ``PatternIndex/cellVerdict(_:_:)``). `checks` are one pattern's
  /// measurements, device by device, each in the order of `states`; rows of devices
  /// without an actuator are left out (the section names them).
  ///
  /// The style sheet's `table.latency` rules keep its cells on one line and right-align
  /// onset, rise and peak, so the cells are written without classes: the table is on
  /// every pattern page.
  static func latencyTable(
    _ checks: [PatternMeasurement], states: [EngineState], latencies: [PatternLatency]
  ) -> LinkTable {
    let devices = stride(from: 0, to: checks.count, by: max(states.count, 1)).map {
      checks[$0..<min($0 + max(states.count, 1), checks.count)]
    }.filter { $0.first?.silenceReason != .noActuator }
    // "why silent" only when a device has a reason: a column of dashes says nothing.
    let whySilent = devices.contains { $0.contains { $0.silenceReason != nil } }
    var headers: [LinkTable.Header] = [
      .init(text: "device"), .init(text: "onset (ms)", numeric: true), .init(text: "rise (ms)", numeric: true),
      .init(text: "peak (g)", numeric: true),
    ]
    if whySilent { headers.append(.init(text: "why silent")) }
    headers += states.map {
      .init(text: states.count == 1 ? "detect (ms)" : "\($0.rawValue) detect (ms)", numeric: true)
    }
    func ms(_ s: Double?) -> LinkTable.Cell { s.map { .text(ChartNumber.fixed($0 * 1000, decimals: 1)) } ?? .empty }
    var own: [String: PatternLatency] = [:]
    for latency in latencies { own[latency.device] = latency }
    var rows: [[LinkTable.Cell]] = []
    for device in devices {
      guard let first = device.first else { continue }
      var row: [LinkTable.Cell] = [
        .text(first.device), ms(first.onset_s), ms(first.markers.rise_s),
        .text(ChartNumber.fixed(first.peak_g, decimals: 3)),
      ]
      if whySilent {
        row.append(device.lazy.compactMap { $0.silenceReason?.description }.first.map { .text($0) } ?? .empty)
      }
      for m in device {
        let verdict = own[m.device].map { PatternIndex.cellVerdict(m, $0) } ?? PatternIndex.badge(m.verdict)
        let text = m.markers.detect_s.map { "\(verdict.symbol) \(ChartNumber.fixed($0 * 1000, decimals: 1))" }
        row.append(.verdict(verdict, text: text ?? verdict.symbol))
      }
      rows.append(row)
    }
    return LinkTable(headers: [headers], rows: rows, tableClass: "latency")
  }

  /// The devices on which the pattern misses the budget only because the engine starts
  /// cold, as one table (one note per device repeated the same sentence): the cold start
  /// and what to do (``PatternLatency/advice``; Android has no `prepare()`).
  static func prepareTable(_ latencies: [PatternLatency]) -> [ReportBlock] {
    let needing = latencies.filter { $0.verdict == .prepare }
    guard !needing.isEmpty else { return [] }
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("cold start", unit: "ms"), CSVColumn("prepared detect", unit: "ms"),
      CSVColumn("what to do"),
    ])
    for latency in needing {
      table.append([
        .text(latency.device), .fixed(latency.coldStart_s * 1000, decimals: 1),
        .fixed(latency.preparedDetect_s.map { $0 * 1000 }, decimals: 1), .text(latency.advice),
      ])
    }
    return [
      .table(
        ReportTable(table),
        caption:
          "Passes on a prepared engine and misses the budget only because the engine starts cold on \(Wording.count(needing.count, "device"))."
      )
    ]
  }

  /// A finding on more devices than this gives their count and range, not each name and
  /// time: the latency table below marks them (eleven names and times repeated the table).
  static let maxNamedDevices = 3

  /// What the pattern's author or the app can do, one block per kind of finding with
  /// every device it holds on (one sentence repeated for each of 13 devices read as
  /// noise, and was most of a late pattern's latency section): too slow even prepared
  /// (a warning), in the warn band prepared, never felt (a warning). Devices in the
  /// report's order; cold-only misses are ``prepareTable(_:)``'s.
  static func adviceBlocks(_ latencies: [PatternLatency]) -> [ReportBlock] {
    func detect(_ latency: PatternLatency) -> String {
      latency.preparedDetect_s.map { ChartNumber.fixed($0 * 1000, decimals: 1) + " ms" } ?? ""
    }
    /// One device: "DEVICE: FINDING (DETECT)."; up to ``maxNamedDevices``: "FINDING, on N
    /// devices: A (DETECT), B (DETECT)."; more: "FINDING, on N devices (marked SYMBOL in
    /// the table below; prepared detect LOW to HIGH ms)." (the table names them).
    func sentence(
      _ verdict: PatternLatency.Verdict, _ finding: String, symbol: String, timed: Bool, end: String = ""
    ) -> String? {
      let holding = latencies.filter { $0.verdict == verdict }
      guard let first = holding.first else { return nil }
      if holding.count == 1 {
        return "\(first.device): \(finding)\(timed ? " (\(detect(first)))" : "")\(end)."
      }
      let capitalised = Wording.uppercasedFirst(finding)
      let devices = Wording.count(holding.count, "device")
      if holding.count > maxNamedDevices {
        let times = holding.compactMap(\.preparedDetect_s)
        let range =
          timed && !times.isEmpty
          ? "; prepared detect \(ChartNumber.fixed(times.min()! * 1000, decimals: 1)) to \(ChartNumber.fixed(times.max()! * 1000, decimals: 1)) ms"
          : ""
        return "\(capitalised), on \(devices) (marked \(symbol) in the table below\(range))\(end)."
      }
      let names = holding.map { timed ? "\($0.device) (\(detect($0)))" : $0.device }
      return "\(capitalised), on \(devices): \(names.joined(separator: ", "))\(end)."
    }
    var blocks: [ReportBlock] = []
    if let text = sentence(
      .fail, "too slow by the pattern's own onset, even on a prepared engine", symbol: ReportVerdict.fail.symbol,
      timed: true)
    {
      blocks.append(.warning(text))
    }
    if let text = sentence(
      .warn, "in the warn band by the pattern's own onset on a prepared engine", symbol: ReportVerdict.warn.symbol,
      timed: true)
    {
      blocks.append(.paragraph(text))
    }
    if let text = sentence(
      .silent, "never felt (below the detection threshold throughout)", symbol: ReportVerdict.unfelt.symbol,
      timed: false, end: "; the check fails")
    {
      blocks.append(.warning(text))
    }
    return blocks
  }

  static func neighboursSection(
    _ i: Int, _ e: CorpusEvaluation, catalog: PatternCatalog, clusterOf: [Int: Int], clusters: CorpusClusters?
  ) -> ReportSection {
    let item = catalog.items[i]
    let device = e.primaryDevice ?? "the primary device"
    var blocks: [ReportBlock] = [
      guided(
        "Closest first by perceptual distance on \(device); d' (JND) says whether two can be confused (under 1 confusable, under 2 close); waveform similarity (0..1) is a signal-level score, not a verdict."
      )
    ]
    if let g = item.identicalGroup {
      let others = catalog.identicalGroups[g].filter { $0 != i }.map { e.corpus.entries[$0].name }
      blocks.append(
        .note(
          "\(Wording.count(others.count + 1, "file")) hold this same pattern (events and curves; metadata aside): this one and \(Wording.list(others))."
        ))
    }
    if item.isSilentOnPrimary {
      blocks.append(
        .note(
          "This pattern is silent on \(device): nobody feels it, so it is no pattern's neighbour there and has none; it can only be missed."
        ))
    }
    if let clusters, let c = clusterOf[i] {
      let size = clusters.members[c].count
      let rep = clusters.representatives[c]
      let text =
        rep == i
        ? "In the corpus heat map this pattern stands for a group of \(Wording.count(size, "pattern"))."
        : "In the corpus heat map this pattern is in the group of \(e.corpus.entries[rep].name) (\(Wording.count(size, "pattern")))."
      blocks.append(.paragraph(text))
    }
    let neighbours = i < e.pairwise.neighbours.count ? e.pairwise.neighbours[i] : []
    if neighbours.isEmpty {
      if !item.isSilentOnPrimary { blocks.append(.note("No other felt pattern to compare with.")) }
    } else {
      let rows: [[LinkTable.Cell]] = neighbours.map { pair in
        let other = pair.other(than: i)
        let verdict: String =
          catalog.areIdentical(i, other)
          ? "identical" : catalog.bothSilent(i, other) ? "both silent" : pair.verdict.rawValue
        return [
          .text(catalog.items[other].name, href: String(catalog.items[other].page.dropFirst("patterns/".count))),
          .number(ChartNumber.fixed(pair.neighbourDistance, decimals: 2)),
          .number(ChartNumber.fixed(pair.dPrime, decimals: 2)), .text(verdict),
          .text(e.howItFeels(i, against: other)),
          .number(ChartNumber.fixed(pair.similarity.similarity, decimals: 3)),
        ]
      }
      blocks.append(
        .html(
          LinkTable(
            headers: [
              [
                .init(text: "neighbour"), .init(text: "perceptual distance", numeric: true),
                .init(text: "d' (JND)", numeric: true),
                .init(text: "verdict"), .init(text: "how this pattern feels against it"),
                .init(text: "waveform similarity (0..1)", numeric: true),
              ]
            ],
            rows: rows,
            caption:
              "\(Wording.count(neighbours.count, "nearest neighbour")), closest first (all pairs of this pattern with d' under \(JSONWriter.number(e.pairwise.settings.closeBelow_JND)) are in pairs.csv)."
          ).html))
    }
    return ReportSection(title: "Nearest neighbours", id: "neighbours", blocks: blocks)
  }

  /// The pattern's felt attributes on the primary device, in designers' words.
  static func attributesSection(_ i: Int, _ e: CorpusEvaluation) -> ReportSection {
    let device = e.primaryDevice ?? "the primary device"
    guard i < e.attributes.count, e.attributes[i].isPerceptible else {
      return ReportSection(
        title: "How it feels", id: "attributes", blocks: [.paragraph("Nobody feels this pattern on \(device).")])
    }
    let a = e.attributes[i]
    var table = CSVTable(columns: PerceptualAttributeColumns.all.map { CSVColumn($0.name) })
    table.append(PerceptualAttributeColumns.all.map { .fixed($0.value(a), decimals: $0.decimals) })
    return ReportSection(
      title: "How it feels", id: "attributes",
      blocks: [
        guided("On \(device): \(Wording.lowercasedFirst(PerceptualWording.summary(a)))."),
        .table(ReportTable(table, verdictColumns: []), caption: nil),
      ])
  }

  /// The pattern's lint findings: `findings` when given (the report groups them by file
  /// once, instead of every page searching all of the corpus's), else those of `e` for its file.
  static func lintSection(
    _ entry: PatternCorpus.Entry, _ e: CorpusEvaluation, findings given: [LintFinding]? = nil
  ) -> ReportSection {
    let findings = given ?? e.findings.filter { $0.file == entry.path }
    guard !findings.isEmpty else {
      return ReportSection(title: "Lint findings", id: "lint", blocks: [.paragraph("No lint findings.")])
    }
    var table = CSVTable(columns: [CSVColumn("rule"), CSVColumn("severity"), CSVColumn("place"), CSVColumn("message")])
    for f in findings { table.append([.text(f.ruleID), .text(f.severity.rawValue), .text(f.place), .text(f.message)]) }
    let counts = LintSeverity.allCases.map { s in
      Wording.count(findings.filter { $0.severity == s }.count, s.rawValue, s == .info ? "info" : nil)
    }
    return ReportSection(
      title: "Lint findings", id: "lint",
      blocks: [
        .paragraph(counts.joined(separator: ", ") + " (rule IDs in Docs/Patterns.md)."),
        .table(ReportTable(table, verdictColumns: []), caption: nil),
      ])
  }
}
