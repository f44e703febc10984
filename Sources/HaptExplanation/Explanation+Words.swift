import HaptCore
import HaptMetrics
import HaptPatterns

extension Explanation {
  /// The first layer, one line an edited event or control: "event 2 (transient at 0.15
  /// s): moved 50 ms later (0.10 → 0.15 s)". Empty when the files' events are the same
  /// (or the layer is absent: see ``edits``).
  package var editLines: [String] {
    guard let edits else { return [] }
    return events.map { EditWording.sentence($0.edits, band_Hz: band_Hz, frequencyControl: band_Hz != nil) }
      + edits.controlEdits.map(EditWording.controlSentence)
  }

  /// The second layer, one line a felt change, in designers' words and JND: a felt event
  /// no edit touched says so ("event 1 (continuous at 0.00 s, not edited): 6.2 dB weaker
  /// (1.0 JND)"); an event felt apart after a move is "now felt apart", not "added".
  package var feltLines: [String] { felt.map(sentence) }

  /// The edits nothing felt answers, with why: "event 3 (transient at 0.60 s) added: not
  /// felt, silenced: the intensity control is 0 at 0.60 s".
  package var unfeltLines: [String] {
    events.compactMap { story in
      guard let reason = story.unfelt else { return nil }
      return EditWording.sentence(story.edits, band_Hz: band_Hz, frequencyControl: band_Hz != nil) + " — not felt: "
        + Self.words(reason)
    }
  }

  /// The reason in words.
  package static func words(_ reason: UnfeltReason) -> String {
    switch reason {
    case .belowOneJND: "below one JND"
    case .silenced(let t):
      "silenced, the intensity control is 0 at \(EditWording.seconds(t)) s (it holds its last value)"
    case .feltAsOneWith(let numbers):
      "masked, felt as one with event\(numbers.count > 1 ? "s" : "") \(numbers.map(String.init).joined(separator: ", "))"
    case .sameFrequency_Hz(let f): "beyond the device's band, both play at \(DecimalText.fixed(f, decimals: 0)) Hz"
    case .noFrequencyControl: "every sharpness plays alike without frequency control"
    }
  }

  /// Why a felt frequency moved on a device without frequency control.
  static let frequencyFollows = "this device has no frequency control: its frequency follows the other edits"

  /// One felt change as a designer reads it.
  func sentence(_ change: PerceptualChange) -> String {
    guard let edits else { return change.sentence }
    var change = change
    let numbers = change.fileEvents
    let edited = events.contains { story in
      numbers.contains { n in change.cue == .missing ? story.edits[0].oldNumber == n : story.edits[0].newNumber == n }
    }
    if change.event != nil, !numbers.isEmpty, !edited, !edits.isEmpty, let subject = change.subject {
      // Inside the subject's parentheses, so that every sentence form reads ("event 2
      // (transient at 0.08 s, not edited) starts 6 ms earlier").
      change.subject =
        subject.hasSuffix(")") ? String(subject.dropLast()) + ", not edited)" : subject + " (not edited)"
    }
    if change.cue == .frequency, band_Hz == nil {
      // No frequency control (an ERM): the felt frequency moved with the other edits
      // (an ERM's frequency follows its strength), not with a sharpness.
      return change.sentence.replacingOccurrences(of: "(duller)", with: "(duller; \(Self.frequencyFollows))")
        .replacingOccurrences(of: "(sharper)", with: "(sharper; \(Self.frequencyFollows))")
    }
    if change.cue == .added, let story = events.first(where: { s in numbers.contains { s.edits[0].newNumber == $0 } }),
      story.edits.contains(where: { if case .moved = $0.change { true } else { false } })
    {
      let subject = change.subject ?? "the event"
      return "\(subject): now felt apart from its neighbour (was felt as one with it) ("
        + DecimalText.fixed(change.dPrime_JND, decimals: 1) + " JND)"
    }
    return change.sentence
  }

  /// One line of how B feels against A, built from the felt changes so that it never
  /// disagrees with them: "B feels weaker and shorter than A", "A and B feel the same".
  package func summary(_ nameA: String = "A", _ nameB: String = "B") -> String {
    guard !felt.isEmpty else { return "\(nameA) and \(nameB) feel the same (d' under one JND)" }
    var words: [String] = []
    func direction(_ cue: PerceptualChange.Cue, up: String, down: String) {
      let sizes = felt.filter { $0.cue == cue }.map(\.size)
      guard !sizes.isEmpty else { return }
      if sizes.allSatisfy({ $0 > 0 }) {
        words.append(up)
      } else if sizes.allSatisfy({ $0 < 0 }) {
        words.append(down)
      } else {
        words.append("\(up) in places and \(down) in others")
      }
    }
    direction(.level, up: "stronger", down: "weaker")
    direction(.frequency, up: "sharper", down: "duller")
    direction(.onset, up: "later", down: "earlier")
    direction(.duration, up: "longer", down: "shorter")
    var extras: [String] = []
    let missing = felt.filter { $0.cue == .missing }.count
    let added = felt.filter { $0.cue == .added }.count
    if added > missing { extras.append("more taps or bursts felt apart") }
    if missing > added { extras.append("fewer taps or bursts felt apart") }
    if missing > 0, missing == added { extras.append("taps or bursts felt at other times") }
    if felt.contains(where: { $0.cue == .shape }) { extras.append("another envelope shape") }
    var line = words.isEmpty ? "\(nameB) feels different from \(nameA)" : "\(nameB) feels \(list(words)) than \(nameA)"
    if !extras.isEmpty { line += ", with " + list(extras) }
    return line
  }

  /// "a, b and c".
  func list(_ items: [String]) -> String {
    items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}
