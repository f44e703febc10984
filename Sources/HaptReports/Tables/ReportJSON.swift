import HaptCore
import HaptMetrics
import HaptSimulation
import HaptEvaluation
import HaptBaselines

/// The JSON shapes of the commands: keys carry units like the CSV columns,
/// absent values are null, key order is fixed.
package enum ReportJSON {
  private static func ms(_ seconds: Double?) -> JSONValue {
    seconds.map { .number(ReportTables.milliseconds($0)) } ?? .null
  }
  static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
  /// A simulated measurement to six significant digits, as the tables write it
  /// (``CSVCell/measured(_:)``); null for nil or a value that is not finite.
  package static func measured(_ value: Double?) -> JSONValue {
    guard let value, value.isFinite else { return .null }
    return .number(DecimalText.significant(value, digits: CSVCell.measuredDigits))
  }

  /// The markers of one signal, with its peak (``PeakLevel``: the sample peak at the
  /// signal's own rate, the same `peak_g` as `render` and `latency`).
  package static func markers(_ m: EnvelopeMarkers, peak_g: Double) -> JSONValue {
    .orderedObject([
      ("detect_ms", ms(m.detect_s)), ("t10_ms", ms(m.t10_s)), ("t50_ms", ms(m.t50_s)), ("t90_ms", ms(m.t90_s)),
      ("rise_ms", ms(m.rise_s)), ("stop_ms", ms(m.stop_s)), ("peak_g", measured(peak_g)),
    ])
  }

  /// The raw directional ST-SIM and SPQI of a pair: `RefA` takes A (the first signal) as
  /// the reference, `RefB` takes B. Unbounded and asymmetric: users read `similarity`.
  package static func rawSimilarity(_ s: PairSimilarity) -> JSONValue {
    .orderedObject([
      ("stsimRawRefA", measured(s.stsimBA)), ("stsimRawRefB", measured(s.stsimAB)),
      ("spqiRawRefA", measured(s.spqiBA)), ("spqiRawRefB", measured(s.spqiAB)),
      ("blocksCompared", .number(Double(s.blocksCompared))),
    ])
  }

  /// One perceptual change: the felt event (1-based in time order, null for the whole
  /// signal), cue, size with its unit, its JNDs, when the felt event starts (`time_s`,
  /// after the trigger), the file's own events felt in it (`fileEvents`, numbers in the
  /// file's order; empty when unknown), how the sentence names it (`subject`), and the
  /// sentence.
  package static func change(_ c: PerceptualChange) -> JSONValue {
    .orderedObject([
      ("event", c.event.map { .number(Double($0)) } ?? .null), ("cue", .string(c.cue.rawValue)),
      ("size", measured(c.size)), ("unit", .string(c.unit)), ("dPrime_JND", measured(c.dPrime_JND)),
      ("time_s", c.time_s.map { .number($0) } ?? .null),
      ("fileEvents", .list(c.fileEvents.map { .number(Double($0)) })),
      ("subject", c.subject.map { .string($0) } ?? .null),
      ("description", .string(c.sentence)),
    ])
  }

  /// The perceptual attributes of one signal (Docs/Perception.md §10), one key each.
  package static func attributeFields(_ a: PerceptualAttributes) -> [(String, JSONValue)] {
    PerceptualAttributeColumns.all.map { ($0.name, measured($0.value(a))) }
  }

  /// `hapt describe` output: one object per signal, `path` then one key per attribute.
  package static func descriptions(_ list: [PatternDescription]) -> JSONValue {
    .list(list.map { .orderedObject([("path", .string($0.path))] + attributeFields($0.attributes)) })
  }

  /// `hapt compare` output.
  package static func comparison(_ c: SignalComparison) -> JSONValue {
    .orderedObject([
      (
        "a",
        .orderedObject([
          ("path", .string(c.a.path)), ("origin", .string(c.a.originDescription)),
          ("markers", markers(c.markersA, peak_g: c.a.peak_g)),
          ("attributes", .orderedObject(attributeFields(c.attributesA))),
        ])
      ),
      (
        "b",
        .orderedObject([
          ("path", .string(c.b.path)), ("origin", .string(c.b.originDescription)),
          ("markers", markers(c.markersB, peak_g: c.b.peak_g)),
          ("attributes", .orderedObject(attributeFields(c.attributesB))),
        ])
      ),
      ("dPrime_JND", measured(c.dPrime)), ("perceptualDistance", measured(c.perceptualDistance)),
      ("similarity", measured(c.perceptible.similarity)),
      ("verdict", .string(c.verdict.rawValue)), ("changes", .list(c.changes.map(change))),
      ("explanation", explanation(c.explanation)),
      ("rawPerceptibleBlocks", rawSimilarity(c.perceptible)), ("rawReferenceConvention", rawSimilarity(c.reference)),
    ])
  }

  /// One confusability review.
  package static func review(_ r: ConfusabilityReview) -> JSONValue {
    .orderedObject([
      ("device", .string(r.device)), ("state", .string(r.state.rawValue)), ("silent", .bool(r.isSilent)),
      ("patterns", .list(r.names.map { .string($0) })),
      (
        "pairs",
        .list(
          r.pairs.map {
            .orderedObject([
              ("patternA", .string($0.first)), ("patternB", .string($0.second)), ("dPrime_JND", measured($0.dPrime)),
              ("similarity", measured($0.similarity.similarity)),
              ("verdict", .string($0.verdict.rawValue)), ("raw", rawSimilarity($0.similarity)),
            ])
          })
      ),
      ("confusion", .list(r.confusion.map { row in .list(row.map { measured($0) }) })),
      ("informationTransfer_bits", measured(r.informationTransfer_bits)),
      ("distinguishableItems", measured(r.distinguishableItems)), ("percentCorrect", measured(r.percentCorrect)),
      ("verdicts", .list(r.sentences.map { .string($0) })),
    ])
  }

  /// A baseline check.
  package static func baseline(_ result: BaselineCheckResult) -> JSONValue {
    .orderedObject([
      ("passed", .bool(result.passed)), ("problems", .list(result.problems.map { .string($0) })),
      ("notes", .list(result.notes.map { .string($0) })),
      ("loadErrors", .list(result.failures.map { .string($0.error.description) })),
      (
        "comparisons",
        .list(
          result.comparisons.map {
            .orderedObject([
              ("pattern", .string($0.pattern)), ("device", .string($0.device)), ("state", .string($0.state.rawValue)),
              ("status", .string($0.status.rawValue)), ("dPrime_JND", measured($0.dPrime_JND)),
              ("detectShift_ms", ms($0.latencyShift_s)), ("similarity", measured($0.similarity)),
              ("reasons", .list($0.changes.map { .string($0.description) })),
              ("changes", .list($0.perceptualChanges.map(change))),
              ("explanation", $0.story.map(story) ?? .null),
              ("summary", .string($0.summary)),
            ])
          })
      ),
    ])
  }
}
