import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation
import HaptEvaluation
import HaptFormats

extension Baseline {
  /// Checks `corpus` (the working tree) against the same paths at a git revision, with no
  /// recorded baseline: the revision's pattern files are rendered on the same devices and
  /// states, and each pattern's render is compared with its old render by the rule of
  /// ``check(_:baseline:devices:states:tolerances:threads:shard:progress:)``.
  ///
  /// A file git pairs with an old one of another name (rename detection) is compared with
  /// that one and its row says "renamed from OLD"; a rename alone leaves the row
  /// unchanged. Patterns only in the working tree are added, patterns only in the
  /// revision removed, as against a recorded baseline.
  ///
  /// - Parameters:
  ///   - paths: the corpus paths `corpus` was loaded from (each a folder or a file).
  ///   - source: the revision.
  ///   - limits: the pattern limits `corpus` was loaded with (the old files get the same).
  /// - Throws: ``InputError`` (kind `missing`) when git fails.
  package static func check(
    _ corpus: PatternCorpus, paths: [String], against source: GitRevisionSource, options: EvaluationOptions,
    limits: PatternLimits = PatternLimits(), tolerances: BaselineTolerances = BaselineTolerances(),
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineCheckResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-revision-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let oldPaths = try source.checkout(paths, into: folder.path)
    let reference = PatternCorpus.load(oldPaths, maxFiles: Int.max, limits: limits)
    let renames = try source.renames(paths)
    // The corpus names of the revision's files that do not decode: below "FOLDER/INDEX/".
    let unreadable = Set(
      reference.failures.compactMap { failure -> String? in
        let parts = failure.path.dropFirst(folder.path.count).split(separator: "/")
        return parts.count > 1 ? parts.dropFirst().joined(separator: "/") : nil
      })
    return try compare(
      corpus, with: reference, unreadable: unreadable, revision: source.revision, renames: renames, options: options,
      tolerances: tolerances, progress: progress)
  }

  /// Compares `corpus` with `reference` (another state of the same corpus, named
  /// `revision` in messages); `renames` pairs old names with new ones, `unreadable` names
  /// the patterns whose files at the revision do not decode.
  static func compare(
    _ corpus: PatternCorpus, with reference: PatternCorpus, unreadable: Set<String>, revision: String,
    renames: [(old: String, new: String)],
    options: EvaluationOptions, tolerances: BaselineTolerances, progress: (@Sendable (Int, Int) -> Void)?
  ) throws -> BaselineCheckResult {
    let newNames = Set(corpus.entries.map(\.name))
    let oldNames = Set(reference.entries.map(\.name))
    // A rename counts only where the old name is gone and the new one is new.
    var oldNameOf: [String: String] = [:]
    for rename in renames where !newNames.contains(rename.old) && !oldNames.contains(rename.new) {
      oldNameOf[rename.new] = rename.old
    }
    var oldByName: [String: PatternCorpus.Entry] = [:]
    for entry in reference.entries { oldByName[entry.name] = entry }
    let olds = oldByName
    let unreadableAtRevision = unreadable
    let pairs = oldNameOf
    // Both sides a chunk of patterns at a time (memory holds one chunk's signals).
    let comparisons = try streamCompare(
      corpus.entries, options: options, progress: progress,
      reference: { entry in olds[pairs[entry.name] ?? entry.name] },
      row: { item, newEntry, old in
        let m = item.measurement
        guard let old else {
          let why = BaselineChangeReason.notAtRevision(revision, unreadable: unreadableAtRevision.contains(m.pattern))
          return .success(
            BaselineComparison(pattern: m.pattern, device: m.device, state: m.state, status: .added, changes: [why]))
        }
        var comparison = Baseline.compare(
          item, with: old.render.acceleration, detect_s: old.render.measurement.markers.detect_s,
          tolerances: tolerances, referenceFile: (old.entry, old.render.eventNames), newFile: newEntry,
          fileEdited: old.render.patternFingerprint != item.patternFingerprint,
          band_Hz: options.devices.first { $0.name == m.device }?.frequencyBand_Hz,
          referenceName: "the file at \(revision)")
        if old.entry.name != m.pattern { comparison.renamedFrom = old.entry.name }
        return .success(comparison)
      })
    let renamedOld = Set(oldNameOf.values)
    var removed: [BaselineComparison] = []
    for entry in reference.entries where !newNames.contains(entry.name) && !renamedOld.contains(entry.name) {
      for device in options.devices {
        for state in options.states {
          removed.append(
            BaselineComparison(
              pattern: entry.name, device: device.name, state: state, status: .removed, changes: [.noLongerInCorpus]))
        }
      }
    }
    return BaselineCheckResult(comparisons: comparisons + removed, problems: [], failures: corpus.failures)
  }

  private static func rowKey(_ pattern: String, _ device: String, _ state: EngineState) -> String {
    "\(pattern)\u{0}\(device)\u{0}\(state.rawValue)"
  }
}
