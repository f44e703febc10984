extension MPEGHaptics {
  /// The frequencies, Hz, that AHAP sharpness 0 and 1 stand for when hapt converts
  /// between MPEG-I Haptics and the pattern model: the drive band of the default device
  /// profile (`iphone-wideband-lra`, 80-230 Hz), so a converted pattern drives the default
  /// device at the same frequencies either way. (The MPEG reference encoder maps AHAP
  /// sharpness onto 65-300 Hz instead.)
  package static let sharpnessBand_Hz: ClosedRange<Double> = 80...230

  /// The frequency, Hz, for AHAP sharpness `s` (0...1).
  package static func frequency_Hz(sharpness s: Double) -> Double {
    HertzPattern.frequency_Hz(atSharpness: Swift.min(Swift.max(s, 0), 1), band_Hz: sharpnessBand_Hz)
  }

  /// The AHAP sharpness (0...1) for a frequency, clamped to ``sharpnessBand_Hz``.
  package static func sharpness(frequency_Hz f: Double) -> Double {
    let low = sharpnessBand_Hz.lowerBound
    let high = sharpnessBand_Hz.upperBound
    return Swift.min(Swift.max((f - low) / (high - low), 0), 1)
  }

  /// The experience in the pattern model (Docs/Formats-MPEG.md, "In the pattern model"),
  /// with ``HapticPattern/mpeg`` set so renderers decode the experience itself.
  ///
  /// Only rendered perceptions (Vibrotactile or Other) count. Per channel (weight = gain x mixing coefficient x
  /// 10^perception_unit_exponent):
  /// - each Transient keyframe is a transient: intensity |amplitude| x weight, sharpness
  ///   from its frequency;
  /// - each VectorialWave effect is a continuous event over its keyframes; when its
  ///   amplitude keyframes are a trapezoid (optional 0, a ramp to the peak, a hold, an
  ///   optional ramp to 0) they become the intensity (the peak), attack and release
  ///   exactly; otherwise the event has the peak intensity and a `HapticIntensityControl`
  ///   curve follows the keyframes (relative to the peak). Its sharpness is the first
  ///   keyframe frequency's; a changing frequency becomes a `HapticSharpnessControl`
  ///   curve (offsets). Curves are global in AHAP: with overlapping effects they also
  ///   reach the other events (an approximation; transients are corrected for them, so
  ///   their effective intensity and sharpness are their keyframes' where the control
  ///   allows);
  /// - each Curve effect is a continuous event with sharpness 0 and its |curve| as an
  ///   intensity curve (sampled at the keyframes);
  /// - WaveletWave bands have no events.
  package func pattern() -> HapticPattern {
    var pattern = HapticPattern(version: 1)
    if !description.isEmpty { pattern.metadata.description = description }
    let ts = Double(timescale)
    var curves: [ParameterCurve] = []
    for perception in perceptions where perception.isRendered {
      let unit = pow10(perception.perceptionUnitExponent)
      for channel in perception.channels {
        let weight = channel.gain * channel.mixingCoefficient * unit
        for band in channel.bands {
          for effect in playedEffects(of: band, in: perception) {
            let start = Double(effect.position) / ts
            switch band.type {
            case .transient:
              for keyframe in effect.keyframes {
                guard let a = keyframe.amplitude else { continue }
                pattern.events.append(
                  .transient(
                    at: start + Double(keyframe.relativePosition ?? 0) / ts,
                    intensity: Swift.min(abs(a) * weight, 1),
                    sharpness: Self.sharpness(frequency_Hz: transientFrequency(keyframe, band: band))))
              }
            case .vectorialWave:
              continuous(effect, start: start, weight: weight, band: band, into: &pattern, curves: &curves)
            case .curve:
              let points = effect.keyframes.compactMap { k in
                k.amplitude.map { (Double(k.relativePosition ?? 0) / ts, abs($0) * weight) }
              }
              guard let peak = points.map(\.1).max(), peak > 0, let last = points.last, last.0 > points[0].0 else {
                continue
              }
              let first = points[0].0
              pattern.events.append(
                .continuous(at: start + first, duration_s: last.0 - first, intensity: Swift.min(peak, 1), sharpness: 0))
              curves += Self.curves(
                .hapticIntensityControl, points.map { (start + $0.0, Swift.min($0.1 / peak, 1)) })
            case .waveletWave:
              continue
            }
          }
        }
      }
    }
    pattern.parameterCurves = curves.sorted { $0.time_s < $1.time_s }
    // Controls multiply (intensity) and offset (sharpness) every event, transients too:
    // take them out of the transients so their effective values are the keyframes'.
    if !pattern.parameterCurves.isEmpty {
      let controls = pattern.controls
      for i in pattern.events.indices where pattern.events[i].type == .hapticTransient {
        let t = pattern.events[i].time_s
        let multiplier = controls.intensityMultiplier(at: t)
        pattern.events[i].intensity = multiplier > 0 ? Swift.min(pattern.events[i].intensity / multiplier, 1) : 0
        pattern.events[i].sharpness = Swift.min(
          Swift.max(pattern.events[i].sharpness - controls.sharpnessOffset(at: t), 0), 1)
      }
    }
    pattern.events = pattern.events.enumerated().sorted {
      ($0.element.time_s, $0.offset) < ($1.element.time_s, $1.offset)
    }
    .map(\.element)
    pattern.mpeg = self
    return pattern
  }

  private func pow10(_ exponent: Int) -> Double {
    var x = 1.0
    for _ in 0..<Swift.min(abs(exponent), 400) { x = exponent < 0 ? x / 10 : x * 10 }
    return x
  }

  private func continuous(
    _ effect: Effect, start: Double, weight: Double, band: Band, into pattern: inout HapticPattern,
    curves: inout [ParameterCurve]
  ) {
    let ts = Double(timescale)
    let duration = Double(effect.length) / ts
    guard duration > 0 else { return }
    let amplitudes = effect.keyframes.compactMap { k in
      k.amplitude.map { (Double(k.relativePosition ?? 0) / ts, abs($0)) }
    }
    let frequencies = effect.keyframes.compactMap { k in
      k.frequency_Hz.map {
        (
          Double(k.relativePosition ?? 0) / ts,
          Self.sharpness(
            frequency_Hz: Swift.min(Swift.max($0, band.lowerFrequencyLimit_Hz), band.upperFrequencyLimit_Hz))
        )
      }
    }
    let sharpness = frequencies.first?.1 ?? HapticEvent.Defaults.sharpness
    let peak = amplitudes.isEmpty ? 1 : (amplitudes.map(\.1).max() ?? 0)
    guard peak > 0 else { return }
    var event = HapticEvent.continuous(
      at: start, duration_s: duration, intensity: Swift.min(peak * weight, 1), sharpness: sharpness)
    if let (attack, release) = Self.trapezoid(amplitudes, peak: peak, duration: duration) {
      event.attackTime = attack / duration
      event.releaseTime = release / duration
    } else {
      curves += Self.curves(.hapticIntensityControl, amplitudes.map { (start + $0.0, $0.1 / peak) })
    }
    if frequencies.contains(where: { abs($0.1 - sharpness) > 1e-9 }) {
      curves += Self.curves(.hapticSharpnessControl, frequencies.map { (start + $0.0, $0.1 - sharpness) })
    }
    pattern.events.append(event)
  }

  /// Attack and release lengths, s, if the amplitude keyframes are a trapezoid that the
  /// AHAP envelope reproduces: [(0, 0)], (ta, P), [(tr, P)], [(D, 0)].
  static func trapezoid(_ points: [(Double, Double)], peak: Double, duration: Double) -> (Double, Double)? {
    func isPeak(_ a: Double) -> Bool { abs(a - peak) <= 1e-9 }
    func isZero(_ a: Double) -> Bool { abs(a) <= 1e-9 }
    if points.allSatisfy({ isPeak($0.1) }) { return (0, 0) }
    var inner = points[...]
    var attack = 0.0
    var release = 0.0
    if let first = inner.first, isZero(first.1) {
      guard first.0 == 0, inner.count >= 2 else { return nil }
      inner = inner.dropFirst()
      attack = inner[inner.startIndex].0
    }
    if let last = inner.last, isZero(last.1) {
      guard abs(last.0 - duration) < 1e-9, inner.count >= 2 else { return nil }
      inner = inner.dropLast()
      release = duration - inner[inner.endIndex - 1].0
    }
    guard !inner.isEmpty, inner.count <= 2, inner.allSatisfy({ isPeak($0.1) }) else { return nil }
    if abs(inner[inner.startIndex].0 - attack) > 1e-9 || abs(inner[inner.endIndex - 1].0 - (duration - release)) > 1e-9
    {
      return nil
    }
    return (attack, release)
  }

  static func curves(_ id: DynamicParameterID, _ points: [(Double, Double)]) -> [ParameterCurve] {
    guard points.count > 1 else { return [] }
    return ParameterCurve.chained(id, points)
  }
}

extension MPEGHaptics: PatternSource {}

extension HapticPattern {
  /// The MPEG-I Haptics experience this pattern was read from (`.hjif`, `.hmpg`), which a renderer decodes to the drive (Docs/Formats-MPEG.md); the events are its approximation (its ``source``), or nil.
  package var mpeg: MPEGHaptics? {
    get { self[source: MPEGHaptics.self] }
    set { self[source: MPEGHaptics.self] = newValue }
  }
}
