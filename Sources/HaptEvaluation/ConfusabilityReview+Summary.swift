import HaptCore
import Foundation
import HaptExplanation
import HaptMetrics

/// What a design review of many patterns needs to read (issue 31): the confusable pairs,
/// each pattern's nearest neighbour, and what the two kinds of number mean.
extension ConfusabilityReview {
  /// A pattern's nearest neighbour in the set: the other pattern at the smallest d'.
  package struct Neighbour: Sendable, Equatable {
    /// The pattern's index in ``ConfusabilityReview/names``.
    package var pattern: Int
    /// The neighbour's index.
    package var nearest: Int
    /// d' between them, JND.
    package var dPrime_JND: Double
    package var verdict: PairVerdict
  }

  /// How pattern `j` feels against pattern `i`, the one line every explanation gives
  /// ("ui-toggle-on feels weaker, sharper and longer than ui-drag-snap"; `compare` of the
  /// two renders says the same of B and A).
  package func howTheyFeel(_ i: Int, _ j: Int) -> String {
    Explanation.howItFeels(features[j], against: features[i], names[j], against: names[i])
  }

  /// Each pattern's nearest neighbour, in the set's order (ties: the first in the set).
  /// Empty for a set of fewer than two.
  ///
  /// - Complexity: O(n^2).
  package var nearestNeighbours: [Neighbour] {
    guard names.count >= 2 else { return [] }
    return names.indices.map { i in
      var best = i == 0 ? 1 : 0
      for j in names.indices where j != i && dPrime[i][j] < dPrime[i][best] { best = j }
      return Neighbour(
        pattern: i, nearest: best, dPrime_JND: dPrime[i][best], verdict: PairVerdict(dPrime: dPrime[i][best]))
    }
  }

  /// The pairs with `verdict`, smallest d' first (ties by name).
  package func pairs(_ verdict: PairVerdict) -> [Pair] {
    pairs.filter { $0.verdict == verdict }.sorted {
      ($0.dPrime, $0.first, $0.second) < ($1.dPrime, $1.first, $1.second)
    }
  }

  /// One sentence that tells the pairwise numbers from the set's: d' (discrimination) says
  /// whether two patterns can be told apart side by side; the information transfer
  /// (identification) whether one can be named from memory among all of the set, which
  /// is capacity-limited (Docs/Perception.md 5.1), so that distinct pairs and a low
  /// identification score are not a contradiction.
  package var meaning: String {
    "Two different questions: d' (per pair, discrimination) says whether two patterns can be told apart "
      + "side by side (distinct from 2 JND), while identification says whether one can be named from memory "
      + "among all \(names.count) when it arrives alone, which memory limits to a few patterns per cue "
      + "(here about \(DecimalText.fixed(distinguishableItems, decimals: 1)) of \(names.count), predicted "
      + "\(DecimalText.fixed(percentCorrect, decimals: 0)) % correct; Docs/Perception.md 5.1): every pair can be "
      + "distinct and the set still too large to name."
  }
}
