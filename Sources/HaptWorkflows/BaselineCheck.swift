import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// How far a re-render may drift from its baseline before it counts as changed.
public struct BaselineTolerances: Sendable, Equatable {
  /// Lowest symmetric ST-SIM (perceptible blocks) that counts as unchanged.
  public var minSTSIM: Double = 0.98
  /// Largest shift of the detection time, seconds.
  public var maxLatencyShift_s: Double = 0.005
  /// Largest change of the peak level, dB (well under the 2.3 dB amplitude JND).
  public var maxLevelChange_dB: Double = 1.0

  public init() {}
}

/// The status of one pattern on one device in one state against its baseline.
public enum BaselineStatus: String, Sendable, CaseIterable {
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
public struct BaselineComparison: Sendable, Equatable {
  public var pattern: String
  public var device: String
  public var state: EngineState
  public var status: BaselineStatus
  /// What changed, one phrase each ("ST-SIM 0.912 < 0.98", "detect +12.4 ms").
  public var changes: [String]
  /// Symmetric ST-SIM (perceptible blocks) of new vs baseline, if both exist.
  public var stsim: Double?
  /// New minus baseline detection time, seconds.
  public var latencyShift_s: Double?
  /// New minus baseline peak level, dB.
  public var levelChange_dB: Double?
}

/// The result of `hapt baseline check`.
public struct BaselineCheckResult: Sendable {
  public var comparisons: [BaselineComparison]
  /// Problems with the baseline as a whole (other model version, edited device profile).
  public var problems: [String]
  /// Pattern files that failed to load (their patterns are reported as removed too).
  public var failures: [PatternCorpus.Failure]

