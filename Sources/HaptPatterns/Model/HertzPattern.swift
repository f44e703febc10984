/// A pattern whose vibration frequencies are given in hertz, not as sharpness: what
/// Interhaptics `.haps` and Immersion `.ivs` files describe (Docs/Formats.md).
///
/// Sharpness is a position inside a device's drive band (`f = fmin + s (fmax - fmin)`,
/// Docs/Model.md §2), so the same frequency is a different sharpness on every device.
/// A renderer therefore resolves this description again for its own band
/// (``resolved(band_Hz:)``); the pattern a decoder returns is resolved for
/// ``defaultBand_Hz`` and carries this value in ``HapticPattern/hertz``.
package struct HertzPattern: Equatable, Sendable {
  /// One point of a piecewise-linear curve: pattern time and value.
  package struct Point: Equatable, Sendable {
    /// Pattern time, s.
    package var time_s: Double
    package var value: Double

    package init(time_s: Double, value: Double) {
      self.time_s = time_s
      self.value = value
    }
  }

  /// A continuous vibration from `start_s` for `duration_s`, its amplitude (0...1) and
  /// frequency (Hz) linear between points and held before the first and after the last.
  package struct Vibration: Equatable, Sendable {
    package var start_s: Double
    package var duration_s: Double
    /// Amplitude 0...1 over pattern time (already multiplied by every gain).
    package var amplitude: [Point]
    /// Frequency in Hz over pattern time; empty when the source gives none (the
    /// vibration then plays at sharpness 0.5, the middle of the device's band).
    package var frequency_Hz: [Point]

    package init(start_s: Double, duration_s: Double, amplitude: [Point], frequency_Hz: [Point] = []) {
      self.start_s = start_s
      self.duration_s = duration_s
      self.amplitude = amplitude
      self.frequency_Hz = frequency_Hz
    }

    package var end_s: Double { start_s + duration_s }
  }

  /// A transient (a click) at `time_s` with intensity 0...1 and an optional frequency.
  package struct Transient: Equatable, Sendable {
    package var time_s: Double
    package var intensity: Double
    /// Hz, or nil: sharpness 0.5.
    package var frequency_Hz: Double?

    package init(time_s: Double, intensity: Double, frequency_Hz: Double? = nil) {
      self.time_s = time_s
      self.intensity = intensity
      self.frequency_Hz = frequency_Hz
    }
  }

  package var vibrations: [Vibration]
  package var transients: [Transient]
  package var metadata: PatternMetadata

  package init(
    vibrations: [Vibration] = [], transients: [Transient] = [], metadata: PatternMetadata = PatternMetadata()
  ) {
    self.vibrations = vibrations
    self.transients = transients
    self.metadata = metadata
  }

  /// The drive band decoders resolve for: the default device's (`iphone-wideband-lra`,
  /// 80...230 Hz). `hapt convert` to AHAP writes sharpness on this band.
  package static let defaultBand_Hz: ClosedRange<Double> = 80...230

  /// Sharpness 0...1 of `frequency_Hz` on `band_Hz`: frequencies outside the band are
  /// clamped to its edges.
  package static func sharpness(_ frequency_Hz: Double, band_Hz: ClosedRange<Double>) -> Double {
    let span = band_Hz.upperBound - band_Hz.lowerBound
    guard span > 0, frequency_Hz.isFinite else { return HapticEvent.Defaults.sharpness }
    return Swift.min(Swift.max((frequency_Hz - band_Hz.lowerBound) / span, 0), 1)
  }

  /// The frequency, Hz, that sharpness `sharpness` (0...1) names on `band_Hz`: the linear
  /// map from the band's bottom to its top (the inverse of ``sharpness(_:band_Hz:)``).
  package static func frequency_Hz(atSharpness sharpness: Double, band_Hz: ClosedRange<Double>) -> Double {
    band_Hz.lowerBound + sharpness * (band_Hz.upperBound - band_Hz.lowerBound)
  }

  /// The sharpness a transient should be felt at on `band_Hz`.
  static func targetSharpness(_ transient: Transient, band_Hz: ClosedRange<Double>) -> Double {
    transient.frequency_Hz.map { sharpness($0, band_Hz: band_Hz) } ?? HapticEvent.Defaults.sharpness
  }

  /// The first index of `sorted` (by time) at or after `t_s`.
  static func firstIndex(_ sorted: [Transient], atOrAfter t_s: Double) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid].time_s < t_s { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The group (sorted by start, disjoint) that contains `t_s`, by binary search.
  static func span(_ spans: [HertzGroup], containing t_s: Double) -> HertzGroup? {
    var low = 0
    var high = spans.count
    while low < high {
      let mid = (low + high) / 2
      if spans[mid].start_s <= t_s { low = mid + 1 } else { high = mid }
    }
    guard low > 0, spans[low - 1].contains(t_s) else { return nil }
    return spans[low - 1]
  }

  /// Linear interpolation in `points` (sorted by time) at `t_s`, held outside them.
  static func value(_ points: [Point], at t_s: Double) -> Double? {
    guard let first = points.first, let last = points.last else { return nil }
    if t_s <= first.time_s { return first.value }
    if t_s >= last.time_s { return last.value }
    var low = 0
    var high = points.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if points[mid].time_s <= t_s { low = mid } else { high = mid }
    }
    let a = points[low]
    let b = points[high]
    guard b.time_s > a.time_s else { return b.value }
    return a.value + (b.value - a.value) * (t_s - a.time_s) / (b.time_s - a.time_s)
  }

  /// The pattern a device with drive band `band_Hz` plays (Docs/Formats.md, "Frequencies
  /// in hertz"):
  /// - vibrations that overlap in time form one group, played as one `HapticContinuous`
  ///   event (intensity 1, sharpness 0; split every 30 s) whose `HapticIntensityControl`
  ///   is the sum of the vibrations' amplitudes (clipped at 1) and whose
  ///   `HapticSharpnessControl` is the frequency of the loudest vibration at each instant
  ///   as sharpness on the band (clamped to its edges); after a group both controls step
  ///   back to their defaults;
  /// - each transient becomes a `HapticTransient` whose effective intensity and sharpness
  ///   (after the controls) are its own: where the vibration under it is quieter or higher
  ///   in frequency, the controls spike to the transient's values for 1 ms either side
  ///   (the vibration follows the spike too), as the `.haptic` mapping does
  ///   (Docs/Patterns.md).
  package func resolved(band_Hz: ClosedRange<Double>) -> HapticPattern {
    var pattern = HapticPattern(version: 1, metadata: metadata)
    pattern.hertz = self
    let sorted = vibrations.filter { $0.duration_s > 0 && $0.start_s.isFinite && $0.duration_s.isFinite }
      .sorted { $0.start_s < $1.start_s }
    var groups: [[Vibration]] = []
    var groupEnd = -Double.infinity
    for vibration in sorted {
      if vibration.start_s < groupEnd, !groups.isEmpty {
        groups[groups.count - 1].append(vibration)
        groupEnd = Swift.max(groupEnd, vibration.end_s)
      } else {
        groups.append([vibration])
        groupEnd = vibration.end_s
      }
    }
    let timed = transients.filter { $0.time_s.isFinite }.sorted { $0.time_s < $1.time_s }
    var spans: [HertzGroup] = []
    for group in groups {
      let start = group.map(\.start_s).min() ?? 0
      let end = group.map(\.end_s).max() ?? 0
      let inside = timed[Self.firstIndex(timed, atOrAfter: start)..<Self.firstIndex(timed, atOrAfter: end)]
      spans.append(HertzGroup(group, band_Hz: band_Hz, transients: Array(inside)))
    }
    for span in spans {
      span.append(to: &pattern)
    }
    for transient in transients where transient.time_s.isFinite {
      let target = Swift.min(Swift.max(transient.intensity, 0), 1)
      let sharpness = Self.targetSharpness(transient, band_Hz: band_Hz)
      if let span = Self.span(spans, containing: transient.time_s) {
        let level = span.intensity(at: transient.time_s)
        let intensity = level > 0 ? Swift.min(target / level, 1) : 0
        let offset = span.sharpness(at: transient.time_s)
        pattern.events.append(
          .transient(
            at: transient.time_s, intensity: intensity, sharpness: Swift.min(Swift.max(sharpness - offset, 0), 1)))
      } else {
        pattern.events.append(.transient(at: transient.time_s, intensity: target, sharpness: sharpness))
      }
    }
    return pattern
  }
}

