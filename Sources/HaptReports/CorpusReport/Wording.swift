import HaptEvaluation
import HaptCharts

/// Sentences generated from data that read correctly for 0, 1 and many: counted nouns
/// ("no files", "1 file", "3 files") and lists ("a, b and 3 more").
enum Wording {
  /// `n` and the noun in the right number: "no files", "1 file", "12 files".
  ///
  /// - Parameters:
  ///   - singular: The noun for one (`file`).
  ///   - plural: The noun for several (default: `singular` + `s`).
  ///   - zero: What to say for none (default `no` + the plural).
  static func count(_ n: Int, _ singular: String, _ plural: String? = nil, zero: String? = nil) -> String {
    let many = plural ?? singular + "s"
    if n == 0 { return zero ?? "no \(many)" }
    return n == 1 ? "1 \(singular)" : "\(n) \(many)"
  }

  /// The noun alone in the right number for `n`.
  static func noun(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    n == 1 ? singular : plural ?? singular + "s"
  }

  /// `items` as an English list: "", "a", "a and b", "a, b and c"; beyond `limit` items,
  /// "a, b, c and 5 more".
  static func list(_ items: [String], limit: Int = 8) -> String {
    let limit = max(limit, 1)
    if items.count > limit {
      return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
    }
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
  }

  /// `text` with its first letter in lower case ("Feels strong" after a colon).
  static func lowercasedFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }

  /// `text` with its first letter in upper case (a phrase that opens a sentence).
  static func uppercasedFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

  /// A duration in milliseconds for a sentence: `50 ms`, `12.5 ms`.
  static func ms(_ seconds: Double) -> String { ChartNumber.readable((seconds * 1000 * 10).rounded() / 10) + " ms" }

  /// A lead time a requirement is stated with ("at least"): whole milliseconds rounded up,
  /// so that the lead named always suffices.
  static func leadMs(_ seconds: Double) -> String { PatternLatency.leadMs(seconds) }
}
