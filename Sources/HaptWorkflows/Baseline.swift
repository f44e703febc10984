import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// Regression baselines: record a corpus's rendered signals and measurements, then check
/// a later state of the corpus against them.
///
/// A baseline folder holds `manifest.json` (``BaselineManifest``), `signals/*.flac` (the
/// body acceleration of each pattern, device and state) and `devices/*.json` (the device
/// profiles used). It is written to a temporary folder and moved into place, so an
/// interrupted run leaves no half-written baseline, and an existing one is replaced only
/// with `force`.
public enum Baseline {
  /// Records `corpus` rendered with `options` into `folder`.
  ///
  /// - Throws: ``BaselineError/alreadyExists(folder:)`` (exit 73) if `folder` exists and
  ///   `force` is false; ``InputError`` (73) if anything cannot be written.
  @discardableResult
  public static func record(
    _ corpus: PatternCorpus, options: EvaluationOptions, to folder: String, force: Bool
  ) throws -> BaselineManifest {
    if FileManager.default.fileExists(atPath: folder), !force {
      throw BaselineError.alreadyExists(folder: folder)
    }
    let rendered = render(corpus.entries, options: options)
    var records: [BaselineManifest.Record] = []
    var signalFiles: [(name: String, signal: Signal, metadata: [String: String])] = []
    var usedNames: Set<String> = []
    for item in rendered {
      let base = fileSafe("\(item.measurement.pattern)--\(item.measurement.device)--\(item.measurement.state.rawValue)")
      var name = base
      var suffix = 2
      while usedNames.contains(name) {
        name = "\(base)-\(suffix)"
        suffix += 1
      }
      usedNames.insert(name)
      let file = "signals/\(name).flac"
      let measurement = item.measurement
      records.append(
        BaselineManifest.Record(
          pattern: measurement.pattern, device: measurement.device, state: measurement.state, signalFile: file,
          detect_s: measurement.markers.detect_s, t50_s: measurement.markers.t50_s, peak_g: measurement.peak_g,
          rms_g: measurement.rms_g, patternFingerprint: item.patternFingerprint))
      signalFiles.append(
        (file, item.acceleration,
         ["pattern": measurement.pattern, "device": measurement.device, "state": measurement.state.rawValue]))
    }
    let devices = options.devices.map {
      BaselineManifest.Device(name: $0.name, fingerprint: Fingerprint.of($0.jsonText()), file: "devices/\(fileSafe($0.name)).json")
    }
    let manifest = BaselineManifest(
      toolVersion: HaptVersion.string, modelVersion: HaptVersion.model, devices: devices, states: options.states,
      records: records)
    try AtomicFolder.write(to: folder) { temporaryURL in
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

  /// One render with what a baseline keeps of it.
  struct RenderedRecord: Sendable {
    var measurement: PatternMeasurement
    var acceleration: Signal
    var patternFingerprint: String
  }

  /// Renders every entry on every device in every state (pattern, device, state order).
  static func render(_ entries: [PatternCorpus.Entry], options: EvaluationOptions) -> [RenderedRecord] {
    let fingerprints = entries.map { entry in
      (try? InputFile.read(entry.path)).map { Fingerprint.of(bytes: $0) } ?? Fingerprint.of(AHAP.encode(entry.pattern))
    }
    return Evaluation.map(entries, options: options) { render in
      let measurement = PatternMeasurement(
        pattern: entries[render.entryIndex].name, device: options.devices[render.deviceIndex].name, state: render.state,
        rendering: render.rendering, budget: options.budget)
      return RenderedRecord(
        measurement: measurement, acceleration: render.rendering.acceleration_g,
        patternFingerprint: fingerprints[render.entryIndex])
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
