import HaptPatterns
/// The key a user most likely meant by an unknown key: the closest known key by edit
/// distance (letters compared ignoring case; insertions, deletions, substitutions and
/// swaps of two neighbours count 1), when it is close enough to be a slip.
enum KeySuggestion {
  /// The known key closest to `key`, if its distance is at most ``allowedDistance(_:)``
  /// (ties: the alphabetically first).
  static func closest(to key: String, among known: Set<String>) -> String? {
    let typed = Array(key.lowercased())
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    var best: (distance: Int, key: String)?
    for candidate in known.sorted() {
      let target = Array(candidate.lowercased())
      let limit = allowedDistance(target.count)
      guard abs(target.count - typed.count) <= limit else { continue }
      let distance = editDistance(typed, target)
      guard distance <= limit else { continue }
      if best == nil || distance < best!.distance { best = (distance, candidate) }
    }
    return best?.key
  }

  /// How many edits still read as a slip for a key of `length` characters: one per four
  /// characters, at least 1 and at most 3.
  static func allowedDistance(_ length: Int) -> Int { min(max(length / 4, 1), 3) }

  /// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
  /// substring). O(a.count * b.count); keys are short.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
        current[j] = value
      }
      before = previous
      previous = current
    }
    return previous[b.count]
  }
}
