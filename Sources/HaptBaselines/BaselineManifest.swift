import HaptCore
import HaptMetrics
import HaptSimulation

/// The manifest of a recorded baseline (`manifest.json` in the baseline folder): the tool
/// and model versions, the device profiles used (with fingerprints), a copy of each
/// pattern file, and per pattern, device and state its measurements.
///
/// Version 2 (``currentVersion``) keeps each pattern file's bytes (``PatternCopy``), which
/// the check renders again; a record keeps a signal only when its file could not be read
/// again when recorded. Version 1 (no `version` key, hapt before the copies) keeps a FLAC
/// signal for every record; it is still read and checked against those signals.
package struct BaselineManifest: Sendable, Equatable {
  /// A copy of one pattern file, as recorded.
  package struct PatternCopy: Sendable, Equatable {
    /// The pattern's name in the corpus.
    package var pattern: String
    /// The copy, relative to the baseline folder (`patterns/NAME.EXT`, the file's own
    /// extension, which names its format).
    package var file: String
    /// The format, as the file's extension (lowercased): `ahap`, `haptic`, ...
    package var format: String
    /// Fingerprint of the file's bytes (``Fingerprint``).
    package var fingerprint: String
  }

  /// One recorded measurement.
  package struct Record: Sendable, Equatable {
    package var pattern: String
    package var device: String
    package var state: EngineState
    /// The acceleration signal, relative to the baseline folder (FLAC); nil when the
    /// pattern's file is kept (``PatternCopy``) and rendered again by the check.
    package var signalFile: String?
    package var detect_s: Double?
    package var t50_s: Double?
    package var peak_g: Double
    package var rms_g: Double
    /// Fingerprint of the pattern file's bytes when recorded.
    package var patternFingerprint: String
  }

  /// One device profile used.
  package struct Device: Sendable, Equatable {
    package var name: String
    /// Fingerprint of the profile's canonical JSON.
    package var fingerprint: String
    /// The profile copy, relative to the baseline folder.
    package var file: String
  }

  package static let formatName = "hapt-baseline"
  package static let fileName = "manifest.json"
  /// The version written: 2, pattern copies. 1 (no `version` key): a signal per record.
  package static let currentVersion = 2

  /// The manifest's version (1 when read from a manifest without the key).
  package var version = currentVersion
  package var toolVersion: String
  package var modelVersion: String
  package var devices: [Device]
  package var states: [EngineState]
  package var records: [Record]
  /// The pattern files kept, in corpus order (empty in version 1).
  package var patterns: [PatternCopy] = []

  /// The manifest as deterministic JSON text.
  package func jsonText() -> String {
    func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    return JSONWriter.string(
      .orderedObject([
        ("format", .string(Self.formatName)),
        ("version", .number(Double(version))),
        ("toolVersion", .string(toolVersion)),
        ("modelVersion", .string(modelVersion)),
        (
          "devices",
          .list(
            devices.map {
              .orderedObject([
                ("name", .string($0.name)), ("fingerprint", .string($0.fingerprint)), ("file", .string($0.file)),
              ])
            })
        ),
        ("states", .list(states.map { .string($0.rawValue) })),
        (
          "patterns",
          .list(
            patterns.map {
              .orderedObject([
                ("pattern", .string($0.pattern)), ("file", .string($0.file)), ("format", .string($0.format)),
                ("fingerprint", .string($0.fingerprint)),
              ])
            })
        ),
        (
          "records",
          .list(
            records.map {
              .orderedObject([
                ("pattern", .string($0.pattern)), ("device", .string($0.device)), ("state", .string($0.state.rawValue)),
                ("signal", $0.signalFile.map { .string($0) } ?? .null), ("detect_s", optional($0.detect_s)),
                ("t50_s", optional($0.t50_s)),
                ("peak_g", .number($0.peak_g)), ("rms_g", .number($0.rms_g)),
                ("patternFingerprint", .string($0.patternFingerprint)),
              ])
            })
        ),
      ]))
  }

  /// Parses a manifest; errors name the key path.
  package init(jsonBytes: [UInt8]) throws {
    let root = JSONCursor(try JSONParser.parse(jsonBytes).root)
    guard try root.required("format").string() == Self.formatName else {
      throw try root.required("format").error("not a hapt baseline manifest")
    }
    if let cursor = try root.member("version") {
      let number = try cursor.number()
      guard number == 1 || number == Double(Self.currentVersion) else {
        throw cursor.error(
          "version \(JSONWriter.number(number)) is not one this hapt reads (1 or \(Self.currentVersion)): "
            + "record the baseline again with this hapt")
      }
      version = Int(number)
    } else {
      version = 1
    }
    toolVersion = try root.required("toolVersion").string()
    modelVersion = try root.required("modelVersion").string()
    devices = try root.required("devices").elements().map {
      Device(
        name: try $0.required("name").string(), fingerprint: try $0.required("fingerprint").string(),
        file: try Self.safeRelativePath($0.required("file")))
    }
    states = try root.required("states").elements().map { try Self.state($0) }
    let isVersion1 = version == 1
    func signal(_ cursor: JSONCursor) throws -> String? {
      if case .null = cursor.value, !isVersion1 { return nil }
      return try Self.safeRelativePath(cursor)
    }
    patterns =
      isVersion1
      ? []
      : try root.required("patterns").elements().map {
        PatternCopy(
          pattern: try $0.required("pattern").string(), file: try Self.safeRelativePath($0.required("file")),
          format: try $0.required("format").string(), fingerprint: try $0.required("fingerprint").string())
      }
    records = try root.required("records").elements().map { record in
      func optional(_ key: String) throws -> Double? {
        let cursor = try record.required(key)
        if case .null = cursor.value { return nil }
        return try cursor.number()
      }
      return Record(
        pattern: try record.required("pattern").string(), device: try record.required("device").string(),
        state: try Self.state(record.required("state")),
        signalFile: try signal(record.required("signal")),
        detect_s: try optional("detect_s"), t50_s: try optional("t50_s"),
        peak_g: try record.required("peak_g").number(), rms_g: try record.required("rms_g").number(),
        patternFingerprint: try record.required("patternFingerprint").string())
    }
  }

  package init(
    toolVersion: String, modelVersion: String, devices: [Device], states: [EngineState], records: [Record],
    patterns: [PatternCopy] = [], version: Int = currentVersion
  ) {
    self.version = version
    self.patterns = patterns
    self.toolVersion = toolVersion
    self.modelVersion = modelVersion
    self.devices = devices
    self.states = states
    self.records = records
  }

  private static func state(_ cursor: JSONCursor) throws -> EngineState {
    guard let state = EngineState(rawValue: try cursor.string()) else {
      throw cursor.error("expected one of \(EngineState.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return state
  }

  /// A file name inside the baseline folder: relative, no `..`, no absolute path.
  private static func safeRelativePath(_ cursor: JSONCursor) throws -> String {
    let path = try cursor.string()
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.isEmpty, !path.hasPrefix("/"), !parts.contains(".."), !path.contains("\\") else {
      throw cursor.error("path '\(path)' leaves the baseline folder")
    }
    return path
  }
}
