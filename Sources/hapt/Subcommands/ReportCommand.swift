import Foundation
import HaptMetrics
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptWorkflows

/// `hapt report CORPUS`: the main job, one HTML page and five CSV files.
enum ReportCommand {
  static let spec = Subcommand(
    name: "report",
    summary: "Evaluate a corpus and write an HTML report and CSV files.",
    usage: ["report CORPUS... [--out DIR] [--device NAME...] [--state prepared|cold|both] [--set NAME,NAME,...]"],
    discussion: """
      Renders every pattern under CORPUS on every device (default: all shipped profiles) in
      both engine states, and writes into DIR (default Reports/report): index.html (one
      self-contained page: latency charts against the budget, the review set's confusion
      matrices, a clustered similarity heat map, per-pattern waveforms and spectrograms,
      lint findings, the devices, and how to read it all) and patterns.csv, latency.csv,
      pairs.csv, confusion.csv, lint.csv (columns in the README). The folder is replaced
      as a whole, only once everything is written. Files that fail to load are listed in
      the report and on stderr (exit status 65); the others are evaluated.
      """,
    options: [
      .value("out", "DIR", help: "Output folder (default Reports/report)."),
      CommonOptions.device, CommonOptions.state,
      .value("set", "NAMES", help: "The design-review set (default: the UIKit notification success, warning, error).", repeatable: true),
      .value("budget", "DURATION", help: "Latency pass limit (default 50ms)."),
      .value("warn", "DURATION", help: "Latency warn limit (default 70ms)."),
      .value("title", "TEXT", help: "The report's title."),
      .value("neighbours", "K", help: "Nearest neighbours kept per pattern, by d' (default 5)."),
      .value("close-below", "JND", help: "Keep every pair with d' below this (default 1: confusable)."),
      .flag("all-pairs", help: "Write every pair to pairs.csv (n(n-1)/2 rows, streamed as computed)."),
      CommonOptions.threads, CommonOptions.maxRenderDuration, CommonOptions.maxFileBytes, CommonOptions.maxEvents, CommonOptions.maxControlPoints,
      CommonOptions.maxPatternTime, CommonOptions.maxFiles,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard !arguments.positionals.isEmpty else { throw UsageError.missingArgument("CORPUS (a pattern folder or files)") }
    let out = arguments.value("out") ?? "Reports/report"
    let budget = LatencyBudget(
      pass_s: try arguments.seconds("budget", default: LatencyBudget.default.pass_s),
      warn_s: try arguments.seconds("warn", default: LatencyBudget.default.warn_s))
    // All shipped profiles by default, the default device first (it is the primary device:
    // similarity across the corpus and the per-pattern figures use it).
    let devices =
      arguments.list("device").isEmpty
      ? try DeviceProfile.shipped().sorted { a, b in
        (a.name == DeviceProfile.defaultName ? 0 : 1, a.name) < (b.name == DeviceProfile.defaultName ? 0 : 1, b.name)
      }
      : try CommonOptions.devices(arguments)
    var options = EvaluationOptions(
      devices: devices, states: try CommonOptions.states(arguments, default: [.prepared, .cold]), budget: budget,
      threads: try CommonOptions.threads(arguments))
    options.maxRenderDuration_s = try CommonOptions.maxRenderDuration(arguments)
    let set = arguments.list("set").isEmpty ? Presets.defaultReviewSet : arguments.list("set")
    console.progress("loading \(arguments.positionals.joined(separator: " "))")
    let corpus = try CommonOptions.corpus(arguments.positionals, arguments)
    for failure in corpus.failures { console.error(failure.error.description) }
    console.progress("evaluating \(corpus.entries.count) patterns on \(devices.count) devices")
    var settings = PairwiseSummary.Settings()
    settings.neighbours = try arguments.integer("neighbours", default: settings.neighbours, in: 0...1000)
    settings.closeBelow_JND = try arguments.number("close-below", default: settings.closeBelow_JND, in: 0...100)
    let meter = ProgressMeter(console: console)
    // --all-pairs: every pair goes to a file next to DIR as it is computed, moved into the
    // report folder at the end.
    let allPairsPath = URL(fileURLWithPath: out).deletingLastPathComponent()
      .appendingPathComponent(".\(URL(fileURLWithPath: out).lastPathComponent).pairs.csv.partial").path
    let parentForPairs = URL(fileURLWithPath: out).deletingLastPathComponent().path
    var allPairsFile: FileHandle?
    if arguments.flag("all-pairs") {
      try? FileManager.default.createDirectory(atPath: parentForPairs, withIntermediateDirectories: true)
      guard FileManager.default.createFile(atPath: allPairsPath, contents: Data(ReportTables.pairsHeader.utf8)),
        let handle = FileHandle(forWritingAtPath: allPairsPath)
      else { throw InputError(file: allPairsPath, "cannot be written", status: .cannotCreate) }
      handle.seekToEndOfFile()
      allPairsFile = handle
    }
    defer {
      try? allPairsFile?.close()
      try? FileManager.default.removeItem(atPath: allPairsPath)
    }
    let names = corpus.entries.map(\.name)
    let primaryDevice = devices.first?.name ?? ""
    let primaryState = options.states.first ?? .prepared
    let sink: (([PairwiseSummary.Pair]) throws -> Void)? = allPairsFile.map { handle in
      { pairs in
        handle.write(Data(ReportTables.pairLines(pairs, names: names, device: primaryDevice, state: primaryState).utf8))
      }
    }
    let evaluation = try CorpusEvaluation(
      corpus, options: options, reviewSet: set, pairwise: settings, allPairs: sink,
      progress: { stage, done, total in meter.update(stage.rawValue, done: done, total: total) })
    for m in evaluation.measurements where m.isTruncated && m.state == options.states.first {
      console.warning("\(m.pattern) on \(m.device): render cut at the length limit; markers cover only the rendered part")
    }
    console.progress("writing \(out)")
    let title = arguments.value("title") ?? "hapt report: \(arguments.positionals.joined(separator: ", "))"
    var folder = CorpusReport.build(evaluation, title: title)
    if let handle = allPairsFile {
      try? handle.close()
      allPairsFile = nil
      folder.addFile("pairs.csv", movingFrom: allPairsPath)
    }
    let parent = URL(fileURLWithPath: out).deletingLastPathComponent().path
    if !FileManager.default.fileExists(atPath: parent) {
      do {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw InputError(file: out, "cannot create the parent folder", status: .cannotCreate)
      }
    }
    try folder.write(to: out)
    console.endProgress()
    console.line(URL(fileURLWithPath: out).appendingPathComponent("index.html").path)
    if !corpus.failures.isEmpty { return .dataError }
    return .success
  }
}
