import HaptCore
import HaptEvaluation
import HaptPatterns
import HaptSimulation
import HaptFormats

/// What a baseline check compares and how it is printed: what a shard's check part
/// records so that merge prints and writes what the unsharded check would.
package struct BaselineCheckSettings: Sendable, Equatable {
  /// The corpus paths as given.
  package var paths: [String]
  /// The baseline folder.
  package var baseline: String
  /// Devices checked, by name or path; empty: every device the baseline recorded.
  package var devices: [String] = []
  /// States checked; nil: every state the baseline recorded.
  package var states: [EngineState]?
  /// When a pattern counts as changed.
  package var tolerances = BaselineTolerances()
  /// How large a pattern is read.
  package var limits = PatternLimits()
  /// Most pattern files in the corpus.
  package var maxFiles = 100_000
  /// The name of the format the result is printed in (`text`, `csv`, `json`).
  package var format = "text"
  /// Where JUnit XML of the result goes, if anywhere.
  package var junit: String?

  package init(paths: [String], baseline: String) {
    self.paths = paths
    self.baseline = baseline
  }

  // MARK: - Part form (one line of ``FieldCodec`` fields)

  var fields: [String] {
    var fields = ["paths", String(paths.count)] + paths.map { FieldCodec.text($0) }
    fields += ["baseline", FieldCodec.text(baseline)]
    fields += ["devices", String(devices.count)] + devices.map { FieldCodec.text($0) }
    let states = states ?? []
    fields += ["states", String(states.count)] + states.map(\.rawValue)
    fields += [
      "tolerances", FieldCodec.number(tolerances.maxDPrime_JND), FieldCodec.number(tolerances.maxLatencyShift_s),
    ]
    fields += FieldReader.fields(limits) + ["maxFiles", String(maxFiles)]
    fields += ["format", FieldCodec.text(format), "junit", FieldCodec.text(junit)]
    return fields
  }

  init(fields: [Substring], error: InputError) throws {
    var reader = FieldReader(fields: fields, error: error)
    let paths = try reader.texts("paths")
    try reader.expect("baseline")
    guard let baseline = try reader.optionalText() else { throw error }
    self.init(paths: paths, baseline: baseline)
    devices = try reader.texts("devices")
    let states = try reader.list("states").map { field in
      guard let state = EngineState(rawValue: String(field)) else { throw error }
      return state
    }
    self.states = states.isEmpty ? nil : states
    try reader.expect("tolerances")
    tolerances.maxDPrime_JND = try reader.number()
    tolerances.maxLatencyShift_s = try reader.number()
    limits = try reader.limits()
    try reader.expect("maxFiles")
    maxFiles = try reader.integer()
    try reader.expect("format")
    guard let format = try reader.optionalText() else { throw error }
    self.format = format
    try reader.expect("junit")
    junit = try reader.optionalText()
    guard reader.isAtEnd else { throw error }
  }
}
