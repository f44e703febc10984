import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptEvaluation
import HaptBaselines

/// The CSV tables hapt writes, defined once so that `hapt report` files and the
/// CSV output of the commands have the same columns (documented in the README).
package enum ReportTables {
  /// A time in seconds as the milliseconds every table and JSON output writes: rounded to
  /// the microsecond (0.001 ms). Every render's sample period is far longer (125 us on the
  /// shipped profiles' 8 kHz, at least 5.2 us at a profile's highest rate, 192 kHz), so the
  /// digits left out were never resolved; verdicts are made on the unrounded value.
  package static func milliseconds(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }

  private static func ms(_ seconds: Double?) -> CSVCell { .number(seconds.map(milliseconds)) }

  /// `latency.csv`: one row per pattern, device and state (`hapt latency`'s JSON
  /// writes the same rows with the same keys). On a row that misses the budget only because
  /// the engine starts cold (``PatternLatency/missesOnlyCold(_:)``, from `latencies`),
  /// `prepareLead_ms` is the shortest `prepare()` lead that makes it pass and `advice` says
  /// so in the report's words ("prepare at least 40 ms ahead"; Android: no `prepare()`).
  package static func latency(
    _ measurements: [PatternMeasurement], budget: LatencyBudget = .default, latencies: [PatternLatency] = []
  ) -> CSVTable {
    var own: [String: PatternLatency] = [:]
    for latency in latencies { own[latency.pattern + "\u{0}" + latency.device] = latency }
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("device"), CSVColumn("state"), CSVColumn("engineLatency", unit: "ms"),
      CSVColumn("detect", unit: "ms"), CSVColumn("onset", unit: "ms"), CSVColumn("t10", unit: "ms"),
      CSVColumn("t50", unit: "ms"),
      CSVColumn("t90", unit: "ms"), CSVColumn("rise", unit: "ms"), CSVColumn("stop", unit: "ms"),
      CSVColumn("peak", unit: "g"), CSVColumn("rms", unit: "g"), CSVColumn("dominantFrequency", unit: "Hz"),
      CSVColumn("verdict"), CSVColumn("failsCheck"), CSVColumn("budget", unit: "ms"), CSVColumn("warn", unit: "ms"),
      CSVColumn("silenceReason"), CSVColumn("prepareLead", unit: "ms"), CSVColumn("advice"),
    ])
    for m in measurements {
      let latency = own[m.pattern + "\u{0}" + m.device]
      let advice = latency?.advice(for: m)
      let lead = advice != nil && latency?.canPrepare == true ? latency?.prepareLead_s : nil
      table.append([
        .text(m.pattern), .text(m.device), .text(m.state.rawValue), ms(m.engineLatency_s), ms(m.markers.detect_s),
        ms(m.onset_s), ms(m.markers.t10_s), ms(m.markers.t50_s), ms(m.markers.t90_s), ms(m.markers.rise_s),
        ms(m.markers.stop_s),
        .measured(m.peak_g), .measured(m.rms_g), .measured(m.dominantFrequency_Hz), .text(m.verdict.rawValue),
        .text(m.isFailure ? "yes" : "no"), ms(budget.pass_s),
        ms(budget.warn_s), .text(m.silenceReason?.description), ms(lead), .text(advice),
      ])
    }
    return table
  }

  /// `patterns.csv`: one row per pattern, measured on the primary device in the first state.
  package static func patterns(_ evaluation: CorpusEvaluation) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("path"), CSVColumn("hapticEvents"), CSVColumn("duration", unit: "s"),
      CSVColumn("device"), CSVColumn("state"), CSVColumn("peak", unit: "g"), CSVColumn("rms", unit: "g"),
      CSVColumn("dominantFrequency", unit: "Hz"), CSVColumn("detect", unit: "ms"), CSVColumn("lintErrors"),
      CSVColumn("lintWarnings"),
    ])
    let perPattern = evaluation.options.devices.count * evaluation.options.states.count
    // Each file's findings, grouped once (filtering every finding for every pattern took
    // time in the square of the corpus).
    var findingsOf: [String: [LintFinding]] = [:]
    for finding in evaluation.findings { findingsOf[finding.file, default: []].append(finding) }
    for (index, entry) in evaluation.corpus.entries.enumerated() {
      let m = evaluation.measurements[index * perPattern]
      let findings = findingsOf[entry.path] ?? []
      table.append([
        .text(entry.name), .text(entry.path), .integer(entry.pattern.hapticEvents.count),
        .number(entry.pattern.duration_s),
        .text(m.device), .text(m.state.rawValue), .measured(m.peak_g), .measured(m.rms_g),
        .measured(m.dominantFrequency_Hz),
        ms(m.markers.detect_s), .integer(findings.filter { $0.severity == .error }.count),
        .integer(findings.filter { $0.severity == .warning }.count),
      ])
    }
    return table
  }

  static let pairColumns = [
    CSVColumn("patternA"), CSVColumn("patternB"), CSVColumn("device"), CSVColumn("state"), CSVColumn("similarity"),
    CSVColumn("stsimRawRefA"), CSVColumn("stsimRawRefB"), CSVColumn("spqiRawRefA"), CSVColumn("spqiRawRefB"),
    CSVColumn("dPrime", unit: "JND"), CSVColumn("verdict"),
  ]

  static func pairRow(
    _ a: String, _ b: String, _ device: String, _ state: EngineState, _ s: PairSimilarity, _ d: Double
  )
    -> [CSVCell]
  {
    [
      .text(a), .text(b), .text(device), .text(state.rawValue), .measured(s.similarity),
      .measured(s.stsimBA), .measured(s.stsimAB), .measured(s.spqiBA), .measured(s.spqiAB), .measured(d),
      .text(PairVerdict(dPrime: d).rawValue),
    ]
  }

  /// `pairs.csv`: the kept pairs of corpus patterns on the primary device (each
  /// pattern's nearest neighbours and the close pairs, ``PairwiseSummary/keptPairs``;
  /// every pair when all pairs are asked for, written by ``pairLines(_:names:device:state:)`` as
  /// they are computed). `similarity` is the bounded 0..1 similarity
  /// (``PairSimilarity/similarity``); the raw directional ST-SIM and SPQI average over
  /// perceptible blocks, `RefA` with patternA as the reference, `RefB` with patternB.
  package static func pairs(_ evaluation: CorpusEvaluation) -> CSVTable {
    pairs(evaluation.pairwise.keptPairs[...], of: evaluation)
  }

  /// The rows of `pairs.csv` for `pairs` (a run of ``PairwiseSummary/keptPairs``), as
  /// ``pairs(_:)`` writes them.
  package static func pairs(_ pairs: ArraySlice<PairwiseSummary.Pair>, of evaluation: CorpusEvaluation) -> CSVTable {
    var table = CSVTable(columns: pairColumns)
    let entries = evaluation.corpus.entries
    let device = evaluation.primaryDevice ?? ""
    let state = evaluation.primaryDevice == nil ? .prepared : evaluation.options.states.first ?? .prepared
    for pair in pairs {
      table.append(
        pairRow(entries[pair.first].name, entries[pair.second].name, device, state, pair.similarity, pair.dPrime))
    }
    return table
  }

  /// The header line of `pairs.csv`.
  package static var pairsHeader: String { CSVTable(columns: pairColumns).headerText }

  /// `pairs.csv` lines (no header) for `pairs`.
  package static func pairLines(
    _ pairs: [PairwiseSummary.Pair], names: [String], device: String, state: EngineState
  ) -> String {
    var table = CSVTable(columns: pairColumns)
    for pair in pairs {
      table.append(pairRow(names[pair.first], names[pair.second], device, state, pair.similarity, pair.dPrime))
    }
    return table.rowsText
  }

  /// The pairs of confusability reviews, in the `pairs.csv` layout.
  package static func confusionPairs(_ reviews: [ConfusabilityReview]) -> CSVTable {
    var table = CSVTable(columns: pairColumns)
    for review in reviews {
      for pair in review.pairs {
        table.append(pairRow(pair.first, pair.second, review.device, review.state, pair.similarity, pair.dPrime))
      }
    }
    return table
  }

  /// `hapt confusion`'s CSV: everything the JSON holds, one row per cell of each
  /// device's predicted confusion matrix (presented x answered) with the set's information
  /// transfer, and on the off-diagonal rows the pair's similarity, raw directional ST-SIM
  /// and SPQI (reference A: the presented pattern) and d'.
  ///
  /// - Complexity: O(n^2) cells for n patterns a review, each found by index.
  package static func confusionReview(_ reviews: [ConfusabilityReview]) -> CSVTable {
    var table = CSVTable(columns: confusionReviewColumns)
    for review in reviews {
      for i in review.names.indices { table.rows += confusionReviewRows(review, presented: i).rows }
    }
    return table
  }

  /// The columns of ``confusionReview(_:)``.
  package static let confusionReviewColumns = [
    CSVColumn("device"), CSVColumn("state"), CSVColumn("presented"), CSVColumn("answered"), CSVColumn("probability"),
    CSVColumn("informationTransfer", unit: "bits"), CSVColumn("distinguishableItems"), CSVColumn("similarity"),
    CSVColumn("stsimRawRefA"), CSVColumn("stsimRawRefB"), CSVColumn("spqiRawRefA"), CSVColumn("spqiRawRefB"),
    CSVColumn("dPrime", unit: "JND"), CSVColumn("verdict"),
  ]

  /// The rows of ``confusionReview(_:)`` for one presented pattern (index `i` of the
  /// review's names), one per answer: a table written row block by row block holds one
  /// block in memory, not the n x n matrix.
  package static func confusionReviewRows(_ review: ConfusabilityReview, presented i: Int) -> CSVTable {
    var table = CSVTable(columns: confusionReviewColumns)
    let presented = review.names[i]
    for (j, answered) in review.names.enumerated() {
      var row: [CSVCell] = [
        .text(review.device), .text(review.state.rawValue), .text(presented), .text(answered),
        .measured(review.confusion[i][j]), .measured(review.informationTransfer_bits),
        .measured(review.distinguishableItems),
      ]
      if i != j {
        // By index, not by name: O(1) a cell (the table is linear in its size).
        let pair = review.pairs[review.pairIndex(i, j)]
        let s = pair.similarity
        let forward = i < j  // the presented pattern is the pair's first
        row += [
          .measured(s.similarity), .measured(forward ? s.stsimBA : s.stsimAB),
          .measured(forward ? s.stsimAB : s.stsimBA), .measured(forward ? s.spqiBA : s.spqiAB),
          .measured(forward ? s.spqiAB : s.spqiBA), .measured(pair.dPrime),
          .text(pair.verdict.rawValue),
        ]
      } else {
        row += Array(repeating: .empty, count: 7)
      }
      table.append(row)
    }
    return table
  }

  /// `confusion.csv`: the predicted confusion matrices, one row per cell, with each
  /// device's information transfer.
  package static func confusion(_ reviews: [ConfusabilityReview]) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("state"), CSVColumn("presented"), CSVColumn("answered"), CSVColumn("probability"),
      CSVColumn("informationTransfer", unit: "bits"), CSVColumn("distinguishableItems"),
    ])
    for review in reviews {
      for (i, presented) in review.names.enumerated() {
        for (j, answered) in review.names.enumerated() {
          table.append([
            .text(review.device), .text(review.state.rawValue), .text(presented), .text(answered),
            .measured(review.confusion[i][j]), .measured(review.informationTransfer_bits),
            .measured(review.distinguishableItems),
          ])
        }
      }
    }
    return table
  }

  /// `lint.csv`: every finding, and every file that failed to load (rule `LOAD`).
  package static func lint(_ findings: [LintFinding], failures: [PatternCorpus.Failure] = []) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("file"), CSVColumn("rule"), CSVColumn("severity"), CSVColumn("place"), CSVColumn("message"),
    ])
    for failure in failures {
      table.append([
        .text(failure.path), .text("LOAD"), .text("error"), .text(failure.error.place), .text(failure.error.message),
      ])
    }
    for finding in findings {
      table.append([
        .text(finding.file), .text(finding.ruleID), .text(finding.severity.rawValue), .text(finding.place),
        .text(finding.message),
      ])
    }
    return table
  }

  /// The rows of a baseline check.
  package static func baseline(_ result: BaselineCheckResult) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("device"), CSVColumn("state"), CSVColumn("status"), CSVColumn("dPrime_JND"),
      CSVColumn("detectShift_ms"), CSVColumn("similarity"), CSVColumn("changes"),
    ])
    for c in result.comparisons {
      table.append([
        .text(c.pattern), .text(c.device), .text(c.state.rawValue), .text(c.status.rawValue), .measured(c.dPrime_JND),
        ms(c.latencyShift_s), .measured(c.similarity), .text(c.summary),
      ])
    }
    return table
  }
}
