import Testing

@testable import HaptMetrics

/// Anchored alignment: felt events another source knows to be the same are matched,
/// and the rest aligned between them as without anchors.
@Suite struct EventAlignmentAnchorTests {
  static func tap(_ start_s: Double, _ level_dB: Double) -> PerceptualFeatures.Event {
    PerceptualFeatures.Event(
      onset_s: start_s, start_s: start_s, duration_s: 0.02, peakLevel_dB: level_dB,
      shape_dB: Array(repeating: 0, count: PerceptualFeatures.shapePoints))
  }

  /// Taps at 0 and 0.12 s against taps at 0, 0.08 and 0.16 s: by time and level the
  /// second old tap pairs with the new one at 0.08 s; anchored to the one at 0.16 s, the
  /// tap at 0.08 s is the one added.
  @Test func anchorsDecideWhichEventIsAdded() {
    let a = [Self.tap(0, 20), Self.tap(0.12, 20)]
    let b = [Self.tap(0, 20), Self.tap(0.08, 24), Self.tap(0.16, 20)]
    let free = EventAlignment.pairs(a, b)
    #expect(free.map(\.reference) == [0, 1, nil] && free.map(\.candidate) == [0, 1, 2])
    let anchored = EventAlignment.pairs(a, b, anchors: [(0, 0), (1, 2)])
    #expect(anchored.map(\.reference) == [0, nil, 1] && anchored.map(\.candidate) == [0, 1, 2])
  }

  /// No anchors, or anchors equal to the free pairing, give the same pairs; anchors out of
  /// order or range are left out.
  @Test func anchorsThatAgreeChangeNothing() {
    let a = [Self.tap(0, 20), Self.tap(0.1, 18), Self.tap(0.3, 25)]
    let b = [Self.tap(0, 22), Self.tap(0.2, 18)]
    let free = EventAlignment.pairs(a, b)
    for anchors in [
      [], free.compactMap { p in p.reference.flatMap { r in p.candidate.map { (r, $0) } } }, [(2, 1), (0, 0)], [(5, 0)],
    ] {
      let anchored = EventAlignment.pairs(a, b, anchors: anchors.map { (reference: $0.0, candidate: $0.1) })
      if anchors.count == 2, anchors[0].0 == 2 {
        // (2, 1) first: (0, 0) is then out of order and left out.
        #expect(anchored.contains { $0.reference == 2 && $0.candidate == 1 })
      } else {
        #expect(anchored.map(\.reference) == free.map(\.reference), "\(anchors)")
        #expect(anchored.map(\.candidate) == free.map(\.candidate), "\(anchors)")
      }
    }
  }

  /// The changes on anchored pairs: the added tap is added, the moved one starts later.
  @Test func changesFollowTheAnchors() {
    var a = PerceptualFeatures(samples: [], sampleRate_Hz: 1000, frequency_Hz: nil)
    a.events = [Self.tap(0, 20), Self.tap(0.12, 20)]
    var b = a
    b.events = [Self.tap(0, 20), Self.tap(0.08, 24), Self.tap(0.16, 20)]
    let anchored = Distinguishability.changes(from: a, to: b, anchors: [(0, 0), (1, 2)])
    #expect(anchored.contains { $0.cue == .added && $0.event == 2 })
    #expect(anchored.contains { $0.cue == .onset && $0.event == 3 && $0.size > 0 })
    #expect(!anchored.contains { $0.event == 2 && $0.cue != .added })
    let free = Distinguishability.changes(from: a, to: b)
    #expect(free.contains { $0.cue == .added && $0.event == 3 })
  }
}
