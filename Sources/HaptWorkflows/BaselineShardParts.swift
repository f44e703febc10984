import Foundation
import HaptCore
import HaptMetrics
import HaptSimulation

/// The parts of sharded baseline jobs (`hapt baseline record|check ... --shard I/N --out
/// PART`), merged by `hapt merge`.
///
/// - record: PART is a baseline folder of the shard's patterns plus ``recordMarker``
///   (shard, corpus fingerprint); ``Baseline/merge(parts:to:)`` joins them.
/// - check: PART holds ``BaselineCheckPart`` (`check.txt`): the shard's comparisons and
///   the job's arguments, so that merge prints and writes what the unsharded check would.
public enum BaselineShardParts {
  /// The marker file of a record part.
  public static let recordMarker = "shard.txt"
  static let recordMagic = "hapt-baseline-record-part 1"

  /// The text of a record part's marker.
  public static func recordMarkerText(shard: ShardSpec, corpusFingerprint: UInt64) -> String {
    "\(recordMagic)\nshard \(shard.index) \(shard.count)\ncorpus \(String(corpusFingerprint, radix: 16))\n"
  }

  /// Reads a record part's marker: (shard, corpus fingerprint).
  public static func readRecordMarker(_ text: String, file: String) throws -> (ShardSpec, UInt64) {
    let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    guard lines.count == 3, lines[0].joined(separator: " ") == recordMagic, lines[1].count == 3, lines[1][0] == "shard",
      let i = Int(lines[1][1]), let n = Int(lines[1][2]), n >= 1, (1...n).contains(i), lines[2].count == 2,
      let fingerprint = UInt64(lines[2][1], radix: 16)
    else { throw InputError(file: file, "not a baseline record part") }
    return (ShardSpec(index: i, count: n), fingerprint)
  }
}

/// One shard's baseline check: its comparisons, in the whole check's order.
public struct BaselineCheckPart: Sendable {
  public static let fileName = "check.txt"
  static let magic = "hapt-baseline-check-part 1"

  public var shard: ShardSpec
  public var corpusFingerprint: UInt64
  /// The job's command line (without `--shard`, `--out`, `--threads`).
  public var arguments: [String]
  public var result: BaselineCheckResult

  public init(shard: ShardSpec, corpusFingerprint: UInt64, arguments: [String], result: BaselineCheckResult) {
    self.shard = shard
    self.corpusFingerprint = corpusFingerprint
    self.arguments = arguments
    self.result = result
  }

  /// The check of the whole corpus from its parts in shard order: comparisons joined,
  /// problems and load failures from the first (every shard sees the same).
  public static func merged(_ parts: [BaselineCheckPart]) -> BaselineCheckResult {
    BaselineCheckResult(
      comparisons: parts.flatMap(\.result.comparisons), problems: parts.first?.result.problems ?? [],
      failures: parts.first?.result.failures ?? [])
  }

  // MARK: - Text form (strings in base64, numbers as bit patterns, `-` for none)

  static func b64(_ s: String?) -> String {
    guard let s else { return "-" }
    return "b" + Data(s.utf8).base64EncodedString()
  }

  static func string(_ s: Substring) -> String?? {
    if s == "-" { return .some(nil) }
    guard s.hasPrefix("b"), let data = Data(base64Encoded: String(s.dropFirst())),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    return .some(text)
  }

  static func hex(_ x: Double?) -> String { x.map { String($0.bitPattern, radix: 16) } ?? "-" }

  static func number(_ s: Substring) -> Double?? {
    if s == "-" { return .some(nil) }
    guard let bits = UInt64(s, radix: 16) else { return nil }
    return .some(Double(bitPattern: bits))
  }

  public var text: String {
    var lines = [
      Self.magic, "shard \(shard.index) \(shard.count)", "corpus \(String(corpusFingerprint, radix: 16))",
      (["arguments"] + arguments.map { Self.b64($0) }).joined(separator: " "),
    ]
    for problem in result.problems { lines.append("problem \(Self.b64(problem))") }
    for f in result.failures {
      lines.append(
        "failure \(Self.b64(f.path)) \(Self.b64(f.error.file)) \(Self.b64(f.error.place)) \(Self.b64(f.error.message)) \(f.error.exitStatus.rawValue)"
      )
    }
    for c in result.comparisons {
      lines.append(
        "row \(Self.b64(c.pattern)) \(Self.b64(c.device)) \(c.state.rawValue) \(c.status.rawValue) \(Self.hex(c.dPrime_JND)) "
          + "\(Self.hex(c.similarity)) \(Self.hex(c.latencyShift_s)) "
          + (["changes"] + c.changes.map { Self.b64($0) }).joined(separator: " "))
      for change in c.perceptualChanges {
        lines.append(
          "felt \(change.event.map(String.init) ?? "-") \(change.cue.rawValue) \(Self.hex(change.size)) \(Self.hex(change.dPrime_JND))"
            + " \(Self.hex(change.time_s)) \(Self.b64(change.subject)) "
            + (change.fileEvents.isEmpty ? "-" : change.fileEvents.map(String.init).joined(separator: ","))
            + " \(Self.b64(change.fusedInto))"
        )
      }
    }
    lines.append("end")
    return lines.joined(separator: "\n") + "\n"
  }