/// One group of overlapping vibrations, as control points on a common time grid.
struct HertzGroup {
  let start_s: Double
  let end_s: Double
  /// (time, intensity control, sharpness control), sorted by time; equal times make a step.
  var points: [(time_s: Double, intensity: Double, sharpness: Double)] = []

  /// Half-width of the intensity spike under a transient louder than the vibration, s.
  static let spike_s = 0.001
  /// Most (grid time x vibration) evaluations for one group.
  static let maxGroupWork = 20_000_000

  init(_ vibrations: [HertzPattern.Vibration], band_Hz: ClosedRange<Double>, transients: [HertzPattern.Transient]) {
    start_s = vibrations.map(\.start_s).min() ?? 0
    end_s = vibrations.map(\.end_s).max() ?? 0
    var unique = Self.breakpoints(vibrations, band_Hz: band_Hz, from: start_s, to: end_s)
    func level(at t: Double, fromLeft: Bool) -> (Double, Double) {
      var sum = 0.0
      var loudest = -1.0
      var frequency: Double?
      for vibration in vibrations {
        let active =
          fromLeft ? (t > vibration.start_s && t <= vibration.end_s) : (t >= vibration.start_s && t < vibration.end_s)
        guard active else { continue }
        let a = Swift.min(Swift.max(HertzPattern.value(vibration.amplitude, at: t) ?? 0, 0), 1)
        sum += a
        if a > loudest, let f = HertzPattern.value(vibration.frequency_Hz, at: t) {
          loudest = a
          frequency = f
        }
      }
      let s = frequency.map { HertzPattern.sharpness($0, band_Hz: band_Hz) } ?? HapticEvent.Defaults.sharpness
      return (Swift.min(sum, 1), s)
    }
    let boundaries = Set(vibrations.flatMap { [$0.start_s, $0.end_s] })
    // Pathological overlap (thousands of vibrations in one group) would make this
    // quadratic: past `maxGroupWork` evaluations the grid is thinned evenly (an
    // approximation no real file needs; the group's ends are kept).
    let work = unique.count.multipliedReportingOverflow(by: vibrations.count)
    if work.overflow || work.partialValue > Self.maxGroupWork, unique.count > 2 {
      let keep = Swift.max(2, Self.maxGroupWork / Swift.max(vibrations.count, 1))
      let stride = Swift.max(1, unique.count / keep)
      unique = unique.enumerated().filter { $0.offset % stride == 0 || $0.offset == unique.count - 1 }.map(\.element)
    }
    for t in unique {
      if t > start_s, boundaries.contains(t) {
        let (a, s) = level(at: t, fromLeft: true)
        points.append((t, a, s))
      }
      if t < end_s {
        let (a, s) = level(at: t, fromLeft: false)
        points.append((t, a, s))
      }
    }
    addSpikes(transients, band_Hz: band_Hz)
  }

