import HaptCore
import HaptMetrics
import HaptSimulation
import HaptWorkflows

/// The `--format json` shapes of the commands: keys carry units like the CSV columns,
/// absent values are null, key order is fixed.
public enum ReportJSON {
  private static func ms(_ seconds: Double?) -> JSONValue { seconds.map { .number($0 * 1000) } ?? .null }
  private static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }

  /// The markers of one signal.
  public static func markers(_ m: EnvelopeMarkers) -> JSONValue {
    .orderedObject([
      ("detect_ms", ms(m.detect_s)), ("t10_ms", ms(m.t10_s)), ("t50_ms", ms(m.t50_s)), ("t90_ms", ms(m.t90_s)),
      ("rise_ms", ms(m.rise_s)), ("stop_ms", ms(m.stop_s)), ("peak_g", .number(m.peak_g)),
    ])
  }

  /// One latency row.
  public static func latency(_ m: PatternMeasurement) -> JSONValue {
    .orderedObject([
      ("pattern", .string(m.pattern)), ("device", .string(m.device)), ("state", .string(m.state.rawValue)),
      ("engineLatency_ms", ms(m.engineLatency_s)), ("markers", markers(m.markers)), ("rms_g", .number(m.rms_g)),
      ("dominantFrequency_Hz", number(m.dominantFrequency_Hz)), ("verdict", .string(m.verdict.rawValue)),
      ("silenceReason", m.silenceReason.map { .string($0) } ?? .null),
    ])
  }

  /// ST-SIM and SPQI in both directions and symmetric.
  public static func similarity(_ s: PairSimilarity) -> JSONValue {
    .orderedObject([
      ("stsim_ab", .number(s.stsimAB)), ("stsim_ba", .number(s.stsimBA)), ("stsim_symmetric", .number(s.stsimSymmetric)),
      ("spqi_ab", .number(s.spqiAB)), ("spqi_ba", .number(s.spqiBA)), ("spqi_symmetric", .number(s.spqiSymmetric)),
      ("blocksCompared", .number(Double(s.blocksCompared))),
    ])
  }

  /// `hapt compare` output.
  public static func comparison(_ c: SignalComparison) -> JSONValue {
    .orderedObject([
      ("a", .orderedObject([("path", .string(c.a.path)), ("origin", .string(c.a.originDescription)), ("markers", markers(c.markersA))])),
      ("b", .orderedObject([("path", .string(c.b.path)), ("origin", .string(c.b.originDescription)), ("markers", markers(c.markersB))])),
      ("perceptibleBlocks", similarity(c.perceptible)), ("referenceConvention", similarity(c.reference)),
      ("dPrime_JND", .number(c.dPrime)), ("verdict", .string(c.verdict.rawValue)),
    ])
  }

  /// One confusability review.
  public static func review(_ r: ConfusabilityReview) -> JSONValue {
    .orderedObject([
      ("device", .string(r.device)), ("state", .string(r.state.rawValue)), ("patterns", .list(r.names.map { .string($0) })),
      (
        "pairs",
        .list(
          r.pairs.map {
            .orderedObject([
              ("a", .string($0.first)), ("b", .string($0.second)), ("dPrime_JND", .number($0.dPrime)),
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
              ("status", .string($0.status.rawValue)), ("stsim_symmetric", number($0.stsim)),
              ("detectShift_ms", ms($0.latencyShift_s)), ("levelChange_dB", number($0.levelChange_dB)),
              ("changes", .list($0.changes.map { .string($0) })),
            ])
          })
      ),
    ])
  }
}
