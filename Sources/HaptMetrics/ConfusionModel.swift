import HaptCore
/// Predicted identification confusions for a set of patterns, from their pairwise d'.
///
/// The model (a documented choice; see Docs/Perception.md) is Luce's choice rule with
/// similarities taken from Thurstone's Case V pairwise comparison:
///
///     eta_ij = Phi(-d'_ij / sqrt 2) / Phi(d'_ij / sqrt 2) = erfc(d'/2) / erfc(-d'/2),  eta_ii = 1
///     P(j | i) = eta_ij / sum_k eta_ik
///
/// For a set of two, this gives exactly the two-alternative forced-choice proportion
/// correct of a Thurstonian observer, `Phi(d'/sqrt 2)`: 76 % at d' = 1 (the classic
/// JND definition), 92 % at d' = 2, 98.3 % at d' = 3. For larger sets Luce's rule keeps
/// every pairwise odds ratio `P(i|i) / P(j|i) = 1 / eta_ij` and spreads the errors over
/// all alternatives, so identification gets harder as the set grows, as it does in
/// absolute-identification experiments.
///
/// Rows sum to 1. If every pairwise d' is at least 3, then `eta <= 0.01725` and
/// `P(i|i) >= 1 / (1 + (n - 1) * 0.01725)`, which is at least 0.9 for sets of up to
/// ``guaranteedSetSize`` = 7 patterns (Docs/Model.md §7 property); beyond that the guarantee
/// needs larger d'.
///
/// Sources: R. D. Luce, "Detection and recognition", Handbook of Mathematical
/// Psychology I (1963) (choice rule, similarity choice model); L. L. Thurstone, "A law of
/// comparative judgment", Psychological Review 34 (1927) (Case V); N. A. Macmillan and
/// C. D. Creelman, Detection Theory: A User's Guide (2005), 2AFC: `p = Phi(d'/sqrt 2)`.
package enum ConfusionModel {
  /// Largest set size for which all pairwise d' >= 3 guarantees P(i|i) >= 0.9.
  package static let guaranteedSetSize = 7

  /// The choice similarity `eta` of two patterns at distinguishability `dPrime`.
  ///
  /// `erfc(d'/2) / erfc(-d'/2)`: 1 at d' = 0, falling to 0 as d' grows. Negative d' is
  /// read as its magnitude; NaN is read as 0 (fully confusable, the cautious reading).
  ///
  /// - Parameter dPrime: distinguishability in JND units.
  /// - Returns: similarity in (0, 1].
  package static func similarity(dPrime: Double) -> Double {
    guard !dPrime.isNaN else { return 1 }
    let d = abs(dPrime)
    guard d.isFinite else { return 0 }
    return erfc(d / 2) / erfc(-d / 2)
  }

  /// Proportion correct of a Thurstonian observer telling two patterns apart in a
  /// two-alternative forced choice: `Phi(d' / sqrt 2)`.
  package static func pairCorrect(dPrime: Double) -> Double {
    1 / (1 + similarity(dPrime: dPrime))
  }

  /// The predicted identification confusion matrix.
  ///
  /// - Parameter dPrime: a square matrix of pairwise d' (JND units); `dPrime[i][j]` is
  ///   the distinguishability of patterns i and j. The diagonal is ignored (a pattern is
  ///   identical to itself). A missing entry of a ragged row is read as d' = 0.
  /// - Returns: `P[i][j]` = probability of answering j when i is presented; every row sums
  ///   to 1 (up to rounding). An empty input gives an empty matrix.
  /// - Complexity: O(n^2) erfc evaluations.
  package static func predict(dPrime: [[Double]]) -> [[Double]] {
    let n = dPrime.count
    var result: [[Double]] = []
    result.reserveCapacity(n)
    for i in 0..<n {
      let row = dPrime[i]
      var eta = [Double](repeating: 0, count: n)
      var sum = 0.0
      for j in 0..<n {
        let value = i == j ? 1 : similarity(dPrime: j < row.count ? row[j] : 0)
        eta[j] = value
        sum += value
      }
      // sum >= 1 because eta_ii = 1.
      for j in 0..<n { eta[j] /= sum }
      result.append(eta)
    }
    return result
  }
}