  /// Spikes where a transient is louder, or lower in frequency, than the vibration under
  /// it: the controls multiply and offset the transient too, so they spike to its values
  /// for ``spike_s`` either side.
  private mutating func addSpikes(_ transients: [HertzPattern.Transient], band_Hz: ClosedRange<Double>) {
    var extra: [(time_s: Double, intensity: Double, sharpness: Double)] = []
    for transient in transients where transient.time_s >= start_s && transient.time_s < end_s {
      let target = Swift.min(Swift.max(transient.intensity, 0), 1)
      let targetSharpness = HertzPattern.targetSharpness(transient, band_Hz: band_Hz)
      let here = intensity(at: transient.time_s)
      let offset = sharpness(at: transient.time_s)
      guard target > here || targetSharpness < offset else { continue }
      let before = Swift.max(transient.time_s - Self.spike_s, start_s)
      let after = Swift.min(transient.time_s + Self.spike_s, end_s)
      if before < transient.time_s { extra.append((before, intensity(at: before), sharpness(at: before))) }
      extra.append((transient.time_s, Swift.max(target, here), Swift.min(targetSharpness, offset)))
      if after > transient.time_s { extra.append((after, intensity(at: after), sharpness(at: after))) }
    }
    if !extra.isEmpty {
      // Points strictly inside a spike's window, or at a spike point's time, give way to it.
      let centres = extra.map(\.time_s).sorted()
      let spikeTimes = Set(extra.map(\.time_s))
      points = points.filter { point in
        guard !spikeTimes.contains(point.time_s) else { return false }
        var low = 0
        var high = centres.count
        while low < high {
          let mid = (low + high) / 2
          if centres[mid] < point.time_s - Self.spike_s { low = mid + 1 } else { high = mid }
        }
        return !(low < centres.count && abs(centres[low] - point.time_s) < Self.spike_s)
      }
      points += extra
      points = points.enumerated().sorted { ($0.element.time_s, $0.offset) < ($1.element.time_s, $1.offset) }.map(
        \.element)
    }
  }

