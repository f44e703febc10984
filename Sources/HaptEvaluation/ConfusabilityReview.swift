import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import Foundation

/// Design-review confusability of a named set of patterns on one device: can people tell
/// them apart? Pairwise d' (JND units), the predicted identification confusion matrix
/// (with the identification capacity of ``IdentificationCapacity``), its information
/// transfer, and a plain-language verdict per pair.
package struct ConfusabilityReview: Sendable {
  /// One pair of the set.
  package struct Pair: Sendable, Equatable {
    package var first: String
    package var second: String
    package var dPrime: Double
    package var similarity: PairSimilarity
    package var verdict: PairVerdict
  }

  package var device: String
  package var state: EngineState
  /// The set's pattern names, in the order given.
  package var names: [String]
  /// Pairwise d', n x n, symmetric, zero diagonal.
  package var dPrime: [[Double]]
  /// The pairs i < j in row-major order.
  package var pairs: [Pair]
  /// Predicted P(response j | presented i), rows sum to 1.
  package var confusion: [[Double]]
  /// Information transfer of the predicted matrix with equal priors, bits.
  package var informationTransfer_bits: Double
  /// What a hand can feel of each pattern, in the order of ``names``: for the
  /// explanation of a pair (``howTheyFeel(_:_:)``).
  package var features: [PerceptualFeatures]

  /// 2^IT: how many of the set are effectively distinguishable.
  package var distinguishableItems: Double { pow(2, informationTransfer_bits) }

  /// Predicted percent correct with equal priors.
  package var percentCorrect: Double {
    guard !names.isEmpty else { return 0 }
    var correct = 0.0
    for i in names.indices { correct += confusion[i][i] }
    return 100 * correct / Double(names.count)
  }

  /// Whether every signal of the set is silent on this device (no actuator, haptics off,
  /// or below the detection threshold throughout): there is nothing to tell apart.
  package var isSilent: Bool

  /// Whether any pair is confusable (d' < 1) on a device that renders the set. A silent
  /// device (no actuator, haptics off) does not count: it has nothing to tell apart, and
  /// its review says so instead of failing the set.
  package var hasConfusablePair: Bool { !isSilent && pairs.contains { $0.verdict == .confusable } }

  /// Reviews `signals` (one acceleration per name, same device and state).
  package init(
    device: String, state: EngineState, names: [String], signals: [Signal], threads: Int = Parallel.defaultThreadCount
  ) {
    self.device = device
    self.state = state
    self.names = names
    isSilent = signals.allSatisfy { signal in signal.samples.allSatisfy { $0 == 0 } }
    let perceptual = Parallel.map(count: signals.count, threads: threads) { PerceptualFeatures(signals[$0]) }
    features = perceptual
    let similarityFeatures = Parallel.map(count: signals.count, threads: threads) { SimilarityFeatures(signals[$0]) }
    let n = names.count
    let pairResults = Pairwise.map(count: n, threads: threads) { i, j in
      (
        Distinguishability.components(perceptual[i], perceptual[j]),
        similarity(similarityFeatures[i], similarityFeatures[j], convention: .perceptibleBlocks)
      )
    }
    var matrix = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    var components = [[DPrimeComponents]](
      repeating: [DPrimeComponents](repeating: DPrimeComponents(), count: n), count: n)
    var pairs: [Pair] = []
    var k = 0
    for i in 0..<n {
      for j in (i + 1)..<max(i + 1, n) {
        let (terms, s) = pairResults[k]
        let d = terms.total
        k += 1
        components[i][j] = terms
        components[j][i] = terms
        matrix[i][j] = d
        matrix[j][i] = d
        pairs.append(Pair(first: names[i], second: names[j], dPrime: d, similarity: s, verdict: PairVerdict(dPrime: d)))
      }
    }
    dPrime = matrix
    self.pairs = pairs
    // Identification is limited by memory and context, per cue (IdentificationCapacity).
    confusion = ConfusionModel.predict(components: components)
    informationTransfer_bits = InformationTransfer.bits(counts: confusion)
  }

  /// The index in ``pairs`` of the pair of patterns `i` and `j` (`i != j`, either order).
  package func pairIndex(_ i: Int, _ j: Int) -> Int {
    precondition(i != j, "a pattern is not a pair with itself")
    let (a, b) = i < j ? (i, j) : (j, i)
    return a * names.count - a * (a + 1) / 2 + (b - a - 1)
  }

  /// Plain-language verdicts, most confusable pair first:
  /// "error and warning are likely to be confused on Android LRA: d' 0.8".
  package var sentences: [String] {
    if isSilent {
      return ["\(device) renders none of these patterns (no actuator or haptics off): they cannot be told apart there."]
    }
    var lines: [String] = []
    for pair in pairs.sorted(by: { ($0.dPrime, $0.first, $0.second) < ($1.dPrime, $1.first, $1.second) }) {
      let d = DecimalText.fixed(pair.dPrime, decimals: 1)
      switch pair.verdict {
      case .confusable:
        lines.append(
          "\(pair.first) and \(pair.second) are likely to be confused on \(device) (\(state.rawValue)): d' \(d)")
      case .close:
        lines.append(
          "\(pair.first) and \(pair.second) are close on \(device) (\(state.rawValue)) and may be confused: d' \(d)")
      case .distinct:
        lines.append("\(pair.first) and \(pair.second) are distinct on \(device) (\(state.rawValue)): d' \(d)")
      }
    }
    lines.append(identificationSentence)
    return lines
  }

  /// The set's identification in one sentence: "On D, the set carries 1.55 of 1.58 bits:
  /// about 2.93 of 3 patterns are effectively distinguishable (predicted 97.6 % correct)."
  package var identificationSentence: String {
    let possible = names.count > 0 ? log2(Double(names.count)) : 0
    return "On \(device), the set carries \(formatted(informationTransfer_bits)) of \(formatted(possible)) bits: about "
      + "\(formatted(distinguishableItems)) of \(names.count) patterns are effectively distinguishable "
      + "(predicted \(formatted(percentCorrect)) % correct)."
  }

  private func formatted(_ value: Double) -> String {
    DecimalText.fixed(value, decimals: 2)
  }
}

extension ConfusabilityReview {
  /// Reviews `entries` on every device in every state (device-major order).
  package static func run(
    _ entries: [PatternCorpus.Entry], devices: [DeviceProfile], states: [EngineState],
    threads: Int = Parallel.defaultThreadCount
  ) -> [ConfusabilityReview] {
    let options = EvaluationOptions(devices: devices, states: states, threads: threads)
    // Pattern-major, then device, then state (Evaluation.map's order).
    let signals = Evaluation.map(entries, options: options) { $0.rendering.acceleration_g }
    var reviews: [ConfusabilityReview] = []
    for (d, device) in devices.enumerated() {
      for (s, state) in states.enumerated() {
        let set = entries.indices.map { signals[($0 * devices.count + d) * states.count + s] }
        reviews.append(
          ConfusabilityReview(
            device: device.name, state: state, names: entries.map(\.name), signals: set, threads: threads))
      }
    }
    return reviews
  }
}
