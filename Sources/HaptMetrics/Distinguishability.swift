#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("hapt needs a C library module: Glibc, Musl or Darwin")
#endif

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
/// - duration: matched events, `|ln Da - ln Db| / ln 1.2` with durations below 30 ms
///   counted as 30 ms (a tap is a tap);
/// - shape: matched events longer than 30 ms, RMS over the shape points of the difference
///   of their levels relative to peak, `/ 2.3 dB`, faded in between 30 and 60 ms;
/// - rhythm: matched inter-onset intervals, `|ln Ia - ln Ib| / ln 1.2`;
/// - events: an event one signal has and the other lacks counts its own distance from
///   nothing, `SL / 2.3 dB` (the number of JNDs between threshold and its level).
///
/// Events are matched in time order (the first with the first, ...), and onsets are
/// measured from each signal's first felt onset, so a pure delay is not a difference
/// (latency is judged separately by ``EnvelopeMarkers``).
///
/// Properties (each a test): zero on identity, symmetric, calibrated on Docs/Model.md §7's
/// amplitude, frequency and duration pairs, below 0.3 for imperceptible pairs, and
/// non-decreasing as any one of level, frequency, duration or interval moves away.
public enum Distinguishability {
  /// Amplitude JND in dB (Docs/Model.md §5).
  public static let amplitudeJND_dB = 2.3
  /// Frequency Weber fraction (Docs/Model.md §5, Israr, Tan & Reed 2006).
  public static let frequencyWeberFraction = 0.2
  /// Duration Weber fraction (Docs/Model.md §5).
  public static let durationWeberFraction = 0.2
  /// Weber fraction for the interval between event onsets (our choice, as for duration).
  public static let intervalWeberFraction = 0.2
  /// Shortest duration that is felt as a duration; shorter bursts are taps (Docs/Model.md §5).
  public static let tapDuration_s = 0.030
  /// Sensation level at which the frequency term gets its full weight, in dB.
  public static let fullFrequencyWeightLevel_dB = 10.0

  /// The perceptual distance between two signals in JND units: 0 for identical features,
  /// symmetric, non-negative.
  ///
  /// - Complexity: O(events).
  public static func dPrime(_ a: PerceptualFeatures, _ b: PerceptualFeatures) -> Double {
    components(a, b).total
  }

  /// The per-term breakdown of d' (each in JND units; d' is their Euclidean sum).
  public static func components(_ a: PerceptualFeatures, _ b: PerceptualFeatures)
    -> DPrimeComponents
  {
    var result = DPrimeComponents()
    let logFrequency = log(1 + frequencyWeberFraction)
    let logDuration = log(1 + durationWeberFraction)
    let logInterval = log(1 + intervalWeberFraction)
    if a.isPerceptible, b.isPerceptible, let fa = a.frequency_Hz, let fb = b.frequency_Hz {
      let level = max(a.peakLevel_dB, b.peakLevel_dB)
      let weight = min(max(level / fullFrequencyWeightLevel_dB, 0), 1)
      result.frequency = weight * logRatio(fa, fb) / logFrequency
    }
    var level2 = 0.0
    var duration2 = 0.0
    var shape2 = 0.0
    var rhythm2 = 0.0
    var unmatched2 = 0.0
    let matched = min(a.events.count, b.events.count)
    for k in 0..<matched {
      let ea = a.events[k]
      let eb = b.events[k]
      level2 += square((ea.peakLevel_dB - eb.peakLevel_dB) / amplitudeJND_dB)
      let da = max(ea.duration_s, tapDuration_s)
      let db = max(eb.duration_s, tapDuration_s)
      duration2 += square(logRatio(da, db) / logDuration)
      let shortest = min(ea.duration_s, eb.duration_s)
      let shapeWeight = min(max((shortest - tapDuration_s) / tapDuration_s, 0), 1)
      if shapeWeight > 0 {
        var sum = 0.0
        let points = min(ea.shape_dB.count, eb.shape_dB.count)
        for i in 0..<points { sum += square(ea.shape_dB[i] - eb.shape_dB[i]) }
        shape2 += square(shapeWeight) * sum / Double(max(points, 1)) / square(amplitudeJND_dB)
      }
      if k > 0 {
        let ia = ea.onset_s - a.events[k - 1].onset_s
        let ib = eb.onset_s - b.events[k - 1].onset_s
        if ia > 0, ib > 0 { rhythm2 += square(logRatio(ia, ib) / logInterval) }
      }
    }
    let longer = a.events.count > b.events.count ? a.events : b.events
    for event in longer.dropFirst(matched) {
      unmatched2 += square(event.peakLevel_dB / amplitudeJND_dB)
    }
    result.level = level2.squareRoot()
    result.duration = duration2.squareRoot()
    result.shape = shape2.squareRoot()
    result.rhythm = rhythm2.squareRoot()
    result.events = unmatched2.squareRoot()
    return result
  }

  /// `|ln(x / y)|`, computed the same way whichever argument comes first (exact symmetry).
  @inline(__always) static func logRatio(_ x: Double, _ y: Double) -> Double {
    x >= y ? log(x / y) : log(y / x)
  }

  @inline(__always) static func square(_ x: Double) -> Double { x * x }
}

/// The terms of one d', each in JND units (see ``Distinguishability``).
public struct DPrimeComponents: Sendable, Equatable {
  /// Peak sensation level of matched events.
  public var level = 0.0
  /// Perceived frequency.
  public var frequency = 0.0
  /// Duration of matched events.
  public var duration = 0.0
  /// Envelope shape within matched events.
  public var shape = 0.0
  /// Intervals between matched event onsets.
  public var rhythm = 0.0
  /// Events one signal has and the other lacks.
  public var events = 0.0

  /// d': the Euclidean sum of the terms.
  public var total: Double {
    (level * level + frequency * frequency + duration * duration + shape * shape
      + rhythm * rhythm + events * events).squareRoot()
  }
}
