import Foundation
import HaptCore
import HaptEvaluation
import HaptFormats
import HaptPatterns
import HaptSignals
import HaptSimulation

/// The steps of ``Baseline/check(_:baseline:devices:deviceNames:states:tolerances:limits:threads:shard:environment:progress:)``
/// against a baseline folder: its manifest, the devices checked, and the rows, each a named
/// step, what the check knows once the baseline is read.
struct BaselineCheckPlan: Sendable {
  /// The baseline folder.
  let folder: String
  let manifest: BaselineManifest
  /// The devices checked (recorded, or given in their place), in the manifest's order.
  let devices: [DeviceProfile]
  /// The states checked.
  let states: [EngineState]
  /// Devices whose profile differs from the one recorded: their rows are incomparable.
  let editedDevices: Set<String>
  /// New name -> recorded name, for renamed patterns (``Baseline/renames(_:records:)``).
  let oldNameOf: [String: String]
  let tolerances: BaselineTolerances
  let limits: PatternLimits
  /// The records by pattern, device and state.
  let records: [String: BaselineManifest.Record]
  /// The pattern copies by recorded name.
  let copies: [String: BaselineManifest.PatternCopy]

  init(
    folder: String, manifest: BaselineManifest, devices: [DeviceProfile], states: [EngineState],
    editedDevices: Set<String>, oldNameOf: [String: String], tolerances: BaselineTolerances, limits: PatternLimits
  ) {
    (self.folder, self.manifest, self.devices, self.states) = (folder, manifest, devices, states)
    (self.editedDevices, self.oldNameOf, self.tolerances, self.limits) = (editedDevices, oldNameOf, tolerances, limits)
    var records: [String: BaselineManifest.Record] = [:]
    for record in manifest.records { records[Self.key(record.pattern, record.device, record.state)] = record }
    self.records = records
    var copies: [String: BaselineManifest.PatternCopy] = [:]
    for copy in manifest.patterns { copies[copy.pattern] = copy }
    self.copies = copies
  }

  /// Whether the baseline was recorded by another model version.
  var modelDiffers: Bool { manifest.modelVersion != HaptVersion.model }

  static func key(_ pattern: String, _ device: String, _ state: EngineState) -> String {
    "\(pattern)\u{0}\(device)\u{0}\(state.rawValue)"
  }

  /// The manifest of the baseline in `folder`.
  /// - Throws: ``InputError`` naming the manifest when it cannot be read or parsed.
  static func manifest(in folder: String) throws -> BaselineManifest {
    let path = folder + "/" + BaselineManifest.fileName
    do {
      return try BaselineManifest(jsonBytes: try InputFile.read(path))
    } catch let error as InputError {
      throw error.inFile(path)
    }
  }

  /// Throws unless every device given (as a profile or by name) is one the baseline recorded.
  static func requireRecorded(
    _ overrides: [DeviceProfile], _ names: [String], in manifest: BaselineManifest, folder: String
  ) throws {
    let recordedNames = manifest.devices.map(\.name)
    for name in overrides.map(\.name) + names where !recordedNames.contains(name) {
      throw InputError(
        file: folder, "has no device '\(name)' (it has \(recordedNames.joined(separator: ", ")))", kind: .missing)
    }
  }

  /// The devices to check, in the manifest's order: every recorded one, or those named or
  /// given (a given profile in place of the recorded one), and which of them differ from
  /// the profile recorded. A recorded device that cannot be loaded is a problem, left out.
  static func devices(
    of manifest: BaselineManifest, in folder: String, overrides selection: [DeviceProfile]?, names: [String]?,
    environment: HaptEnvironment, problems: inout [String]
  ) -> (devices: [DeviceProfile], edited: Set<String>) {
    let overrides = selection ?? []
    var devices: [DeviceProfile] = []
    var edited: Set<String> = []
    let selectsAll = selection == nil && names == nil
    for recorded in manifest.devices
    where selectsAll || overrides.contains(where: { $0.name == recorded.name }) || (names ?? []).contains(recorded.name)
    {
      let profile: DeviceProfile
      if let override = overrides.first(where: { $0.name == recorded.name }) {
        profile = override
      } else {
        do {
          profile = try Baseline.recordedProfile(recorded, in: folder, environment: environment)
        } catch {
          problems.append("device '\(recorded.name)' of the baseline cannot be loaded: \(error)")
          continue
        }
      }
      if Fingerprint.of(profile.jsonText()) != recorded.fingerprint {
        edited.insert(recorded.name)
        problems.append("device profile '\(recorded.name)' differs from the one the baseline was recorded with")
      }
      devices.append(profile)
    }
    return (devices, edited)
  }

