import Foundation

/// The terms of d', walked once in a fixed order: the one definition behind
/// ``Distinguishability/dPrime(_:_:)``, ``Distinguishability/components(_:_:)`` and
/// ``Distinguishability/changes(from:to:minimum_JND:anchors:)``.
extension Distinguishability {
  /// One term of d': a ``PerceptualChange`` before it is named (plain values, so that
  /// summing terms for every pair of a corpus allocates nothing).
  struct Term {
    /// The felt event's number, from 1 (see ``PerceptualChange/event``); nil for frequency.
    var event: Int?
    var cue: PerceptualChange.Cue
    /// The change in the cue's unit (``PerceptualChange/Cue/unit``).
    var size: Double
    /// The term's contribution to d', JND.
    var dPrime_JND: Double
    /// When the event starts in the candidate (or, if missing, the reference), seconds.
    var time_s: Double? = nil

    var change: PerceptualChange {
      PerceptualChange(event: event, cue: cue, size: size, dPrime_JND: dPrime_JND, time_s: time_s)
    }
  }

  /// Each cue's sum of squared terms (JND^2), added in the order the terms come.
  struct CueSquares {
    var level = 0.0
    var frequency = 0.0
    var duration = 0.0
    var shape = 0.0
    var onset = 0.0
    var missing = 0.0
    var added = 0.0

    @inline(__always)
    mutating func add(_ term: Term) {
      let squared = square(term.dPrime_JND)
      switch term.cue {
      case .level: level += squared
      case .frequency: frequency += squared
      case .duration: duration += squared
      case .shape: shape += squared
      case .onset: onset += squared
      case .missing: missing += squared
      case .added: added += squared
      }
    }

    /// The terms of d' by cue (missing and added events together).
    var components: DPrimeComponents {
      DPrimeComponents(
        level: level.squareRoot(), frequency: frequency.squareRoot(), duration: duration.squareRoot(),
        shape: shape.squareRoot(), rhythm: onset.squareRoot(), events: (missing + added).squareRoot())
    }
  }

  /// Calls `visit` with every term of d' between `a` (reference) and `b` (candidate), in
  /// a fixed order: frequency, then per matched event level, duration and shape, then
  /// onsets, then unmatched events. Each term's JND value is the same whichever signal
  /// comes first.
  static func forEachTerm(
    _ a: PerceptualFeatures, _ b: PerceptualFeatures, anchors: [(reference: Int, candidate: Int)]? = nil,
    _ visit: (Term) -> Void
  ) {
    if a.isPerceptible, b.isPerceptible, let fa = a.frequency_Hz, let fb = b.frequency_Hz {
      let level = max(a.peakLevel_dB, b.peakLevel_dB)
      let weight = min(max(level / fullFrequencyWeightLevel_dB, 0), 1)
      visit(
        Term(
          event: nil, cue: .frequency, size: (fb / fa - 1) * 100,
          dPrime_JND: weight * logRatio(fa, fb) / log(1 + frequencyWeberFraction)))
    }
    // The events are read in place: a copied event retains its shape array, and two
    // threads comparing the same patterns then contend for its reference count (about
    // half of a 100,000-pattern report's pairs time went to those retains).
    a.events.withUnsafeBufferPointer { ea in
      b.events.withUnsafeBufferPointer { eb in
        let n = ea.count
        let m = eb.count
        if anchors == nil, EventAlignment.matchesInOrder(n, m) {
          let common = min(n, m)
          visitMatched(ea, eb, count: common, pairAt: { ($0, $0) }, visit)
          for i in common..<max(common, n) { visitMissing(ea, i, visit) }
          for j in common..<max(common, m) { visitAdded(eb, j, visit) }
          return
        }
        if let anchors {
          let steps = EventAlignment.pairs(a.events, b.events, anchors: anchors).map {
            EventAlignment.Step(referenceIndex: Int32($0.reference ?? -1), candidateIndex: Int32($0.candidate ?? -1))
          }
          steps.withUnsafeBufferPointer { visitAligned(ea, eb, $0, visit) }
        } else {
          // Different counts (three pairs in four of a generated corpus): aligned by cost
          // in a scratch buffer, so that a corpus's pairs allocate nothing.
          EventAlignment.withCostAlignment(ea, eb) { visitAligned(ea, eb, $0, visit) }
        }
      }
    }
  }

