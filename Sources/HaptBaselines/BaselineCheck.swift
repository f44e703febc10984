import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptExplanation
import HaptFormats

/// How far a re-render may drift from its baseline before it counts as changed.
///
/// The rule (Docs/Perception.md): a pattern has changed when its d' against the baseline
/// reaches ``maxDPrime_JND``, when its detect time moves by more than
/// ``maxLatencyShift_s``, or when it turns from felt to silent or back. ST-SIM is reported,
/// never a gate: it is a codec-quality score, blind to a level change while the peak stays.
public struct BaselineTolerances: Sendable, Equatable {
  /// The d' (JND units) at which a re-render counts as changed: 1 JND is a difference a
  /// person notices about three times in four side by side.
  public var maxDPrime_JND: Double = 1.0
  /// Largest shift of the detection time, seconds.
  public var maxLatencyShift_s: Double = 0.005

  public init() {}
}

/// The status of one pattern on one device in one state against its baseline.
package enum BaselineStatus: String, Sendable, CaseIterable {
  /// Within every tolerance.
  case unchanged
  /// Past a tolerance: the change says which.
  case changed
  /// In the corpus, not in the baseline.
  case added
  /// In the baseline, not in the corpus.
  case removed
  /// Cannot be compared honestly: the device profile or the model version differs.
  case incomparable
}

/// One row of a baseline check.
package struct BaselineComparison: Sendable, Equatable {
  package var pattern: String
  package var device: String
  package var state: EngineState
  package var status: BaselineStatus
  /// Why the row has its status, one reason each (worded "d' 2.6 JND >= 1.0", "detect
  /// +12.4 ms", "no longer felt"); empty when unchanged.
  package var changes: [BaselineChangeReason]
  /// What a person would feel differently, event by event, largest first (the terms of
  /// d' of at least ``BaselineComparison/reportedChange_JND``); empty unless the row
  /// changed.
  package var perceptualChanges: [PerceptualChange] = []
  /// d' of the re-render against the baseline signal, JND units.
  package var dPrime_JND: Double?
  /// The bounded similarity (0...1) of the re-render and the baseline signal.
  package var similarity: Double?
  /// New minus baseline detection time, seconds.
  package var latencyShift_s: Double?
  /// The name the pattern had in the reference: git's rename detection paired it with a
  /// file of another name (`--against`), or its file's bytes are those the baseline
  /// recorded under a name no longer in the corpus (``Baseline/renames(_:records:)``).
  package var renamedFrom: String?
  /// What changed in the file and what a person would feel from it, in the words `hapt
  /// compare` prints (``Explanation/Story``): on a changed row, and on a row whose file
  /// was edited though nothing is felt (which says why). Nil otherwise.
  package var story: Explanation.Story?

  /// Smallest term of d' that is listed in ``perceptualChanges``, JND.
  package static let reportedChange_JND = 0.3

  package init(
    pattern: String, device: String, state: EngineState, status: BaselineStatus, changes: [BaselineChangeReason]
  ) {
    self.pattern = pattern
    self.device = device
    self.state = state
    self.status = status
    self.changes = changes
  }

  /// The failure in one line: the status reasons, then what changed, e.g. "d' 2.6 JND >=
  /// 1.0: event 2: 6.0 dB weaker (2.6 JND)".
  ///
  /// With both layers of an explanation (both sides pattern files of one format), the
  /// reasons are followed by the story's line: "d' 2.6 JND >= 1.0 — in the file: event 1
  /// (transient at 0.00 s): intensity 0.90 → 0.45 (weaker) — felt: event 1 (transient at
  /// 0.00 s): 6.0 dB weaker (2.6 JND) — how it feels: ...".
  package var summary: String {
    var parts = changes.map(\.description)
    if let story, story.edits != nil {
      let reasons = parts.joined(separator: "; ")
      let line = reasons.isEmpty ? story.line : reasons + " — " + story.line
      return renamedFrom.map { "renamed from \($0); " + line } ?? line
    }
    if !perceptualChanges.isEmpty {
      let described = perceptualChanges.prefix(3).map(\.sentence).joined(separator: "; ")
      let more = perceptualChanges.count > 3 ? "; and \(perceptualChanges.count - 3) smaller" : ""
      if parts.isEmpty { parts.append(described + more) } else { parts[0] += ": " + described + more }
    }
    if let renamedFrom { parts.insert("renamed from \(renamedFrom)", at: 0) }
    return parts.joined(separator: "; ")
  }
}

