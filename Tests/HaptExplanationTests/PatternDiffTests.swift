import HaptExplanation
import HaptPatterns
import Testing

/// The first layer: edits found as a designer made them, by the file's event numbers.
@Suite struct PatternDiffTests {
  static func taps(_ times: [Double], intensity: Double = 0.9, sharpness: Double = 0.7) -> HapticPattern {
    HapticPattern(events: times.map { .transient(at: $0, intensity: intensity, sharpness: sharpness) })
  }

  @Test func aTapRemovedFromARunIsThatTapRemoved() {
    let old = Self.taps([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
    var new = old
    new.events.remove(at: 6)
    let edits = PatternDiff.edits(from: old, to: new).edits
    #expect(
      edits == [PatternEdit(oldNumber: 7, newNumber: nil, eventType: .hapticTransient, time_s: 0.6, change: .removed)])
  }

  @Test func aMovedTapIsTheSameTapMoved() {
    let old = Self.taps([0, 0.12, 0.24])
    var new = old
    new.events[1].time_s = 0.17
    let edits = PatternDiff.edits(from: old, to: new).edits
    #expect(edits.count == 1)
    #expect(edits.first?.change == .moved(from_s: 0.12, to_s: 0.17))
    #expect(edits.first?.oldNumber == 2 && edits.first?.newNumber == 2)
  }

  /// Two taps whose intensity and sharpness were swapped (swiftui-increase against
  /// swiftui-decrease) are each edited in place, not one moved onto the other and one
  /// removed; and the matching of every shared event is kept.
  @Test func swappedStrengthsAreEachEdited() {
    let old = HapticPattern(events: [
      .transient(at: 0, intensity: 0.4, sharpness: 0.4), .transient(at: 0.08, intensity: 0.7, sharpness: 0.7),
    ])
    let new = HapticPattern(events: [
      .transient(at: 0, intensity: 0.7, sharpness: 0.7), .transient(at: 0.08, intensity: 0.4, sharpness: 0.4),
    ])
    let found = PatternDiff.edits(from: old, to: new)
    #expect(
      found.edits.map(\.change) == [
        .intensity(from: 0.4, to: 0.7), .sharpness(from: 0.4, to: 0.7), .intensity(from: 0.7, to: 0.4),
        .sharpness(from: 0.7, to: 0.4),
      ])
    #expect(found.matchedEvents == [1: 1, 2: 2])
  }

  @Test func attributeEditsAreNamedOnTheirEvent() {
    var old = Self.taps([0, 0.2])
    old.events.append(.continuous(at: 0.4, duration_s: 0.3, intensity: 0.5, sharpness: 0.5))
    var new = old
    new.events[0].intensity = 0.72
    new.events[1].sharpness = 0.9
    new.events[2].duration_s = 0.5
    let edits = PatternDiff.edits(from: old, to: new).edits
    #expect(
      edits.map(\.change) == [
        .intensity(from: 0.9, to: 0.72), .sharpness(from: 0.7, to: 0.9), .duration(from_s: 0.3, to_s: 0.5),
      ])
    #expect(edits.map(\.newNumber) == [1, 2, 3])
  }

  @Test func addedEventsAndControlsAreAdded() {
    let old = Self.taps([0, 0.12])
    var new = old
    new.events.append(.transient(at: 0.6, intensity: 1, sharpness: 0.5))
    new.parameterCurves.append(
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0,
        controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 0.5, value: 0)]))
    let edits = PatternDiff.edits(from: old, to: new).edits
    #expect(edits.count == 2)
    #expect(edits[0].change == .added && edits[0].newNumber == 3)
    #expect(edits[1].change == .control(parameter: .hapticIntensityControl, time_s: 0, kind: .added))
  }

  @Test func aReformattedFileHasNoEdits() {
    let old = Self.taps([0, 0.12, 0.24])
    var new = old
    new.events[1].time_s += 0.000_1  // the same time written with other digits
    new.metadata.description = "reformatted"
    #expect(PatternDiff.edits(from: old, to: new).isEmpty)
  }

  @Test func wordsAreDesignersWords() {
    #expect(EditWording.phrase(.intensity(from: 0.7, to: 0.56)) == "intensity 0.70 → 0.56 (weaker)")
    #expect(EditWording.phrase(.intensity(from: 0.5, to: 0.9)) == "intensity 0.50 → 0.90 (stronger)")
    #expect(
      EditWording.phrase(.sharpness(from: 0.43, to: 0.78), band_Hz: 80...300)
        .hasPrefix("sharpness 0.43 → 0.78 (sharper: "))
    #expect(EditWording.phrase(.sharpness(from: 0.5, to: 0.1)) == "sharpness 0.50 → 0.10 (duller)")
    #expect(EditWording.phrase(.moved(from_s: 0.1, to_s: 0.15)) == "moved 50 ms later (0.10 → 0.15 s)")
    #expect(EditWording.phrase(.duration(from_s: 0.3, to_s: 0.5)) == "200 ms longer (0.30 → 0.50 s)")
  }

  @Test func largeFilesAlignInBoundedWork() {
    // 5,000 taps against 5,000 taps with one removed near the start: the common end is
    // trimmed, the rest aligned.
    let old = Self.taps((0..<5000).map { Double($0) * 0.05 })
    var new = old
    new.events.remove(at: 10)
    let edits = PatternDiff.edits(from: old, to: new).edits
    #expect(edits.map(\.change) == [.removed])
    #expect(edits.first?.oldNumber == 11)
  }
}
