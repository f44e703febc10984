/// The part of a signal that is the pattern's own: from the first sample where its
/// envelope reaches 10 % of the envelope's peak to the last sample where it is above
/// 10 % (the t10 and stop markers of Docs/Model.md §4, to the sample).
///
/// Levels measured on this extent do not depend on what surrounds the pattern: the
/// engine's latency before it (a cold render starts later than a prepared one), the
/// silence a recording begins and ends with, or the render's tail. The same pattern
/// rendered prepared and cold, and a recording of that render, have the same extent
/// (to the sample) and so the same RMS.
///
/// The envelope is the causal analytic envelope (``Envelope/causal(_:)``), the one every
/// marker is read on.
package struct PatternExtent: Sendable, Equatable {
  /// The fraction of the envelope's peak that bounds the extent (0.1, as t10 and stop).
  package static let level = 0.1
  /// Index of the first sample of the extent.
  package var first: Int
  /// Index of the last sample of the extent (inclusive).
  package var last: Int

  /// The extent of a signal whose envelope is `envelope`; nil when the envelope is
  /// silent (all zero) or not finite.
  package init?(envelope: [Double]) {
    var peak = 0.0
    for value in envelope {
      guard value.isFinite else { return nil }
      peak = max(peak, value)
    }
    guard peak > 0 else { return nil }
    let threshold = Self.level * peak
    guard let first = envelope.firstIndex(where: { $0 >= threshold }),
      let last = envelope.lastIndex(where: { $0 > threshold })
    else { return nil }
    self.first = first
    self.last = max(first, last)
  }

  /// The extent of `samples`, on their causal envelope; nil when silent.
  package init?(_ samples: [Double]) {
    self.init(envelope: Envelope.causal(samples))
  }

  /// Root mean square of `samples` over the extent (the same units as the samples).
  package func rms(_ samples: [Double]) -> Double {
    let end = min(last, samples.count - 1)
    guard first <= end else { return 0 }
    var sumSquares = 0.0
    for n in first...end { sumSquares += samples[n] * samples[n] }
    return (sumSquares / Double(end - first + 1)).squareRoot()
  }

  /// Root mean square of `samples` over their own extent; 0 when silent.
  package static func rms(_ samples: [Double]) -> Double {
    PatternExtent(samples)?.rms(samples) ?? 0
  }
}

extension Envelope {
  /// The analytic envelope (``analytic(_:)``) of the signal from its first non-zero
  /// sample on, and zero before it.
  ///
  /// The analytic envelope is not causal: it leaks ahead of an abrupt onset. Nothing is
  /// felt before the signal starts, so no marker may precede it (an engine latency of
  /// 10 ms must never read 9.7 ms). The transform sees the signal from its onset on,
  /// followed by at least ``causalGuard`` zeros, whatever silence came before: the leak ahead of
  /// the onset (the transform is circular) falls into those zeros rather than onto the
  /// signal's end, and the envelope shifts with the signal, so a cold render, which
  /// starts later than a prepared one, has the same envelope after its onset, sample for
  /// sample.
  package static func causal(_ samples: [Double]) -> [Double] {
    guard let onset = samples.firstIndex(where: { $0 != 0 }) else {
      return [Double](repeating: 0, count: samples.count)
    }
    let length = samples.count - onset
    var guarded = Array(samples[onset...])
    guarded.append(contentsOf: repeatElement(0, count: FFTWPlanner.fastLength(atLeast: length + causalGuard) - length))
    return [Double](repeating: 0, count: onset) + analytic(guarded).prefix(length)
  }

  /// The least number of zeros after the signal in ``causal(_:)``, samples: 64 ms at
  /// 8 kHz; more are added up to a length FFTW transforms fast
  /// (``FFTWPlanner/fastLength(atLeast:)``). The leak of an abrupt onset decays as
  /// 1/(pi n), so it is below 0.1 % of the onset's level this far from it, where the
  /// envelope's markers (10 % of the peak and up) cannot see it.
  package static let causalGuard = 512
}
