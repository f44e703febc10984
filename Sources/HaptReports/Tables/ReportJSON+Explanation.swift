import HaptCore
import HaptExplanation

extension ReportJSON {
  /// An explanation as JSON, the one form `compare` and `baseline check` give
  /// (``story(_:)``), with A and B naming the two sides.
  package static func explanation(_ e: Explanation) -> JSONValue {
    story(e.story(reference: "A", candidate: "B"))
  }

  /// One edit: the events it is about (null for a control), its kind, its values with
  /// their units in the keys, and its words.
  static func edit(_ edit: PatternEdit) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("oldEvent", number(edit.oldNumber.map(Double.init))), ("newEvent", number(edit.newNumber.map(Double.init))),
      ("time_s", .number(edit.time_s)),
    ]
    switch edit.change {
    case .added: fields.append(("change", .string("added")))
    case .removed: fields.append(("change", .string("removed")))
    case .moved(let from, let to):
      fields += [("change", .string("moved")), ("from_s", .number(from)), ("to_s", .number(to))]
    case .intensity(let from, let to):
      fields += [("change", .string("intensity")), ("from", .number(from)), ("to", .number(to))]
    case .sharpness(let from, let to):
      fields += [("change", .string("sharpness")), ("from", .number(from)), ("to", .number(to))]
    case .duration(let from, let to):
      fields += [("change", .string("duration")), ("from_s", .number(from)), ("to_s", .number(to))]
    case .envelope: fields.append(("change", .string("envelope")))
    case .control(let parameter, _, let kind):
      fields += [("change", .string("control " + kind.rawValue)), ("parameter", .string(parameter.rawValue))]
    }
    fields.append(("text", .string(EditWording.phrase(edit.change))))
    return .orderedObject(fields)
  }

  /// An explanation as JSON, the same keys in every view (`compare`, `baseline check`):
  /// its one-line form, the summary, d' and its verdict, the file's edits as values with
  /// their units in the keys and their words (null without the first layer), the same
  /// edits as the lines `hapt compare` prints (`editLines`), the felt changes as lines,
  /// and the edits not felt, each with its events, reason and line.
  package static func story(_ s: Explanation.Story) -> JSONValue {
    let notFelt: [JSONValue] = s.notFelt.enumerated().map { index, line in
      let event = index < s.notFeltEvents.count ? s.notFeltEvents[index] : nil
      return .orderedObject([
        ("oldEvent", number(event?.oldEvent.map(Double.init))), ("newEvent", number(event?.newEvent.map(Double.init))),
        ("reason", event.map { .string($0.reason) } ?? .null), ("text", .string(line)),
      ])
    }
    return .orderedObject([
      ("line", .string(s.line)), ("summary", .string(s.summary)), ("dPrime_JND", measured(s.dPrime_JND)),
      ("verdict", .string(s.verdict)),
      ("edits", s.edits == nil ? .null : .list((s.editValues ?? []).map(edit))),
      ("editLines", s.edits.map { .list($0.map { .string($0) }) } ?? .null),
      ("felt", .list(s.felt.map { .string($0) })), ("notFelt", .list(notFelt)),
    ])
  }
}