  /// The times where the group's level or frequency may bend, sorted and unique: the
  /// group's ends, each vibration's ends and inner points, and where a frequency crosses a
  /// band edge (so that clamping stays exact between points).
  static func breakpoints(
    _ vibrations: [HertzPattern.Vibration], band_Hz: ClosedRange<Double>, from start_s: Double, to end_s: Double
  ) -> [Double] {
    var times: [Double] = [start_s, end_s]
    for vibration in vibrations {
      times.append(vibration.start_s)
      times.append(vibration.end_s)
      for point in vibration.amplitude + vibration.frequency_Hz
      where point.time_s > vibration.start_s && point.time_s < vibration.end_s {
        times.append(point.time_s)
      }
    }
    // Where a frequency crosses a band edge, so that clamping stays exact between points.
    for vibration in vibrations {
      for (a, b) in zip(vibration.frequency_Hz, vibration.frequency_Hz.dropFirst()) where b.time_s > a.time_s {
        for edge in [band_Hz.lowerBound, band_Hz.upperBound] where (a.value - edge) * (b.value - edge) < 0 {
          let t = a.time_s + (edge - a.value) / (b.value - a.value) * (b.time_s - a.time_s)
          if t > vibration.start_s, t < vibration.end_s { times.append(t) }
        }
      }
    }
    times.sort()
    var unique: [Double] = []
    for t in times where unique.last != t { unique.append(t) }
    return unique
  }

  func contains(_ t: Double) -> Bool { t >= start_s && t < end_s }

  private func index(at t: Double) -> Int? {
    guard let first = points.first, t >= first.time_s else { return nil }
    var low = 0
    var high = points.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if points[mid].time_s <= t { low = mid } else { high = mid }
    }
    return low
  }

  /// The intensity control at `t` (as ``ControlTimeline`` evaluates these points).
  func intensity(at t: Double) -> Double {
    value(at: t, \.intensity)
  }

  /// The sharpness control at `t`.
  func sharpness(at t: Double) -> Double {
    value(at: t, \.sharpness)
  }

  private func value(
    at t: Double, _ key: KeyPath<(time_s: Double, intensity: Double, sharpness: Double), Double>
  )
    -> Double
  {
    guard let a = index(at: t) else { return 0 }
    let p = points[a]
    guard a + 1 < points.count else { return p[keyPath: key] }
    let q = points[a + 1]
    guard q.time_s > p.time_s else { return p[keyPath: key] }
    return p[keyPath: key] + (q[keyPath: key] - p[keyPath: key]) * (t - p.time_s) / (q.time_s - p.time_s)
  }

  /// Appends the group's events, curves and closing steps.
  func append(to pattern: inout HapticPattern) {
    guard end_s > start_s else { return }
    var eventStart = start_s
    repeat {
      let eventEnd = Swift.min(eventStart + AHAP.maxContinuousDuration_s, end_s)
      pattern.events.append(.continuous(at: eventStart, duration_s: eventEnd - eventStart, intensity: 1, sharpness: 0))
      eventStart = eventEnd
    } while eventStart < end_s
    pattern.parameterCurves += ParameterCurve.chained(.hapticIntensityControl, points.map { ($0.time_s, $0.intensity) })
    pattern.parameterCurves += ParameterCurve.chained(.hapticSharpnessControl, points.map { ($0.time_s, $0.sharpness) })
    pattern.parameterSteps.append(ParameterStep(parameterID: .hapticIntensityControl, time_s: end_s, value: 1))
    pattern.parameterSteps.append(ParameterStep(parameterID: .hapticSharpnessControl, time_s: end_s, value: 0))
  }
}

extension HertzPattern: PatternSource {}

extension HapticPattern {
  /// The frequencies-in-hertz description this pattern was read from (`.haps`, `.ivs`), which a renderer resolves again for its own drive band (``HertzPattern/resolved(band_Hz:)``) (its ``source``), or nil.
  package var hertz: HertzPattern? {
    get { self[source: HertzPattern.self] }
    set { self[source: HertzPattern.self] = newValue }
  }
}
