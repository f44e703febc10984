import HaptCore
import HaptMetrics
import HaptSimulation

/// The manifest of a recorded baseline (`manifest.json` in the baseline folder): the tool
/// and model versions, the device profiles used (with fingerprints), and per pattern,
/// device and state the stored signal and its measurements.
package struct BaselineManifest: Sendable, Equatable {
  /// One recorded measurement.
  package struct Record: Sendable, Equatable {
    package var pattern: String
    package var device: String
    package var state: EngineState
    /// The acceleration signal, relative to the baseline folder (FLAC).
    package var signalFile: String
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

  package var toolVersion: String
  package var modelVersion: String
  package var devices: [Device]
  package var states: [EngineState]
  package var records: [Record]

  /// The manifest as deterministic JSON text.
  package func jsonText() -> String {
    func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    return JSONWriter.string(
      .orderedObject([
        ("format", .string(Self.formatName)),
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
          "records",
          .list(
            records.map {
              .orderedObject([
                ("pattern", .string($0.pattern)), ("device", .string($0.device)), ("state", .string($0.state.rawValue)),
                ("signal", .string($0.signalFile)), ("detect_s", optional($0.detect_s)), ("t50_s", optional($0.t50_s)),
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
    toolVersion = try root.required("toolVersion").string()
    modelVersion = try root.required("modelVersion").string()
    devices = try root.required("devices").elements().map {
      Device(
        name: try $0.required("name").string(), fingerprint: try $0.required("fingerprint").string(),
        file: try Self.safeRelativePath($0.required("file")))
    }
    states = try root.required("states").elements().map { try Self.state($0) }
    records = try root.required("records").elements().map { record in
      func optional(_ key: String) throws -> Double? {
        let cursor = try record.required(key)
        if case .null = cursor.value { return nil }
        return try cursor.number()
      }
      return Record(
        pattern: try record.required("pattern").string(), device: try record.required("device").string(),
        state: try Self.state(record.required("state")),
        signalFile: try Self.safeRelativePath(record.required("signal")),
        detect_s: try optional("detect_s"), t50_s: try optional("t50_s"),
        peak_g: try record.required("peak_g").number(), rms_g: try record.required("rms_g").number(),
        patternFingerprint: try record.required("patternFingerprint").string())
    }
  }

  package init(toolVersion: String, modelVersion: String, devices: [Device], states: [EngineState], records: [Record]) {
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