  /// The rows of an entry that need no render, or nil: the file is the copy, byte for
  /// byte, rendered by the same model on the same profiles (renders are deterministic, so
  /// both sides would be the same render).
  /// - Throws: ``InputError`` when the copy's bytes are no longer those recorded.
  func knownRows(_ entry: PatternCorpus.Entry) throws -> [BaselineComparison]? {
    let recordedName = oldNameOf[entry.name] ?? entry.name
    guard !modelDiffers, let copy = copies[recordedName], copy.fingerprint == Baseline.fingerprint(of: entry) else {
      return nil
    }
    var rows: [BaselineComparison] = []
    for device in devices {
      for state in states {
        guard let record = records[Self.key(recordedName, device.name, state)], record.signalFile == nil,
          !editedDevices.contains(device.name)
        else { return nil }
        var row = BaselineComparison(
          pattern: entry.name, device: device.name, state: state, status: .unchanged, changes: [])
        (row.dPrime_JND, row.similarity) = (0, 1)
        row.latencyShift_s = record.detect_s == nil ? nil : 0
        if recordedName != entry.name { row.renamedFrom = recordedName }
        rows.append(row)
      }
    }
    // The copy is still checked, so a damaged baseline is never taken for a pass.
    let path = folder + "/" + copy.file
    guard Fingerprint.of(bytes: try InputFile.read(path, maxBytes: limits.maxBytes)) == copy.fingerprint else {
      throw InputError(
        file: path, "is not the file recorded (its fingerprint differs); record the baseline again", kind: .malformed)
    }
    return rows
  }

  /// The baseline's pattern copy an entry is compared with, or nil when it has none.
  func reference(_ entry: PatternCorpus.Entry) throws -> PatternCorpus.Entry? {
    let recordedName = oldNameOf[entry.name] ?? entry.name
    guard let copy = copies[recordedName] else { return nil }
    return try Baseline.loadCopy(copy, in: folder, limits: limits)
  }

  /// One row: a fresh render against its record (a stored signal, or the render of the
  /// pattern copy `old`); `modelMoved` counts the baseline renders the model alone moves.
  func row(
    _ item: Baseline.RenderedRecord, _ newEntry: PatternCorpus.Entry, _ old: Baseline.ReferenceRender?,
    modelMoved: TicketCounter
  ) -> Result<BaselineComparison, InputError> {
    let m = item.measurement
    let recordedName = oldNameOf[m.pattern] ?? m.pattern
    guard let record = records[Self.key(recordedName, m.device, m.state)] else {
      return .success(
        BaselineComparison(
          pattern: m.pattern, device: m.device, state: m.state, status: .added, changes: [.notInBaseline]))
    }
    let band_Hz = devices.first { $0.name == m.device }?.frequencyBand_Hz
    var comparison: BaselineComparison
    if let signalFile = record.signalFile {
      let stored: Signal
      do {
        stored = try AudioFile.read(path: folder + "/" + signalFile).signal
      } catch let error as InputError {
        return .failure(error.inFile(folder + "/" + signalFile))
      } catch {
        return .failure(InputError(file: folder + "/" + signalFile, SystemErrorText.phrase(error)))
      }
      comparison = Baseline.compare(
        item, with: stored, detect_s: record.detect_s, tolerances: tolerances, newFile: newEntry, band_Hz: band_Hz,
        referenceName: "the baseline")
      if modelDiffers || editedDevices.contains(m.device) {
        comparison.status = .incomparable
        comparison.changes.insert(modelDiffers ? .otherModelVersion : .deviceProfileEdited(m.device), at: 0)
      }
    } else if let old {
      comparison = Baseline.compare(
        item, with: old.render.acceleration, detect_s: old.render.measurement.markers.detect_s,
        tolerances: tolerances, referenceFile: (old.entry, old.render.eventNames), newFile: newEntry,
        fileEdited: old.render.patternFingerprint != item.patternFingerprint, band_Hz: band_Hz,
        referenceName: "the baseline")
      if modelDiffers, Baseline.movedByModel(old.render.measurement, record, tolerances: tolerances) {
        _ = modelMoved.take()
      }
      if editedDevices.contains(m.device) {
        comparison.status = .incomparable
        comparison.changes.insert(.deviceProfileEdited(m.device), at: 0)
      }
    } else {
      return .failure(
        InputError(
          file: folder + "/" + BaselineManifest.fileName,
          "record of '\(recordedName)' has neither a signal nor a pattern copy"))
    }
    if recordedName != m.pattern { comparison.renamedFrom = recordedName }
    return .success(comparison)
  }

  /// The note on a baseline of pattern copies recorded by another model version: both
  /// sides were rendered by this model, so the check compared the files; what the model's
  /// change alone does is counted from the recorded measurements (`moved` of `renders`).
  func modelNote(moved: Int, of renders: Int) -> String {
    "the baseline was recorded with model version \(manifest.modelVersion) (hapt \(manifest.toolVersion)); "
      + "both sides were rendered with this model version, \(HaptVersion.model), from the pattern copies, so "
      + "the check compares the files; the model's change alone moves \(moved) of "
      + "\(renders) baseline renders past the tolerances "
      + "(record the baseline again to take the new model as the reference)"
  }

  /// The baseline's records, on the devices and states checked, of patterns no longer in
  /// the corpus (`entries`, the whole corpus) and not renamed: `removed` rows.
  func removedRows(_ entries: [PatternCorpus.Entry]) -> [BaselineComparison] {
    var freshKeys: Set<String> = []
    for entry in entries {
      for device in devices {
        for state in manifest.states { freshKeys.insert(Self.key(entry.name, device.name, state)) }
      }
    }
    let checkedDevices = Set(devices.map(\.name))
    let renamedOld = Set(oldNameOf.values)
    return manifest.records.filter {
      checkedDevices.contains($0.device) && states.contains($0.state)
        && !freshKeys.contains(Self.key($0.pattern, $0.device, $0.state)) && !renamedOld.contains($0.pattern)
    }.map {
      BaselineComparison(
        pattern: $0.pattern, device: $0.device, state: $0.state, status: .removed, changes: [.noLongerInCorpus])
    }
  }
}
