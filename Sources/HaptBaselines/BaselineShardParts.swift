import Foundation
import HaptCore
import HaptMetrics
import HaptSimulation
import HaptEvaluation
import HaptExplanation

/// The parts of sharded baseline jobs (`hapt baseline record|check` on shard I of N),
/// merged by `hapt merge`.
///
/// - record: PART is a baseline folder of the shard's patterns plus ``recordMarker``
///   (shard, corpus fingerprint); ``Baseline/merge(parts:to:)`` joins them.
/// - check: PART holds ``BaselineCheckPart`` (`check.txt`): the shard's comparisons and
///   the job's settings, so that merge prints and writes what the unsharded check would.
package enum BaselineShardParts {
  /// The marker file of a record part.
  package static let recordMarker = "shard.txt"
  static let recordMagic = "hapt-baseline-record-part 1"

  /// The text of a record part's marker.
  package static func recordMarkerText(shard: ShardSpec, corpusFingerprint: UInt64) -> String {
    "\(recordMagic)\nshard \(shard.index) \(shard.count)\ncorpus \(String(corpusFingerprint, radix: 16))\n"
  }

  /// Reads a record part's marker: (shard, corpus fingerprint).
  package static func readRecordMarker(_ text: String, file: String) throws -> (ShardSpec, UInt64) {
    let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    guard lines.count == 3, lines[0].joined(separator: " ") == recordMagic, lines[1].count == 3, lines[1][0] == "shard",
      let i = Int(lines[1][1]), let n = Int(lines[1][2]), n >= 1, (1...n).contains(i), lines[2].count == 2,
      let fingerprint = UInt64(lines[2][1], radix: 16)
    else { throw InputError(file: file, "not a baseline record part") }
    return (ShardSpec(index: i, count: n), fingerprint)
  }
}

