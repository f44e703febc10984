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
/// A baseline folder holds `manifest.json` (``BaselineManifest``: the versions, the
/// devices and per pattern, device and state the measurements), `patterns/` (a copy of
/// each pattern file, which the check renders again with the current code),
/// `devices/*.json` (the device profiles used) and `signals/*.flac` (the body acceleration,
/// only for a pattern whose file could not be read again when recorded; a baseline of an
/// earlier hapt holds one for every record). It is written to a temporary folder and moved into place, so an
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
    environment: HaptEnvironment = .process, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineManifest {
    try OutputFolderGuard(kind: .baseline, inputs: corpus.roots, currentFolder: environment.currentFolder).check(folder)
    if FileManager.default.fileExists(atPath: folder), !force {
      throw BaselineError.alreadyExists(folder: folder)
    }
    return try record(
      corpus.entries, options: options, to: folder, inputs: corpus.roots, replacing: force, environment: environment,
      progress: progress)
  }

  /// Records `entries` into `folder` (replaced as a whole, if it is empty or a baseline and
  /// neither one of `inputs` nor holding one); a shard's share or everything. Without
  /// `replacing`, the folder is created and the write fails if it exists by then (another
  /// run's baseline is never replaced).
  @discardableResult
  package static func record(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, to folder: String, inputs: [String] = [],
    replacing: Bool = true, environment: HaptEnvironment = .process, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws -> BaselineManifest {
    let folderGuard = OutputFolderGuard(
      kind: .baseline, inputs: inputs + entries.map { Corpora.resolve($0.path, in: environment) },
      currentFolder: environment.currentFolder)
    try folderGuard.check(folder)
    // Each file's bytes, read once: the copy and its fingerprint. A file that cannot be
    // read again keeps its rendered signals instead (nil).
    let bytes = entries.map { try? InputFile.read($0.path) }
    let fingerprints = zip(entries, bytes).map { entry, bytes in
      bytes.map { Fingerprint.of(bytes: $0) } ?? Fingerprint.of(AHAP.encode(entry.pattern))
    }
    let copyFiles = patternFiles(for: entries.map { ($0.name, Self.format(of: $0.path)) })
    var patterns: [BaselineManifest.PatternCopy] = []
    for (i, entry) in entries.enumerated() where bytes[i] != nil {
      patterns.append(
        BaselineManifest.PatternCopy(
          pattern: entry.name, file: copyFiles[i], format: Self.format(of: entry.path), fingerprint: fingerprints[i]))
    }
    var signalKeys: [(pattern: String, device: String, state: EngineState)] = []
    for (i, entry) in entries.enumerated() where bytes[i] == nil {
      for device in options.devices {
        for state in options.states { signalKeys.append((entry.name, device.name, state)) }
      }
    }
    var signalNames: [String: String] = [:]
    for (key, file) in zip(signalKeys, signalFiles(for: signalKeys)) {
      signalNames[recordKey(key.pattern, key.device, key.state)] = file
    }
    let devices = zip(options.devices, deviceFiles(for: options.devices.map(\.name))).map { device, file in
      BaselineManifest.Device(name: device.name, fingerprint: Fingerprint.of(device.jsonText()), file: file)
    }
    var records: [BaselineManifest.Record] = []
    try AtomicFolder.write(to: folder, guard: folderGuard, replacing: replacing) { temporaryURL in
      let temporary = temporaryURL.path
      let fileManager = FileManager.default
      for sub in ["/signals", "/devices", "/patterns"] {
        try fileManager.createDirectory(atPath: temporary + sub, withIntermediateDirectories: true)
      }
      for (device, entry) in zip(options.devices, devices) {
        try AtomicFile.writeNew(device.jsonText(), to: temporary + "/" + entry.file)
      }
      for (i, file) in copyFiles.enumerated() {
        if let bytes = bytes[i] { try AtomicFile.writeNew(bytes, to: temporary + "/" + file) }
      }
      // Rendered a few patterns at a time, so that memory holds one chunk's signals.
      let perPattern = options.devices.count * options.states.count
      for chunk in chunks(entries.count, size: chunkSize(options)) {
        let rendered = render(
          Array(entries[chunk]), options: options,
          progress: shifted(progress, by: chunk.lowerBound * perPattern, of: entries.count * perPattern))
        for item in rendered {
          let m = item.measurement
          let signal = signalNames[recordKey(m.pattern, m.device, m.state)]
          records.append(
            BaselineManifest.Record(
              pattern: m.pattern, device: m.device, state: m.state, signalFile: signal,
              detect_s: m.markers.detect_s, t50_s: m.markers.t50_s, peak_g: m.peak_g, rms_g: m.rms_g,
              patternFingerprint: item.patternFingerprint))
          if let signal {
            try AudioFile.write(
              item.acceleration, to: temporary + "/" + signal,
              metadata: ["pattern": m.pattern, "device": m.device, "state": m.state.rawValue])
          }
        }
      }
      let manifest = BaselineManifest(
        toolVersion: HaptVersion.string, modelVersion: HaptVersion.model, devices: devices, states: options.states,
        records: records, patterns: patterns)
      try AtomicFile.writeNew(manifest.jsonText(), to: temporary + "/" + BaselineManifest.fileName)
    }
    return BaselineManifest(
      toolVersion: HaptVersion.string, modelVersion: HaptVersion.model, devices: devices, states: options.states,
      records: records, patterns: patterns)
  }

  /// Patterns rendered at once by record and check: enough to keep every thread busy
  /// (each pattern is a render per device and state), few enough that memory holds only
  /// their signals.
  static func chunkSize(_ options: EvaluationOptions) -> Int { max(4, 2 * options.threads) }

  /// `0..<count` in consecutive ranges of `size`.
  static func chunks(_ count: Int, size: Int) -> [Range<Int>] {
    stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
  }

  /// A progress callback for one part of a run: `done` shifted by `offset`, out of `total`.
  static func shifted(
    _ progress: (@Sendable (Int, Int) -> Void)?, by offset: Int, of total: Int
  ) -> (@Sendable (Int, Int) -> Void)? {
    guard let progress else { return nil }
    return { done, _ in progress(offset + done, total) }
  }

  /// The format of a pattern file, as its extension (lowercased).
  static func format(of path: String) -> String { URL(fileURLWithPath: path).pathExtension.lowercased() }

  static func recordKey(_ pattern: String, _ device: String, _ state: EngineState) -> String {
    "\(pattern)\u{0}\(device)\u{0}\(state.rawValue)"
  }

  /// The copy of each pattern file: `patterns/NAME.EXT`, the name without its extension
  /// made file-safe (cut with a hash like signal names, `-2`, `-3`, ... if two would share
  /// one), then the file's own extension, which names its format.
  static func patternFiles(for names: [(name: String, format: String)]) -> [String] {
    let stems = uniqueStems(
      names.map { name, format in
        format.isEmpty || !name.lowercased().hasSuffix("." + format) ? name : String(name.dropLast(format.count + 1))
      }, notStartingWithDot: true)
    return zip(stems, names).map { stem, name in "patterns/\(stem)" + (name.format.isEmpty ? "" : ".\(name.format)") }
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
  package static func merge(parts: [String], to folder: String, environment: HaptEnvironment = .process) throws {
    let folderGuard = OutputFolderGuard(kind: .baseline, inputs: parts, currentFolder: environment.currentFolder)
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
        manifest.modelVersion == first.modelVersion, manifest.version == first.version
      else { throw InputError(file: part, "recorded with other devices, states or versions than \(parts[0])") }
    }
    let sources = zip(parts, manifests).flatMap { part, manifest in manifest.records.map { (part, $0) } }
    let withSignal = sources.filter { $0.1.signalFile != nil }
    var renamedSignal: [String: String] = [:]
    for ((part, record), file) in zip(
      withSignal, signalFiles(for: withSignal.map { ($0.1.pattern, $0.1.device, $0.1.state) }))
    {
      renamedSignal[part + "\u{0}" + (record.signalFile ?? "")] = file
    }
    let records = sources.map { part, record in
      var renamed = record
      renamed.signalFile = record.signalFile.map { renamedSignal[part + "\u{0}" + $0] ?? $0 }
      return renamed
    }
    let copies = zip(parts, manifests).flatMap { part, manifest in manifest.patterns.map { (part, $0) } }
    let copyFiles = patternFiles(for: copies.map { ($0.1.pattern, $0.1.format) })
    let patterns = zip(copies, copyFiles).map { source, file in
      var renamed = source.1
      renamed.file = file
      return renamed
    }
    let manifest = BaselineManifest(
      toolVersion: first.toolVersion, modelVersion: first.modelVersion, devices: first.devices, states: first.states,
      records: records, patterns: patterns, version: first.version)
    try AtomicFolder.write(to: folder, guard: folderGuard) { temporaryURL in
      let temporary = temporaryURL.path
      let fileManager = FileManager.default
      for sub in ["/signals", "/devices", "/patterns"] {
        try fileManager.createDirectory(atPath: temporary + sub, withIntermediateDirectories: true)
      }
      for device in first.devices {
        try fileManager.copyItem(atPath: parts[0] + "/" + device.file, toPath: temporary + "/" + device.file)
      }
      for (part, record) in withSignal {
        guard let from = record.signalFile, let to = renamedSignal[part + "\u{0}" + from] else { continue }
        try fileManager.copyItem(atPath: part + "/" + from, toPath: temporary + "/" + to)
      }
      for ((part, copy), file) in zip(copies, copyFiles) {
        try fileManager.copyItem(atPath: part + "/" + copy.file, toPath: temporary + "/" + file)
      }
      try AtomicFile.writeNew(manifest.jsonText(), to: temporary + "/" + BaselineManifest.fileName)
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
