import HaptPatterns

/// The edits between two versions of a pattern file (``PatternEdit``), found by matching
/// their events as a designer would.
///
/// Events of one type (transient, continuous) are aligned in time order by the smallest
/// total cost, as `diff` aligns lines: leaving an event unmatched costs ``gapCost``;
/// matching two costs their time shift over ``timeScale_s`` plus their intensity and
/// sharpness differences over ``valueScale`` plus a continuous event's duration
/// difference over ``durationScale_s``. So an event moved by up to half a second, or
/// made weaker, is the same event; a tap taken out of a run of equal taps is that tap
/// removed, not the later taps moved. Differences under ``timeTolerance_s`` and
/// ``valueTolerance`` are the same value written differently and are not edits.
package enum PatternDiff {
  /// Cost of an event left unmatched (added or removed).
  package static let gapCost = 1.0
  /// A time shift costing as much as one unmatched event, seconds.
  package static let timeScale_s = 0.25
  /// An intensity or sharpness difference costing as much as one unmatched event: the
  /// whole 0-1 range, so an event edited in place (at its time, its duration kept) is
  /// that event edited, never one removed and another added, however far both values
  /// moved (two taps whose strengths were swapped are each edited, not one moved).
  package static let valueScale = 1.0
  /// A duration difference costing as much as one unmatched event, seconds.
  package static let durationScale_s = 0.5
  /// Times (and durations) closer than this are the same, seconds.
  package static let timeTolerance_s = 0.000_5
  /// Intensities, sharpnesses and control values closer than this are the same.
  package static let valueTolerance = 0.005
  /// The largest alignment done in full (events of one type, old times new); above it
  /// events are paired in time order past their common start and end.
  package static let maxAlignmentCells = 4_000_000

  /// The edits from `old` to `new`: event edits by the new version's numbers (removals by
  /// the old one's), then control edits by time.
  ///
  /// - Complexity: O(n m) for n and m events of a type that differ past their common start
  ///   and end (at most ``maxAlignmentCells``), O(n + m) beyond that; O(c log c) for c
  ///   curves and steps.
  package static func edits(from old: HapticPattern, to new: HapticPattern) -> PatternEdits {
    var edits: [PatternEdit] = []
    var matched: [Int: Int] = [:]
    for type in [HapticEventType.hapticTransient, .hapticContinuous] {
      let a = numbered(old, type)
      let b = numbered(new, type)
      for pair in align(a, b) {
        edits += eventEdits(pair.old, pair.new, type: type)
        if let o = pair.old, let n = pair.new { matched[o.number] = n.number }
      }
    }
    edits.sort { order($0) < order($1) }
    edits += ControlDiff.edits(from: old, to: new)
    return PatternEdits(edits, matchedEvents: matched)
  }

  /// A numbered event: its 1-based number in the file's events.
  struct Numbered {
    var number: Int
    var event: HapticEvent
  }

  /// The events of `type`, numbered in the file's order, sorted by time (stable).
  static func numbered(_ pattern: HapticPattern, _ type: HapticEventType) -> [Numbered] {
    pattern.events.enumerated().filter { $0.element.type == type }
      .map { Numbered(number: $0.offset + 1, event: $0.element) }
      .sorted { ($0.event.time_s, $0.number) < ($1.event.time_s, $1.number) }
  }

  /// The cost of taking `a` and `b` as the same event.
  static func cost(_ a: HapticEvent, _ b: HapticEvent) -> Double {
    var cost = abs(a.time_s - b.time_s) / timeScale_s
    cost += (abs(a.intensity - b.intensity) + abs(a.sharpness - b.sharpness)) / valueScale
    if a.type == .hapticContinuous { cost += abs(a.duration_s - b.duration_s) / durationScale_s }
    return cost.isFinite ? cost : .infinity
  }

  /// Whether `a` and `b` are the same event written the same way (within the tolerances).
  static func isSame(_ a: HapticEvent, _ b: HapticEvent) -> Bool {
    abs(a.time_s - b.time_s) <= timeTolerance_s && abs(a.intensity - b.intensity) <= valueTolerance
      && abs(a.sharpness - b.sharpness) <= valueTolerance
      && (a.type != .hapticContinuous || abs(a.duration_s - b.duration_s) <= timeTolerance_s)
      && envelopeIsSame(a, b)
  }

  static func envelopeIsSame(_ a: HapticEvent, _ b: HapticEvent) -> Bool {
    abs(a.attackTime - b.attackTime) <= valueTolerance && abs(a.decayTime - b.decayTime) <= valueTolerance
      && abs(a.releaseTime - b.releaseTime) <= valueTolerance && a.isSustained == b.isSustained
  }

  /// The pairs of an alignment of `a` with `b` (nil: unmatched), in time order.
  static func align(_ a: [Numbered], _ b: [Numbered]) -> [(old: Numbered?, new: Numbered?)] {
    var start = 0
    while start < a.count, start < b.count, isSame(a[start].event, b[start].event) { start += 1 }
    var endA = a.count
    var endB = b.count
    while endA > start, endB > start, isSame(a[endA - 1].event, b[endB - 1].event) {
      endA -= 1
      endB -= 1
    }
    var pairs: [(old: Numbered?, new: Numbered?)] = (0..<start).map { (a[$0], b[$0]) }
    let middleA = Array(a[start..<endA])
    let middleB = Array(b[start..<endB])
    if middleA.count * middleB.count <= maxAlignmentCells {
      pairs += alignFully(middleA, middleB)
    } else {
      for k in 0..<max(middleA.count, middleB.count) {
        pairs.append((k < middleA.count ? middleA[k] : nil, k < middleB.count ? middleB[k] : nil))
      }
    }
    pairs += (0..<(a.count - endA)).map { (a[endA + $0], b[endB + $0]) }
    return pairs
  }

  /// The least-cost alignment (dynamic programming; ties keep the match).
  static func alignFully(_ a: [Numbered], _ b: [Numbered]) -> [(old: Numbered?, new: Numbered?)] {
    let n = a.count
    let m = b.count
    if n == 0 || m == 0 { return a.map { ($0, nil) } + b.map { (nil, $0) } }
    // step[i * (m + 1) + j]: 0 match, 1 old unmatched, 2 new unmatched.
    var step = [UInt8](repeating: 0, count: (n + 1) * (m + 1))
    var previous = (0...m).map { Double($0) * gapCost }
    var current = [Double](repeating: 0, count: m + 1)
    for j in 1...m { step[j] = 2 }
    for i in 1...n {
      current[0] = Double(i) * gapCost
      step[i * (m + 1)] = 1
      for j in 1...m {
        let match = previous[j - 1] + cost(a[i - 1].event, b[j - 1].event)
        let oldOnly = previous[j] + gapCost
        let newOnly = current[j - 1] + gapCost
        if match <= oldOnly, match <= newOnly {
          current[j] = match
          step[i * (m + 1) + j] = 0
        } else if oldOnly <= newOnly {
          current[j] = oldOnly
          step[i * (m + 1) + j] = 1
        } else {
          current[j] = newOnly
          step[i * (m + 1) + j] = 2
        }
      }
      swap(&previous, &current)
    }
    var pairs: [(old: Numbered?, new: Numbered?)] = []
    var i = n
    var j = m
    while i > 0 || j > 0 {
      switch step[i * (m + 1) + j] {
      case 0:
        pairs.append((a[i - 1], b[j - 1]))
        i -= 1
        j -= 1
      case 1:
        pairs.append((a[i - 1], nil))
        i -= 1
      default:
        pairs.append((nil, b[j - 1]))
        j -= 1
      }
    }
    return pairs.reversed()
  }

  /// The edits of one aligned pair.
  static func eventEdits(_ old: Numbered?, _ new: Numbered?, type: HapticEventType) -> [PatternEdit] {
    switch (old, new) {
    case (nil, let new?):
      return [
        PatternEdit(oldNumber: nil, newNumber: new.number, eventType: type, time_s: new.event.time_s, change: .added)
      ]
    case (let old?, nil):
      return [
        PatternEdit(oldNumber: old.number, newNumber: nil, eventType: type, time_s: old.event.time_s, change: .removed)
      ]
    case (let old?, let new?):
      let (a, b) = (old.event, new.event)
      var changes: [PatternEdit.Change] = []
      if abs(a.time_s - b.time_s) > timeTolerance_s { changes.append(.moved(from_s: a.time_s, to_s: b.time_s)) }
      if abs(a.intensity - b.intensity) > valueTolerance {
        changes.append(.intensity(from: a.intensity, to: b.intensity))
      }
      if abs(a.sharpness - b.sharpness) > valueTolerance {
        changes.append(.sharpness(from: a.sharpness, to: b.sharpness))
      }
      if type == .hapticContinuous {
        if abs(a.duration_s - b.duration_s) > timeTolerance_s {
          changes.append(.duration(from_s: a.duration_s, to_s: b.duration_s))
        }
        if !envelopeIsSame(a, b) { changes.append(.envelope) }
      }
      return changes.map {
        PatternEdit(oldNumber: old.number, newNumber: new.number, eventType: type, time_s: b.time_s, change: $0)
      }
    case (nil, nil):
      return []
    }
  }

  /// Event edits in the new version's order; a removal sits where its old number falls
  /// among the new numbers of the events matched before it.
  static func order(_ edit: PatternEdit) -> (Double, Int, Int) {
    (edit.time_s, edit.newNumber ?? edit.oldNumber ?? 0, edit.newNumber == nil ? 1 : 0)
  }
}
