import HaptMetrics
import HaptEvaluation
import HaptCharts

/// The index page's Patterns section: one row per pattern, linked to its page, with its
/// worst latency verdict, its detect latency on every device and state as coloured cells,
/// and its nearest neighbour with d'; sorted by the worst verdict (fail, warn, silent,
/// pass) and then by the nearest neighbour's d' (closest first), so what needs attention
/// comes first.
enum PatternIndex {
  static func section(_ e: CorpusEvaluation, catalog: PatternCatalog) -> ReportSection {
    let devices = e.options.devices
    let states = e.options.states
    let perPattern = devices.count * states.count
    let budget = e.options.budget
    var headers: [[LinkTable.Header]] = [[.init(text: "pattern"), .init(text: "worst")]]
    headers[0] += devices.map { .init(text: $0.name, span: states.count) }
    headers[0] += [.init(text: "nearest neighbour"), .init(text: "d' (JND)", numeric: true)]
    var second: [LinkTable.Header] = []
    for _ in devices { second += states.map { .init(text: $0.rawValue, numeric: true) } }
    if states.count > 1 || devices.count > 0 { headers.append(second) }

    var rows: [[LinkTable.Cell]] = []
    var ids: [String?] = []
    let order = catalog.indexOrder(e.pairwise)
    rows.reserveCapacity(order.count)
    for i in order {
      let item = catalog.items[i]
      var row: [LinkTable.Cell] = [
        .text(item.name, href: item.page), item.worst.map { .badge(ReportVerdict($0)) } ?? .empty,
      ]
      for (k, m) in e.measurements[(i * perPattern)..<((i + 1) * perPattern)].enumerated() {
        let latency = item.latencies[k / max(states.count, 1)]
        let verdict = cellVerdict(m, latency)
        let detect = m.markers.detect_s.map { $0 * 1000 }
        let text =
          detect.map { "\(verdict.symbol) \(cellText($0, verdict: badge(m.verdict), budget: budget))" }
          ?? verdict.symbol
        row.append(.verdict(verdict, text: text, tooltip: tooltip(m, latency)))
      }
      if let nearest = catalog.nearest(i, in: e.pairwise) {
        let other = catalog.items[nearest.other(than: i)]
        row += [.text(other.name, href: other.page), .number(ChartNumber.fixed(nearest.dPrime, decimals: 2))]
      } else {
        row += [.empty, .empty]
      }
      rows.append(row)
      ids.append(PatternPage.anchor(item))
    }
    let table = LinkTable(
      headers: headers, rows: rows, rowIDs: ids,
      caption:
        "\(Wording.count(rows.count, "pattern")): detect latency in ms after the trigger on every device and state (✓ pass within \(Wording.ms(budget.pass_s)), ! warn to \(Wording.ms(budget.warn_s)), ✗ fail later even on a prepared engine, ◐ misses the budget only because the engine starts cold: passes when the app calls prepare() ahead (Android has no prepare(): there it is the vibrator's cold start), ⊘ never felt on a device with an actuator, ○ silent on a device that cannot play). worst: the pattern's own verdict, judged on a prepared engine.",
      tableClass: "overview")
    let device = e.primaryDevice ?? "the primary device"
    return ReportSection(
      title: "Patterns", id: "patterns",
      blocks: [
        .paragraph(
          "Every pattern, the ones that need attention first: sorted by the worst of what the pattern's author can change on devices with an actuator (fail: its own onset is too slow even on a prepared engine; never felt; warn; prepare: passes once the app calls prepare() ahead; pass), then by the d' of the nearest neighbour on \(device) (the pattern that feels most alike, by perceptual distance; closest first; identical copies aside; silent patterns have no neighbours). Each name links to the pattern's page: waveform, spectrogram, latency details and nearest neighbours."
        ),
        .html(table.html),
      ])
  }

  /// A cell's colour: the row's verdict, except that a row that misses the budget only
  /// because the engine starts cold is `prepare`, and a silent row is `never felt` on a
  /// device that could play it.
  static func cellVerdict(_ m: PatternMeasurement, _ latency: PatternLatency) -> ReportVerdict {
    if m.verdict == .silent { return m.isFailure ? .unfelt : .silent }
    if latency.missesOnlyCold(m) { return .prepare }
    return badge(m.verdict)
  }

  /// The cell's tooltip: detect (the cell's number) split into the engine latency and the
  /// pattern's onset, and what to do. The row's pattern and the column's device and state
  /// stay in view (the first column and the headers are sticky), so the tooltip does not
  /// repeat them: at 10,000 patterns they were a fifth of the index.
  static func tooltip(_ m: PatternMeasurement, _ latency: PatternLatency) -> String {
    guard m.markers.detect_s != nil, let onset = m.onset_s else {
      return (m.isFailure ? "never felt" : "silent") + " (\(m.silenceReason?.description ?? "not felt"))"
    }
    var text =
      "engine \(ChartNumber.fixed(m.engineLatency_s * 1000, decimals: 1)) ms + onset \(ChartNumber.fixed(onset * 1000, decimals: 1)) ms"
    if let advice = latency.advice(for: m) { text += "; " + advice }
    return text
  }

  /// Whole milliseconds, or more decimals where whole ones would contradict the verdict
  /// (50.1 ms warns against a 50 ms budget: `50.1`, not `50`).
  static func cellText(_ detect_ms: Double, verdict: ReportVerdict, budget: LatencyBudget) -> String {
    let whole = ChartNumber.fixed(detect_ms, decimals: 0)
    let pass_ms = budget.pass_s * 1000
    let warn_ms = budget.warn_s * 1000
    if ReportVerdict(latency_ms: Double(whole) ?? detect_ms, pass_ms: pass_ms, warn_ms: warn_ms) == verdict {
      return whole
    }
    return LatencyChart.displayed(detect_ms, verdict: verdict, pass_ms: pass_ms, warn_ms: warn_ms)
  }

  static func badge(_ verdict: LatencyVerdict) -> ReportVerdict {
    ReportVerdict(rawValue: verdict.rawValue) ?? .silent
  }
}
