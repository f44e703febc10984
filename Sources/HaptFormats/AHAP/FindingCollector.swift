import HaptCore
import HaptPatterns
/// Collects the lint findings of one decode, naming the file.
struct FindingCollector {
  let file: String
  var findings: [LintFinding] = []
  /// A suggestion table per set of known keys, and each answer given, so that a file
  /// repeating one misspelling (or thousands of them) costs one lookup per distinct key.
  private var suggestionTables: [Set<String>: KeySuggestion] = [:]
  private var suggestions: [SuggestionQuestion: String?] = [:]

  private struct SuggestionQuestion: Hashable {
    var key: String
    var known: Set<String>
  }

  init(file: String) { self.file = file }

  mutating func add(_ rule: LintRule, at place: String, _ message: String) {
    findings.append(rule.finding(file: file, place: place, message))
  }

  /// Reports the parser's leniencies.
  mutating func add(leniencies: [JSONLeniency], rule: LintRule = .jsonLeniency) {
    for leniency in leniencies {
      add(rule, at: "line \(leniency.line), column \(leniency.column)", leniency.message)
    }
  }

  /// Reports keys of an object that are not in `known` (as `misspelledRule`, naming the
  /// likely intended key, when one of `known` is close to it; else as `unknownRule`), and
  /// keys given twice.
  mutating func checkKeys(
    _ cursor: JSONCursor, known: Set<String>, unknownRule: LintRule = .unknownKey,
    misspelledRule: LintRule = .misspelledKey, duplicateRule: LintRule = .duplicateKey
  ) throws {
    var seen = Set<String>()
    for (key, child) in try cursor.members() {
      if !seen.insert(key).inserted {
        add(duplicateRule, at: child.path, "key \"\(key)\" given more than once; the last one is used")
      }
      guard !known.contains(key) else { continue }
      if let intended = suggestion(for: key, among: known) {
        add(
          misspelledRule, at: child.path,
          "unknown key \"\(key)\" ignored with everything under it: did you mean \"\(intended)\"?")
      } else {
        add(unknownRule, at: child.path, "unknown key \"\(key)\" ignored")
      }
    }
  }

  /// ``KeySuggestion/closest(to:)`` for `key` among `known`, remembered.
  private mutating func suggestion(for key: String, among known: Set<String>) -> String? {
    let question = SuggestionQuestion(key: key, known: known)
    if let answer = suggestions[question] { return answer }
    let table = suggestionTables[known] ?? KeySuggestion(known: known)
    suggestionTables[known] = table
    let answer = table.closest(to: key)
    suggestions[question] = .some(answer)
    return answer
  }
}

extension JSONCursor {
  /// This node as a finite time in seconds within `limit`.
  func time(limit: Double) throws -> Double {
    let value = try number()
    guard abs(value) <= limit else {
      var failure = error("time \(JSONWriter.number(value)) s is beyond the limit of \(JSONWriter.number(limit)) s")
      failure.limit = .patternTime_s(limit)
      throw failure
    }
    return value
  }
}