/// The result of `hapt baseline check`.
package struct BaselineCheckResult: Sendable {
  package var comparisons: [BaselineComparison]
  /// Problems with the baseline as a whole (other model version, edited device profile).
  package var problems: [String]
  /// What the user should know that does not fail the check (a baseline of pattern
  /// copies recorded by another model version, checked with this one on both sides).
  package var notes: [String] = []
  /// Pattern files that failed to load (their patterns are reported as removed too).
  package var failures: [PatternCorpus.Failure]

  /// Whether the corpus matches its baseline.
  package var passed: Bool {
    problems.isEmpty && failures.isEmpty && comparisons.allSatisfy { $0.status == .unchanged }
  }
}

extension Baseline {
  /// Re-renders `corpus` and compares it with the baseline in `folder`.
  ///
  /// A recorded device is the shipped or user profile (`HAPT_DEVICES` of `environment`) of
  /// that exact name, or, when there is none (a custom profile), the copy the baseline
  /// keeps; a name is never read as a path. A profile whose fingerprint differs from the recorded one, or a
  /// baseline of another model version, makes the affected rows `incomparable`.
  ///
  /// - Throws: ``InputError`` (kind `missing`) if a selected device is not in the baseline.
  ///
  /// - Parameters:
  ///   - devices: profiles to check instead of the recorded ones of the same names (a
  ///     profile being developed); nil checks every device the baseline recorded (or those
  ///     of `deviceNames`).
  ///   - deviceNames: names of recorded devices to check (only among the baseline's own
  ///     devices, never a path); nil: every device.
  ///   - states: the engine states to check; nil checks every state recorded. A state the
  ///     baseline does not have is a problem of the check.
  ///   - limits: how large a pattern copy of the baseline is read.
  ///   - environment: where a recorded device's profile is looked up (its `HAPT_DEVICES`).
  ///
  /// A baseline of pattern copies (``BaselineManifest/currentVersion``) is checked by
  /// rendering each copy again with this hapt, a few patterns at a time (memory holds one
  /// chunk's signals). Recorded by another model version, it is still compared (both sides
  /// rendered by this model, so the check is about the files) and a note says so and
  /// counts the baseline renders the model's change alone moves. A baseline of signals
  /// (version 1) is compared with its signals, and another model version makes its rows
  /// `incomparable`, as before.
  package static func check(
    _ corpus: PatternCorpus, baseline folder: String, devices selection: [DeviceProfile]? = nil,
    deviceNames: [String]? = nil, states stateSelection: [EngineState]? = nil,
    tolerances: BaselineTolerances = BaselineTolerances(), limits: PatternLimits = PatternLimits(),
    threads: Int = Parallel.defaultThreadCount, shard: ShardSpec = .whole, environment: HaptEnvironment = .process,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineCheckResult {
    let manifest = try BaselineCheckPlan.manifest(in: folder)
    var problems: [String] = []
    // A baseline of pattern copies is rendered again by this model: a note says so below.
    let rerendersCopies = manifest.version >= 2 && !manifest.patterns.isEmpty
    if manifest.modelVersion != HaptVersion.model, !rerendersCopies {
      problems.append(
        "the baseline was recorded with model version \(manifest.modelVersion) (hapt \(manifest.toolVersion)); "
          + "this is model version \(HaptVersion.model): record it again")
    }
    try BaselineCheckPlan.requireRecorded(selection ?? [], deviceNames ?? [], in: manifest, folder: folder)
    let states = stateSelection.map { wanted in manifest.states.filter { wanted.contains($0) } } ?? manifest.states
    for state in stateSelection ?? [] where !manifest.states.contains(state) {
      problems.append("state '\(state.rawValue)' is not in the baseline")
    }
    let (devices, edited) = BaselineCheckPlan.devices(
      of: manifest, in: folder, overrides: selection, names: deviceNames, environment: environment,
      problems: &problems)
    let plan = BaselineCheckPlan(
      folder: folder, manifest: manifest, devices: devices, states: states, editedDevices: edited,
      // Over the whole corpus, so that every shard pairs the same names.
      oldNameOf: renames(corpus.entries, records: manifest.records), tolerances: tolerances, limits: limits)
    let share = Array(corpus.entries[shard.patterns(count: corpus.entries.count)])
    let modelMoved = TicketCounter()
    // A shard renders and compares its share of the patterns; the last one also lists
    // the baseline's records that are no longer in the corpus (as the whole run does, last).
    let comparisons = try streamCompare(
      share, options: EvaluationOptions(devices: devices, states: states, threads: threads), progress: progress,
      known: plan.knownRows, reference: plan.reference,
      row: { item, newEntry, old in plan.row(item, newEntry, old, modelMoved: modelMoved) })
    var notes: [String] = []
    if plan.modelDiffers, rerendersCopies {
      notes.append(
        plan.modelNote(moved: modelMoved.take(), of: comparisons.filter { $0.status != .added }.count))
    }
    let removed = shard.isLast ? plan.removedRows(corpus.entries) : []
    return BaselineCheckResult(
      comparisons: comparisons + removed, problems: problems, notes: notes, failures: corpus.failures)
  }

  /// Whether the model's change alone moved a re-rendered baseline past the tolerances
  /// against what was recorded: detect time, felt or not, peak by 1 dB or more.
  static func movedByModel(
    _ now: PatternMeasurement, _ recorded: BaselineManifest.Record, tolerances: BaselineTolerances
  ) -> Bool {
    switch (now.markers.detect_s, recorded.detect_s) {
    case let (a?, b?): if abs(a - b) > tolerances.maxLatencyShift_s + 1e-12 { return true }
    case (nil, nil): break
    default: return true
    }
    guard now.peak_g > 0, recorded.peak_g > 0 else { return (now.peak_g > 0) != (recorded.peak_g > 0) }
    return abs(20 * log10(now.peak_g / recorded.peak_g)) >= 1
  }

  /// A pattern copy of the baseline, loaded as a corpus entry of its recorded name.
  ///
  /// - Throws: ``InputError`` naming the copy when it cannot be read, does not decode, or
  ///   its bytes are not those recorded.
  static func loadCopy(
    _ copy: BaselineManifest.PatternCopy, in folder: String, limits: PatternLimits
  ) throws -> PatternCorpus.Entry {
    let path = folder + "/" + copy.file
    let parts = copy.file.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "patterns" else {
      throw InputError(
        file: folder + "/" + BaselineManifest.fileName, "pattern copy '\(copy.file)' is not under patterns/")
    }
    let bytes = try InputFile.read(path, maxBytes: limits.maxBytes)
    guard Fingerprint.of(bytes: bytes) == copy.fingerprint else {
      throw InputError(
        file: path, "is not the file recorded (its fingerprint differs); record the baseline again", kind: .malformed)
    }
    let loaded = try PatternFile.load(path: path, limits: limits)
    return PatternCorpus.Entry(name: copy.pattern, path: path, pattern: loaded.pattern, findings: [])
  }

  /// The reference side of one pattern's rows, rendered: its entry and its renders.
  struct ReferenceRender: Sendable {
    var entry: PatternCorpus.Entry
    var render: RenderedRecord
  }

  /// Renders `entries` and their references a chunk of patterns at a time and compares
  /// each row, so that memory holds one chunk's signals (``chunkSize(_:)``), whatever the
  /// corpus size. Rows are in pattern, device, state order.
  ///
  /// - Parameters:
  ///   - known: the rows of an entry that need no render (its file is the reference's,
  ///     byte for byte, rendered by the same model on the same profiles), in device and
  ///     state order; nil renders it.
  ///   - reference: the pattern a corpus entry is compared with, rendered on the same
  ///     devices and states (nil: none to render, e.g. a stored signal or an added pattern).
  ///   - row: compares one fresh render with its reference render (nil without one).
  static func streamCompare(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)?,
    known: (PatternCorpus.Entry) throws -> [BaselineComparison]? = { _ in nil },
    reference: (PatternCorpus.Entry) throws -> PatternCorpus.Entry?,
    row:
      @escaping @Sendable (RenderedRecord, PatternCorpus.Entry, ReferenceRender?) -> Result<
        BaselineComparison, InputError
      >
  ) throws -> [BaselineComparison] {
    let perPattern = options.devices.count * options.states.count
    let total = entries.count * perPattern
    var comparisons: [BaselineComparison] = []
    comparisons.reserveCapacity(total)
    for chunk in chunks(entries.count, size: chunkSize(options)) {
      var knownRows: [Int: [BaselineComparison]] = [:]
      var share: [PatternCorpus.Entry] = []
      var shareOf: [Int: Int] = [:]
      for i in chunk {
        if let rows = try known(entries[i]) {
          knownRows[i] = rows
        } else {
          shareOf[i] = share.count
          share.append(entries[i])
        }
      }
      let fresh = render(
        share, options: options, progress: shifted(progress, by: chunk.lowerBound * perPattern, of: total))
      var referenceEntries: [PatternCorpus.Entry] = []
      var referenceOf: [Int: Int] = [:]
      for (i, entry) in share.enumerated() {
        guard let old = try reference(entry) else { continue }
        referenceOf[i] = referenceEntries.count
        referenceEntries.append(old)
      }
      let old = render(referenceEntries, options: options)
      let olds = referenceEntries
      let index = referenceOf
      let rendered = share
      let results = Parallel.map(count: fresh.count, threads: options.threads) {
        i -> Result<BaselineComparison, InputError> in
        let pattern = i / max(perPattern, 1)
        let within = i % max(perPattern, 1)
        let reference = index[pattern].map {
          ReferenceRender(entry: olds[$0], render: old[$0 * perPattern + within])
        }
        return row(fresh[i], rendered[pattern], reference)
      }
      // A baseline file that cannot be read is bad input (the first, in row order).
      let compared = try results.map { try $0.get() }
      for i in chunk {
        if let rows = knownRows[i] {
          comparisons += rows
        } else if let j = shareOf[i] {
          comparisons += compared[(j * perPattern)..<((j + 1) * perPattern)]
        }
      }
    }
    return comparisons
  }

