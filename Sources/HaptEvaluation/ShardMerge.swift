import Foundation
import HaptCore
import HaptMetrics

/// Reading the N parts of a sharded job back as one: each part checked to belong with the
/// first (same corpus, settings and shard count) and every shard present once.
package enum ShardMerge {
  /// Throws unless `shards` (sorted) are 1...count, each once.
  package static func checkComplete(_ shards: [Int], of count: Int, first: String) throws {
    guard shards != Array(1...count) else { return }
    let missing = Set(1...count).subtracting(shards).sorted()
    let repeated = Dictionary(grouping: shards, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    throw InputError(
      file: first,
      (missing.isEmpty ? "" : "missing shard \(missing.map(String.init).joined(separator: ", ")) of \(count)")
        + (repeated.isEmpty
          ? ""
          : (missing.isEmpty ? "" : "; ") + "shard \(repeated.map(String.init).joined(separator: ", ")) given twice"),
      kind: .missing)
  }

  /// A part's text file.
  package static func readText(_ file: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw InputError(file: file, "not found", kind: .missing)
    }
    guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, "not UTF-8 text") }
    return text
  }
}
