import HaptCore
import HaptMetrics

extension Explanation {
  /// An explanation in words, as every view of a check prints it (text, CSV, JSON, JUnit,
  /// the finding reporters): the lines `hapt compare` prints, built from one
  /// ``Explanation`` so that every view says the same.
  package struct Story: Sendable, Equatable {
    /// How the candidate feels against the reference, one line (``Explanation/summary(_:_:)``).
    package var summary: String
    /// The first layer (``Explanation/editLines``); nil when a side is not a pattern file
    /// of the other's format (a recording, a baseline's stored signal).
    package var edits: [String]?
    /// The second layer (``Explanation/feltLines``), largest first.
    package var felt: [String]
    /// The edits no felt change answers, with why (``Explanation/unfeltLines``).
    package var notFelt: [String]
    /// d' between the two sides, JND.
    package var dPrime_JND: Double
    /// The verdict on d' (`confusable`, `close`, `distinct`: ``PairVerdict``).
    package var verdict: String
    /// The file's edits as values (``PatternEdits/edits``), the first layer's data; nil
    /// when ``edits`` is.
    package var editValues: [PatternEdit]?
    /// The events of ``notFelt``, in its order, with why each is not felt.
    package var notFeltEvents: [NotFelt] = []

    /// An edited event nothing felt answers.
    package struct NotFelt: Sendable, Equatable {
      /// Its number in the old version (nil: added) and in the new one (nil: removed).
      package var oldEvent: Int?
      package var newEvent: Int?
      /// Why it is not felt, in words (``Explanation/words(_:)``).
      package var reason: String

      package init(oldEvent: Int?, newEvent: Int?, reason: String) {
        self.oldEvent = oldEvent
        self.newEvent = newEvent
        self.reason = reason
      }
    }

    /// Most felt changes a ``line`` names; the rest are counted.
    package static let feltInLine = 3

    package init(
      summary: String, edits: [String]?, felt: [String], notFelt: [String], dPrime_JND: Double, verdict: String
    ) {
      self.summary = summary
      self.edits = edits
      self.felt = felt
      self.notFelt = notFelt
      self.dPrime_JND = dPrime_JND
      self.verdict = verdict
    }

    /// Both layers in one line, the first first: "in the file: event 1 (transient at
    /// 0.00 s): intensity 0.70 → 0.56 (weaker) — felt: event 1 (transient at 0.00 s): 2.0
    /// dB weaker (1.3 JND) — how it feels: the file feels weaker than the baseline; d' 1.3
    /// JND: close". When nothing is felt, the file's edits each say why ("in the file:
    /// event 2 (transient at 0.60 s) added — not felt: silenced, ..."). Parts with nothing
    /// to say are left out.
    package var line: String {
      var parts: [String] = []
      if felt.isEmpty, !notFelt.isEmpty {
        parts.append("in the file: " + notFelt.joined(separator: "; "))
      } else {
        if let edits {
          parts.append(
            "in the file: " + (edits.isEmpty ? "no edit (the same events and controls)" : edits.joined(separator: "; "))
          )
        }
        if !felt.isEmpty {
          let more = felt.count > Self.feltInLine ? "; and \(felt.count - Self.feltInLine) smaller" : ""
          parts.append("felt: " + felt.prefix(Self.feltInLine).joined(separator: "; ") + more)
        }
        if !notFelt.isEmpty { parts.append("not felt: " + notFelt.joined(separator: "; ")) }
      }
      parts.append("how it feels: \(summary); d' \(DecimalText.fixed(dPrime_JND, decimals: 1)) JND: \(verdict)")
      return parts.joined(separator: " — ")
    }
  }

  /// The explanation in words, `reference` and `candidate` naming the two sides in the
  /// summary ("the baseline", "the file").
  package func story(reference: String, candidate: String) -> Story {
    var story = Story(
      summary: summary(reference, candidate), edits: edits == nil ? nil : editLines, felt: feltLines,
      notFelt: unfeltLines, dPrime_JND: dPrime_JND, verdict: PairVerdict(dPrime: dPrime_JND).rawValue)
    story.editValues = edits?.edits
    story.notFeltEvents = events.compactMap { event in
      event.unfelt.map {
        Story.NotFelt(oldEvent: event.edits[0].oldNumber, newEvent: event.edits[0].newNumber, reason: Self.words($0))
      }
    }
    return story
  }
}