  /// The terms of an alignment's `steps` (time order): the matched events' terms, then
  /// each event left alone as missing or added, in the steps' order.
  @inline(__always)
  private static func visitAligned(
    _ a: UnsafeBufferPointer<PerceptualFeatures.Event>, _ b: UnsafeBufferPointer<PerceptualFeatures.Event>,
    _ steps: UnsafeBufferPointer<EventAlignment.Step>, _ visit: (Term) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: EventAlignment.Step.self, capacity: steps.count) { matched in
      var count = 0
      for step in steps where step.reference != nil && step.candidate != nil {
        matched[count] = step
        count += 1
      }
      visitMatched(
        a, b, count: count, pairAt: { (Int(matched[$0].referenceIndex), Int(matched[$0].candidateIndex)) }, visit)
    }
    for step in steps {
      if let j = step.candidate, step.reference == nil { visitAdded(b, Int(j), visit) }
      if let i = step.reference, step.candidate == nil { visitMissing(a, Int(i), visit) }
    }
  }

  /// The terms of the `count` matched events (`pairAt(k)`: reference and candidate
  /// indices of the k-th, in time order): level, duration and shape of each, then the
  /// onsets.
  @inline(__always)
  private static func visitMatched(
    _ a: UnsafeBufferPointer<PerceptualFeatures.Event>, _ b: UnsafeBufferPointer<PerceptualFeatures.Event>,
    count: Int, pairAt: (Int) -> (Int, Int), _ visit: (Term) -> Void
  ) {
    let logDuration = log(1 + durationWeberFraction)
    for k in 0..<count {
      let (i, j) = pairAt(k)
      visit(
        Term(
          event: j + 1, cue: .level, size: b[j].peakLevel_dB - a[i].peakLevel_dB,
          dPrime_JND: abs(a[i].peakLevel_dB - b[j].peakLevel_dB) / amplitudeJND_dB, time_s: b[j].start_s))
      let da = feltDuration_s(a[i].duration_s)
      let db = feltDuration_s(b[j].duration_s)
      visit(
        Term(
          event: j + 1, cue: .duration, size: (b[j].duration_s - a[i].duration_s) * 1000,
          dPrime_JND: logRatio(da, db) / logDuration, time_s: b[j].start_s))
      let shortest = min(a[i].duration_s, b[j].duration_s)
      let shapeWeight = min(max((shortest - tapDuration_s) / tapDuration_s, 0), 1)
      if shapeWeight > 0 {
        var sum = 0.0
        let points = min(a[i].shape_dB.count, b[j].shape_dB.count)
        for p in 0..<points { sum += square(a[i].shape_dB[p] - b[j].shape_dB[p]) }
        let rms_dB = (sum / Double(max(points, 1))).squareRoot()
        visit(
          Term(
            event: j + 1, cue: .shape, size: rms_dB, dPrime_JND: shapeWeight * rms_dB / amplitudeJND_dB,
            time_s: b[j].start_s))
      }
    }
    visitOnsets(a, b, count: count, pairAt: pairAt, visit)
  }

  /// The rhythm terms: each interval between consecutive matched onsets, `|ln Ia - ln Ib|
  /// / ln 1.2`, given to the event of the two that moved (the one whose shift differs more
  /// from the pattern's typical shift); an event's terms add as a Euclidean sum, so an
  /// event moved 50 ms is one change, "starts 50 ms later", with its size the event's
  /// own shift, not two interval changes. d' is the same whichever event gets a term.
  @inline(__always)
  private static func visitOnsets(
    _ a: UnsafeBufferPointer<PerceptualFeatures.Event>, _ b: UnsafeBufferPointer<PerceptualFeatures.Event>,
    count: Int, pairAt: (Int) -> (Int, Int), _ visit: (Term) -> Void
  ) {
    guard count >= 2 else { return }
    let logInterval = log(1 + intervalWeberFraction)
    // Three scratch rows of `count`: each event's shift, the shifts sorted, and each
    // event's sum of squared interval terms (negative: none measured).
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * count) { scratch in
      for k in 0..<count {
        let (i, j) = pairAt(k)
        let shift = b[j].onset_s - a[i].onset_s
        scratch[k] = shift
        scratch[count + k] = shift
        scratch[2 * count + k] = -1
      }
      let typical = typicalShift(sorting: UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 * count)]))
      for k in 1..<count {
        let (i0, j0) = pairAt(k - 1)
        let (i1, j1) = pairAt(k)
        let ia = a[i1].onset_s - a[i0].onset_s
        let ib = b[j1].onset_s - b[j0].onset_s
        guard ia > 0, ib > 0 else { continue }
        let jnd = logRatio(ia, ib) / logInterval
        let owner = abs(scratch[k] - typical) >= abs(scratch[k - 1] - typical) ? k : k - 1
        scratch[2 * count + owner] = max(scratch[2 * count + owner], 0) + jnd * jnd
      }
      for k in 0..<count where scratch[2 * count + k] >= 0 {
        let j = pairAt(k).1
        visit(
          Term(
            event: j + 1, cue: .onset, size: (scratch[k] - typical) * 1000,
            dPrime_JND: scratch[2 * count + k].squareRoot(), time_s: b[j].start_s))
      }
    }
  }

  /// The term of the reference's event `i`, missing from the candidate.
  @inline(__always)
  private static func visitMissing(
    _ events: UnsafeBufferPointer<PerceptualFeatures.Event>, _ i: Int, _ visit: (Term) -> Void
  ) {
    visit(
      Term(
        event: i + 1, cue: .missing, size: events[i].peakLevel_dB,
        dPrime_JND: events[i].peakLevel_dB / amplitudeJND_dB, time_s: events[i].start_s))
  }

  /// The term of the candidate's event `j`, added to the reference.
  @inline(__always)
  private static func visitAdded(
    _ events: UnsafeBufferPointer<PerceptualFeatures.Event>, _ j: Int, _ visit: (Term) -> Void
  ) {
    visit(
      Term(
        event: j + 1, cue: .added, size: events[j].peakLevel_dB, dPrime_JND: events[j].peakLevel_dB / amplitudeJND_dB,
        time_s: events[j].start_s))
  }

  /// The shift most events share: the median, and of the two middle values of an even
  /// count the one nearer zero (two events, one moved: the other one did not). Sorts
  /// `shifts` in place.
  static func typicalShift(sorting shifts: UnsafeMutableBufferPointer<Double>) -> Double {
    var shifts = shifts
    shifts.sort()
    let n = shifts.count
    guard n > 0 else { return 0 }
    if n % 2 == 1 { return shifts[n / 2] }
    let low = shifts[n / 2 - 1]
    let high = shifts[n / 2]
    return abs(low) <= abs(high) ? low : high
  }
}
