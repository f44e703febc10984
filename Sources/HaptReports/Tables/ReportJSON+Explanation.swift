import HaptCore
import HaptExplanation

extension ReportJSON {
  /// An explanation's two layers as JSON: the one-line summary, the file's edits (null when
  /// a side is not a pattern file of the other's format), and the edits no felt change
  /// answers with their reason. The felt changes are the comparison's `changes`.
  package static func explanation(_ e: Explanation) -> JSONValue {
    .orderedObject([
      ("summary", .string(e.summary())),
      ("edits", e.edits.map { edits in .list(edits.edits.map(edit)) } ?? .null),
      (
        "notFelt",
        .list(
          e.events.compactMap { story in
            story.unfelt.map { reason in
              .orderedObject([
                ("oldEvent", number(story.edits[0].oldNumber.map(Double.init))),
                ("newEvent", number(story.edits[0].newNumber.map(Double.init))),
                ("reason", .string(Explanation.words(reason))),
              ])
            }
          })
      ),
    ])
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

  /// An explanation in words (a baseline check's row): its one-line form, the summary,
  /// d' and its verdict, the file's edits (null without the first layer), the felt changes
  /// and the edits not felt, each a line as `hapt compare` prints it.
  package static func story(_ s: Explanation.Story) -> JSONValue {
    .orderedObject([
      ("line", .string(s.line)), ("summary", .string(s.summary)), ("dPrime_JND", .number(s.dPrime_JND)),
      ("verdict", .string(s.verdict)), ("edits", s.edits.map { .list($0.map { .string($0) }) } ?? .null),
      ("felt", .list(s.felt.map { .string($0) })), ("notFelt", .list(s.notFelt.map { .string($0) })),
    ])
  }
}
