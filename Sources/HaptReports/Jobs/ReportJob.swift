import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptEvaluation
import HaptAndroid
import HaptSignals

/// The report job: the whole report folder, one shard's part of it, or the report from
/// the merged parts of a sharded run (byte for byte what one unsharded run writes).
///
/// The caller loads the corpus (and says what failed to load) and prints; the job
/// evaluates, streams every pair to disk when asked, and writes the folder atomically.
package struct ReportJob {
  /// What to evaluate and how.
  package var settings: ReportJobSettings
  /// The devices of ``settings``, the primary one first.
  package var devices: [DeviceProfile]
  /// Worker threads (results do not depend on it).
  package var threads: Int
  /// The run's environment: `HAPT_DEVICES` for the devices, the current folder an
  /// output may not replace.
  package var environment: HaptEnvironment
  /// Progress of the long stages (nil: none shown).
  package var progress: (@Sendable (EvaluationStage, Int, Int) -> Void)?
  /// A line saying what the job does now ("evaluating ...", "writing ...").
  package var status: (String) -> Void = { _ in }
  /// A warning about the results (a render cut at the length limit).
  package var warning: (String) -> Void = { _ in }
  /// How the report tells its reader to ask for more (the caller's own words).
  package var hints = ReportHints()

  /// - Throws: the lookup error of a device that is not a profile.
  package init(settings: ReportJobSettings, threads: Int, environment: HaptEnvironment = .process) throws {
    self.settings = settings
    self.devices = try settings.deviceProfiles(in: environment)
    self.threads = threads
    self.environment = environment
  }

  /// The evaluation options of ``settings``.
  package var options: EvaluationOptions {
    var options = EvaluationOptions(
      devices: devices, states: settings.states, budget: settings.budget, threads: threads)
    options.maxRenderDuration_s = settings.maxRenderDuration_s
    return options
  }

  /// What the report (or a shard's part) may replace: never the current folder, the
  /// corpus, the merged parts, or a folder holding any of them
  /// (``OutputFolderGuard``). Check it before loading anything, so that a refusal is
  /// the first thing said.
  package func outputGuard(part: Bool = false, merged: ShardMerge.ReportParts? = nil) -> OutputFolderGuard {
    OutputFolderGuard(
      kind: part ? .reportPart : .report, inputs: settings.paths + (merged?.folders ?? []),
      currentFolder: environment.currentFolder)
  }

  /// Writes the report folder `out` for `corpus`; with `merged`, from a sharded run's
  /// parts (their measurements and pairs, and their files of every pair).
  /// - Returns: the path of the report's index.html.
  /// - Throws: ``InputError`` if the corpus is not the one the shards saw or a file
  ///   cannot be written.
  @discardableResult
  package func writeReport(
    _ corpus: PatternCorpus, to out: String, merged: ShardMerge.ReportParts? = nil
  ) throws
    -> String
  {
    let options = self.options
    if let merged {
      try Self.check(
        merged, against: corpus, measurements: corpus.entries.count * devices.count * options.states.count,
        playbackRows: corpus.entries.count * devices.count, paths: settings.paths)
    }
    let outputGuard = outputGuard(merged: merged)
    try outputGuard.check(out)
    try AtomicFile.createParentFolder(of: out)
    let pairs = try EveryPairFile(next: out, enabled: settings.allPairs, header: ReportTables.pairsHeader)
    defer { pairs.discard() }
    var sink: (([PairwiseSummary.Pair]) throws -> Void)?
    if let merged {
      try pairs.append(contentsOf: merged.allPairsSegments)
    } else {
      sink = pairs.sink(
        names: corpus.entries.map(\.name), device: devices.first?.name ?? "", state: options.states.first ?? .prepared)
    }
    status("evaluating \(corpus.entries.count) patterns on \(devices.count) devices")
    let evaluation = try CorpusEvaluation(
      corpus, options: options, reviewSet: settings.resolvedReviewSet, pairwise: settings.pairwise, allPairs: sink,
      given: merged?.precomputed, progress: progress ?? { _, _, _ in })
    for m in evaluation.measurements where m.isTruncated && m.state == options.states.first {
      warning("\(m.pattern) on \(m.device): render cut at the length limit; markers cover only the rendered part")
    }
    status("writing \(out)")
    // Each pattern is exported to Android once, and each render both sections need is
    // made once per pattern; a merge has the shards' rows.
    let android = merged?.android ?? androidRows(corpus.entries, measurements: evaluation.measurements)
    var folder = CorpusReport.build(
      evaluation, title: settings.resolvedTitle, androidPorts: android.ports, capabilities: android.playback,
      hints: hints, figures: merged?.figureSource(patterns: corpus.entries.count),
      patternTableRows: merged?.patternTableRows)
    (folder.kind, folder.inputs, folder.currentFolder) = (
      outputGuard.kind, outputGuard.inputs, outputGuard.currentFolder
    )
    pairs.move(into: &folder, as: "pairs.csv")
    try folder.write(to: out)
    return URL(fileURLWithPath: out).appendingPathComponent("index.html").path
  }

  /// Writes shard `shard`'s part folder `out`: its share of the patterns rendered and
  /// measured on every device and state, and its share of the rows of pairs with the
  /// primary renders of the patterns they reach (``shareCosts``, ``ShardPlan``).
  /// - Throws: ``InputError`` if a file cannot be written.
  package func writePart(_ corpus: PatternCorpus, shard: ShardSpec, to out: String) throws {
    let options = self.options
    let outputGuard = outputGuard(part: true)
    try outputGuard.check(out)
    try AtomicFile.createParentFolder(of: out)
    let pairs = try EveryPairFile(next: out, enabled: settings.allPairs, header: "")
    defer { pairs.discard() }
    let sink = pairs.sink(
      names: corpus.entries.map(\.name), device: devices.first?.name ?? "", state: options.states.first ?? .prepared)
    let count = corpus.entries.count
    let (own, rows) = shard.reportShare(count: count, costs: shareCosts)
    let share = Array(corpus.entries[own])
    var renderProgress: (@Sendable (Int, Int) -> Void)?
    if let progress { renderProgress = { done, total in progress(.rendering, done, total) } }
    // What the pairs need of every pattern's primary render, taken right after it is made
    // (the first shard's also the heat map's similarity features); no render is kept: the
    // share's renders are measured and dropped (the pages' figures make theirs again).
    let heatMapShown = shard.index == 1 ? min(corpus.entries.count, CorpusEvaluation.heatMapLimit) : 0
    let evaluation = Evaluation.run(share, options: options, progress: renderProgress) { i, rendered in
      PrimarySummary(rendered.rendering.acceleration_g, similarity: own.lowerBound + i < heatMapShown)
    }
    let android = androidRows(share, measurements: evaluation.measurements)
    // The other patterns' primary renders, made for the pairs alone: only those the
    // shard's rows of pairs reach (every pattern from its first row on). No pair of this
    // shard reads the features of a pattern before its rows, which stand as silence.
    let reached = rows.isEmpty ? [] : (rows.lowerBound..<count).filter { !own.contains($0) }
    var primaryOnly = options
    primaryOnly.devices = Array(options.devices.prefix(1))
    primaryOnly.states = Array(options.states.prefix(1))
    let reachedSummaries = Evaluation.map(
      reached.map { corpus.entries[$0] }, options: primaryOnly, progress: renderProgress
    ) { PrimarySummary($0.rendering.acceleration_g, similarity: reached[$0.entryIndex] < heatMapShown) }
    // In corpus order (none at all without a device).
    var summaries: [PrimarySummary] = []
    if reachedSummaries.count == reached.count, evaluation.primary.count == share.count, count > 0 {
      let unreached = PrimarySummary(Signal(samples: [], sampleRate_Hz: SignalSource.metricRate_Hz), similarity: false)
      summaries = [PrimarySummary](repeating: unreached, count: count)
      for (k, i) in reached.enumerated() { summaries[i] = reachedSummaries[k] }
      for (k, i) in own.enumerated() { summaries[i] = evaluation.primary[k] }
    }
    let renders = PrimaryRenders(corpus.entries, options: options)
    let threads = options.threads
    let features = summaries.map(\.features)
    let attributes = summaries.map(\.attributes)
    let summary = try CorpusEvaluation.summarize(
      count: summaries.count, signal: { renders?.signal($0) ?? Signal(samples: [], sampleRate_Hz: 0) },
      settings: settings.pairwise, rows: summaries.isEmpty ? 0..<0 : rows, threads: threads,
      perceptualFeatures: features, attributes: attributes, allPairs: sink, progress: progress ?? { _, _, _ in })
    var part = ShardPart(
      shard: shard.index, shardCount: shard.count, corpusFingerprint: ShardPart.fingerprint(corpus), job: settings,
      measurements: evaluation.measurements, pairwise: summary, android: android)
    (part.patternShare, part.rowShare) = (own, rows)
    part.features = Array(features[own])
    part.attributes = Array(attributes[own])
    part.sampleKeys = summaries[own].map(\.sampleKey)
    if shard.index == 1 {
      part.heatMapSimilarity = CorpusEvaluation.heatMap(summaries.compactMap(\.similarity), threads: threads)
    }
    var folder = ReportFolder()
    (folder.kind, folder.inputs, folder.currentFolder) = (
      outputGuard.kind, outputGuard.inputs, outputGuard.currentFolder
    )
    folder.add(ShardPart.fileName, part.text)
    // The shard's rows of the tables of rows per pattern, for the merge to join.
    CorpusReport.addPatternTables(
      to: &folder, measurements: evaluation.measurements, options: options, androidPorts: android.ports,
      capabilities: android.playback, withHeaders: false, path: ShardPart.rowsFileName)
    // The pages' figures and sounds of the shard's patterns, made (and their renders made
    // again) as the part is written.
    let measurements = evaluation.measurements
    let perPattern = options.devices.count * options.states.count
    PatternFigureSource.renders(
      render: { i in renders.map { $0.render(i) } },
      measurement: { i in
        let k = (i - own.lowerBound) * perPattern
        return perPattern > 0 && k >= 0 && k < measurements.count ? measurements[k] : nil
      }
    ).addFragments(Array(own), to: &folder, threads: threads)
    pairs.move(into: &folder, as: ShardPart.allPairsFileName)
    try folder.write(to: out)
  }

  /// What a shard's work costs with this job's devices and states, to share it out
  /// (``ShardPlan/Costs/report(devices:states:)``).
  var shareCosts: ShardPlan.Costs { .report(devices: devices.count, states: options.states.count) }

  /// The Android sections' rows of `entries` on ``devices`` (``AndroidSections``), with
  /// `measurements` (theirs, in pattern, device, state order): where the sections render a
  /// pattern as the latency table did (prepared, the same options), they read its
  /// measurement instead of rendering it again.
  func androidRows(_ entries: [PatternCorpus.Entry], measurements: [PatternMeasurement]) -> AndroidSections.Rows {
    var renderOptions = RenderOptions()
    renderOptions.maxDuration_s = options.maxRenderDuration_s
    let states = options.states
    let perPattern = devices.count * states.count
    var measured: (@Sendable (Int, Int) -> PatternMeasurement?)?
    if let prepared = states.firstIndex(of: .prepared), options.renderOptions(.prepared) == renderOptions,
      measurements.count == entries.count * perPattern
    {
      measured = { entry, device in measurements[entry * perPattern + device * states.count + prepared] }
    }
    return AndroidSections.rows(
      entries.map { (name: $0.name, path: $0.path, pattern: $0.pattern) }, devices: devices, options: renderOptions,
      threads: options.threads, measured: measured)
  }

  /// Throws unless `merged` comes from `corpus` and holds `measurements` measurements and
  /// `playbackRows` rows of what plays where.
  static func check(
    _ merged: ShardMerge.ReportParts, against corpus: PatternCorpus, measurements: Int, playbackRows: Int,
    paths: [String]
  )
    throws
  {
    if merged.fingerprint != ShardPart.fingerprint(corpus) {
      throw InputError(
        file: paths.joined(separator: " "),
        "the corpus is not the one the shards saw (it changed, or merge runs elsewhere)")
    }
    if merged.precomputed.measurements.count != measurements {
      throw InputError(
        file: paths.joined(separator: " "),
        "the parts hold \(merged.precomputed.measurements.count) measurements; this corpus and these options need "
          + "\(measurements)")
    }
    let features = merged.precomputed
    if features.features.count != corpus.entries.count || features.attributes.count != corpus.entries.count
      || features.sampleKeys.count != corpus.entries.count
    {
      throw InputError(
        file: paths.joined(separator: " "),
        "the parts hold the features of \(features.features.count) patterns; this corpus has \(corpus.entries.count)")
    }
    // Each page's figures are a file of its shard's part (a part cut short lacks some).
    for (folder, share) in zip(merged.folders, merged.patternShares) {
      // The folder's URL made once: made for each file, it checked the folder each time.
      let base = URL(fileURLWithPath: folder, isDirectory: true)
      for i in share {
        let file = base.appendingPathComponent(PatternFigureSource.fragmentPath(i), isDirectory: false).path
        guard FileManager.default.fileExists(atPath: file) else {
          throw InputError(file: file, "not found: the part is incomplete; run its shard again", kind: .missing)
        }
      }
    }
    if merged.android.playback.count != playbackRows {
      throw InputError(
        file: paths.joined(separator: " "),
        "the parts hold \(merged.android.playback.count) rows of what plays where; this corpus and these options need "
          + "\(playbackRows)")
    }
  }
}