  /// The profile of a recorded device: the available profile of exactly that name, else
  /// the baseline's own copy (a plain file under `devices/`).
  static func recordedProfile(
    _ recorded: BaselineManifest.Device, in folder: String, environment: HaptEnvironment = .process
  ) throws -> DeviceProfile {
    if let profile = try DeviceProfile.available(named: recorded.name, in: environment) { return profile }
    let parts = recorded.file.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "devices", parts[1].hasSuffix(".json"), parts[1] != ".." else {
      throw InputError(
        file: folder + "/" + BaselineManifest.fileName, "device file '\(recorded.file)' is not under devices/")
    }
    return try DeviceProfile(contentsOf: folder + "/" + recorded.file)
  }

  /// The renames a baseline shows: new name -> recorded name, for each corpus pattern the
  /// baseline does not hold whose file has the bytes (``Fingerprint``) of a recorded
  /// pattern no longer in the corpus. Names pair in corpus order, each recorded name once
  /// (the first in sorted order of those with the same bytes).
  static func renames(_ entries: [PatternCorpus.Entry], records: [BaselineManifest.Record]) -> [String: String] {
    let recordedNames = Set(records.map(\.pattern))
    let corpusNames = Set(entries.map(\.name))
    var goneByFingerprint: [String: Set<String>] = [:]
    for record in records where !corpusNames.contains(record.pattern) {
      goneByFingerprint[record.patternFingerprint, default: []].insert(record.pattern)
    }
    guard !goneByFingerprint.isEmpty else { return [:] }
    var oldNameOf: [String: String] = [:]
    var used: Set<String> = []
    for entry in entries where !recordedNames.contains(entry.name) {
      let candidates = (goneByFingerprint[fingerprint(of: entry)] ?? []).subtracting(used).sorted()
      guard let old = candidates.first else { continue }
      used.insert(old)
      oldNameOf[entry.name] = old
    }
    return oldNameOf
  }

