import HaptCore
/// Information transfer of an identification confusion matrix (Docs/Model.md §7).
///
/// `IT = sum_ij p_ij log2(p_ij / (p_i p_j))` bits, where `p_ij` is the joint proportion
/// of presenting i and answering j, `p_i` the row (stimulus) marginal and `p_j` the
/// column (response) marginal; cells with `p_ij = 0` contribute 0. `2^IT` is the number
/// of effectively distinguishable items.
///
/// The joint comes from the matrix divided by its total. For a matrix of counts from an
/// experiment that is the observed joint. For a predicted matrix of conditional
/// probabilities (rows summing to 1, ``ConfusionModel/predict(dPrime:)``) the total is n
/// and the joint is `P(j|i) / n`: equal stimulus priors, as the model assumes.
///
/// Sources: W. R. Garner and H. W. Hake, "The amount of information in absolute
/// judgments", Psychological Review 58 (1951); G. A. Miller and P. E. Nicely, "An
/// analysis of perceptual confusions among some English consonants", JASA 27 (1955);
/// for touch, H. Z. Tan, N. I. Durlach, C. M. Reed and W. M. Rabinowitz, "Information
/// transmission with a multifinger tactual display", Perception & Psychophysics 61 (1999).
package enum InformationTransfer {
  /// Information transfer in bits.
  ///
  /// - Parameter counts: a square matrix of non-negative finite numbers (counts or
  ///   probabilities), rows = stimuli, columns = responses, as ``CountsFile/read(path:)``
  ///   returns.
  /// - Returns: IT in bits, at least 0 up to rounding (tiny negative rounding is clamped
  ///   to 0); 0 for an empty or all-zero matrix. NaN if the matrix is not square or holds
  ///   a negative or non-finite value (check input with ``CountsFile``).
  /// - Complexity: O(n^2).
  package static func bits(counts: [[Double]]) -> Double {
    guard let scaled = normalised(counts) else { return .nan }
    let n = scaled.count
    var total = 0.0
    var rowSums = [Double](repeating: 0, count: n)
    var columnSums = [Double](repeating: 0, count: n)
    for i in 0..<n {
      for j in 0..<n {
        rowSums[i] += scaled[i][j]
        columnSums[j] += scaled[i][j]
        total += scaled[i][j]
      }
    }
    guard total > 0 else { return 0 }
    var it = 0.0
    for i in 0..<n {
      for j in 0..<n where scaled[i][j] > 0 {
        // p_ij / (p_i p_j) = c_ij * total / (r_i * c_j).
        let ratio = scaled[i][j] * total / (rowSums[i] * columnSums[j])
        it += scaled[i][j] / total * log2(ratio)
      }
    }
    return max(it, 0)
  }

  /// `2^IT`: the number of effectively distinguishable items.
  package static func effectiveItems(counts: [[Double]]) -> Double {
    pow(2, bits(counts: counts))
  }

  /// Proportion of correct identifications, `sum_i c_ii / sum_ij c_ij`, in 0...1.
  ///
  /// For a predicted matrix of conditional probabilities this is the mean of the diagonal
  /// (equal priors). 0 for an all-zero or empty matrix; NaN for an invalid one.
  package static func proportionCorrect(counts: [[Double]]) -> Double {
    guard let scaled = normalised(counts) else { return .nan }
    var total = 0.0
    var diagonal = 0.0
    for i in 0..<scaled.count {
      diagonal += scaled[i][i]
      for value in scaled[i] { total += value }
    }
    return total > 0 ? diagonal / total : 0
  }

  /// Percent correct: ``proportionCorrect(counts:)`` times 100.
  package static func percentCorrect(counts: [[Double]]) -> Double {
    100 * proportionCorrect(counts: counts)
  }

  /// The matrix divided by its largest cell (so sums cannot overflow), or nil if it is
  /// not square or holds a negative or non-finite value. An all-zero matrix is returned
  /// unchanged.
  static func normalised(_ counts: [[Double]]) -> [[Double]]? {
    let n = counts.count
    var largest = 0.0
    for row in counts {
      guard row.count == n else { return nil }
      for value in row {
        guard value.isFinite && value >= 0 else { return nil }
        largest = max(largest, value)
      }
    }
    guard largest > 0 else { return counts }
    return counts.map { row in row.map { $0 / largest } }
  }
}
