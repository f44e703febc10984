import HaptPatterns

/// One edit a designer made to a pattern file, named by the file's own event numbers
/// (1-based over the file's events, the order an editor shows): an event added, removed,
/// moved, made stronger or weaker, sharper or duller, longer or shorter; a parameter curve
/// or step added, removed or changed.
///
/// ``PatternDiff/edits(from:to:)`` finds them by matching the events of two versions of a
/// file as a designer would: a moved event is the same event, not a removal and an
/// addition (Docs/Explanations.md, "What changed in the file").
package struct PatternEdit: Equatable, Sendable {
  /// What was edited.
  package enum Change: Equatable, Sendable {
    /// An event in the new version only.
    case added
    /// An event in the old version only.
    case removed
    /// An event's time, seconds in the file.
    case moved(from_s: Double, to_s: Double)
    /// An event's `HapticIntensity`, 0...1.
    case intensity(from: Double, to: Double)
    /// An event's `HapticSharpness`, 0...1.
    case sharpness(from: Double, to: Double)
    /// A continuous event's duration, seconds.
    case duration(from_s: Double, to_s: Double)
    /// A continuous event's envelope (attack, decay or release time, or sustained).
    case envelope
    /// A parameter curve or step (`parameter`, starting at `time_s` in the new version,
    /// or the old one's for a removal) added, removed or changed.
    case control(parameter: DynamicParameterID, time_s: Double, kind: ControlEdit)
  }

  /// How a parameter curve or step changed.
  package enum ControlEdit: String, Equatable, Sendable {
    case added, removed, changed
  }

  /// The event's number in the old version (nil for an added event or a control edit).
  package var oldNumber: Int?
  /// The event's number in the new version (nil for a removed event or a control edit).
  package var newNumber: Int?
  /// The event's type (nil for a control edit).
  package var eventType: HapticEventType?
  /// The event's time in the version that has it (the new one's when both do), seconds.
  package var time_s: Double
  package var change: Change

  package init(
    oldNumber: Int?, newNumber: Int?, eventType: HapticEventType?, time_s: Double, change: Change
  ) {
    self.oldNumber = oldNumber
    self.newNumber = newNumber
    self.eventType = eventType
    self.time_s = time_s
    self.change = change
  }

  /// Whether this edit is about an event (not a control).
  package var isEventEdit: Bool { eventType != nil }
}

/// Every edit between two versions of a pattern, events first (by the new version's
/// number, removals by the old one's), then controls by time.
package struct PatternEdits: Equatable, Sendable {
  package var edits: [PatternEdit]
  /// Every event the two versions share, edited or not: the old version's number to the
  /// new one's (1-based, the files' own numbering).
  package var matchedEvents: [Int: Int]

  package init(_ edits: [PatternEdit], matchedEvents: [Int: Int] = [:]) {
    self.edits = edits
    self.matchedEvents = matchedEvents
  }

  /// Whether the two versions have the same events and controls (a reformatted file).
  package var isEmpty: Bool { edits.isEmpty }

  /// The edits of one event, keyed by (old number, new number), in order.
  package var byEvent: [(oldNumber: Int?, newNumber: Int?, edits: [PatternEdit])] {
    var groups: [(oldNumber: Int?, newNumber: Int?, edits: [PatternEdit])] = []
    for edit in edits where edit.isEventEdit {
      if let last = groups.last, last.oldNumber == edit.oldNumber, last.newNumber == edit.newNumber {
        groups[groups.count - 1].edits.append(edit)
      } else {
        groups.append((edit.oldNumber, edit.newNumber, [edit]))
      }
    }
    return groups
  }

  /// The control edits, in order.
  package var controlEdits: [PatternEdit] { edits.filter { !$0.isEventEdit } }
}
