import HaptSignals
import HaptCore

/// What a hand can feel of one acceleration signal: the features d' compares.
///
/// Computed once per signal (O(n log n) for the spectrum, O(n) for the rest) so that the
/// pairwise ``Distinguishability/dPrime(_:_:)`` costs O(number of events). The model and
/// every parameter are described in Docs/Perception.md; in short:
///
/// - perceived frequency: the power-weighted geometric mean of the Hann spectrum bins
///   within 6 dB of its peak (the peak itself for a pure tone; stable for trains of taps,
///   whose spectra are combs), the spectrum zero-padded to a length FFTW transforms fast;
/// - level envelope: the moving RMS of the signal times sqrt 2 (the amplitude of a sine)
///   over a whole number of periods of that frequency, at least 5 ms (tactile temporal
///   resolution); unlike the analytic envelope it has no leakage tails around gated
///   bursts, which would otherwise lengthen loud bursts;
/// - sensation level: envelope in dB re 1 g minus the detection threshold at the
///   perceived frequency (Docs/Model.md §5);
/// - events: runs of samples above threshold, runs closer than 30 ms fused (Docs/Model.md §5),
///   each with its onset (relative to the first event), duration, peak sensation level and
///   a coarse shape (the level at ``shapePoints`` evenly spaced instants, relative to the
///   event's peak, floored at the threshold).
///
/// Only the perceptible part of a signal produces events: a signal entirely below
/// threshold has none, and differs from another such signal by nothing.
package struct PerceptualFeatures: Sendable, Equatable {
  /// One felt burst (a tap or a vibration).
  package struct Event: Sendable, Equatable {
    /// Onset relative to the first event's onset, in seconds (0 for the first event).
    package var onset_s: Double
    /// Onset from the start of the signal, in seconds (for a render: after the trigger).
    /// Only naming uses it (which of a file's events this is); d' compares ``onset_s``.
    package var start_s: Double = 0
    /// Time above threshold, fused gaps included, in seconds.
    package var duration_s: Double
    /// Peak sensation level, dB above threshold (positive).
    package var peakLevel_dB: Double
    /// Level at ``PerceptualFeatures/shapePoints`` evenly spaced instants of the event,
    /// in dB relative to its peak, floored at `-peakLevel_dB` (the threshold).
    package var shape_dB: [Double]
  }

  /// Number of points of an event's shape.
  package static let shapePoints = 8
  /// An event's extent (onset, duration, shape) is where its level is within this many dB
  /// of its peak, or above threshold where that is higher (our choice: the parts of a
  /// burst more than 15 dB under its own peak add little to how long it feels).
  package static let shapeRange_dB = 15.0
  /// Events closer than this fuse into one (Docs/Model.md §5), in seconds.
  package static let fusionGap_s = 0.030
  /// Shortest level-envelope window, in seconds.
  package static let minimumWindow_s = 0.005
  /// At most this many events are kept (later ones are dropped; a 30 s pattern of taps
  /// every 120 ms has 250).
  package static let maxEvents = 256

  /// Perceived frequency in Hz, nil for a silent signal.
  package var frequency_Hz: Double?
  /// Peak sensation level of the whole signal in dB (negative if imperceptible,
  /// -infinity if silent).
  package var peakLevel_dB: Double
  /// The perceptible events in time order; empty if nothing is felt.
  package var events: [Event]

  /// Whether any part of the signal is above the detection threshold.
  package var isPerceptible: Bool { !events.isEmpty }

  /// Features of a signal, given how to find the perceived frequency of samples.
  ///
  /// Two passes, so that only what is felt sets the frequency: the first finds the
  /// events with the frequency of the whole signal; the second takes the frequency of the
  /// signal with everything outside those events set to zero, and finds the events again
  /// with it. An imperceptible component therefore cannot move the frequency or the
  /// threshold of a perceptible one.
  ///
  /// - Parameters:
  ///   - samples: acceleration in g.
  ///   - sampleRate_Hz: samples per second.
  ///   - frequencyOf: the perceived frequency of a sample array
  ///     (``perceivedFrequency_Hz(frequencies_Hz:magnitudes:)`` of its spectrum), nil if
  ///     silent.
  init(samples: [Double], sampleRate_Hz: Double, frequencyOf: ([Double]) -> Double?) {
    var envelope: LevelEnvelope?
    let first = Self.analyse(
      samples, sampleRate_Hz: sampleRate_Hz, frequency_Hz: frequencyOf(samples), envelope: &envelope)
    guard !first.ranges.isEmpty else {
      self = first.features
      return
    }
    var felt = [Double](repeating: 0, count: samples.count)
    for range in first.ranges { felt[range] = samples[range] }
    let frequency = frequencyOf(felt) ?? first.features.frequency_Hz
    // The second pass reuses the first's level envelope when its window is the same
    // length (the usual case: the felt frequency moves the window by under a sample).
    self = Self.analyse(samples, sampleRate_Hz: sampleRate_Hz, frequency_Hz: frequency, envelope: &envelope).features
  }

  /// Features of a signal whose perceived frequency is already known (one pass).
  init(samples: [Double], sampleRate_Hz: Double, frequency_Hz: Double?) {
    self = Self.analyse(samples, sampleRate_Hz: sampleRate_Hz, frequency_Hz: frequency_Hz).features
  }

  init(frequency_Hz: Double?, peakLevel_dB: Double, events: [Event]) {
    self.frequency_Hz = frequency_Hz
    self.peakLevel_dB = peakLevel_dB
    self.events = events
  }

  /// A level envelope (``levelEnvelope(_:window:)``) with its window and peak, kept
  /// between the two passes of one signal.
  struct LevelEnvelope {
    var window: Int
    var values: [Double]
    var peak: Double
  }

  /// One pass: level envelope, threshold at `frequency_Hz`, events.
  static func analyse(
    _ samples: [Double], sampleRate_Hz: Double, frequency_Hz: Double?
  )
    -> (features: PerceptualFeatures, ranges: [Range<Int>])
  {
    var envelope: LevelEnvelope?
    return analyse(samples, sampleRate_Hz: sampleRate_Hz, frequency_Hz: frequency_Hz, envelope: &envelope)
  }

  /// One pass, with the level envelope of an earlier pass over the same `samples`: used
  /// when its window is this pass's, else made and kept in `envelope`.
  static func analyse(
    _ samples: [Double], sampleRate_Hz: Double, frequency_Hz: Double?, envelope known: inout LevelEnvelope?
  )
    -> (features: PerceptualFeatures, ranges: [Range<Int>])
  {
    guard let frequency = frequency_Hz, frequency > 0, frequency.isFinite, sampleRate_Hz > 0,
      sampleRate_Hz.isFinite, !samples.isEmpty
    else {
      return (Self(frequency_Hz: frequency_Hz, peakLevel_dB: -.infinity, events: []), [])
    }
    let threshold_dB = DetectionThreshold.threshold_dB(at: frequency)
    let threshold_g = pow(10, threshold_dB / 20)
    let window = windowLength(frequency_Hz: frequency, sampleRate_Hz: sampleRate_Hz)
    if known?.window != window {
      let (values, peak) = levelEnvelopeAndPeak(samples, window: window)
      known = LevelEnvelope(window: window, values: values, peak: peak)
    }
    let envelope = known!.values
    let peak = known!.peak
    let ranges = eventRanges(envelope, threshold_g: threshold_g, sampleRate_Hz: sampleRate_Hz)
    let events = events(
      ranges, envelope: envelope, threshold_dB: threshold_dB, sampleRate_Hz: sampleRate_Hz)
    let features = Self(
      frequency_Hz: frequency, peakLevel_dB: 20 * log10(peak) - threshold_dB, events: events)
    return (features, ranges)
  }

  /// Window length in samples: the smallest whole number of periods of `frequency_Hz`
  /// lasting at least ``minimumWindow_s``, rounded to samples.
  static func windowLength(frequency_Hz: Double, sampleRate_Hz: Double) -> Int {
    let minimum = minimumWindow_s * sampleRate_Hz
    guard frequency_Hz.isFinite, frequency_Hz > 0 else { return max(1, Int(minimum.rounded())) }
    let periods = (minimumWindow_s * frequency_Hz).rounded(.up)
    let length = periods / frequency_Hz * sampleRate_Hz
    return max(1, Int(min(length, max(minimum, 1) * 8).rounded()))
  }

  /// `sqrt(2 * mean(x^2))` over a centred window of `window` samples (zeros outside).
  ///
  /// - Complexity: O(n), one pass with a running sum.
  static func levelEnvelope(_ samples: [Double], window: Int) -> [Double] {
    levelEnvelopeAndPeak(samples, window: window).values
  }

  /// ``levelEnvelope(_:window:)`` and its largest value (0 when there is none), in one
  /// pass: the running maximum rides along the running sum instead of a second pass over
  /// the envelope (the same maxima in the same order, so the same value).
  static func levelEnvelopeAndPeak(_ samples: [Double], window: Int) -> (values: [Double], peak: Double) {
    let n = samples.count
    let before = window / 2
    let after = window - before  // window covers [k - before, k + after)
    let scale = 2 / Double(window)
    var peak = 0.0
    let values = [Double](unsafeUninitializedCapacity: n) { out, initialised in
      samples.withUnsafeBufferPointer { x in
        var sum = 0.0
        var largest = 0.0
        // Prime the running sum with [0, after - 1).
        for k in 0..<min(after - 1, n) { sum += x[k] * x[k] }
        for k in 0..<n {
          let enter = k + after - 1
          if enter < n { sum += x[enter] * x[enter] }
          let leave = k - before - 1
          if leave >= 0 { sum -= x[leave] * x[leave] }
          let level = (max(sum, 0) * scale).squareRoot()
          out[k] = level
          largest = max(largest, level)
        }
        peak = largest
      }
      initialised = n
    }
    return (values, peak)
  }
}
