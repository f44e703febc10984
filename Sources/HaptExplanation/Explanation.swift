import HaptCore
import HaptMetrics
import HaptPatterns

/// What hapt says about a difference, in two layers (Docs/Explanations.md): first what
/// changed in the file (``PatternEdits``, when both sides are pattern files of one format),
/// then what a person would feel from it (the felt changes, in JND, on the felt events),
/// with the reason an edit is not felt. Built once; `compare`, `baseline check`,
/// HaptTesting's messages and the report print it.
package struct Explanation: Sendable, Equatable {
  /// Why an edit changes nothing a person would feel.
  package enum UnfeltReason: Equatable, Sendable {
    /// Its share of d' is under the smallest change reported.
    case belowOneJND
    /// The intensity control is 0 at the event's time (it holds its last value), so the
    /// event drives nothing.
    case silenced(at_s: Double)
    /// The event is felt as one with these of the file's events, which mask it.
    case feltAsOneWith([Int])
    /// The device plays both sharpness values at the edge of its band, this frequency.
    case sameFrequency_Hz(Double)
    /// The device has no frequency control (an ERM): every sharpness plays alike.
    case noFrequencyControl
  }

  /// One edited event: its edits, the felt changes they explain, or why none is felt.
  package struct EventStory: Sendable, Equatable {
    package var edits: [PatternEdit]
    package var felt: [PerceptualChange]
    package var unfelt: UnfeltReason?
  }

  /// The edited events (empty when ``edits`` is nil or holds only control edits).
  package var events: [EventStory]
  /// The edits of the file, nil when a side is not a pattern file of the other's format.
  package var edits: PatternEdits?
  /// Every felt change, named by the file's events, largest share first.
  package var felt: [PerceptualChange]
  /// d' between the two sides, JND.
  package var dPrime_JND: Double
  /// The device's drive band, nil when it has no frequency control.
  package var band_Hz: ClosedRange<Double>?

  /// - Parameters:
  ///   - old, new: the two versions as patterns, when both are pattern files of one format
  ///     (nil otherwise: recordings, a baseline signal, two formats).
  ///   - felt: the felt changes from old to new (``Distinguishability/changes(from:to:minimum_JND:)``)
  ///     named by the files' events (``FileEventNames/name(_:reference:candidate:)``).
  ///   - dPrime_JND: d' between the two, JND.
  ///   - newNames, newFeatures: the new version's file events and features, to tell an
  ///     event masked by a neighbour it is felt with.
  ///   - band_Hz: the device's drive band (nil: no frequency control).
  ///   - edits: the edits from `old` to `new` when the caller has them already
  ///     (``PatternDiff/edits(from:to:)`` otherwise).
  package init(
    old: HapticPattern?, new: HapticPattern?, felt: [PerceptualChange], dPrime_JND: Double,
    newNames: FileEventNames? = nil, newFeatures: PerceptualFeatures? = nil, band_Hz: ClosedRange<Double>?,
    edits knownEdits: PatternEdits? = nil
  ) {
    self.felt = felt
    self.dPrime_JND = dPrime_JND
    self.band_Hz = band_Hz
    guard let old, let new else {
      edits = nil
      events = []
      return
    }
    let edits = knownEdits ?? PatternDiff.edits(from: old, to: new)
    self.edits = edits
    let controls = new.controls
    events = edits.byEvent.map { group in
      let mine = felt.filter { Self.belongs($0, oldNumber: group.oldNumber, newNumber: group.newNumber, group.edits) }
      var story = EventStory(edits: group.edits, felt: mine, unfelt: nil)
      if mine.isEmpty {
        story.unfelt = Self.reason(
          group.edits, newNumber: group.newNumber, pattern: new, controls: controls, names: newNames,
          features: newFeatures, band_Hz: band_Hz)
      }
      return story
    }
  }

  /// Whether a felt change is about the edited event: its file events hold the event's
  /// number (the old number for a missing event), or it is the whole signal's frequency
  /// and the edit is of sharpness.
  static func belongs(_ change: PerceptualChange, oldNumber: Int?, newNumber: Int?, _ edits: [PatternEdit]) -> Bool {
    if change.event == nil {
      return change.cue == .frequency && edits.contains { if case .sharpness = $0.change { true } else { false } }
    }
    if change.cue == .missing { return oldNumber.map(change.fileEvents.contains) ?? false }
    return newNumber.map(change.fileEvents.contains) ?? false
  }

  /// Why the edits of one event are not felt.
  static func reason(
    _ edits: [PatternEdit], newNumber: Int?, pattern: HapticPattern, controls: PatternControls, names: FileEventNames?,
    features: PerceptualFeatures?, band_Hz: ClosedRange<Double>?
  ) -> UnfeltReason {
    if let newNumber, newNumber <= pattern.events.count {
      let event = pattern.events[newNumber - 1]
      if event.intensity > 0, controls.intensityMultiplier(at: event.time_s) <= 0 {
        return .silenced(at_s: event.time_s)
      }
    }
    let sharpnessOnly = edits.allSatisfy { if case .sharpness = $0.change { true } else { false } }
    if sharpnessOnly, case .sharpness(let from, let to) = edits[0].change {
      guard let band_Hz else { return .noFrequencyControl }
      let a = HertzPattern.frequency_Hz(atSharpness: from, band_Hz: band_Hz)
      let b = HertzPattern.frequency_Hz(atSharpness: to, band_Hz: band_Hz)
      if abs(a - b) < 0.5 { return .sameFrequency_Hz(a) }
    }
    if let newNumber, let names, let features {
      let together = names.feltTogether(with: newNumber, in: features).filter { $0 != newNumber }
      if !together.isEmpty { return .feltAsOneWith(together) }
    }
    return .belowOneJND
  }
}
