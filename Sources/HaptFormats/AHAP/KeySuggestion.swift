import HaptPatterns
/// The key a user most likely meant by an unknown key: the closest known key by edit
/// distance (letters compared ignoring case; insertions, deletions, substitutions and
/// swaps of two neighbours count 1), when it is close enough to be a slip.
///
/// A table is prepared once per set of known keys (sorted, lowercased); a lookup costs
/// at most the number of known keys times 64 x 64 steps, whatever the file, and
/// ``FindingCollector`` remembers each answer, so lint stays linear in the number of
/// unknown keys.
struct KeySuggestion {
  /// The known keys in alphabetical order with their lowercased code points.
  private let candidates: [(key: String, letters: [Unicode.Scalar])]

  init(known: Set<String>) {
    candidates = known.sorted().map { ($0, Array($0.lowercased().unicodeScalars)) }
  }

  /// The known key closest to `key`, if its distance is at most ``allowedDistance(_:)``
  /// (ties: the alphabetically first).
  func closest(to key: String) -> String? {
    let typed = Array(key.lowercased().unicodeScalars)
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    var best: (distance: Int, key: String)?
    for (candidate, target) in candidates {
      let limit = Self.allowedDistance(target.count)
      guard abs(target.count - typed.count) <= limit else { continue }
      let distance = Self.editDistance(typed, target)
      guard distance <= limit else { continue }
      if best == nil || distance < best!.distance { best = (distance, candidate) }
    }
    return best?.key
  }

  /// The known key closest to `key` among `known` (one lookup; see ``closest(to:)``).
  static func closest(to key: String, among known: Set<String>) -> String? {
    KeySuggestion(known: known).closest(to: key)
  }

  /// How many edits still read as a slip for a key of `length` characters: one per four
  /// characters, at least 1 and at most 3.
  static func allowedDistance(_ length: Int) -> Int { min(max(length / 4, 1), 3) }

  /// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
  /// substring). O(a.count * b.count); keys are short.
  static func editDistance<Letter: Equatable>(_ a: [Letter], _ b: [Letter]) -> Int {
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
      swap(&before, &previous)
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
