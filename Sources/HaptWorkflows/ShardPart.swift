import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns

/// One shard's share of a sharded job (`hapt report --shard I/N --out PART`): which shard,
/// the corpus it saw (a fingerprint, so that parts of different corpora are refused), the
/// command's own arguments (so that `hapt merge` runs the same job), and the pairwise
/// summary of the shard's pairs. Stored as `part.txt` in the PART folder, one record per
/// line, numbers as exact bit patterns (merging must give the unsharded bytes).
public struct ShardPart: Sendable, Equatable {
  /// 1-based shard number and the shard count.
  public var shard: Int
  public var shardCount: Int
  /// ``fingerprint(_:)`` of the corpus.
  public var corpusFingerprint: UInt64
  /// The job's command line (subcommand arguments without `--shard`, `--out` and `--threads`).
  public var arguments: [String]
  /// The pairwise summary of the shard's pairs.
  public var pairwise: PairwiseSummary

  public init(shard: Int, shardCount: Int, corpusFingerprint: UInt64, arguments: [String], pairwise: PairwiseSummary) {
    self.shard = shard
    self.shardCount = shardCount
    self.corpusFingerprint = corpusFingerprint
    self.arguments = arguments
    self.pairwise = pairwise
  }

  /// The file name inside a PART folder.
  public static let fileName = "part.txt"
  /// The optional file of the shard's `--all-pairs` rows (no header), row-major.
  public static let allPairsFileName = "pairs-rows.csv"
  static let magic = "hapt-shard-part 1"

  /// FNV-1a over every entry's name, path and AHAP encoding, and every failure's path.
  public static func fingerprint(_ corpus: PatternCorpus) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ text: String) {
      for byte in text.utf8 {
        h ^= UInt64(byte)
        h = h &* 0x0000_0100_0000_01B3
      }
      h ^= 0xff
      h = h &* 0x0000_0100_0000_01B3
    }
    for entry in corpus.entries {
      add(entry.name)
      add(entry.path)
      add(AHAP.encode(entry.pattern))
    }
    for failure in corpus.failures { add(failure.path) }
    return h
  }

  // MARK: - Text form

  public var text: String {
    var lines = [
      Self.magic, "shard \(shard) \(shardCount)", "corpus \(String(corpusFingerprint, radix: 16))",
      "arguments " + arguments.map { Data($0.utf8).base64EncodedString() }.map { $0.isEmpty ? "-" : $0 }.joined(separator: " "),
      "settings \(pairwise.settings.neighbours) \(Self.hex(pairwise.settings.closeBelow_JND)) \(pairwise.settings.maxClosePairs)",
      "patterns \(pairwise.patternCount)", "compared \(pairwise.pairsCompared)", "closeCount \(pairwise.closePairCount)",
    ]
    for (p, list) in pairwise.neighbours.enumerated() {
      for pair in list { lines.append("n \(p) " + Self.encode(pair)) }
    }
    for pair in pairwise.closePairs { lines.append("c " + Self.encode(pair)) }
    lines.append("end")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads a part; `file` names it in errors.
  public init(text: String, file: String) throws {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == Self.magic else { throw InputError(file: file, place: "line 1", "not a hapt shard part") }
    guard lines.last == "" || lines.last == "end" else { throw InputError(file: file, "incomplete part") }
    if lines.last == "" { lines.removeLast() }
    guard lines.last == "end" else { throw InputError(file: file, "incomplete part (no end line)") }
    func fail(_ line: Int, _ message: String) -> InputError { InputError(file: file, place: "line \(line + 1)", message) }
    func fields(_ line: Int, _ key: String, count: Int? = nil) throws -> [Substring] {
      guard line < lines.count else { throw fail(line, "missing \(key)") }
      let parts = lines[line].split(separator: " ", omittingEmptySubsequences: false)
      guard parts.first.map(String.init) == key, count == nil || parts.count == count! + 1 else { throw fail(line, "expected \(key)") }
      return Array(parts.dropFirst())
    }
    func int(_ s: Substring, _ line: Int) throws -> Int {
      guard let v = Int(s) else { throw fail(line, "expected a whole number, found \(s)") }
      return v
    }
    let shardFields = try fields(1, "shard", count: 2)
    shard = try int(shardFields[0], 1)
    shardCount = try int(shardFields[1], 1)
    guard shardCount >= 1, (1...shardCount).contains(shard) else { throw fail(1, "bad shard \(shard)/\(shardCount)") }
    guard let fingerprint = UInt64(try fields(2, "corpus", count: 1)[0], radix: 16) else { throw fail(2, "bad corpus fingerprint") }
    corpusFingerprint = fingerprint
    arguments = try fields(3, "arguments").filter { !$0.isEmpty }.map { encoded -> String in
      if encoded == "-" { return "" }
      guard let data = Data(base64Encoded: String(encoded)), let s = String(data: data, encoding: .utf8) else { throw fail(3, "bad argument") }
      return s
    }
    let settingsFields = try fields(4, "settings", count: 3)
    let settings = PairwiseSummary.Settings(
      neighbours: try int(settingsFields[0], 4), closeBelow_JND: try Self.double(settingsFields[1], fail(4, "bad number")),
      maxClosePairs: try int(settingsFields[2], 4))
    let count = try int(try fields(5, "patterns", count: 1)[0], 5)
    guard count >= 0 else { throw fail(5, "bad pattern count") }
    var summary = PairwiseSummary(settings: settings, patternCount: count)
    summary.pairsCompared = try int(try fields(6, "compared", count: 1)[0], 6)
    summary.closePairCount = try int(try fields(7, "closeCount", count: 1)[0], 7)
    for line in 8..<(lines.count - 1) {
      let parts = lines[line].split(separator: " ")
      if parts.first == "n", parts.count == 10 {
        let p = try int(parts[1], line)
        guard (0..<count).contains(p) else { throw fail(line, "pattern index out of range") }
        summary.neighbours[p].append(try Self.decode(parts[2...], count: count, error: fail(line, "bad pair")))
      } else if parts.first == "c", parts.count == 9 {
        summary.closePairs.append(try Self.decode(parts[1...], count: count, error: fail(line, "bad pair")))
      } else {
        throw fail(line, "unexpected record")
      }
    }
    pairwise = summary
  }

  static func hex(_ x: Double) -> String { String(x.bitPattern, radix: 16) }

  static func double(_ s: Substring, _ error: InputError) throws -> Double {
    guard let bits = UInt64(s, radix: 16) else { throw error }
    return Double(bitPattern: bits)
  }

  static func encode(_ p: PairwiseSummary.Pair) -> String {
    let s = p.similarity
    return "\(p.first) \(p.second) \(hex(p.dPrime)) \(hex(s.stsimAB)) \(hex(s.stsimBA)) \(hex(s.spqiAB)) \(hex(s.spqiBA)) \(s.blocksCompared)"
  }

  static func decode(_ f: ArraySlice<Substring>, count: Int, error: InputError) throws -> PairwiseSummary.Pair {
    let f = Array(f)
    guard f.count == 8, let first = Int(f[0]), let second = Int(f[1]), let blocks = Int(f[7]), 0 <= first, first < second,
      second < count
    else { throw error }
    let similarity = PairSimilarity(
      stsimAB: try double(f[3], error), stsimBA: try double(f[4], error), spqiAB: try double(f[5], error),
      spqiBA: try double(f[6], error), blocksCompared: blocks)
    return PairwiseSummary.Pair(first: first, second: second, dPrime: try double(f[2], error), similarity: similarity)
  }
}
