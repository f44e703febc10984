import HaptAndroid
import HaptCore
import HaptEvaluation

/// The report's large CSV tables, written in parts while the folder is written
/// (``ReportFolder/addStreamed(_:parts:threads:_:)``): latency.csv has a row per pattern,
/// device and state, android-ports.csv and capabilities.csv a row per pattern and device,
/// pairs.csv a row per kept pair. At 100,000 patterns their text is about 1.1 GB, and the
/// cells they are made of several times that; a part is a few hundred patterns' rows.
extension CorpusReport {
  /// Patterns per part of latency.csv (26 rows each with the 13 shipped devices).
  static let latencyPartPatterns = 256
  /// Rows per part of the other streamed tables.
  static let tablePartRows = 4096

  /// Adds latency.csv, android-ports.csv, capabilities.csv and pairs.csv to `folder`, each
  /// the bytes its whole ``CSVTable`` would have (a header, then every row in order), in
  /// parts of `partPatterns` patterns (latency.csv) or `partRows` rows.
  static func addStreamedTables(
    to folder: inout ReportFolder, _ e: CorpusEvaluation, androidPorts: [AndroidPortResult],
    capabilities: [DevicePlayback], partPatterns: Int = latencyPartPatterns, partRows: Int = tablePartRows
  ) {
    let threads = e.options.threads
    let perPattern = e.options.devices.count * e.options.states.count
    let measurements = e.measurements
    let options = e.options
    addTable(
      "latency.csv", to: &folder, count: e.corpus.entries.count, per: partPatterns, threads: threads,
      header: ReportTables.latency([]).headerText
    ) { patterns in
      let rows = Array(measurements[(patterns.lowerBound * perPattern)..<(patterns.upperBound * perPattern)])
      let latencies = PatternLatency.assess(
        rows, devices: options.devices, states: options.states.count, budget: options.budget)
      return ReportTables.latency(rows, budget: options.budget, latencies: latencies)
    }
    addTable(
      "android-ports.csv", to: &folder, count: androidPorts.count, per: partRows, threads: threads,
      header: AndroidPortTable.table([]).headerText
    ) { AndroidPortTable.table(Array(androidPorts[$0])) }
    addTable(
      "capabilities.csv", to: &folder, count: capabilities.count, per: partRows, threads: threads,
      header: CapabilityTable.table([]).headerText
    ) { CapabilityTable.table(Array(capabilities[$0])) }
    let kept = e.pairwise.keptPairs
    addTable(
      "pairs.csv", to: &folder, count: kept.count, per: partRows, threads: threads,
      header: ReportTables.pairsHeader
    ) { ReportTables.pairs(kept[$0], of: e) }
  }

  /// Adds the table at `path`: `header`, then the rows of `rows(range)` for the ranges of
  /// `per` items covering `0..<count`. The rows of a part must be no wider than the
  /// header, as every row of these tables is (else the whole table's header would widen).
  private static func addTable(
    _ path: String, to folder: inout ReportFolder, count: Int, per: Int, threads: Int, header: String,
    rows: @escaping @Sendable (Range<Int>) -> CSVTable
  ) {
    let parts = (count + per - 1) / per
    folder.addStreamed(path, parts: 1 + parts, threads: threads) { k in
      guard k > 0 else { return header }
      let table = rows(((k - 1) * per)..<min(count, k * per))
      precondition(table.width == table.columns.count, "\(path): a row is wider than the header")
      return table.rowsText
    }
  }
}
