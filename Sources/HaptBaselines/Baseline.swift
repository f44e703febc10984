import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptFormats
import HaptExplanation

/// Regression baselines: record a corpus's rendered signals and measurements, then check
/// a later state of the corpus against them.
///
/// A baseline folder holds `manifest.json` (``BaselineManifest``), `signals/*.flac` (the
/// body acceleration of each pattern, device and state) and `devices/*.json` (the device
/// profiles used). It is written to a temporary folder and moved into place, so an
/// interrupted run leaves no half-written baseline, and an existing one is replaced only
/// with `force`. Only an empty folder or a previous baseline is ever replaced, never the
/// current folder, the corpus or a folder holding either (``OutputFolderGuard``).
package enum Baseline {
  /// Records `corpus` rendered with `options` into `folder`.
  ///
  /// - Throws: ``InputError`` (unwritable) if `folder` may not be replaced
  ///   (``OutputFolderGuard``: not empty and not a baseline, the current folder, the corpus,
  ///   or holding either, even with `force`); ``BaselineError/alreadyExists(folder:)`` if `folder` exists and
  ///   `force` is false; ``InputError`` (kind `unwritable`) if anything cannot be written.
  @discardableResult
  package static func record(
    _ corpus: PatternCorpus, options: EvaluationOptions, to folder: String, force: Bool,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineManifest {
    try OutputFolderGuard(kind: .baseline, inputs: corpus.roots).check(folder)
    if FileManager.default.fileExists(atPath: folder), !force {
      throw BaselineError.alreadyExists(folder: folder)
    }
    return try record(
      corpus.entries, options: options, to: folder, inputs: corpus.roots, replacing: force, progress: progress)
  }

  /// Records `entries` into `folder` (replaced as a whole, if it is empty or a baseline and
  /// neither one of `inputs` nor holding one); a shard's share or everything. Without
  /// `replacing`, the folder is created and the write fails if it exists by then (another
  /// run's baseline is never replaced).
  @discardableResult
  package static func record(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, to folder: String, inputs: [String] = [],
    replacing: Bool = true, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineManifest {
    let folderGuard = OutputFolderGuard(kind: .baseline, inputs: inputs + entries.map { Corpora.resolve($0.path) })
    try folderGuard.check(folder)
    let rendered = render(entries, options: options, progress: progress)
    let files = signalFiles(for: rendered.map(\.measurement).map { ($0.pattern, $0.device, $0.state) })
    var records: [BaselineManifest.Record] = []
    var signalFiles: [(name: String, signal: Signal, metadata: [String: String])] = []
    for (item, file) in zip(rendered, files) {
      let measurement = item.measurement
      records.append(
        BaselineManifest.Record(
          pattern: measurement.pattern, device: measurement.device, state: measurement.state, signalFile: file,
          detect_s: measurement.markers.detect_s, t50_s: measurement.markers.t50_s, peak_g: measurement.peak_g,
          rms_g: measurement.rms_g, patternFingerprint: item.patternFingerprint))
      signalFiles.append(
        (
          file, item.acceleration,
          ["pattern": measurement.pattern, "device": measurement.device, "state": measurement.state.rawValue]
        ))
    }
    let devices = zip(options.devices, deviceFiles(for: options.devices.map(\.name))).map { device, file in
      BaselineManifest.Device(name: device.name, fingerprint: Fingerprint.of(device.jsonText()), file: file)
    }
    let manifest = BaselineManifest(
      toolVersion: HaptVersion.string, modelVersion: HaptVersion.model, devices: devices, states: options.states,
      records: records)
    try AtomicFolder.write(to: folder, guard: folderGuard, replacing: replacing) { temporaryURL in
      let temporary = temporaryURL.path
      let fileManager = FileManager.default
      try fileManager.createDirectory(atPath: temporary + "/signals", withIntermediateDirectories: true)
      try fileManager.createDirectory(atPath: temporary + "/devices", withIntermediateDirectories: true)
      for (device, entry) in zip(options.devices, devices) {
        try AtomicFile.write(device.jsonText(), to: temporary + "/" + entry.file)
      }
      for file in signalFiles {
        try AudioFile.write(file.signal, to: temporary + "/" + file.name, metadata: file.metadata)
      }
      try AtomicFile.write(manifest.jsonText(), to: temporary + "/" + BaselineManifest.fileName)
    }
    return manifest
  }

  /// The longest signal file name stem (bytes) kept as it is; longer ones are cut and end
  /// in a hash of the whole name, so that with `.flac`, a `-N` suffix and the temporary
  /// name of an atomic write a name stays well under the 255-byte limit of file systems.
  static let maximumSignalStem = 120

  /// The signal file of each record (pattern, device, state), in order: a file-safe name
  /// (cut to ``maximumSignalStem`` bytes, ending in a stable hash, when longer), with `-2`,
  /// `-3`, ... where two records would share one. The manifest keeps the full names.
  static func signalFiles(for keys: [(pattern: String, device: String, state: EngineState)]) -> [String] {
    uniqueStems(keys.map { "\($0.pattern)--\($0.device)--\($0.state.rawValue)" }).map { "signals/\($0).flac" }
  }

  /// The profile copy of each device: `devices/NAME.json` with a file-safe name that does
  /// not start with `.`, cut with a hash like signal names, `-2`, `-3`, ... if two would
  /// share one.
  static func deviceFiles(for names: [String]) -> [String] {
    uniqueStems(names, notStartingWithDot: true).map { "devices/\($0).json" }
  }

  /// File-safe stems of `names` in order: each name made file-safe (and, with
  /// `notStartingWithDot`, a leading `.` made `_`), cut past ``maximumSignalStem`` bytes
  /// with the full name's hash, and `-2`, `-3`, ... added where two would share one.
  static func uniqueStems(_ names: [String], notStartingWithDot: Bool = false) -> [String] {
    var used: Set<String> = []
    return names.map { full in
      var base = fileSafe(full)
      if notStartingWithDot, base.hasPrefix(".") { base = "_" + base.dropFirst() }
      if base.utf8.count > maximumSignalStem {
        base = String(base.prefix(maximumSignalStem - 17)) + "-" + Fingerprint.of(full)
      }
      var stem = base
      var suffix = 2
      while used.contains(stem) {
        stem = "\(base)-\(suffix)"
        suffix += 1
      }
      used.insert(stem)
      return stem
    }
  }

  /// Merges baselines recorded by shards (in shard order, each a baseline folder of its
  /// share of the patterns) into `folder`, exactly the baseline one unsharded `record`
  /// writes: the records in order, signal files renamed as the whole run names them.
  package static func merge(parts: [String], to folder: String) throws {
    let folderGuard = OutputFolderGuard(kind: .baseline, inputs: parts)
    try folderGuard.check(folder)
    var manifests: [BaselineManifest] = []
    for part in parts {
      let path = part + "/" + BaselineManifest.fileName
      do {
        manifests.append(try BaselineManifest(jsonBytes: try InputFile.read(path)))
      } catch let error as InputError {
        throw error.inFile(path)
      }
    }
    guard let first = manifests.first else { return }
    for (part, manifest) in zip(parts, manifests) {
      guard manifest.devices == first.devices, manifest.states == first.states,
        manifest.toolVersion == first.toolVersion,
        manifest.modelVersion == first.modelVersion
      else { throw InputError(file: part, "recorded with other devices, states or versions than \(parts[0])") }
    }
    let sources = zip(parts, manifests).flatMap { part, manifest in manifest.records.map { (part, $0) } }
    let files = signalFiles(for: sources.map { ($0.1.pattern, $0.1.device, $0.1.state) })
    var records: [BaselineManifest.Record] = []
    for ((_, record), file) in zip(sources, files) {
      var renamed = record
      renamed.signalFile = file
      records.append(renamed)
    }
    let manifest = BaselineManifest(
      toolVersion: first.toolVersion, modelVersion: first.modelVersion, devices: first.devices, states: first.states,
      records: records)
    try AtomicFolder.write(to: folder, guard: folderGuard) { temporaryURL in
      let temporary = temporaryURL.path
      let fileManager = FileManager.default
      try fileManager.createDirectory(atPath: temporary + "/signals", withIntermediateDirectories: true)
      try fileManager.createDirectory(atPath: temporary + "/devices", withIntermediateDirectories: true)
      for device in first.devices {
        try fileManager.copyItem(atPath: parts[0] + "/" + device.file, toPath: temporary + "/" + device.file)
      }
      for ((part, record), file) in zip(sources, files) {
        try fileManager.copyItem(atPath: part + "/" + record.signalFile, toPath: temporary + "/" + file)
      }
      try AtomicFile.write(manifest.jsonText(), to: temporary + "/" + BaselineManifest.fileName)
    }
  }

  /// One render with what a baseline keeps of it.
  struct RenderedRecord: Sendable {
    var measurement: PatternMeasurement
    var acceleration: Signal
    var patternFingerprint: String
    /// The file's events as rendered (for change messages that name them).
    var eventNames: FileEventNames
  }

  /// The fingerprint a baseline records for a pattern: of its file's bytes (of the pattern
  /// as AHAP when the file cannot be read again).
  static func fingerprint(of entry: PatternCorpus.Entry) -> String {
    (try? InputFile.read(Corpora.resolve(entry.path))).map { Fingerprint.of(bytes: $0) }
      ?? Fingerprint.of(AHAP.encode(entry.pattern))
  }

  /// Renders every entry on every device in every state (pattern, device, state order).
  static func render(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> [RenderedRecord] {
    let fingerprints = entries.map(fingerprint(of:))
    return Evaluation.map(entries, options: options, progress: progress) { render in
      let measurement = PatternMeasurement(
        pattern: entries[render.entryIndex].name, device: options.devices[render.deviceIndex].name, state: render.state,
        rendering: render.rendering, budget: options.budget)
      return RenderedRecord(
        measurement: measurement, acceleration: render.rendering.acceleration_g,
        patternFingerprint: fingerprints[render.entryIndex],
        eventNames: FileEventNames(
          pattern: entries[render.entryIndex].pattern, latency_s: render.rendering.latency_s))
    }
  }

  /// A name safe as a file name on every system: letters, digits, `.`, `_`, `-`.
  static func fileSafe(_ name: String) -> String {
    String(
      name.unicodeScalars.map { scalar -> Character in
        let allowed = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII
        return allowed || scalar == "." || scalar == "_" || scalar == "-" ? Character(scalar) : "_"
      })
  }
}
