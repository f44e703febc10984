import HaptCore
import HaptMetrics
import HaptSimulation
import HaptWorkflows

/// The `--format json` shapes of the commands: keys carry units like the CSV columns,
/// absent values are null, key order is fixed.
public enum ReportJSON {
  private static func ms(_ seconds: Double?) -> JSONValue { seconds.map { .number($0 * 1000) } ?? .null }
  private static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }

  /// The markers of one signal, with its peak (``PeakLevel``: the sample peak at the
  /// signal's own rate, the same `peak_g` as `render` and `latency`).
  public static func markers(_ m: EnvelopeMarkers, peak_g: Double) -> JSONValue {
    .orderedObject([
      ("detect_ms", ms(m.detect_s)), ("t10_ms", ms(m.t10_s)), ("t50_ms", ms(m.t50_s)), ("t90_ms", ms(m.t90_s)),
      ("rise_ms", ms(m.rise_s)), ("stop_ms", ms(m.stop_s)), ("peak_g", .number(peak_g)),
    ])
  }

  /// The latency rows: one object per row of ``ReportTables/latency(_:budget:)``, keyed by
  /// its column headers, so the JSON and the CSV never disagree.
  public static func latency(_ measurements: [PatternMeasurement], budget: LatencyBudget) -> JSONValue {
    ReportTables.latency(measurements, budget: budget).jsonValue
  }

  /// ST-SIM and SPQI in both directions and symmetric.
  public static func similarity(_ s: PairSimilarity) -> JSONValue {
    .orderedObject([
      ("stsimAB", .number(s.stsimAB)), ("stsimBA", .number(s.stsimBA)), ("stsimSymmetric", .number(s.stsimSymmetric)),
      ("spqiAB", .number(s.spqiAB)), ("spqiBA", .number(s.spqiBA)), ("spqiSymmetric", .number(s.spqiSymmetric)),
      ("blocksCompared", .number(Double(s.blocksCompared))),
    ])
  }

  /// `hapt compare` output.
  public static func comparison(_ c: SignalComparison) -> JSONValue {
    .orderedObject([
      ("a", .orderedObject([("path", .string(c.a.path)), ("origin", .string(c.a.originDescription)), ("markers", markers(c.markersA, peak_g: c.a.peak_g))])),
      ("b", .orderedObject([("path", .string(c.b.path)), ("origin", .string(c.b.originDescription)), ("markers", markers(c.markersB, peak_g: c.b.peak_g))])),
      ("perceptibleBlocks", similarity(c.perceptible)), ("referenceConvention", similarity(c.reference)),
      ("dPrime_JND", .number(c.dPrime)), ("verdict", .string(c.verdict.rawValue)),
    ])
  }

  /// One confusability review.
  public static func review(_ r: ConfusabilityReview) -> JSONValue {
    .orderedObject([
      ("device", .string(r.device)), ("state", .string(r.state.rawValue)), ("silent", .bool(r.isSilent)),
      ("patterns", .list(r.names.map { .string($0) })),
      (
        "pairs",
        .list(
          r.pairs.map {
            .orderedObject([
              ("patternA", .string($0.first)), ("patternB", .string($0.second)), ("dPrime_JND", .number($0.dPrime)),
              ("similarity", similarity($0.similarity)), ("verdict", .string($0.verdict.rawValue)),
            ])
          })
      ),
      ("confusion", .list(r.confusion.map { row in .list(row.map { .number($0) }) })),
      ("informationTransfer_bits", .number(r.informationTransfer_bits)),
      ("distinguishableItems", .number(r.distinguishableItems)), ("percentCorrect", .number(r.percentCorrect)),
      ("verdicts", .list(r.sentences.map { .string($0) })),
    ])
  }

  /// A baseline check.
  public static func baseline(_ result: BaselineCheckResult) -> JSONValue {
    .orderedObject([
      ("passed", .bool(result.passed)), ("problems", .list(result.problems.map { .string($0) })),
      ("loadErrors", .list(result.failures.map { .string($0.error.description) })),
      (
        "comparisons",
        .list(
          result.comparisons.map {
            .orderedObject([
              ("pattern", .string($0.pattern)), ("device", .string($0.device)), ("state", .string($0.state.rawValue)),
              ("status", .string($0.status.rawValue)), ("stsimSymmetric", number($0.stsim)),
              ("detectShift_ms", ms($0.latencyShift_s)), ("levelChange_dB", number($0.levelChange_dB)),
              ("changes", .list($0.changes.map { .string($0) })),
            ])
          })
      ),
    ])
  }
}