/// One shard's baseline check: its comparisons, in the whole check's order.
package struct BaselineCheckPart: Sendable {
  package static let fileName = "check.txt"
  static let magic = "hapt-baseline-check-part 5"
  /// The first lines of parts written before they stored typed settings (1), typed
  /// change reasons (2), explanations and notes (3) and the explanations' edits as
  /// values (4).
  static let olderMagics: Set<String> = [
    "hapt-baseline-check-part 1", "hapt-baseline-check-part 2", "hapt-baseline-check-part 3",
    "hapt-baseline-check-part 4",
  ]

  package var shard: ShardSpec
  package var corpusFingerprint: UInt64
  /// What the job checks and how it prints (the shard, part folder and threads excepted).
  package var job: BaselineCheckSettings
  package var result: BaselineCheckResult

  package init(shard: ShardSpec, corpusFingerprint: UInt64, job: BaselineCheckSettings, result: BaselineCheckResult) {
    self.shard = shard
    self.corpusFingerprint = corpusFingerprint
    self.job = job
    self.result = result
  }

  /// The check of the whole corpus from its parts in shard order: comparisons joined,
  /// problems and load failures from the first (every shard sees the same).
  package static func merged(_ parts: [BaselineCheckPart]) -> BaselineCheckResult {
    BaselineCheckResult(
      comparisons: parts.flatMap(\.result.comparisons), problems: parts.first?.result.problems ?? [],
      notes: parts.first?.result.notes ?? [], failures: parts.first?.result.failures ?? [])
  }

  // MARK: - Text form (strings in base64, numbers as bit patterns, `-` for none)

  /// An input error's kind as a part stores it (its raw value).
  static func kind(_ token: Substring) -> InputError.Kind? { InputError.Kind(rawValue: String(token)) }

  package var text: String {
    var lines = [
      Self.magic, "shard \(shard.index) \(shard.count)", "corpus \(String(corpusFingerprint, radix: 16))",
      (["job"] + job.fields).joined(separator: " "),
    ]
    for problem in result.problems { lines.append("problem \(FieldCodec.text(problem))") }
    for note in result.notes { lines.append("note \(FieldCodec.text(note))") }
    for f in result.failures {
      lines.append(
        "failure \(FieldCodec.text(f.path)) \(FieldCodec.text(f.error.file)) \(FieldCodec.text(f.error.place)) \(FieldCodec.text(f.error.message)) \(f.error.kind.rawValue)"
      )
    }
    for c in result.comparisons {
      lines.append(
        "row \(FieldCodec.text(c.pattern)) \(FieldCodec.text(c.device)) \(c.state.rawValue) \(c.status.rawValue) \(FieldCodec.number(c.dPrime_JND)) "
          + "\(FieldCodec.number(c.similarity)) \(FieldCodec.number(c.latencyShift_s)) "
          + (["changes"] + c.changes.map(\.field)).joined(separator: " "))
      for change in c.perceptualChanges {
        lines.append(
          "felt \(change.event.map(String.init) ?? "-") \(change.cue.rawValue) \(FieldCodec.number(change.size)) \(FieldCodec.number(change.dPrime_JND))"
            + " \(FieldCodec.number(change.time_s)) \(FieldCodec.text(change.subject)) "
            + (change.fileEvents.isEmpty ? "-" : change.fileEvents.map(String.init).joined(separator: ","))
            + " \(FieldCodec.text(change.fusedInto))"
        )
      }
      if let story = c.story { lines.append(Self.storyLine(story)) }
    }
    lines.append("end")
    return lines.joined(separator: "\n") + "\n"
  }

  package init(text: String, file: String) throws {
    let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    func fail(_ line: Int) -> InputError {
      InputError(file: file, place: "line \(line + 1)", "not a baseline check part")
    }
    if let first = lines.first, Self.olderMagics.contains(first.joined(separator: " ")) {
      throw InputError(
        file: file, place: "line 1", "written by an older hapt; run the shards again with this one", kind: .unsupported)
    }
    guard lines.count >= 5, lines[0].joined(separator: " ") == Self.magic, lines.last == ["end"], lines[1].count == 3,
      lines[1][0] == "shard", let i = Int(lines[1][1]), let n = Int(lines[1][2]), n >= 1, (1...n).contains(i),
      lines[2].count == 2, let fingerprint = UInt64(lines[2][1], radix: 16), lines[3].first == "job"
    else { throw fail(0) }
    shard = ShardSpec(index: i, count: n)
    corpusFingerprint = fingerprint
    job = try BaselineCheckSettings(fields: Array(lines[3].dropFirst()), error: fail(3))
    var result = BaselineCheckResult(comparisons: [], problems: [], failures: [])
    for (index, f) in lines.enumerated().dropFirst(4).dropLast() {
      switch f.first {
      case "note":
        guard f.count == 2, let s = FieldCodec.text(f[1]), let s else { throw fail(index) }
        result.notes.append(s)
      case "story":
        guard !result.comparisons.isEmpty, let story = Self.story(f) else { throw fail(index) }
        result.comparisons[result.comparisons.count - 1].story = story
      case "problem":
        guard f.count == 2, let s = FieldCodec.text(f[1]), let s else { throw fail(index) }
        result.problems.append(s)
      case "failure":
        guard f.count == 6, let path = FieldCodec.text(f[1]), let path, let errorFile = FieldCodec.text(f[2]),
          let place = FieldCodec.text(f[3]), let message = FieldCodec.text(f[4]), let message,
          let kind = Self.kind(f[5])
        else { throw fail(index) }
        result.failures.append(
          PatternCorpus.Failure(path: path, error: InputError(file: errorFile, place: place, message, kind: kind)))
      case "row":
        guard let comparison = Self.comparison(f) else { throw fail(index) }
        result.comparisons.append(comparison)
      case "felt":
        guard !result.comparisons.isEmpty, let change = Self.feltChange(f) else { throw fail(index) }
        result.comparisons[result.comparisons.count - 1].perceptualChanges.append(change)
      default: throw fail(index)
      }
    }
    self.result = result
  }

  /// A `row` line's comparison (`row PATTERN DEVICE STATE STATUS dPrime SIMILARITY SHIFT
  /// changes REASON...`), or nil when it is not one.
  static func comparison(_ f: [Substring]) -> BaselineComparison? {
    guard f.count >= 9, f[8] == "changes", let pattern = FieldCodec.text(f[1]), let pattern,
      let device = FieldCodec.text(f[2]),
      let device, let state = EngineState(rawValue: String(f[3])),
      let status = BaselineStatus(rawValue: String(f[4])),
      let dPrime = FieldCodec.number(f[5]), let similarity = FieldCodec.number(f[6]),
      let shift = FieldCodec.number(f[7])
    else { return nil }
    var changes: [BaselineChangeReason] = []
    for field in f.dropFirst(9) {
      guard let reason = BaselineChangeReason(field: field) else { return nil }
      changes.append(reason)
    }
    var comparison = BaselineComparison(
      pattern: pattern, device: device, state: state, status: status, changes: changes)
    comparison.dPrime_JND = dPrime
    comparison.similarity = similarity
    comparison.latencyShift_s = shift
    return comparison
  }

  /// A `felt` line's perceptual change (`felt EVENT|- CUE SIZE dPrime TIME SUBJECT
  /// FILEEVENTS|- FUSEDINTO`), or nil when it is not one.
  static func feltChange(_ f: [Substring]) -> PerceptualChange? {
    guard f.count == 9, let cue = PerceptualChange.Cue(rawValue: String(f[2])),
      let size = FieldCodec.number(f[3]), let size, let dPrime = FieldCodec.number(f[4]), let dPrime,
      let time = FieldCodec.number(f[5]), let subject = FieldCodec.text(f[6]), let fusedInto = FieldCodec.text(f[8])
    else { return nil }
    var fileEvents: [Int] = []
    if f[7] != "-" {
      let numbers = f[7].split(separator: ",").compactMap { Int($0) }
      guard numbers.count == f[7].split(separator: ",").count else { return nil }
      fileEvents = numbers
    }
    let event: Int?
    if f[1] == "-" {
      event = nil
    } else {
      guard let number = Int(f[1]) else { return nil }
      event = number
    }
    var change = PerceptualChange(
      event: event, cue: cue, size: size, dPrime_JND: dPrime, time_s: time, subject: subject, fileEvents: fileEvents)
    change.fusedInto = fusedInto
    return change
  }

  /// A story as one line: `story SUMMARY dPrime VERDICT EDITS...|- FELT... NOTFELT...
  /// EDITVALUES...|- NOTFELTEVENTS...`, each list its count then its fields (an edit as
  /// ``PatternEdit/field``, an event not felt as its two numbers and its reason).
  static func storyLine(_ story: Explanation.Story) -> String {
    func list(_ items: [String]) -> [String] { [String(items.count)] + items.map { FieldCodec.text($0) } }
    var fields = [
      "story", FieldCodec.text(story.summary), FieldCodec.number(story.dPrime_JND), FieldCodec.text(story.verdict),
    ]
    fields += story.edits.map(list) ?? ["-"]
    fields += list(story.felt) + list(story.notFelt)
    fields += story.editValues.map { [String($0.count)] + $0.map(\.field) } ?? ["-"]
    fields.append(String(story.notFeltEvents.count))
    for event in story.notFeltEvents {
      fields += [
        FieldCodec.number(event.oldEvent.map(Double.init)), FieldCodec.number(event.newEvent.map(Double.init)),
        FieldCodec.text(event.reason),
      ]
    }
    return fields.joined(separator: " ")
  }

  /// The story a ``storyLine(_:)`` holds, or nil.
  static func story(_ f: [Substring]) -> Explanation.Story? {
    var i = 4
    func list() -> [String]? {
      guard i < f.count, let count = Int(f[i]), count >= 0, i + count < f.count else { return nil }
      var items: [String] = []
      for j in 0..<count {
        guard let text = FieldCodec.text(f[i + 1 + j]), let text else { return nil }
        items.append(text)
      }
      i += count + 1
      return items
    }
    guard f.count >= 7, let summary = FieldCodec.text(f[1]), let summary, let dPrime = FieldCodec.number(f[2]),
      let dPrime, let verdict = FieldCodec.text(f[3]), let verdict
    else { return nil }
    let edits: [String]?
    if f[4] == "-" {
      edits = nil
      i = 5
    } else {
      guard let items = list() else { return nil }
      edits = items
    }
    guard let felt = list(), let notFelt = list(), i < f.count else { return nil }
    var story = Explanation.Story(
      summary: summary, edits: edits, felt: felt, notFelt: notFelt, dPrime_JND: dPrime, verdict: verdict)
    if f[i] == "-" {
      i += 1
    } else {
      guard let count = Int(f[i]), count >= 0, i + count < f.count else { return nil }
      var values: [PatternEdit] = []
      for j in 0..<count {
        guard let edit = PatternEdit(field: f[i + 1 + j]) else { return nil }
        values.append(edit)
      }
      story.editValues = values
      i += count + 1
    }
    guard i < f.count, let count = Int(f[i]), count >= 0, i + 1 + 3 * count == f.count else { return nil }
    for j in 0..<count {
      let k = i + 1 + 3 * j
      guard let old = FieldCodec.number(f[k]), let new = FieldCodec.number(f[k + 1]),
        let reason = FieldCodec.text(f[k + 2]), let reason
      else { return nil }
      story.notFeltEvents.append(.init(oldEvent: old.map { Int($0) }, newEvent: new.map { Int($0) }, reason: reason))
    }
    return story
  }
}