  /// Compares a fresh render with a reference signal whose detection time is `detect_s`
  /// (nil: never felt): a recorded baseline's, or a render of another revision or of a
  /// baseline's pattern copy.
  ///
  /// A changed row, or a row whose file was edited (`fileEdited`), gets the explanation
  /// (``BaselineComparison/story``), built from both files as they are: the explanation
  /// (``Explanation/init(from:to:)``) tells the edits when they are pattern files of one
  /// format, else what a person would feel.
  ///
  /// - Parameters:
  ///   - referenceFile: the reference's pattern file and its events as played, when it is
  ///     one (nil: a stored signal).
  ///   - newFile: the pattern file rendered in `item`.
  ///   - band_Hz: the device's drive band (nil: no frequency control).
  ///   - referenceName: the reference in the explanation's summary ("the baseline", "HEAD~1").
  static func compare(
    _ item: RenderedRecord, with stored: Signal, detect_s recordDetect: Double?, tolerances: BaselineTolerances,
    referenceFile: (entry: PatternCorpus.Entry, names: FileEventNames)? = nil, newFile: PatternCorpus.Entry? = nil,
    fileEdited: Bool = false, band_Hz: ClosedRange<Double>? = nil, referenceName: String = "the baseline"
  ) -> BaselineComparison {
    var result = compare(
      item, with: stored, detect_s: recordDetect, tolerances: tolerances, referenceNames: referenceFile?.names)
    guard result.status == .changed || (fileEdited && referenceFile != nil) else { return result }
    // An unchanged row says something only when the file has edits to explain (other
    // bytes may be the same events: reformatted).
    if result.status != .changed, let referenceFile, let newFile,
      PatternDiff.edits(from: referenceFile.entry.pattern, to: newFile.pattern).isEmpty
    {
      return result
    }
    let explanation = Explanation(
      from: ExplainedSide(
        features: PerceptualFeatures(stored), pattern: referenceFile?.entry.pattern,
        format: referenceFile.map { format(of: $0.entry.path) }, eventNames: referenceFile?.names, band_Hz: band_Hz),
      to: ExplainedSide(
        features: PerceptualFeatures(item.acceleration), pattern: newFile?.pattern,
        format: newFile.map { format(of: $0.path) }, eventNames: item.eventNames, band_Hz: band_Hz))
    // An unchanged row says something only when the file has edits to explain.
    if result.status != .changed, explanation.edits?.isEmpty ?? true { return result }
    result.story = explanation.story(reference: referenceName, candidate: "the file")
    // The listed changes are the story's, told on the file's matching of events.
    if result.status == .changed {
      result.perceptualChanges = explanation.felt.filter { $0.dPrime_JND >= BaselineComparison.reportedChange_JND }
    }
    return result
  }

