import HaptCore
import HaptPatterns

/// How each adaptive alternative is built: the knobs hapt tunes per pattern by d' on each
/// class's profile (HaptAndroid `AndroidExport`). The defaults are the untuned start.
package struct AndroidAlternativeSettings: Hashable, Sendable {
  /// Multiplies the envelope's intensities (clamped at 1).
  package var envelopeGain = 1.0
  /// Whether the envelope's sharpness is moved so that it plays the frequency the
  /// reference device plays for the pattern's sharpness (`true`), or is written as is.
  package var envelopeMatchesFrequency = false
  /// Stretches the envelope's sharpness away from 0.5 (`0.5 + (s - 0.5) x stretch`,
  /// clamped to 0...1), so that a contrast survives a narrow band.
  package var envelopeSharpnessStretch = 1.0
  /// How long a transient's burst ramps up and down in the envelope, ms (at least the
  /// minimum control-point duration).
  package var envelopeTap_ms = 20
  /// Multiplies the primitives' scales (clamped at 1).
  package var primitiveGain = 1.0
  /// Multiplies the amplitude waveform's levels (clamped at 255).
  package var amplitudeGain = 1.0
  /// How long a transient's pulse lasts in the amplitude waveform, ms.
  package var amplitudeTap_ms = 12
  /// How long a full-strength transient's pulse lasts in the on/off waveform, ms; weaker
  /// ones are shorter in proportion (no amplitude control: length is the only strength).
  package var onOffTap_ms = 20
  /// Continuous levels at or above this play on in the on/off waveform, 0...1.
  package var onOffThreshold = 0.3

  package init() {}
}

/// The envelope limits an exported envelope respects (`VibratorEnvelopeEffectInfo`).
package struct AndroidEnvelopeLimits: Hashable, Sendable {
  /// Most control points (`getMaxSize`).
  package var maxControlPoints: Int
  /// Shortest control point, ms (`getMinControlPointDurationMillis`).
  package var minControlPoint_ms: Int
  /// Longest control point, ms (`getMaxControlPointDurationMillis`).
  package var maxControlPoint_ms: Int
  /// The frequency range sharpness spans on the target device, Hz.
  package var band_Hz: ClosedRange<Double>
  /// The frequency range sharpness spans on the reference (iPhone) device, Hz.
  package var referenceBand_Hz: ClosedRange<Double>
  /// The target device's most output across frequency: envelope intensities are written
  /// so that Android plays the pattern's levels there (``AndroidFrequencyProfile``).
  package var frequencyProfile: AndroidFrequencyProfile = .reference
  /// The target device's amplitude exponent: a pattern intensity I drives amplitude
  /// `I^(1 / intensityExponent)` (``AndroidPlayback/intensityExponent``).
  package var intensityExponent = 1.0
  /// How long the target device plays a click primitive, ms: its stated duration
  /// (``AndroidPlayback/primitiveDurations_ms``; 12 ms on `pixel-flagship-lra`), else
  /// hapt's own click (``AndroidVibration/clickLength_ms``). A composition's delay counts
  /// from the end of the primitive before it, so the primitives alternative's delays
  /// subtract this to keep the written onsets.
  package var clickLength_ms = AndroidVibration.clickLength_ms

  /// AOSP's reference vibrator HAL limits (16 points, 20-1000 ms; the
  /// `pixel-flagship-lra` profile's), its 63-300 Hz band and frequency profile, and the
  /// 80-230 Hz band of hapt's iPhone profile.
  package static let flagship = AndroidEnvelopeLimits(
    maxControlPoints: 16, minControlPoint_ms: 20, maxControlPoint_ms: 1000, band_Hz: 63...300,
    referenceBand_Hz: HertzPattern.defaultBand_Hz)

  package init(
    maxControlPoints: Int, minControlPoint_ms: Int, maxControlPoint_ms: Int, band_Hz: ClosedRange<Double>,
    referenceBand_Hz: ClosedRange<Double>
  ) {
    self.maxControlPoints = maxControlPoints
    self.minControlPoint_ms = minControlPoint_ms
    self.maxControlPoint_ms = maxControlPoint_ms
    self.band_Hz = band_Hz
    self.referenceBand_Hz = referenceBand_Hz
  }
}

