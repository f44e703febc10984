import HaptCore
/// The harness's perceptual distance d' between two signals, in JND units (Docs/Model.md §7).
///
/// d' = 1 means the two differ by about one just-noticeable difference: a person tells
/// them apart about 76 % of the time in a two-alternative forced choice. The model (a
/// choice of this project, documented with its sources in Docs/Perception.md) compares
/// the ``PerceptualFeatures`` of the two signals term by term, divides each difference by
/// its JND and adds the terms as a Euclidean sum:
///
/// - level: peak sensation levels of matched events, `dSL / 2.3 dB`;
/// - frequency: `w * |ln fa - ln fb| / ln 1.2` (Weber fraction 0.2), weighted by
///   `w = clamp(max(SLa, SLb) / 10 dB, 0, 1)`: pitch is vague near threshold;
/// - duration: matched events, `|ln Da - ln Db| / ln 1.2` with each duration D taken as
///   `sqrt(D^2 + (30 ms)^2)` (a tap is a tap; durations near 30 ms blend into taps);
/// - shape: matched events longer than 30 ms, RMS over the shape points of the difference
///   of their levels relative to peak, `/ 2.3 dB`, faded in between 30 and 60 ms;
/// - rhythm: matched inter-onset intervals, `|ln Ia - ln Ib| / ln 1.2`;
/// - events: an event one signal has and the other lacks counts its own distance from
///   nothing, `SL / 2.3 dB` (the number of JNDs between threshold and its level).
///
/// Events are matched in time order (the first with the first, ...) when both signals
/// have as many; otherwise by time and level (``EventAlignment``), so that an event added
/// in the middle is one added event, not a change of every later one. Onsets are measured
/// from each signal's first felt onset, so a pure delay is not a difference (latency is
/// judged separately by ``EnvelopeMarkers``).
///
/// Properties (each a test): zero on identity, symmetric, calibrated on Docs/Model.md §7's
/// amplitude, frequency and duration pairs, below 0.3 for imperceptible pairs, and
/// non-decreasing as any one of level, frequency, duration or interval moves away.
package enum Distinguishability {
  /// Amplitude JND in dB (Docs/Model.md §5).
  package static let amplitudeJND_dB = 2.3
  /// Frequency Weber fraction (Docs/Model.md §5, Israr, Tan & Reed 2006).
  package static let frequencyWeberFraction = 0.2
  /// Duration Weber fraction (Docs/Model.md §5).
  package static let durationWeberFraction = 0.2
  /// Weber fraction for the interval between event onsets (our choice, as for duration).
  package static let intervalWeberFraction = 0.2
  /// Shortest duration that is felt as a duration; shorter bursts are taps (Docs/Model.md §5).
  package static let tapDuration_s = 0.030
  /// Sensation level at which the frequency term gets its full weight, in dB.
  package static let fullFrequencyWeightLevel_dB = 10.0

  /// The perceptual distance between two signals in JND units: 0 for identical features,
  /// symmetric, non-negative.
  ///
  /// - Complexity: O(events).
  package static func dPrime(_ a: PerceptualFeatures, _ b: PerceptualFeatures) -> Double {
    components(a, b).total
  }

  /// The per-term breakdown of d' (each in JND units; d' is their Euclidean sum).
  ///
  /// - Complexity: O(events) without allocating, when both signals have as many events
  ///   (or either has more than ``EventAlignment/maxAlignedEvents``): the pairwise pass of
  ///   a report calls it for every pair of the corpus.
  package static func components(
    _ a: PerceptualFeatures, _ b: PerceptualFeatures
  )
    -> DPrimeComponents
  {
    var squares = CueSquares()
    forEachTerm(a, b) { squares.add($0) }
    return squares.components
  }

  /// What differs between a reference and a candidate, event by event and cue by cue,
  /// largest first: the terms of d' (their JNDs' Euclidean sum is d').
  ///
  /// - Parameters:
  ///   - reference: the signal before (a baseline, or A of a comparison).
  ///   - candidate: the signal after.
  ///   - minimum_JND: changes smaller than this are left out (default 0: every non-zero
  ///     term).
  ///   - anchors: felt events known to be the same on both sides (indices into each
  ///     side's events), matched whatever their distance: an explanation that knows
  ///     which of the file's events a designer moved tells the changes on that matching.
  ///     Without anchors the terms are those of d'; with anchors that match otherwise
  ///     than d' does, their Euclidean sum can differ from d'.
  /// - Returns: the changes, largest JND first; ties in event order, then cue order.
  /// - Complexity: O(events log events).
  package static func changes(
    from reference: PerceptualFeatures, to candidate: PerceptualFeatures, minimum_JND: Double = 0,
    anchors: [(reference: Int, candidate: Int)]? = nil
  ) -> [PerceptualChange] {
    var list: [PerceptualChange] = []
    forEachTerm(reference, candidate, anchors: anchors) { term in
      if term.dPrime_JND > 0, term.dPrime_JND >= minimum_JND { list.append(term.change) }
    }
    let cueOrder = Dictionary(uniqueKeysWithValues: PerceptualChange.Cue.allCases.enumerated().map { ($1, $0) })
    return list.enumerated().sorted { x, y in
      if x.element.dPrime_JND != y.element.dPrime_JND { return x.element.dPrime_JND > y.element.dPrime_JND }
      let ex = x.element.event ?? 0
      let ey = y.element.event ?? 0
      if ex != ey { return ex < ey }
      let cx = cueOrder[x.element.cue] ?? 0
      let cy = cueOrder[y.element.cue] ?? 0
      return cx != cy ? cx < cy : x.offset < y.offset
    }.map(\.element)
  }

  /// The duration the duration term compares: `sqrt(D^2 + tap^2)`, a smooth version of
  /// "shorter than a tap counts as a tap" (``tapDuration_s``). Long bursts keep their
  /// duration (200 ms reads as 202 ms); bursts near the tap limit blend into taps instead
  /// of changing the term abruptly at 30 ms.
  @inline(__always) static func feltDuration_s(_ duration_s: Double) -> Double {
    (duration_s * duration_s + tapDuration_s * tapDuration_s).squareRoot()
  }

  /// `|ln(x / y)|`, computed the same way whichever argument comes first (exact symmetry).
  @inline(__always) static func logRatio(_ x: Double, _ y: Double) -> Double {
    x >= y ? log(x / y) : log(y / x)
  }

  @inline(__always) static func square(_ x: Double) -> Double { x * x }
}

/// The terms of one d', each in JND units (see ``Distinguishability``).
package struct DPrimeComponents: Sendable, Equatable {
  /// Peak sensation level of matched events.
  package var level = 0.0
  /// Perceived frequency.
  package var frequency = 0.0
  /// Duration of matched events.
  package var duration = 0.0
  /// Envelope shape within matched events.
  package var shape = 0.0
  /// Intervals between matched event onsets.
  package var rhythm = 0.0
  /// Events one signal has and the other lacks.
  package var events = 0.0

  /// All terms zero (no difference).
  package init() {}

  package init(level: Double, frequency: Double, duration: Double, shape: Double, rhythm: Double, events: Double) {
    self.level = level
    self.frequency = frequency
    self.duration = duration
    self.shape = shape
    self.rhythm = rhythm
    self.events = events
  }

  /// d': the Euclidean sum of the terms.
  package var total: Double {
    (level * level + frequency * frequency + duration * duration + shape * shape
      + rhythm * rhythm + events * events).squareRoot()
  }
}