  /// Compares a fresh render with a reference signal by the tolerances (no explanation);
  /// `referenceNames` names a missing event by the reference file's events when known.
  static func compare(
    _ item: RenderedRecord, with stored: Signal, detect_s recordDetect: Double?, tolerances: BaselineTolerances,
    referenceNames: FileEventNames? = nil
  ) -> BaselineComparison {
    let m = item.measurement
    var result = BaselineComparison(
      pattern: m.pattern, device: m.device, state: m.state, status: .unchanged, changes: [])
    let newFeatures = PerceptualFeatures(item.acceleration)
    let oldFeatures = PerceptualFeatures(stored)
    let dPrime = Distinguishability.dPrime(oldFeatures, newFeatures)
    result.dPrime_JND = dPrime
    let newSilent = item.acceleration.samples.allSatisfy { $0 == 0 }
    let oldSilent = stored.samples.allSatisfy { $0 == 0 }
    if newSilent && oldSilent {
      result.similarity = 1
    } else {
      let pair = similarity(
        SimilarityFeatures(item.acceleration),
        SimilarityFeatures(stored), convention: .perceptibleBlocks)
      result.similarity = pair.similarity
    }
    if dPrime >= tolerances.maxDPrime_JND {
      result.changes.append(.dPrimeOverTolerance(dPrime_JND: dPrime, tolerance_JND: tolerances.maxDPrime_JND))
    }
    switch (m.markers.detect_s, recordDetect) {
    case let (new?, old?):
      result.latencyShift_s = new - old
      if abs(new - old) > tolerances.maxLatencyShift_s + 1e-12 {
        result.changes.append(.detectShift(shift_s: new - old, tolerance_s: tolerances.maxLatencyShift_s))
      }
    case (nil, _?): result.changes.append(.noLongerFelt)
    case (_?, nil): result.changes.append(.nowFelt)
    case (nil, nil): break
    }
    if !result.changes.isEmpty {
      result.status = .changed
      result.perceptualChanges = FileEventNames.name(
        Distinguishability.changes(
          from: oldFeatures, to: newFeatures, minimum_JND: BaselineComparison.reportedChange_JND),
        reference: (oldFeatures, referenceNames), candidate: (newFeatures, item.eventNames))
    }
    return result
  }
}
