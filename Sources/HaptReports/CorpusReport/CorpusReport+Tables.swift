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

  /// The tables of rows per pattern: a shard of a sharded report writes its own patterns'
  /// rows of each (``addPatternTables(to:measurements:options:androidPorts:capabilities:withHeaders:path:)``),
  /// and the merge joins them under the header instead of making them again.
  package static let patternTables = ["latency.csv", "android-ports.csv", "capabilities.csv"]

  /// The header line of each of ``patternTables``.
  static let patternTableHeaders: [String: String] = [
    "latency.csv": ReportTables.latency([]).headerText, "android-ports.csv": AndroidPortTable.table([]).headerText,
    "capabilities.csv": CapabilityTable.table([]).headerText,
  ]

  /// Adds latency.csv, android-ports.csv, capabilities.csv and pairs.csv to `folder`, each
  /// the bytes its whole ``CSVTable`` would have (a header, then every row in order), in
  /// parts of `partPatterns` patterns (latency.csv) or `partRows` rows. With
  /// `patternTableRows` (a merge's: each of ``patternTables`` by name, the files of its
  /// rows from every shard in order), those tables are their header and those files.
  static func addStreamedTables(
    to folder: inout ReportFolder, _ e: CorpusEvaluation, androidPorts: [AndroidPortResult],
    capabilities: [DevicePlayback], patternTableRows: [String: [String]]? = nil,
    partPatterns: Int = latencyPartPatterns, partRows: Int = tablePartRows
  ) {
    let threads = e.options.threads
    if let patternTableRows {
      for file in patternTables {
        folder.addConcatenated(
          file, header: patternTableHeaders[file] ?? "", files: patternTableRows[file] ?? [], threads: threads)
      }
    } else {
      addPatternTables(
        to: &folder, measurements: e.measurements, options: e.options, androidPorts: androidPorts,
        capabilities: capabilities, withHeaders: true, path: { $0 }, partPatterns: partPatterns, partRows: partRows)
    }
    let kept = e.pairwise.keptPairs
    addTable(
      "pairs.csv", to: &folder, count: kept.count, per: partRows, threads: threads,
      header: ReportTables.pairsHeader
    ) { ReportTables.pairs(kept[$0], of: e) }
  }

  /// Adds the ``patternTables`` of `measurements` (whole patterns, in pattern, device and
  /// state order) and the Android rows to `folder`, each at `path(name)`: with their
  /// headers (a report), or their rows only (a shard's part). A pattern's rows depend on
  /// it alone, so a shard's rows are the whole report's rows of its patterns.
  package static func addPatternTables(
    to folder: inout ReportFolder, measurements: [PatternMeasurement], options: EvaluationOptions,
    androidPorts: [AndroidPortResult], capabilities: [DevicePlayback], withHeaders: Bool,
    path: (String) -> String, partPatterns: Int = latencyPartPatterns, partRows: Int = tablePartRows
  ) {
    let threads = options.threads
    let perPattern = options.devices.count * options.states.count
    func header(_ file: String) -> String { withHeaders ? patternTableHeaders[file] ?? "" : "" }
    addTable(
      path("latency.csv"), to: &folder, count: perPattern == 0 ? 0 : measurements.count / perPattern,
      per: partPatterns, threads: threads, header: header("latency.csv")
    ) { patterns in
      let rows = Array(measurements[(patterns.lowerBound * perPattern)..<(patterns.upperBound * perPattern)])
      let latencies = PatternLatency.assess(
        rows, devices: options.devices, states: options.states.count, budget: options.budget)
      return ReportTables.latency(rows, budget: options.budget, latencies: latencies)
    }
    addTable(
      path("android-ports.csv"), to: &folder, count: androidPorts.count, per: partRows, threads: threads,
      header: header("android-ports.csv")
    ) { AndroidPortTable.table(Array(androidPorts[$0])) }
    addTable(
      path("capabilities.csv"), to: &folder, count: capabilities.count, per: partRows, threads: threads,
      header: header("capabilities.csv")
    ) { CapabilityTable.table(Array(capabilities[$0])) }
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
