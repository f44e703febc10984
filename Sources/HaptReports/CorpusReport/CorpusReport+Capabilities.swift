import Foundation
import HaptCore
import HaptAndroid
import HaptCharts

extension CorpusReport {
  /// "What plays where": per device, how many patterns play, fall back or are silent;
  /// then one compact cell per pattern and device (``DevicePlayback``): plays, the
  /// fallback's d' from the intended effect, or silent, the sentence as a tooltip. Every
  /// row is in capabilities.csv.
  ///
  /// - Returns: nil when there is nothing to show.
  static func capabilitiesSection(_ rows: [DevicePlayback], limits: Limits) -> ReportSection? {
    guard !rows.isEmpty else { return nil }
    var devices: [String] = []
    var patterns: [String] = []
    var seen = Set<String>()
    var cell: [String: DevicePlayback] = [:]
    for row in rows {
      if !devices.contains(row.device) { devices.append(row.device) }
      if seen.insert(row.pattern).inserted { patterns.append(row.pattern) }
      cell[row.pattern + "\u{0}" + row.device] = row
    }
    var blocks: [ReportBlock] = [
      .paragraph(
        "What each device plays of each pattern, once: plays (as written on Core Haptics; on Android the app's port, hapt convert's, when its first alternative plays with nothing lost), falls back (a plainer form plays: the waveform for missing primitives or envelopes, the platform's fallback for a missing effect, on/off for no amplitude control, the resonance for a lost sharpness; with its d' from the intended effect, both rendered on that device) or silent (with the reason). Docs/Devices.md, \u{201C}Fallback rules\u{201D}, gives the rules and their sources."
      )
    ]
    var counts = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("platform"), CSVColumn("plays"), CSVColumn("falls back"),
      CSVColumn("within 1 JND"), CSVColumn("median d'", unit: "JND"), CSVColumn("silent"),
      CSVColumn("most common cause"),
    ])
    for device in devices {
      let own = rows.filter { $0.device == device }
      let fallbacks = own.compactMap(\.dPrime_JND).sorted()
      var causeCounts: [String: Int] = [:]
      for row in own where row.outcome.key != "plays" {
        for cause in row.causes { causeCounts[cause.description, default: 0] += 1 }
        if row.causes.isEmpty, let reason = row.silenceReason { causeCounts[reason.description, default: 0] += 1 }
      }
      let common = causeCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }
      counts.append([
        .text(device), .text(own.first?.platform.rawValue ?? ""),
        .number(Double(own.filter { $0.outcome == .plays }.count)), .number(Double(fallbacks.count)),
        .number(Double(fallbacks.filter { $0 < 1 }.count)),
        fallbacks.isEmpty ? .empty : .fixed(fallbacks[fallbacks.count / 2], decimals: 2),
        .number(Double(own.filter { $0.silenceReason != nil }.count)),
        common.map { .text("\($0.key) (\($0.value))") } ?? .empty,
      ])
    }
    blocks.append(.table(ReportTable(counts, verdictColumns: []), caption: nil))
    let shown = Array(patterns.prefix(limits.tableRows))
    let matrix = LinkTable(
      headers: [[LinkTable.Header(text: "pattern")] + devices.map { LinkTable.Header(text: $0) }],
      rows: shown.map { pattern in
        [LinkTable.Cell.name(pattern)]
          + devices.map { device in cell[pattern + "\u{0}" + device].map(matrixCell) ?? .empty }
      },
      caption: (patterns.count > shown.count
        ? "The first \(shown.count) of \(patterns.count) patterns; capabilities.csv holds all. " : "")
        + "✓ plays; a number: falls back, d' (JND) from the intended effect (◐ under 1, ! 1 to 3, ✗ 3 or more); ⊘ silent on a device with an actuator; ○ the device has none. Hover a cell for the fallback and its cause.",
      tableClass: "overview")
    blocks.append(.html(matrix.html))
    blocks.append(
      .approximate(
        "Android's fallback waveforms, primitives and effects are hapt's renderings of the platform's descriptions (Docs/Android.md); vendors change them per device."
      ))
    return ReportSection(title: "What plays where", id: "capabilities", blocks: blocks)
  }

  /// d' with one decimal, or two where one would land on a verdict's boundary from below:
  /// 0.97, under 1, is "0.97" (as the tooltip says), never "1.0" beside the under-1 symbol;
  /// two decimals are rounded down only where they too would reach it (0.999 is "0.99").
  static func cellNumber(_ d: Double) -> String {
    let short = DecimalText.fixed(d, decimals: 1)
    for boundary in [1.0, 3.0] where d < boundary && Double(short)! >= boundary {
      let two = DecimalText.fixed(d, decimals: 2)
      return Double(two)! < boundary ? two : DecimalText.fixed((d * 100).rounded(.down) / 100, decimals: 2)
    }
    return short
  }

  /// One matrix cell: a verdict colour, a symbol and d' for a fallback, the sentence as
  /// the tooltip.
  static func matrixCell(_ row: DevicePlayback) -> LinkTable.Cell {
    let tooltip = "\(row.pattern) on \(row.device): \(row.sentence)"
    switch row.outcome {
    case .plays:
      return .verdict(.pass, text: ReportVerdict.pass.symbol, tooltip: tooltip)
    case .fallsBack(let d):
      let verdict: ReportVerdict = d < 1 ? .prepare : d < 3 ? .warn : .fail
      return .verdict(verdict, text: "\(verdict.symbol) \(cellNumber(d))", tooltip: tooltip)
    case .silent(let reason):
      let verdict: ReportVerdict = reason == .noActuator ? .silent : .unfelt
      return .verdict(verdict, text: verdict.symbol, tooltip: tooltip)
    }
  }
}
