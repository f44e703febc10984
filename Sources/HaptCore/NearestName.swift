/// The known name nearest to a mistyped one, for "did you mean" hints.
package enum NearestName {
  /// The name of `names` at the smallest edit distance (insertions, deletions,
  /// substitutions, case ignored) from `name`, if that distance is at most a third of
  /// `name`'s length (and at least 1); ties go to the first in `names`.
  package static func closest(to name: String, among names: [String]) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    let limit = max(1, target.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in names {
      let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// Levenshtein distance, O(a b) time, O(b) memory.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
