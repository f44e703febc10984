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
    return compare(
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
  ) -> BaselineCheckResult {
    let newNames = Set(corpus.entries.map(\.name))
    let oldNames = Set(reference.entries.map(\.name))
    // A rename counts only where the old name is gone and the new one is new.
    var oldNameOf: [String: String] = [:]
    for rename in renames where !newNames.contains(rename.old) && !oldNames.contains(rename.new) {
      oldNameOf[rename.new] = rename.old
    }
    let rows = (corpus.entries.count + reference.entries.count) * options.devices.count * options.states.count
    let offset = corpus.entries.count * options.devices.count * options.states.count
    let fresh = render(corpus.entries, options: options, progress: shifted(progress, by: 0, of: rows))
    let old = render(reference.entries, options: options, progress: shifted(progress, by: offset, of: rows))
    var oldIndex: [String: Int] = [:]
    for (i, item) in old.enumerated() {
      oldIndex[rowKey(item.measurement.pattern, item.measurement.device, item.measurement.state)] = i
    }
    let unreadableAtRevision = unreadable
    let pairs = oldNameOf
    let index = oldIndex
    let comparisons = Parallel.map(count: fresh.count, threads: options.threads) { i -> BaselineComparison in
      let item = fresh[i]
      let m = item.measurement
      let oldName = pairs[m.pattern] ?? m.pattern
      guard let j = index[rowKey(oldName, m.device, m.state)] else {
        let why = BaselineChangeReason.notAtRevision(revision, unreadable: unreadableAtRevision.contains(m.pattern))
        return BaselineComparison(pattern: m.pattern, device: m.device, state: m.state, status: .added, changes: [why])
      }
      var comparison = Baseline.compare(
        item, with: old[j].acceleration, detect_s: old[j].measurement.markers.detect_s, tolerances: tolerances)
      if oldName != m.pattern { comparison.renamedFrom = oldName }
      return comparison
    }
    let renamedOld = Set(oldNameOf.values)
    var removed: [BaselineComparison] = []
    for item in old {
      let m: PatternMeasurement = item.measurement
      guard !newNames.contains(m.pattern), !renamedOld.contains(m.pattern) else { continue }
      removed.append(
        BaselineComparison(
          pattern: m.pattern, device: m.device, state: m.state, status: .removed, changes: [.noLongerInCorpus]))
    }
    return BaselineCheckResult(comparisons: comparisons + removed, problems: [], failures: corpus.failures)
  }

  /// A progress callback for one of two renders: `done` shifted by `offset`, out of `total`.
  private static func shifted(
    _ progress: (@Sendable (Int, Int) -> Void)?, by offset: Int, of total: Int
  ) -> (@Sendable (Int, Int) -> Void)? {
    guard let progress else { return nil }
    return { done, _ in progress(offset + done, total) }
  }

  private static func rowKey(_ pattern: String, _ device: String, _ state: EngineState) -> String {
    "\(pattern)\u{0}\(device)\u{0}\(state.rawValue)"
  }
}
