import HaptCore
import HaptPatterns
/// Collects the lint findings of one decode, naming the file.
struct FindingCollector {
  let file: String
  var findings: [LintFinding] = []

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
      if let intended = KeySuggestion.closest(to: key, among: known) {
        add(
          misspelledRule, at: child.path,
          "unknown key \"\(key)\" ignored with everything under it: did you mean \"\(intended)\"?")
      } else {
        add(unknownRule, at: child.path, "unknown key \"\(key)\" ignored")
      }
    }
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
