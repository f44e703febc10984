import HaptSignals
import HaptCore

/// How a haptic feels, in the words designers use: strength, tempo, texture, continuity
/// and length, from the felt acceleration (Docs/Perception.md §10).
///
/// Everything is computed from what the hand feels: the level envelope and detection
/// threshold at the perceived frequency of ``PerceptualFeatures`` give the sensation level
/// `SL(t)` in dB; the *felt magnitude* is `m(t) = (10^(0.89 SL/20) - 1) / (10^0.89 - 1)`
/// where `SL > 0`, else 0 (Stevens' power law with the exponent Verrillo, Fraioli and
/// Smith measured for vibration on the hand; 0 at threshold, 1 at 20 dB above it). A
/// rendered pattern and a recording of it therefore get the same attributes.
///
/// - ``energy``: felt strength over the whole pattern with temporal summation: the
///   largest value of `m(t)` integrated by a leaky integrator with time constant
///   ``summation_s`` (1 = a steady vibration 20 dB above threshold held for a second or
///   more; a single 50 ms tap at that level reads 0.15).
/// - ``tempo_Hz``: onsets per second weighted by their size: the rises of `m(t)`
///   (smoothed at ``tempoSmoothing_Hz``) summed and divided by the felt duration; taps of
///   magnitude 1 at n per second read about n.
/// - ``roughness``: the two codes of tactile roughness (Hollins' duplex theory) in one
///   number, their geometric mean `sqrt(P * F)`: ``meanMagnitude`` `P`, the mean of `m(t)`
///   over the felt span (fine texture is felt through the vibration's power, Bensmaia and
///   Hollins 2005), and ``fluctuation`` `F`, the RMS of `m(t)` band-passed to the rates
///   touch feels as texture rather than rhythm (``roughnessBand_Hz``, 10-100 Hz: flutter).
///   0 for nothing felt; small for a weak or a smooth vibration.
/// - ``continuity``: 0..1, `1 / (1 + R / 100 dB/s)` with `R` the RMS rate of change of the
///   sensation level (smoothed at ``tempoSmoothing_Hz``) inside the felt span, its first
///   and last 30 ms left out (the pattern's own start and end): 1 for a steady vibration,
///   about 0.1 for crisp taps, 0 for a single tap of 60 ms or less.
/// - ``duration_s``: from the first to the last felt instant.
/// - ``dutyCycle``: the fraction of that span during which the vibration is felt.
/// - ``frequency_Hz``: the perceived frequency of ``PerceptualFeatures`` (felt pitch).
///
/// A signal nobody feels has every attribute 0 and ``isPerceptible`` false.
package struct PerceptualAttributes: Sendable, Equatable {
  /// Felt strength with temporal summation (felt-magnitude units, 1 = a steady vibration
  /// at 20 dB SL lasting at least a second), >= 0.
  package var energy: Double
  /// Size-weighted onsets per second, >= 0.
  package var tempo_Hz: Double
  /// Felt roughness, `sqrt(meanMagnitude * fluctuation)` (felt-magnitude units), >= 0.
  package var roughness: Double
  /// Mean felt magnitude over the felt span (felt-magnitude units), >= 0.
  package var meanMagnitude: Double
  /// RMS fluctuation of the felt magnitude at 10-100 Hz (felt-magnitude units), >= 0.
  package var fluctuation: Double
  /// 0 (discrete: crisp taps) ..1 (continuous: a steady buzz).
  package var continuity: Double
  /// Fraction of the felt span during which the vibration is felt (sensation level above
  /// 0), 0..1: 1 for a steady buzz, small for short taps far apart.
  package var dutyCycle: Double
  /// The perceived frequency (felt pitch: what Core Haptics calls sharpness), Hz: that of
  /// ``PerceptualFeatures/frequency_Hz``; 0 for nothing felt.
  package var frequency_Hz: Double
  /// First to last felt instant, seconds.
  package var duration_s: Double

  /// How many events a hand separates (``PerceptualFeatures/events``): a rhythm needs at
  /// least two.
  package var feltEvents: Int = 0

  /// Whether any of the signal is felt.
  package var isPerceptible: Bool { duration_s > 0 }

  /// Stevens exponent of felt magnitude against vibration amplitude (Verrillo, Fraioli
  /// and Smith 1969, hand: 0.89).
  package static let magnitudeExponent = 0.89
  /// Time constant of temporal summation, s (a choice within the Pacinian channel's
  /// summation range, up to about 1 s: Verrillo 1965; Gescheider and Joelson 1983).
  package static let summation_s = 0.3
  /// Smoothing of the felt magnitude before onsets are counted, Hz (rhythm is felt up to
  /// about this rate; faster fluctuations are texture).
  package static let tempoSmoothing_Hz = 20.0
  /// The band of envelope fluctuation felt as roughness, Hz.
  package static let roughnessBand_Hz = 10.0...100.0
  /// Rate of change of the sensation level that halves continuity, dB/s.
  package static let continuityRate_dB_per_s = 100.0
  /// Shortest felt duration a rate is taken over, s (a single tap counts as one onset in
  /// this long).
  package static let shortestSpan_s = 0.1

  /// The attributes of nothing felt.
  package static let silent = PerceptualAttributes(
    energy: 0, tempo_Hz: 0, meanMagnitude: 0, fluctuation: 0, continuity: 0, duration_s: 0, dutyCycle: 0,
    frequency_Hz: 0)

  package init(
    energy: Double, tempo_Hz: Double, meanMagnitude: Double, fluctuation: Double, continuity: Double,
    duration_s: Double, dutyCycle: Double = 1, frequency_Hz: Double = 0, feltEvents: Int = 0
  ) {
    self.feltEvents = feltEvents
    self.energy = energy
    self.tempo_Hz = tempo_Hz
    self.meanMagnitude = meanMagnitude
    self.fluctuation = fluctuation
    roughness = (meanMagnitude * fluctuation).squareRoot()
    self.continuity = continuity
    self.duration_s = duration_s
    self.dutyCycle = dutyCycle
    self.frequency_Hz = frequency_Hz
  }

  /// The attributes of an acceleration signal in g.
  ///
  /// - Complexity: O(n log n) (the spectra of ``PerceptualFeatures``) plus a few linear
  ///   passes.
  package init(_ signal: Signal) {
    self.init(signal, features: PerceptualFeatures(signal))
  }

  /// The attributes of an acceleration signal whose ``PerceptualFeatures`` are known (their
  /// perceived frequency sets the threshold and the envelope window).
  package init(_ signal: Signal, features: PerceptualFeatures) {
    guard let felt = FeltEnvelope(signal, features: features) else {
      self = .silent
      return
    }
    let rate = felt.sampleRate_Hz
    let span = felt.span
    let (first, last) = (span.lowerBound, span.upperBound)
    let duration = felt.duration_s
    let level = felt.level_dB
    let magnitude = felt.magnitude

    feltEvents = features.events.count
    energy = Self.summedPeak(magnitude, sampleRate_Hz: rate)
    let rateSpan = max(duration, Self.shortestSpan_s)
    if let smooth = ZeroPhaseFilter(.lowPass, cutoff_Hz: Self.tempoSmoothing_Hz, sampleRate_Hz: rate) {
      let m = smooth.filtered(magnitude)
      var rises = 0.0
      for k in span.dropFirst() where m[k] > m[k - 1] { rises += m[k] - m[k - 1] }
      tempo_Hz = rises / rateSpan
      // The pattern's own start and end are not changes within it: leave out the first and
      // last fusion gap (30 ms) of the felt span. A pattern no longer than that is a tap.
      let sl = smooth.filtered(level)
      let edge = Int((PerceptualFeatures.fusionGap_s * rate).rounded())
      let inner = (first + edge + 1)..<max(first + edge + 1, last - edge + 1)
      var squares = 0.0
      for k in inner {
        let slope = (sl[k] - sl[k - 1]) * rate
        squares += slope * slope
      }
      let rms = inner.isEmpty ? .infinity : (squares / Double(inner.count)).squareRoot()
      continuity = 1 / (1 + rms / Self.continuityRate_dB_per_s)
    } else {
      tempo_Hz = 0
      continuity = 1
    }
    if let high = ZeroPhaseFilter(.highPass, cutoff_Hz: Self.roughnessBand_Hz.lowerBound, sampleRate_Hz: rate),
      let low = ZeroPhaseFilter(.lowPass, cutoff_Hz: Self.roughnessBand_Hz.upperBound, sampleRate_Hz: rate)
    {
      let band = low.filtered(high.filtered(magnitude))
      var squares = 0.0
      for k in span { squares += band[k] * band[k] }
      fluctuation = (squares / Double(span.count)).squareRoot()
    } else {
      fluctuation = 0
    }
    var sum = 0.0
    for k in span { sum += magnitude[k] }
    meanMagnitude = sum / Double(span.count)
    roughness = (meanMagnitude * fluctuation).squareRoot()
    duration_s = duration
    var feltSamples = 0
    for k in span where level[k] > 0 { feltSamples += 1 }
    dutyCycle = Double(feltSamples) / Double(span.count)
    frequency_Hz = features.frequency_Hz ?? 0
  }

  /// Felt magnitude of a sensation level in dB (0 at or below threshold, 1 at 20 dB).
  package static func feltMagnitude(sensationLevel_dB sl: Double) -> Double {
    guard sl > 0 else { return 0 }
    return (pow(10, magnitudeExponent * sl / 20) - 1) / (pow(10, magnitudeExponent) - 1)
  }

  /// The largest value of `m` through a leaky integrator with time constant
  /// ``summation_s``, starting at rest.
  static func summedPeak(_ m: [Double], sampleRate_Hz: Double) -> Double {
    let decay = exp(-1 / (summation_s * sampleRate_Hz))
    var state = 0.0
    var peak = 0.0
    for value in m {
      state = decay * state + (1 - decay) * value
      peak = max(peak, state)
    }
    return peak
  }
}
