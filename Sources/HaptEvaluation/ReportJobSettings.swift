import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptFormats

/// What a report job evaluates and how: everything a shard's part records so that
/// `merge` runs the same job (never a command line to parse again).
package struct ReportJobSettings: Sendable, Equatable {
  /// The corpus paths as given (relative to the folder the job runs in).
  package var paths: [String]
  /// Device profiles by name or path; empty: every shipped profile, the default first.
  package var devices: [String] = []
  /// Engine states at the trigger.
  package var states: [EngineState] = [.prepared, .cold]
  /// The latency budget.
  package var budget = LatencyBudget.default
  /// The design-review set by name; empty: ``Presets/defaultReviewSet``.
  package var reviewSet: [String] = []
  /// The report's title; nil: `hapt report: PATHS`.
  package var title: String?
  /// Neighbours and close pairs kept.
  package var pairwise = PairwiseSummary.Settings()
  /// Whether every pair is written to pairs.csv.
  package var allPairs = false
  /// How large a pattern is read.
  package var limits = PatternLimits()
  /// Most pattern files in the corpus.
  package var maxFiles = 100_000
  /// Longest render per pattern, seconds.
  package var maxRenderDuration_s = RenderOptions.defaultMaxDuration_s

  package init(paths: [String]) { self.paths = paths }

  /// The report's title: ``title``, or `hapt report: PATHS`.
  package var resolvedTitle: String { title ?? "hapt report: \(paths.joined(separator: ", "))" }

  /// The review set: ``reviewSet``, or the default one.
  package var resolvedReviewSet: [String] { reviewSet.isEmpty ? Presets.defaultReviewSet : reviewSet }

  /// The devices: those named (`all`: every available profile), or every available
  /// profile (shipped and `HAPT_DEVICES`) with the default first (the primary device:
  /// similarity across the corpus and the per-pattern figures use it).
  /// - Throws: the lookup error of a name or path that is not a profile.
  package func deviceProfiles(in environment: HaptEnvironment = .process) throws -> [DeviceProfile] {
    guard devices.isEmpty else { return try DeviceProfile.selection(devices, in: environment) }
    return try DeviceProfile.available(in: environment).sorted { a, b in
      (a.name == DeviceProfile.defaultName ? 0 : 1, a.name) < (b.name == DeviceProfile.defaultName ? 0 : 1, b.name)
    }
  }

  // MARK: - Part form (one line of ``FieldCodec`` fields)

  /// The settings as the fields of one part line.
  package var fields: [String] {
    var fields = ["paths", String(paths.count)] + paths.map { FieldCodec.text($0) }
    fields += ["devices", String(devices.count)] + devices.map { FieldCodec.text($0) }
    fields += ["states", String(states.count)] + states.map(\.rawValue)
    fields += ["budget", FieldCodec.number(budget.pass_s), FieldCodec.number(budget.warn_s)]
    fields += ["set", String(reviewSet.count)] + reviewSet.map { FieldCodec.text($0) }
    fields += ["title", FieldCodec.text(title), "allPairs", allPairs ? "1" : "0"]
    fields += FieldReader.fields(limits)
    fields += ["maxFiles", String(maxFiles), "maxRenderDuration", FieldCodec.number(maxRenderDuration_s)]
    return fields
  }

  /// Reads ``fields`` back (the pairwise settings are stored on a line of their own).
  /// - Throws: `error` for anything that is not such a line.
  package init(fields: [Substring], pairwise: PairwiseSummary.Settings, error: InputError) throws {
    var reader = FieldReader(fields: fields, error: error)
    self.init(paths: try reader.texts("paths"))
    devices = try reader.texts("devices")
    states = try reader.list("states").map { field in
      guard let state = EngineState(rawValue: String(field)) else { throw error }
      return state
    }
    try reader.expect("budget")
    budget = LatencyBudget(pass_s: try reader.number(), warn_s: try reader.number())
    reviewSet = try reader.texts("set")
    try reader.expect("title")
    title = try reader.optionalText()
    try reader.expect("allPairs")
    allPairs = try reader.flag()
    limits = try reader.limits()
    try reader.expect("maxFiles")
    maxFiles = try reader.integer()
    try reader.expect("maxRenderDuration")
    maxRenderDuration_s = try reader.number()
    guard reader.isAtEnd else { throw error }
    self.pairwise = pairwise
  }
}
