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
    let states = e.options.states
    let perPattern = e.options.devices.count * states.count
    let budget = e.options.budget
    // Devices without an actuator get no columns (every cell would be the same ○): a
    // note names them instead.
    let shown = e.options.devices.indices.filter { e.options.devices[$0].actuator.exists }
    let devices = shown.map { e.options.devices[$0] }
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
      for d in shown {
        let latency = item.latencies[d]
        for s in states.indices {
          row.append(cell(e.measurements[i * perPattern + d * states.count + s], latency, budget: budget))
        }
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
    let silentDevices = catalog.devicesWithoutActuator
    let silentNote: [ReportBlock] =
      silentDevices.isEmpty
      ? []
      : [
        .paragraph(
          "\(Wording.list(silentDevices)) \(silentDevices.count == 1 ? "has" : "have") no actuator: every pattern is silent there, so \(silentDevices.count == 1 ? "it has no column" : "they have no columns") (What plays where lists them)."
        )
      ]
    return ReportSection(
      title: "Patterns", id: "patterns",
      blocks: [
        .paragraph(
          "Every pattern, the ones that need attention first: sorted by the worst of what the pattern's author can change on devices with an actuator (fail: its own onset is too slow even on a prepared engine; never felt; warn; prepare: passes once the app calls prepare() ahead; pass), then by the d' of the nearest neighbour on \(device) (the pattern that feels most alike, by perceptual distance; closest first; identical copies aside; silent patterns have no neighbours). Each name links to the pattern's page: waveform, spectrogram, latency details and nearest neighbours."
        )
      ] + silentNote + [.html(table.html)])
  }

  /// A pattern's cell for one device and state: the verdict's colour and symbol and the
  /// detect latency in ms. Only a cell that misses the budget only cold (what to do) or is
  /// silent on a device with an actuator (why) has a tooltip; the split of detect into
  /// the engine's latency and the pattern's onset is on the pattern's page.
  static func cell(_ m: PatternMeasurement, _ latency: PatternLatency, budget: LatencyBudget) -> LinkTable.Cell {
    let verdict = cellVerdict(m, latency)
    guard let detect = m.markers.detect_s.map({ $0 * 1000 }) else {
      return .verdict(
        verdict, text: verdict.symbol,
        tooltip: (m.isFailure ? "never felt" : "silent") + " (\(m.silenceReason?.description ?? "not felt"))")
    }
    return .verdict(
      verdict, text: "\(verdict.symbol) \(cellText(detect, verdict: badge(m.verdict), budget: budget))",
      tooltip: latency.advice(for: m))
  }

  /// A cell's colour: the row's verdict, except that a row that misses the budget only
  /// because the engine starts cold is `prepare`, and a silent row is `never felt` on a
  /// device that could play it.
  static func cellVerdict(_ m: PatternMeasurement, _ latency: PatternLatency) -> ReportVerdict {
    if m.verdict == .silent { return m.isFailure ? .unfelt : .silent }
    if latency.missesOnlyCold(m) { return .prepare }
    return badge(m.verdict)
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