  public init(text: String, file: String) throws {
    let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    func fail(_ line: Int) -> InputError {
      InputError(file: file, place: "line \(line + 1)", "not a baseline check part")
    }
    guard lines.count >= 5, lines[0].joined(separator: " ") == Self.magic, lines.last == ["end"], lines[1].count == 3,
      lines[1][0] == "shard", let i = Int(lines[1][1]), let n = Int(lines[1][2]), n >= 1, (1...n).contains(i),
      lines[2].count == 2, let fingerprint = UInt64(lines[2][1], radix: 16), lines[3].first == "arguments"
    else { throw fail(0) }
    shard = ShardSpec(index: i, count: n)
    corpusFingerprint = fingerprint
    arguments = try lines[3].dropFirst().map {
      guard let s = Self.string($0), let s else { throw fail(3) }; return s
    }
    var result = BaselineCheckResult(comparisons: [], problems: [], failures: [])
    for (index, f) in lines.enumerated().dropFirst(4).dropLast() {
      switch f.first {
      case "problem":
        guard f.count == 2, let s = Self.string(f[1]), let s else { throw fail(index) }
        result.problems.append(s)
      case "failure":
        guard f.count == 6, let path = Self.string(f[1]), let path, let errorFile = Self.string(f[2]),
          let place = Self.string(f[3]), let message = Self.string(f[4]), let message, let raw = Int32(f[5]),
          let status = ExitStatus(rawValue: raw)
        else { throw fail(index) }
        result.failures.append(
          PatternCorpus.Failure(path: path, error: InputError(file: errorFile, place: place, message, status: status)))
      case "row":
        guard f.count >= 9, f[8] == "changes", let pattern = Self.string(f[1]), let pattern,
          let device = Self.string(f[2]),
          let device, let state = EngineState(rawValue: String(f[3])),
          let status = BaselineStatus(rawValue: String(f[4])),
          let dPrime = Self.number(f[5]), let similarity = Self.number(f[6]), let shift = Self.number(f[7])
        else { throw fail(index) }
        let changes = try f.dropFirst(9).map {
          guard let s = Self.string($0), let s else { throw fail(index) }; return s
        }
        var comparison = BaselineComparison(
          pattern: pattern, device: device, state: state, status: status, changes: changes)
        comparison.dPrime_JND = dPrime
        comparison.similarity = similarity
        comparison.latencyShift_s = shift
        result.comparisons.append(comparison)
      case "felt":
        guard f.count == 9, !result.comparisons.isEmpty, let cue = PerceptualChange.Cue(rawValue: String(f[2])),
          let size = Self.number(f[3]), let size, let dPrime = Self.number(f[4]), let dPrime,
          let time = Self.number(f[5]), let subject = Self.string(f[6]), let fusedInto = Self.string(f[8])
        else { throw fail(index) }
        var fileEvents: [Int] = []
        if f[7] != "-" {
          let numbers = f[7].split(separator: ",").compactMap { Int($0) }
          guard numbers.count == f[7].split(separator: ",").count else { throw fail(index) }
          fileEvents = numbers
        }
        let event: Int?
        if f[1] == "-" {
          event = nil
        } else {
          guard let number = Int(f[1]) else { throw fail(index) }
          event = number
        }
        result.comparisons[result.comparisons.count - 1].perceptualChanges.append(
          PerceptualChange(
            event: event, cue: cue, size: size, dPrime_JND: dPrime, time_s: time, subject: subject,
            fileEvents: fileEvents))
        result.comparisons[result.comparisons.count - 1].perceptualChanges[
          result.comparisons[result.comparisons.count - 1].perceptualChanges.count - 1
        ].fusedInto = fusedInto
      default: throw fail(index)
      }
    }
    self.result = result
  }
}
