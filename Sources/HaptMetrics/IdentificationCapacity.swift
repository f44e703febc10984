/// The memory and context limit of absolute identification (Durlach and Braida).
///
/// Telling two patterns apart side by side (d', ``Distinguishability``) is easier than
/// naming one of a set when it arrives alone: the listener must compare it with the
/// remembered set, and that memory adds noise that grows with the range the set spans.
/// Durlach and Braida's theory of intensity resolution models the identification
/// sensitivity between two stimuli as the sensory difference over the sum of a sensory
/// and a context-coding noise whose standard deviation is proportional to the range:
///
///     d'_id(i, j) = d'(i, j) / sqrt(1 + (R / C)^2)
///
/// with R the range of the set in JND units and C a constant (in JNDs): however wide the
/// range, its ends are at most about C apart in identification, so one dimension carries
/// a bounded number of bits. hapt applies this per perceptual cue of d' (level,
/// frequency, duration, shape, rhythm, event count; ``DPrimeComponents``): each cue's
/// range R_c is the largest difference in that cue between two members of the set, each
/// cue's term is scaled by its own factor, and the identification d' is their Euclidean
/// sum. Patterns that differ in several cues therefore keep more information than
/// patterns that differ in one, as identification experiments find.
///
/// What is fitted, what is a choice (Docs/Perception.md):
/// - fitted: ``contextRange_JND`` = 11 JND. With it the model predicts 1.6 to 1.9 bits for
///   one-dimensional sets of 10 to 40 members over wide ranges (measured on vibration:
///   1 to 2 bits, Rabinowitz, Houtsma, Durlach and Delhorne 1987), about 4.4 bits for 27
///   patterns on three dimensions 4 JND apart (measured: 4 to 5 bits, same study), and
///   about 2.6 bits for nine tactons on two dimensions 3 JND apart (measured on nine
///   multi-dimensional tactons: 2.41 bits, Azadi and Jones 2014).
/// - choices: the form `1 / sqrt(1 + (R/C)^2)` (Durlach and Braida 1969); one context
///   noise per cue of d', independent across cues; the range of a cue is its largest
///   pairwise term in the set.
///
/// Sources: N. I. Durlach and L. D. Braida, "Intensity perception. I. Preliminary theory
/// of intensity resolution", J. Acoust. Soc. Am. 46 (1969) 372-383; W. M. Rabinowitz,
/// A. J. M. Houtsma, N. I. Durlach and L. A. Delhorne, "Multidimensional tactile displays:
/// identification of vibratory intensity, frequency, and contactor area", J. Acoust. Soc.
/// Am. 82 (1987) 1243-1252; M. Azadi and L. A. Jones, "Evaluating vibrotactile dimensions
/// for the design of tactons", IEEE Trans. Haptics 7 (2014).
package enum IdentificationCapacity {
  /// C: the context-coding range constant, in JND units (fitted, see above).
  package static let contextRange_JND = 11.0

  /// The factor `1 / sqrt(1 + (range / C)^2)` by which a cue spanning `range_JND` in a
  /// set is scaled for identification.
  package static func factor(range_JND: Double) -> Double {
    let r = range_JND.isFinite ? max(range_JND, 0) : 0
    return 1 / (1 + (r / contextRange_JND) * (r / contextRange_JND)).squareRoot()
  }

  /// The identification d' of every pair of a set, from the pairwise terms of d'.
  ///
  /// - Parameter components: `components[i][j]` = ``Distinguishability/components(_:_:)``
  ///   of members i and j (symmetric; the diagonal is ignored; a missing entry of a
  ///   ragged row reads as no difference).
  /// - Returns: a symmetric matrix with a zero diagonal; each entry at most the d' of the
  ///   pair.
  /// - Complexity: O(n^2).
  package static func identificationDPrime(_ components: [[DPrimeComponents]]) -> [[Double]] {
    let n = components.count
    func entry(_ i: Int, _ j: Int) -> DPrimeComponents {
      j < components[i].count ? components[i][j] : DPrimeComponents()
    }
    var range = DPrimeComponents()
    for i in 0..<n {
      for j in 0..<n where i != j {
        let c = entry(i, j)
        range.level = max(range.level, finite(c.level))
        range.frequency = max(range.frequency, finite(c.frequency))
        range.duration = max(range.duration, finite(c.duration))
        range.shape = max(range.shape, finite(c.shape))
        range.rhythm = max(range.rhythm, finite(c.rhythm))
        range.events = max(range.events, finite(c.events))
      }
    }
    var result = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      for j in 0..<n where i != j {
        let c = entry(i, j)
        var scaled = DPrimeComponents()
        scaled.level = c.level * factor(range_JND: range.level)
        scaled.frequency = c.frequency * factor(range_JND: range.frequency)
        scaled.duration = c.duration * factor(range_JND: range.duration)
        scaled.shape = c.shape * factor(range_JND: range.shape)
        scaled.rhythm = c.rhythm * factor(range_JND: range.rhythm)
        scaled.events = c.events * factor(range_JND: range.events)
        result[i][j] = scaled.total
      }
    }
    return result
  }

  private static func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }
}

extension ConfusionModel {
  /// The predicted identification confusion matrix of a set, with the identification
  /// capacity applied: ``predict(dPrime:)`` of
  /// ``IdentificationCapacity/identificationDPrime(_:)``.
  package static func predict(components: [[DPrimeComponents]]) -> [[Double]] {
    predict(dPrime: IdentificationCapacity.identificationDPrime(components))
  }
}
