import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// Everything `hapt report` shows about a corpus, computed once: measurements on every
/// device and state, pairwise similarity and d' over the whole corpus on the primary
/// device, the review set's confusability on every device, and lint findings.
public struct CorpusEvaluation: Sendable {
  /// One pair of corpus patterns on the primary device (prepared unless only cold).
  public struct Pair: Sendable {
    public var first: Int
    public var second: Int
    public var similarity: PairSimilarity
    public var dPrime: Double
  }

  public var corpus: PatternCorpus
  public var options: EvaluationOptions
  public var measurements: [PatternMeasurement]
  /// Renders on the primary device in the first state, one per corpus entry.
  public var primary: [RenderedPattern]
  /// Pairs i < j of corpus entries, row-major.
  public var pairs: [Pair]
  /// Per pattern its nearest neighbours by d', and the close pairs, on the primary
  /// device (the data model of the per-pattern pages; bounded memory).
  public var pairwise: PairwiseSummary
  /// The review set's names (those found in the corpus).
  public var reviewSet: [String]
  /// Review-set names that are not in the corpus.
  public var missingFromReviewSet: [String]
  /// The review set on every device (first state).
  public var reviews: [ConfusabilityReview]
  /// Lint findings of every loaded pattern (decoding and rules), in corpus order.
  public var findings: [LintFinding]

  /// Evaluates `corpus`.
  ///
  /// - Parameters:
  ///   - reviewSet: names of the design-review set (default: the notification presets).
  public init(_ corpus: PatternCorpus, options: EvaluationOptions, reviewSet: [String]) {
    self.corpus = corpus
    self.options = options
    let evaluation = Evaluation.run(corpus.entries, options: options)
    measurements = evaluation.measurements
    primary = evaluation.primary
    let signals = primary.map(\.rendering.acceleration_g)
    let similarityFeatures = Parallel.map(count: signals.count, threads: options.threads) { SimilarityFeatures(signals[$0]) }
    let perceptualFeatures = Parallel.map(count: signals.count, threads: options.threads) { PerceptualFeatures(signals[$0]) }
    let n = signals.count
    // The tiled engine keeps one block of many signals in cache (bitwise equal to
    // similarity(_:_:convention:) per pair); d' is a cheap per-pair map.
    let similarities = Pairwise.similarities(similarityFeatures, convention: .perceptibleBlocks, threads: options.threads)
    let dPrimes = Pairwise.map(count: n, threads: options.threads) { i, j in
      Distinguishability.dPrime(perceptualFeatures[i], perceptualFeatures[j])
    }
    var pairs: [Pair] = []
    pairs.reserveCapacity(similarities.count)
    var k = 0
    for i in 0..<n {
      for j in (i + 1)..<max(i + 1, n) {
        pairs.append(Pair(first: i, second: j, similarity: similarities[k], dPrime: dPrimes[k]))
        k += 1
      }
    }
    self.pairs = pairs
    var summary = PairwiseSummary(settings: PairwiseSummary.Settings(), patternCount: n)
    for pair in pairs {
      let p = PairwiseSummary.Pair(first: pair.first, second: pair.second, dPrime: pair.dPrime, similarity: pair.similarity)
      summary.neighbours[pair.first].append(p)
      summary.neighbours[pair.second].append(p)
      if p.dPrime < summary.settings.closeBelow_JND {
        summary.closePairs.append(p)
        summary.closePairCount += 1
      }
      summary.pairsCompared += 1
    }
    pairwise = PairwiseSummary.merged([summary])
    let found = reviewSet.compactMap { corpus.entry(named: $0) }
    self.reviewSet = found.map(\.name)
    missingFromReviewSet = reviewSet.filter { corpus.entry(named: $0) == nil }
    reviews =
      found.count >= 2
      ? ConfusabilityReview.run(found, devices: options.devices, states: [options.states.first ?? .prepared], threads: options.threads)
      : []
    findings = corpus.entries.flatMap { entry in entry.findings + PatternLint.check(entry.pattern, file: entry.path) }
  }

  /// The n x n matrix of bounded pairwise similarity for the clustered heat map: the
  /// smaller of the two ST-SIM directions, clamped to 0...1 (1 on the diagonal).
  ///
  /// ST-SIM's spectral term is a ratio to the reference's spectral support, so it exceeds
  /// 1 where the other signal is perceptible and the reference barely is (a different
  /// rhythm); the smaller direction stays a similarity. pairs.csv keeps the raw values.
  public var similarityMatrix: [[Double]] {
    let n = primary.count
    var matrix = [[Double]](repeating: [Double](repeating: 1, count: n), count: n)
    for pair in pairs {
      let value = Self.boundedSimilarity(pair.similarity)
      matrix[pair.first][pair.second] = value
      matrix[pair.second][pair.first] = value
    }
    return matrix
  }

  /// min(ST-SIM A->B, ST-SIM B->A) clamped to 0...1; 0 when undefined.
  public static func boundedSimilarity(_ s: PairSimilarity) -> Double {
    let value = min(s.stsimAB, s.stsimBA)
    return value.isFinite ? min(max(value, 0), 1) : 0
  }
}
