import HaptCore
import HaptFormats
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptLint

/// Everything `hapt report` shows about a corpus, computed once: measurements on every
/// device and state, pairwise similarity and d' over the whole corpus on the primary
/// device, the review set's confusability on every device, and lint findings.
package struct CorpusEvaluation: Sendable {
  package var corpus: PatternCorpus
  package var options: EvaluationOptions
  package var measurements: [PatternMeasurement]
  /// The renders on the primary device in the first state, made again when asked for
  /// (a page's figures and sound): nil when the evaluation comes from merged shards
  /// (``Precomputed``), which made the figures. No render is kept for the whole run.
  package var primaryRenders: PrimaryRenders?
  /// Each pattern's perceptual features on the primary device and first state, corpus
  /// order (computed once, for the attributes, the pairs, the heat map and its groups).
  package var perceptualFeatures: [PerceptualFeatures]
  /// Each pattern's ``sampleKey(_:)`` of its primary render, corpus order (finding
  /// identical patterns).
  package var sampleKeys: [String]
  /// Per pattern its nearest neighbours by d', and the close pairs, on the primary
  /// device (the data model of the per-pattern pages); memory grows with the corpus, not
  /// with its square.
  package var pairwise: PairwiseSummary
  /// The bounded similarity (``boundedSimilarity(_:)``) of every pair of the first
  /// ``heatMapLimit`` patterns (1 on the diagonal), for the clustered heat map.
  package var heatMapSimilarity: [[Double]]
  /// ``PerceptualDistance/closeness(_:)`` between the patterns of ``heatMapSimilarity``
  /// (the first ``heatMapLimit``), 1 on the diagonal: what the heat map draws.
  package var heatMapCloseness: [[Double]]
  /// How each pattern feels on the primary device and first state, corpus order
  /// (Docs/Perception.md §10).
  package var attributes: [PerceptualAttributes]
  /// Patterns in ``heatMapSimilarity``.
  package static let heatMapLimit = 60
  /// The review set's names (those found in the corpus).
  package var reviewSet: [String]
  /// Whether ``reviewSet`` is the corpus's closest patterns, chosen because fewer than two
  /// of the requested review set are in the corpus (``closestPatterns(_:silent:limit:)``).
  package var reviewSetIsClosestPatterns: Bool
  /// Review-set names that are not in the corpus.
  package var missingFromReviewSet: [String]
  /// The review set on every device (first state).
  package var reviews: [ConfusabilityReview]
  /// Lint findings of every loaded pattern (decoding and rules), in corpus order.
  package var findings: [LintFinding]

  /// Evaluates `corpus`.
  ///
  /// - Parameters:
  ///   - reviewSet: names of the design-review set (default: the notification presets).
  ///   - pairwise: what the pairwise engine keeps (neighbours, close pairs).
  ///   - allPairs: if given, receives every pair of the corpus in row-major order, band
  ///     by band, as it is computed (every pair); nothing is kept.
  ///   - given: what merged shards computed (measurements, pairwise summary, each
  ///     pattern's features and attributes, the heat map's similarity): nothing is
  ///     rendered and ``primaryRenders`` is nil (the shards made the figures).
  ///   - progress: called with (stage, done, total) as the work advances.
  package init(
    _ corpus: PatternCorpus, options: EvaluationOptions, reviewSet: [String],
    pairwise settings: PairwiseSummary.Settings = .init(),
    allPairs: (([PairwiseSummary.Pair]) throws -> Void)? = nil,
    given: Precomputed? = nil,
    progress: (@Sendable (EvaluationStage, Int, Int) -> Void)? = nil
  ) throws {
    self.corpus = corpus
    self.options = options
    var renderProgress: (@Sendable (Int, Int) -> Void)?
    if let progress { renderProgress = { done, total in progress(.rendering, done, total) } }
    let n = corpus.entries.count
    var similarityFeatures: [SimilarityFeatures] = []
    if let given {
      measurements = given.measurements
      primaryRenders = nil
      perceptualFeatures = given.features
      attributes = given.attributes
      sampleKeys = given.sampleKeys
      pairwise = given.pairwise
    } else {
      // What the report needs of each primary render is taken right after it is made
      // (features, attributes, key; the heat map's patterns' similarity features, or
      // every pattern's when every pair is written): no render is kept. The pairs and the
      // pages make again the few renders they need (``PrimaryRenders``).
      let keepsSimilarity = allPairs == nil ? min(n, Self.heatMapLimit) : n
      let evaluation = Evaluation.run(corpus.entries, options: options, progress: renderProgress) {
        i, rendered in
        PrimarySummary(rendered.rendering.acceleration_g, similarity: i < keepsSimilarity)
      }
      measurements = evaluation.measurements
      let summaries = evaluation.primary
      let renders = PrimaryRenders(corpus.entries, options: options)
      primaryRenders = renders
      let features = summaries.map(\.features)
      perceptualFeatures = features
      attributes = summaries.map(\.attributes)
      sampleKeys = summaries.map(\.sampleKey)
      similarityFeatures = summaries.compactMap(\.similarity)
      pairwise = try Self.summarize(
        count: summaries.count, signal: { renders?.signal($0) ?? Signal(samples: [], sampleRate_Hz: 0) },
        settings: settings, rows: nil, threads: options.threads,
        similarityFeatures: allPairs == nil ? nil : similarityFeatures, perceptualFeatures: features,
        attributes: attributes, allPairs: allPairs, progress: progress)
    }
    let measured = measurements
    let shown = min(n, Self.heatMapLimit)
    heatMapSimilarity =
      given?.heatMapSimilarity
      ?? Self.heatMap(Array(similarityFeatures.prefix(Self.heatMapLimit)), threads: options.threads)
    let shownFeatures = perceptualFeatures
    let felt = attributes
    heatMapCloseness = Self.symmetricMatrix(count: shown, threads: options.threads) { i, j in
      PerceptualDistance.closeness(
        PerceptualDistance.distance(
          felt[i], felt[j], dPrime: Distinguishability.dPrime(shownFeatures[i], shownFeatures[j])))
    }
    var found = reviewSet.compactMap { corpus.entry(named: $0) }
    missingFromReviewSet = reviewSet.filter { corpus.entry(named: $0) == nil }
    reviewSetIsClosestPatterns = false
    if found.count < 2 {
      // None (or one) of the requested set is here: review the corpus's closest patterns.
      let perPattern = options.devices.count * options.states.count
      let silent = corpus.entries.indices.map { measured[$0 * perPattern].verdict == .silent }
      let closest = Self.closestPatterns(pairwise, silent: silent, limit: 4)
      if closest.count >= 2 {
        found = closest.map { corpus.entries[$0] }
        reviewSetIsClosestPatterns = true
      }
    }
    self.reviewSet = found.map(\.name)
    reviews =
      found.count >= 2
      ? ConfusabilityReview.run(
        found, devices: options.devices, states: [options.states.first ?? .prepared], threads: options.threads)
      : []
    findings = corpus.entries.flatMap { entry in
      entry.findings + PatternLint.check(entry.pattern, file: entry.path, format: PatternFormat(path: entry.path))
    }
  }

  /// The `count` x `count` symmetric matrix of `value(i, j)` over the pairs i < j
  /// (computed once per pair), 1 on the diagonal.
  static func symmetricMatrix(count: Int, threads: Int, _ value: @Sendable (Int, Int) -> Double) -> [[Double]] {
    let values = Pairwise.map(count: count, threads: threads, value)
    var matrix = [[Double]](repeating: [Double](repeating: 1, count: count), count: count)
    for i in 0..<count {
      for j in (i + 1)..<max(i + 1, count) {
        matrix[i][j] = values[Pairwise.index(i, j, count: count)]
        matrix[j][i] = matrix[i][j]
      }
    }
    return matrix
  }

  /// Each pattern's latency on each device as its author can act on it (pattern, then
  /// device order): the onset judged on a prepared engine, and the `prepare()` lead a cold
  /// start needs.
  package var patternLatencies: [PatternLatency] {
    PatternLatency.assess(measurements, devices: options.devices, states: options.states.count, budget: options.budget)
  }

  /// Pairs closer than this (JND) are copies, not design choices: the closest-patterns
  /// review set leaves them out.
  package static let copyBelow_JND = 0.05

  /// Up to `limit` patterns (corpus indices, in the order found) from the closest pairs
  /// of the corpus (lowest d' first), leaving out pairs with a pattern that is silent on
  /// the primary device and pairs of copies (d' under ``copyBelow_JND``):
  /// the set a designer most needs to check can be told apart.
  package static func closestPatterns(_ pairwise: PairwiseSummary, silent: [Bool], limit: Int) -> [Int] {
    var chosen: [Int] = []
    let pairs = pairwise.closestPairs(limit: pairwise.patternCount * max(pairwise.settings.neighbours, 1))
    // Copies of a chosen pattern add nothing to the review.
    var copies = Set<[Int]>()
    for pair in pairs where pair.dPrime < Self.copyBelow_JND { copies.insert([pair.first, pair.second]) }
    func isCopy(_ p: Int) -> Bool { chosen.contains { copies.contains([min($0, p), max($0, p)]) } }
    for pair in pairs {
      guard chosen.count < limit else { break }
      if pair.first < silent.count, silent[pair.first] { continue }
      if pair.second < silent.count, silent[pair.second] { continue }
      if pair.dPrime < Self.copyBelow_JND { continue }
      for p in [pair.first, pair.second] where !chosen.contains(p) && !isCopy(p) && chosen.count < limit {
        chosen.append(p)
      }
    }
    return chosen
  }

  /// What a merge of shards brings instead of computing it: every measurement (pattern,
  /// device, state order), the pairwise summary, each pattern's perceptual features,
  /// attributes and ``sampleKey(_:)`` on the primary device (corpus order), and
  /// ``heatMapSimilarity``.
  package struct Precomputed: Sendable {
    package var measurements: [PatternMeasurement]
    package var pairwise: PairwiseSummary
    package var features: [PerceptualFeatures]
    package var attributes: [PerceptualAttributes]
    package var sampleKeys: [String]
    package var heatMapSimilarity: [[Double]]

    package init(
      measurements: [PatternMeasurement], pairwise: PairwiseSummary, features: [PerceptualFeatures],
      attributes: [PerceptualAttributes], sampleKeys: [String], heatMapSimilarity: [[Double]]
    ) {
      self.measurements = measurements
      self.pairwise = pairwise
      self.features = features
      self.attributes = attributes
      self.sampleKeys = sampleKeys
      self.heatMapSimilarity = heatMapSimilarity
    }
  }

  /// ``heatMapSimilarity`` of the first ``heatMapLimit`` of `features` (the primary
  /// renders' similarity features, corpus order).
  package static func heatMap(_ features: [SimilarityFeatures], threads: Int) -> [[Double]] {
    symmetricMatrix(count: min(features.count, heatMapLimit), threads: threads) { i, j in
      boundedSimilarity(similarity(features[i], features[j], convention: .perceptibleBlocks))
    }
  }

  /// A cheap key of a primary render for finding identical patterns: the fingerprint of
  /// its first 512 samples' bit patterns.
  package static func sampleKey(_ signal: Signal) -> String {
    Fingerprint.of(bytes: signal.samples.prefix(512).flatMap { withUnsafeBytes(of: $0.bitPattern) { Array($0) } })
  }

  /// Every primary render, corpus order, made again (empty when the evaluation comes from
  /// merged shards): for a few patterns (tests); a report asks for one at a time
  /// (``primaryRenders``).
  package var primary: [RenderedPattern] {
    guard let renders = primaryRenders else { return [] }
    return (0..<renders.count).map(renders.render)
  }

  /// The primary device's name when the corpus has patterns, else nil.
  package var primaryDevice: String? { corpus.entries.isEmpty ? nil : options.devices.first?.name }

  /// The pairwise summary of `signals` (the primary renders in corpus order) over the
  /// pairs whose first index is in `rows` (nil: all): one shard's share, or everything.
  package static func summarize(
    _ signals: [Signal], settings: PairwiseSummary.Settings, rows: Range<Int>?, threads: Int,
    similarityFeatures: [SimilarityFeatures]? = nil, perceptualFeatures: [PerceptualFeatures]? = nil,
    attributes: [PerceptualAttributes]? = nil,
    allPairs: (([PairwiseSummary.Pair]) throws -> Void)? = nil,
    progress: (@Sendable (EvaluationStage, Int, Int) -> Void)? = nil
  ) throws -> PairwiseSummary {
    try summarize(
      count: signals.count, signal: { signals[$0] }, settings: settings, rows: rows, threads: threads,
      similarityFeatures: similarityFeatures, perceptualFeatures: perceptualFeatures, attributes: attributes,
      allPairs: allPairs, progress: progress)
  }

  /// The pairwise summary of the `count` signals `signal(i)` gives (the primary renders
  /// in corpus order, made again when asked for: ``PrimaryRenders``; the same samples
  /// every time), as ``summarize(_:settings:rows:threads:similarityFeatures:perceptualFeatures:attributes:allPairs:progress:)``.
  package static func summarize(
    count: Int, signal: @escaping @Sendable (Int) -> Signal, settings: PairwiseSummary.Settings, rows: Range<Int>?,
    threads: Int,
    similarityFeatures: [SimilarityFeatures]? = nil, perceptualFeatures: [PerceptualFeatures]? = nil,
    attributes: [PerceptualAttributes]? = nil,
    allPairs: (([PairwiseSummary.Pair]) throws -> Void)? = nil,
    progress: (@Sendable (EvaluationStage, Int, Int) -> Void)? = nil
  ) throws -> PairwiseSummary {
    // Given features are used as they are; else every pair written needs every
    // pattern's, and the kept pairs only some (made as needed, a bounded number kept).
    let similarity: @Sendable (Int, Int) -> PairSimilarity
    if let given = similarityFeatures {
      similarity = { HaptMetrics.similarity(given[$0], given[$1], convention: .perceptibleBlocks) }
    } else if allPairs != nil {
      let all = Parallel.map(count: count, threads: threads) { SimilarityFeatures(signal($0)) }
      similarity = { HaptMetrics.similarity(all[$0], all[$1], convention: .perceptibleBlocks) }
    } else {
      let cache = SimilarityFeatureCache(signal: signal)
      similarity = { HaptMetrics.similarity(cache.features($0), cache.features($1), convention: .perceptibleBlocks) }
    }
    let perceptualFeatures =
      perceptualFeatures ?? Parallel.map(count: count, threads: threads) { PerceptualFeatures(signal($0)) }
    let attributes =
      attributes
      ?? Parallel.map(count: count, threads: threads) {
        PerceptualAttributes(signal($0), features: perceptualFeatures[$0])
      }
    let inputs = PairInputs(
      features: perceptualFeatures, positions: attributes.map { PerceptualDistance.position(of: $0) })
    let engine = PairwiseEngine(settings: settings, threads: threads)
    return try engine.summarize(
      count: count, rows: rows,
      dPrime: { inputs.dPrime($0, $1) },
      similarity: similarity,
      // Silent patterns are nobody's neighbours (not even each other's): they are listed
      // as silent instead.
      neighbourDistance: { inputs.neighbourDistance($0, $1, dPrime: $2) },
      allPairs: allPairs, progress: { done, total in progress?(.comparing, done, total) })
  }

  /// The primary renders' body acceleration (primary device, first state), corpus order:
  /// what the pairwise metrics compare.
  package static func primarySignals(
    _ corpus: PatternCorpus, options: EvaluationOptions,
    progress: (@Sendable (EvaluationStage, Int, Int) -> Void)? = nil
  ) -> [Signal] {
    var primaryOnly = options
    primaryOnly.devices = Array(options.devices.prefix(1))
    primaryOnly.states = Array(options.states.prefix(1))
    var renderProgress: (@Sendable (Int, Int) -> Void)?
    if let progress { renderProgress = { done, total in progress(.rendering, done, total) } }
    return Evaluation.map(corpus.entries, options: primaryOnly, progress: renderProgress) {
      $0.rendering.acceleration_g
    }
  }

  /// The user-facing similarity of a pair (``PairSimilarity/similarity``).
  package static func boundedSimilarity(_ s: PairSimilarity) -> Double { s.similarity }
}

/// The stages of a corpus evaluation, for progress lines.
package enum EvaluationStage: String, Sendable {
  /// Rendering and measuring (items: renders).
  case rendering = "rendering"
  /// Comparing pairs (items: pairs).
  case comparing = "comparing pairs"
}