  /// Whether the corpus matches its baseline.
  public var passed: Bool {
    problems.isEmpty && failures.isEmpty && comparisons.allSatisfy { $0.status == .unchanged }
  }
}

extension Baseline {
  /// Re-renders `corpus` and compares it with the baseline in `folder`.
  ///
  /// Device profiles are loaded by the names the baseline recorded (or taken from
  /// `devices` where given); a profile whose fingerprint differs from the recorded one,
  /// or a baseline of another model version, makes the affected rows `incomparable`.
  public static func check(
    _ corpus: PatternCorpus, baseline folder: String, devices overrides: [DeviceProfile] = [],
    tolerances: BaselineTolerances = BaselineTolerances(), threads: Int = Parallel.defaultThreadCount,
    shard: ShardSpec = .whole, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineCheckResult {
    let manifestPath = folder + "/" + BaselineManifest.fileName
    let manifest: BaselineManifest
    do {
      manifest = try BaselineManifest(jsonBytes: try InputFile.read(manifestPath))
    } catch let error as InputError {
      throw error.inFile(manifestPath)
    }
    var problems: [String] = []
    if manifest.modelVersion != HaptVersion.model {
      problems.append(
        "the baseline was recorded with model version \(manifest.modelVersion) (hapt \(manifest.toolVersion)); "
          + "this is model version \(HaptVersion.model): record it again")
    }
    var devices: [DeviceProfile] = []
    var editedDevices: Set<String> = []
    for recorded in manifest.devices {
      let profile: DeviceProfile
      if let override = overrides.first(where: { $0.name == recorded.name }) {
        profile = override
      } else {
        do {
          profile = try DeviceProfile.load(nameOrPath: recorded.name)
        } catch {
          problems.append("device '\(recorded.name)' of the baseline cannot be loaded: \(error)")
          continue
        }
      }
      if Fingerprint.of(profile.jsonText()) != recorded.fingerprint {
        editedDevices.insert(recorded.name)
        problems.append("device profile '\(recorded.name)' differs from the one the baseline was recorded with")
      }
      devices.append(profile)
    }
    let options = EvaluationOptions(devices: devices, states: manifest.states, threads: threads)
    // A shard renders and compares its share of the patterns; the last one also lists
    // the baseline's records that are no longer in the corpus (as the whole run does, last).
    let fresh = render(Array(corpus.entries[shard.patterns(count: corpus.entries.count)]), options: options, progress: progress)
    var baselineIndex: [String: BaselineManifest.Record] = [:]
    for record in manifest.records { baselineIndex[key(record.pattern, record.device, record.state)] = record }
    let modelDiffers = manifest.modelVersion != HaptVersion.model
    let recordsByKey = baselineIndex
    let edited = editedDevices
    let comparisons = Parallel.map(count: fresh.count, threads: threads) { i -> BaselineComparison in
      let item = fresh[i]
      let m = item.measurement
      guard let record = recordsByKey[key(m.pattern, m.device, m.state)] else {
        return BaselineComparison(pattern: m.pattern, device: m.device, state: m.state, status: .added, changes: ["not in the baseline"])
      }
      var comparison = compare(item, with: record, folder: folder, tolerances: tolerances)
      if modelDiffers || edited.contains(m.device) {
        comparison.status = .incomparable
        comparison.changes.insert(
          modelDiffers ? "baseline from another model version" : "device profile '\(m.device)' was edited", at: 0)
      }
      return comparison
    }
    var freshKeys: Set<String> = []
    for entry in corpus.entries {
      for device in devices { for state in manifest.states { freshKeys.insert(key(entry.name, device.name, state)) } }
    }
    let checkedDevices = Set(devices.map(\.name))
    let removed = !shard.isLast ? [] : manifest.records.filter {
      checkedDevices.contains($0.device) && !freshKeys.contains(key($0.pattern, $0.device, $0.state))
    }.map {
      BaselineComparison(pattern: $0.pattern, device: $0.device, state: $0.state, status: .removed, changes: ["no longer in the corpus"])
    }
    return BaselineCheckResult(comparisons: comparisons + removed, problems: problems, failures: corpus.failures)
  }

  private static func key(_ pattern: String, _ device: String, _ state: EngineState) -> String {
    "\(pattern)\u{0}\(device)\u{0}\(state.rawValue)"
  }

  /// Compares a fresh render with its baseline record.
  private static func compare(
    _ item: RenderedRecord, with record: BaselineManifest.Record, folder: String, tolerances: BaselineTolerances
  ) -> BaselineComparison {
    let m = item.measurement
    var result = BaselineComparison(pattern: m.pattern, device: m.device, state: m.state, status: .unchanged, changes: [])
    let signalPath = folder + "/" + record.signalFile
    let stored: Signal
    do {
      stored = try AudioFile.read(path: signalPath).signal
    } catch {
      result.status = .changed
      result.changes.append("baseline signal unreadable: \(error)")
      return result
    }
    // Similarity: both silent is identical; otherwise the symmetric ST-SIM over perceptible blocks.
    let newSilent = item.acceleration.samples.allSatisfy { $0 == 0 }
    let oldSilent = stored.samples.allSatisfy { $0 == 0 }
    if newSilent && oldSilent {
      result.stsim = 1
    } else {
      let pair = similarity(SimilarityFeatures(item.acceleration), SimilarityFeatures(stored), convention: .perceptibleBlocks)
      result.stsim = pair.stsimSymmetric
    }
    if let stsim = result.stsim, stsim < tolerances.minSTSIM {
      result.changes.append(String(format: "similarity ST-SIM %.3f < %.3f", stsim, tolerances.minSTSIM))
    }
    switch (m.markers.detect_s, record.detect_s) {
    case let (new?, old?):
      result.latencyShift_s = new - old
      if abs(new - old) > tolerances.maxLatencyShift_s + 1e-12 {
        result.changes.append(String(format: "latency detect %+.1f ms", (new - old) * 1000))
      }
    case (nil, _?): result.changes.append("latency: no longer felt")
    case (_?, nil): result.changes.append("latency: now felt, was below threshold")
    case (nil, nil): break
    }
    if m.peak_g > 0, record.peak_g > 0 {
      let change = 20 * log10(m.peak_g / record.peak_g)
      result.levelChange_dB = change
      if abs(change) > tolerances.maxLevelChange_dB {
        result.changes.append(String(format: "peak level %+.2f dB", change))
      }
    } else if (m.peak_g > 0) != (record.peak_g > 0) {
      result.changes.append(m.peak_g > 0 ? "peak level: was silent" : "peak level: now silent")
    }
    if !result.changes.isEmpty { result.status = .changed }
    return result
  }
}