/// Builds each class of alternative from a pattern's ``AndroidTimeline``.
package enum AndroidAlternativeBuilder {
  /// Shortest pulse of the on/off waveform, ms (a shorter one is not felt on most motors).
  static let shortestPulse_ms = 4

  /// The basic envelope: the pattern's level as a polyline (``PolylineFit``) whose knots
  /// sit where the level bends, each segment within the limits' control-point durations
  /// and at most the limits' point count, ending at 0; a transient is a triangle, ramping
  /// up and down over `envelopeTap_ms` each. Each knot takes the sharpness of what is
  /// loudest there. Levels are written as the intensities Android turns into the same
  /// output on the limits' device (``AndroidFrequencyProfile/intensity(forAmplitude:at:)``).
  /// Nil when the pattern is silent or the polyline misses its level by more than 0.1 of
  /// intensity (root mean square over the felt milliseconds), not counting what no
  /// envelope can follow: a jump, which takes a control point of `step` ms to ramp.
  package static func envelope(
    _ timeline: AndroidTimeline, settings: AndroidAlternativeSettings, limits: AndroidEnvelopeLimits
  ) -> AndroidBasicEnvelope? {
    guard !timeline.isSilent else { return nil }
    let step = Swift.max(1, limits.minControlPoint_ms)
    let tap = Swift.max(step, settings.envelopeTap_ms)
    let length = timeline.length(tap_ms: 2 * tap)
    guard length / step < 4_000 else { return nil }
    // Levels per ms with the taps as triangles, and the sharpness of the loudest part.
    var level = timeline.level + [Double](repeating: 0, count: Swift.max(0, length - timeline.level.count))
    var sharpness =
      timeline.sharpness
      + [Double](repeating: HapticEvent.Defaults.sharpness, count: Swift.max(0, length - timeline.sharpness.count))
    for t in timeline.taps {
      for k in 0...(2 * tap) where t.time_ms + k < length {
        let value = t.level * Double(tap - abs(k - tap)) / Double(tap)
        if value > level[t.time_ms + k] { sharpness[t.time_ms + k] = t.sharpness }
        level[t.time_ms + k] = Swift.min(1, level[t.time_ms + k] + value)
      }
    }
    level = level.map { Swift.min(1, $0 * settings.envelopeGain) }
    // An envelope starts at intensity 0: the polyline starts there too, and a pattern that
    // starts at full level ramps up over its first control point.
    level[0] = 0
    func mapped(_ written: Double) -> Double {
      let s = Swift.min(Swift.max(0.5 + (written - 0.5) * settings.envelopeSharpnessStretch, 0), 1)
      guard settings.envelopeMatchesFrequency else { return s }
      let b = limits.band_Hz
      let f = HertzPattern.frequency_Hz(atSharpness: s, band_Hz: limits.referenceBand_Hz)
      return Swift.min(Swift.max((f - b.lowerBound) / (b.upperBound - b.lowerBound), 0), 1)
    }
    guard
      let knots = PolylineFit.knots(
        level, candidates: knotCandidates(level, step: step), minSegment: step,
        maxSegment: limits.maxControlPoint_ms, maxSegments: limits.maxControlPoints, segmentCost: 1e-3)
    else { return nil }
    func value(_ ms: Int) -> Double { ms < level.count ? level[ms] : 0 }
    var points = knots.map { ms in
      (end: ms, intensity: value(ms), sharpness: mapped(ms < sharpness.count ? sharpness[ms] : 0.5))
    }
    // A fade to 0 keeps the sharpness it fades from; silences after it take the sharpness
    // of what follows, so no glide is felt.
    var following = points.last!.sharpness
    for k in points.indices.reversed() {
      if points[k].intensity > 0 {
        following = points[k].sharpness
      } else if k == 0 || points[k - 1].intensity == 0 {
        points[k].sharpness = following
      } else {
        points[k].sharpness = points[k - 1].sharpness
      }
    }
    guard rootMeanSquareMiss(level, knots: knots, step: step) <= 0.1 else { return nil }
    func androidIntensity(_ level: Double, sharpness: Double) -> Double {
      let frequency = HertzPattern.frequency_Hz(atSharpness: sharpness, band_Hz: limits.band_Hz)
      let amplitude = pow(level, 1 / Swift.max(limits.intensityExponent, 1e-9))
      return limits.frequencyProfile.intensity(forAmplitude: amplitude, at: frequency)
    }
    let controlPoints = zip(points.dropLast(), points.dropFirst()).map { a, b in
      AndroidBasicEnvelope.ControlPoint(
        intensity: (androidIntensity(b.intensity, sharpness: b.sharpness) * 1000).rounded() / 1000,
        sharpness: (b.sharpness * 1000).rounded() / 1000,
        duration_ms: b.end - a.end)
    }
    guard controlPoints.contains(where: { $0.intensity > 0 }) else { return nil }
    return AndroidBasicEnvelope(initialSharpness: controlPoints.first?.sharpness, controlPoints: controlPoints)
  }

  /// Where an envelope's knots may go: every millisecond where the level bends, the same
  /// one control point earlier and later (a jump needs a ramp of at least that), and every
  /// 50 ms; thinned to the bends alone, then to an even grid, past 600 candidates.
  static func knotCandidates(_ level: [Double], step: Int) -> [Int] {
    func value(_ ms: Int) -> Double { ms >= 0 && ms < level.count ? level[ms] : 0 }
    let bends = (0...level.count).filter { abs(value($0 + 1) - 2 * value($0) + value($0 - 1)) > 1e-9 }
    let end = level.count + step
    var candidates = Set(bends)
    for b in bends {
      candidates.insert(Swift.max(0, b - step))
      candidates.insert(b + step)
    }
    candidates.formUnion(stride(from: 0, through: end, by: 50))
    if candidates.count > 600 { candidates = Set(bends + [0, end]) }
    if candidates.count > 600 {
      candidates = Set(stride(from: 0, through: end, by: Swift.max(step, end / 600 + 1)))
    }
    return candidates.sorted()
  }

  /// Root mean square of the polyline through `knots` less the level as an envelope of
  /// `step` ms control points could follow it (``followable(_:step:)``), over the
  /// milliseconds where either the polyline or the level is above 0.
  static func rootMeanSquareMiss(_ level: [Double], knots: [Int], step: Int) -> Double {
    let target = followable(level, step: step)
    func value(_ ms: Int) -> Double { ms < level.count ? level[ms] : 0 }
    func goal(_ ms: Int) -> Double { ms < target.count ? target[ms] : 0 }
    var sum = 0.0
    var count = 0
    for (a, b) in zip(knots.dropLast(), knots.dropFirst()) {
      for ms in a..<b {
        let line = value(a) + (value(b) - value(a)) * Double(ms - a) / Double(b - a)
        guard line > 0 || value(ms) > 0 else { continue }
        sum += (line - goal(ms)) * (line - goal(ms))
        count += 1
      }
    }
    return count == 0 ? 0 : (sum / Double(count)).squareRoot()
  }

  /// The level with every rise and fall slowed to at most full scale per `step` ms, the
  /// steepest an envelope's shortest control point ramps: a jump becomes a ramp inside
  /// the louder side (a 300 ms buzz ramps up over its first `step` ms and down over its
  /// last). Never above the level.
  static func followable(_ level: [Double], step: Int) -> [Double] {
    let rate = 1 / Double(Swift.max(step, 1))
    var target = level
    guard let last = target.indices.last else { return target }
    // Silence before and after the level: the first and last milliseconds start and end a ramp.
    target[0] = Swift.min(target[0], rate)
    for k in target.indices.dropFirst() { target[k] = Swift.min(target[k], target[k - 1] + rate) }
    target[last] = Swift.min(target[last], rate)
    for k in target.indices.reversed().dropFirst() { target[k] = Swift.min(target[k], target[k + 1] + rate) }
    return target
  }

  /// A composition of click primitives, one per transient (scale = level x gain, delays
  /// keeping the onsets on a device whose click lasts `clickLength_ms`; transients closer
  /// than a click follow it); nil when the pattern has continuous events or nothing to
  /// feel.
  package static func primitives(
    _ timeline: AndroidTimeline, settings: AndroidAlternativeSettings,
    clickLength_ms: Int = AndroidVibration.clickLength_ms
  )
    -> [AndroidPrimitive]?
  {
    guard !timeline.taps.isEmpty, !timeline.level.contains(where: { $0 > 0 }) else { return nil }
    var primitives: [AndroidPrimitive] = []
    var nextFree = 0
    for tap in timeline.taps {
      let scale = Swift.min(1, tap.level * settings.primitiveGain)
      primitives.append(
        AndroidPrimitive(.click, scale: (scale * 1000).rounded() / 1000, delay_ms: Swift.max(tap.time_ms - nextFree, 0))
      )
      nextFree = Swift.max(tap.time_ms, nextFree) + Swift.max(clickLength_ms, 1)
    }
    return primitives
  }

  /// The amplitude waveform: levels x gain x 255 per ms (transients as pulses of
  /// `amplitudeTap_ms`), run-length steps, ramps merged into steps of at least 10 ms.
  package static func amplitude(_ timeline: AndroidTimeline, settings: AndroidAlternativeSettings) -> AndroidWaveform {
    let tap = Swift.max(1, settings.amplitudeTap_ms)
    let length = Swift.max(1, timeline.length(tap_ms: tap))
    var level = timeline.level + [Double](repeating: 0, count: Swift.max(0, length - timeline.level.count))
    for t in timeline.taps {
      for k in t.time_ms..<Swift.min(length, t.time_ms + tap) { level[k] += t.level }
    }
    let full = Double(AndroidWaveformEntry.maxAmplitude)
    let amplitudes = level.map {
      Swift.min(AndroidWaveformEntry.maxAmplitude, Int(($0 * settings.amplitudeGain * full).rounded()))
    }
    return steps(amplitudes, mergeRamps: true)
  }

  /// The on/off waveform: full-strength pulses where the continuous level reaches the
  /// threshold, and one pulse per transient lasting `onOffTap_ms` x its level (at least
  /// 4 ms); every other millisecond off.
  package static func onOff(_ timeline: AndroidTimeline, settings: AndroidAlternativeSettings) -> AndroidWaveform {
    let full = AndroidWaveformEntry.maxAmplitude
    let longest = Swift.max(shortestPulse_ms, settings.onOffTap_ms)
    let length = Swift.max(1, timeline.length(tap_ms: longest))
    var on = timeline.level.map { $0 > 0 && $0 >= settings.onOffThreshold ? full : 0 }
    on += [Int](repeating: 0, count: Swift.max(0, length - on.count))
    for t in timeline.taps {
      let pulse = Swift.max(shortestPulse_ms, Int((Double(settings.onOffTap_ms) * t.level).rounded()))
      for k in t.time_ms..<Swift.min(length, t.time_ms + pulse) { on[k] = full }
    }
    return steps(on, mergeRamps: false)
  }

  /// Run-length steps of per-ms amplitudes, trailing silence removed; with `mergeRamps`,
  /// non-zero steps shorter than 10 ms are merged into their duration-weighted mean, and a
  /// merged step still shorter (the end of a ramp before a silence) into the step before
  /// it, so that no step inside a run of vibration is too short to follow (AND004).
  static func steps(_ amplitudes: [Int], mergeRamps: Bool) -> AndroidWaveform {
    var runs: [AndroidWaveformEntry] = []
    for a in amplitudes {
      if let last = runs.last, last.amplitude == a {
        runs[runs.count - 1].duration_ms += 1
      } else {
        runs.append(AndroidWaveformEntry(duration_ms: 1, amplitude: a))
      }
    }
    var merged: [AndroidWaveformEntry] = []
    if mergeRamps {
      var pending: (duration: Int, weighted: Int)?
      func flush() {
        guard var p = pending else { return }
        pending = nil
        if p.duration < AndroidXML.shortestFollowedEntry_ms, let last = merged.last, let a = last.amplitude, a > 0 {
          merged.removeLast()
          p = (p.duration + last.duration_ms, p.weighted + a * last.duration_ms)
        }
        merged.append(
          .init(duration_ms: p.duration, amplitude: Int((Double(p.weighted) / Double(p.duration)).rounded())))
      }
      for run in runs {
        let a = run.amplitude ?? 0
        if a == 0 {
          flush()
          merged.append(run)
        } else if pending == nil && run.duration_ms >= AndroidXML.shortestFollowedEntry_ms {
          merged.append(run)
        } else {
          let p = pending ?? (0, 0)
          pending = (p.duration + run.duration_ms, p.weighted + a * run.duration_ms)
          if pending!.duration >= AndroidXML.shortestFollowedEntry_ms { flush() }
        }
      }
      flush()
    } else {
      merged = runs
    }
    var result: [AndroidWaveformEntry] = []
    for step in merged {
      if let last = result.last, last.amplitude == step.amplitude {
        result[result.count - 1].duration_ms += step.duration_ms
      } else {
        result.append(step)
      }
    }
    while result.count > 1, result.last?.amplitude == 0 { result.removeLast() }
    return AndroidWaveform(entries: result)
  }

  /// The adaptive selection: the alternatives given, richest first; the on/off waveform
  /// is left out when the amplitude one needs no amplitude control (it plays everywhere); a single alternative is a plain
  /// `<vibration-effect>`.
  package static func vibration(
    envelope: AndroidBasicEnvelope?, primitives: [AndroidPrimitive]?, amplitude: AndroidWaveform,
    onOff: AndroidWaveform
  ) -> AndroidVibration {
    var effects: [AndroidVibrationEffect] = []
    if let envelope { effects.append(.basicEnvelope(envelope)) }
    if let primitives { effects.append(.composition(primitives)) }
    effects.append(.waveform(amplitude))
    if amplitude.needsAmplitudeControl, onOff != amplitude { effects.append(.waveform(onOff)) }
    return effects.count == 1 ? AndroidVibration(effects[0]) : AndroidVibration(effects: effects, isSelect: true)
  }
}
