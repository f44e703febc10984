import Foundation
import HaptCore
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
      pairs.csv, confusion.csv, lint.csv, android-ports.csv (each AHAP pattern's Android port
      on the Android profiles; columns in the README). The folder is replaced
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
    let corpus = try CommonOptions.corpus(arguments.positionals, arguments, console)
    console.progress("evaluating \(corpus.entries.count) patterns on \(devices.count) devices")
    let evaluation = CorpusEvaluation(corpus, options: options, reviewSet: set)
    for m in evaluation.measurements where m.isTruncated && m.state == options.states.first {
      console.warning("\(m.pattern) on \(m.device): render cut at the length limit; markers cover only the rendered part")
    }
    console.progress("writing \(out)")
    let title = arguments.value("title") ?? "hapt report: \(arguments.positionals.joined(separator: ", "))"
    var folder = CorpusReport.build(evaluation, title: title)
    folder.add("android-ports.csv", androidPorts(corpus, devices: devices, options: options).csvText)
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

extension ReportCommand {
  /// `android-ports.csv`: every AHAP pattern's Android port on each Android profile of the
  /// report (those named in `AndroidPort.defaultDeviceNames` or with an `android` block).
  static func androidPorts(_ corpus: PatternCorpus, devices: [DeviceProfile], options: EvaluationOptions) -> CSVTable {
    let android = devices.filter { AndroidPort.defaultDeviceNames.contains($0.name) || $0.android != nil }
    let patterns = corpus.entries.filter { URL(fileURLWithPath: $0.path).pathExtension.lowercased() == "ahap" }
      .map { (name: $0.name, pattern: $0.pattern) }
    return AndroidPortTable.table(AndroidPort.rows(patterns: patterns, devices: android, threads: options.threads))
  }
}
