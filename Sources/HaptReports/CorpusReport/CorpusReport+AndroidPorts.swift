import HaptCore
import HaptAndroid

extension CorpusReport {
  /// "Android ports": how each AHAP pattern of the corpus feels once converted to an
  /// adaptive Android export (``AndroidPort``), per Android profile of the report, against
  /// the original on the same profile (the counts) and on the iPhone profile (the table): a sentence of
  /// counts per device, then the ports that people would notice (d' of 1 JND or more, a lost
  /// sharpness contrast, or silence), each with its plain verdict. Every row, including
  /// those that port within 1 JND, is in android-ports.csv.
  ///
  /// - Returns: nil when the report has no Android profile or the corpus no AHAP pattern.
  static func androidPortsSection(_ rows: [AndroidPortResult], limits: Limits) -> ReportSection? {
    guard !rows.isEmpty else { return nil }
    var blocks: [ReportBlock] = [
      .paragraph(
        "Each AHAP pattern exported to Android as hapt convert does it: a selection of alternatives (envelope effect, primitives, amplitude waveform, on/off timings), each tuned by d' on its class's profile (Docs/Android.md). Each Android profile plays the first alternative it supports. The counts judge each port against the original played on the same profile (the AHAP as that hardware would play it, so what the port itself loses); the table gives its d' from the original on the iPhone profile (the port and the hardware together), and its verdict both. d' in JND: under 1, people would not notice the difference."
      )
    ]
    var devices: [String] = []
    for row in rows where !devices.contains(row.device) { devices.append(row.device) }
    var sentences: [String] = []
    for device in devices {
      let ofDevice = rows.filter { $0.device == device }
      let counts: [(AndroidPortResult.Outcome, String, String)] = [
        (.sameFeel, "ports", "port"), (.feelsDifferent, "feels", "feel"),
        (.feelsVeryDifferent, "feels", "feel"), (.losesSharpnessContrast, "loses", "lose"),
        (.silent, "is", "are"),
      ]
      let parts = counts.compactMap { outcome, singularVerb, pluralVerb -> String? in
        let n = ofDevice.filter { $0.outcome == outcome }.count
        guard n > 0 else { return nil }
        let verb = n == 1 ? singularVerb : pluralVerb
        switch outcome {
        case .sameFeel: return "\(n) \(verb) within 1 JND"
        case .feelsDifferent: return "\(n) \(verb) different (1 to 3 JND)"
        case .feelsVeryDifferent: return "\(n) \(verb) very different (3 JND or more)"
        case .losesSharpnessContrast: return "\(n) \(verb) \(n == 1 ? "its" : "their") sharpness contrast"
        case .silent: return "\(n) \(verb) not felt"
        }
      }
      sentences.append(
        "On \(device), of \(Wording.count(ofDevice.count, "AHAP pattern")): " + parts.joined(separator: ", ") + ".")
    }
    blocks.append(.list(sentences))
    // The ports felt most different first (largest d'), at most limits.androidPortRows.
    func distance(_ row: AndroidPortResult) -> Double { row.dPrimeFromReference_JND ?? row.dPrime_JND ?? .infinity }
    // Silent ports (or originals) have no d' to rank: the counts above name them.
    let noticed = rows.filter { $0.outcome != .sameFeel && $0.outcome != .silent }.enumerated()
      .sorted { (distance($0.element), -$0.offset) > (distance($1.element), -$1.offset) }
      .map(\.element)
    if noticed.isEmpty {
      let anySilent = rows.contains { $0.outcome == .silent }
      blocks.append(
        .note("Every port\(anySilent ? " that plays" : "") stays within 1 JND of its original."))
    } else {
      var table = CSVTable(columns: [
        CSVColumn("pattern"), CSVColumn("device"), CSVColumn("plays"), CSVColumn("d' from iPhone", unit: "JND"),
        CSVColumn("verdict"),
      ])
      for row in noticed {
        table.append([
          .text(row.pattern), .text(row.device), .text(row.alternative ?? "nothing"),
          (row.dPrimeFromReference_JND ?? row.dPrime_JND).map { .fixed($0, decimals: 2) } ?? .empty,
          .text(row.verdict),
        ])
      }
      let shown = min(limits.androidPortRows, limits.tableRows)
      blocks.append(
        .table(
          ReportTable(capped(table, shown), verdictColumns: []),
          caption: table.rows.count > shown
            ? "The \(shown) ports people would notice most (largest d') of \(table.rows.count) noticed; android-ports.csv holds every port."
            : "The ports people would notice, most different first; android-ports.csv holds every port."))
    }
    blocks.append(
      .approximate(
        "Android's effects and primitives are rendered as hapt's own approximations of the platform's shapes; vendors publish none (Docs/Android.md)."
      ))
    return ReportSection(title: "Android ports", id: "android", blocks: blocks)
  }
}
