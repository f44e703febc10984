import HaptCore

/// An AHAP pattern converted to an Android vibration, with what the conversion lost.
package struct AndroidConversion: Equatable, Sendable {
  package var vibration: AndroidVibration
  /// What was dropped or approximated, one sentence each.
  package var notes: [String]
}

extension AndroidVibration {
  /// Length of the pulse a transient becomes inside a waveform, ms (Android recommends
  /// at most 20 ms for a single short impulse).
  static let transientPulse_ms = 12
  /// How long the composition plays a click primitive, ms (hapt's shape: 10 ms).
  package static let clickLength_ms = 10
  /// Most event-milliseconds whose level is evaluated one by one (work bound).
  static let maxSampledEventMilliseconds = 20_000_000

  /// Converts a pattern the way established converters port AHAP to Android.
  ///
  /// - A pattern of transients only becomes a `<vibration-select>`: first a composition of
  ///   `click` primitives (scale = the transient's effective intensity, delays keeping the
  ///   onsets), then, for devices without primitives, the same rhythm as a waveform of
  ///   12 ms pulses.
  /// - Any other pattern becomes a waveform: the summed effective intensity of its haptic
  ///   events (envelopes and intensity controls applied, clamped to 1) sampled every
  ///   millisecond, times 255, as amplitude steps; transients become 12 ms pulses; steps
  ///   shorter than 10 ms inside ramps are merged to their duration-weighted mean, so an
  ///   LRA can follow each one. Gaps keep their exact length.
  /// - Sharpness is dropped: Android's amplitude waveforms and click primitives play at the
  ///   actuator's resonance. Where a pattern of continuous events has sharpness away from
  ///   0.5 or varying, a `<basic-envelope-effect>` that keeps it (intensity and sharpness
  ///   every 10 ms, ending at 0) comes first in a `<vibration-select>`, for Android 16
  ///   devices with envelope support, the amplitude waveform second. Audio events are
  ///   dropped.
  /// - Complexity: O(duration in ms x events).
  package static func converting(_ pattern: HapticPattern) -> AndroidConversion {
    var notes: [String] = []
    let haptic = pattern.hapticEvents
    let controls = pattern.controls
    if pattern.events.count > haptic.count {
      notes.append("\(pattern.events.count - haptic.count) audio event(s) dropped (Android vibrations carry no audio)")
    }
    let sharpness = haptic.map { controls.effectiveSharpness(of: $0, at: $0.time_s) }
    var sharpnessVaries = false
    if let low = sharpness.min(), let high = sharpness.max(), high - low > 0.05 || abs(low - 0.5) > 0.1 {
      sharpnessVaries = true
      let range =
        Self.format(low) == Self.format(high) ? Self.format(low) : "\(Self.format(low))...\(Self.format(high))"
      notes.append(
        "sharpness \(range) dropped: Android plays amplitude waveforms and clicks at the actuator's resonance")
    }
    guard !haptic.isEmpty else {
      notes.append("the pattern has no haptic event: written as one silent entry")
      let length = Swift.max(1, Int((pattern.duration_s * 1000).rounded()))
      return AndroidConversion(
        vibration: AndroidVibration(.waveform(AndroidWaveform(entries: [.init(duration_ms: length, amplitude: 0)]))),
        notes: notes)
    }
    if haptic.allSatisfy({ $0.type == .hapticTransient }) {
      let taps = haptic.map {
        (time_ms: Int(($0.time_s * 1000).rounded()), level: controls.effectiveIntensity(of: $0, at: $0.time_s))
      }
      .filter { $0.level > 0 }
      var primitives: [AndroidPrimitive] = []
      var nextFree = 0
      var crowded = false
      for tap in taps {
        if tap.time_ms < nextFree { crowded = true }
        primitives.append(
          AndroidPrimitive(
            .click, scale: (tap.level * 1000).rounded() / 1000, delay_ms: Swift.max(tap.time_ms - nextFree, 0)))
        nextFree = Swift.max(tap.time_ms, nextFree) + clickLength_ms
      }
      if crowded {
        notes.append(
          "transients closer than \(clickLength_ms) ms follow each other \(clickLength_ms) ms apart in the composition")
      }
      notes.append(
        "transients become click primitives; devices without primitives play the waveform alternative of 12 ms pulses")
      let waveform = sampledWaveform(haptic, controls: controls)
      return AndroidConversion(
        vibration: AndroidVibration(
          effects: [.composition(primitives), .waveform(waveform)] + onOffAlternative(waveform), isSelect: true),
        notes: notes)
    }
    notes.append("continuous events sampled into amplitude steps; transients become \(transientPulse_ms) ms pulses")
    let waveform = AndroidVibrationEffect.waveform(sampledWaveform(haptic, controls: controls))
    if sharpnessVaries, !haptic.contains(where: { $0.type == .hapticTransient }),
      let envelope = basicEnvelope(haptic, controls: controls)
    {
      notes.append(
        "sharpness kept in a <basic-envelope-effect> (Android 16 devices with envelope support); other devices play the amplitude waveform"
      )
      guard case .waveform(let steps) = waveform else {
        return AndroidConversion(vibration: AndroidVibration(waveform), notes: notes)
      }
      return AndroidConversion(
        vibration: AndroidVibration(
          effects: [.basicEnvelope(envelope), waveform] + onOffAlternative(steps), isSelect: true),
        notes: notes)
    }
    return AndroidConversion(vibration: AndroidVibration(waveform), notes: notes)
  }

  /// The same steps at full strength, as a last alternative when `waveform` asks for
  /// levels other than 0 and 255: a selection skips such a waveform on a vibrator without
  /// amplitude control (``AndroidPlayback/selects(_:)``), which would then play nothing.
  static func onOffAlternative(_ waveform: AndroidWaveform) -> [AndroidVibrationEffect] {
    guard waveform.needsAmplitudeControl else { return [] }
    var full = waveform
    for k in full.entries.indices where (full.entries[k].amplitude ?? 1) != 0 {
      full.entries[k].amplitude = AndroidWaveformEntry.maxAmplitude
    }
    return [.waveform(full)]
  }

  /// Control-point length of a converted envelope, ms: the default device's minimum.
  static let envelopeStep_ms = AndroidPlayback.defaultMinEnvelopeControlPoint_ms
  /// Most control points written in one envelope (longer patterns keep the waveform only).
  static let maxEnvelopePoints = 1_000

  /// The continuous events as a basic envelope: every 10 ms the summed effective intensity
  /// (clipped at 1) and the loudest event's effective sharpness, equal neighbours merged,
  /// ending at intensity 0 as Android requires; nil when it would need too many points.
  /// Levels are written as the intensities that give the same output on the default
  /// Android device (``AndroidPlayback``'s band and frequency profile): Android's intensity
  /// is a sensation level, linear in dB (``AndroidFrequencyProfile``).
  static func basicEnvelope(_ events: [HapticEvent], controls: PatternControls) -> AndroidBasicEnvelope? {
    let end_ms = Int(((events.map(\.end_s).max() ?? 0) * 1000).rounded(.up))
    let step = envelopeStep_ms
    guard end_ms > 0, end_ms / step < maxEnvelopePoints else { return nil }
    var points: [AndroidBasicEnvelope.ControlPoint] = []
    let device = AndroidPlayback()
    let band = device.frequencyRange_Hz
    var ms = 0
    while ms < end_ms {
      let next = Swift.min(ms + step, end_ms)
      let t = Double(next) / 1000 - 1e-6
      var sum = 0.0
      var loudest = -1.0
      var sharpness = HapticEvent.Defaults.sharpness
      for event in events where event.time_s <= t && t < event.end_s {
        let level = controls.effectiveIntensity(of: event, at: t) * event.envelope(atOffset: t - event.time_s)
        sum += level
        if level > loudest {
          loudest = level
          sharpness = controls.effectiveSharpness(of: event, at: t)
        }
      }
      let frequency = HertzPattern.frequency_Hz(atSharpness: sharpness, band_Hz: band)
      let intensity = device.frequencyProfile.intensity(forAmplitude: Swift.min(sum, 1), at: frequency)
      let point = AndroidBasicEnvelope.ControlPoint(
        intensity: (intensity * 1000).rounded() / 1000, sharpness: (sharpness * 1000).rounded() / 1000,
        duration_ms: next - ms)
      // A point equal to the two before it (or, first, to the start at intensity 0) only
      // extends a hold: merging it keeps the shape (merging the end of a ramp would not).
      let before =
        points.count >= 2
        ? points[points.count - 2] : points.first.map { .init(intensity: 0, sharpness: $0.sharpness, duration_ms: 0) }
      if let last = points.last, let before, last.intensity == point.intensity, last.sharpness == point.sharpness,
        before.intensity == last.intensity, before.sharpness == last.sharpness
      {
        points[points.count - 1].duration_ms += point.duration_ms
      } else {
        points.append(point)
      }
      ms = next
    }
    if let last = points.last, last.intensity != 0 {
      points.append(.init(intensity: 0, sharpness: last.sharpness, duration_ms: step))
    }
    // Silent stretches take the sharpness of what follows them, so no ramp glides there.
    var following: Double?
    for k in points.indices.reversed() {
      if points[k].intensity > 0 {
        following = points[k].sharpness
      } else if let following, k + 1 < points.count {
        points[k].sharpness = following
      }
    }
    guard points.contains(where: { $0.intensity > 0 }) else { return nil }
    return AndroidBasicEnvelope(initialSharpness: points.first?.sharpness, controlPoints: points)
  }

  /// The summed effective intensity sampled every ms, as merged amplitude steps.
  private static func sampledWaveform(_ events: [HapticEvent], controls: PatternControls) -> AndroidWaveform {
    let ends = events.map { $0.type == .hapticTransient ? $0.time_s + Double(transientPulse_ms) / 1000 : $0.end_s }
    let total_ms = Swift.max(1, Int(((ends.max() ?? 0) * 1000).rounded(.up)))
    // Levels added per run of equal value through a difference array; past
    // maxSampledEventMilliseconds the continuous levels are evaluated every `stride` ms,
    // which bounds the work on hostile input (many long overlapping events).
    let work = zip(events, ends).reduce(0.0) { $0 + Swift.max(0, $1.1 - $1.0.time_s) * 1000 }
    let stride = Swift.max(1, Int((work / Double(maxSampledEventMilliseconds)).rounded(.up)))
    var difference = [Int](repeating: 0, count: total_ms + 1)
    for (event, end) in zip(events, ends) {
      let first = Swift.max(0, Int((event.time_s * 1000).rounded()))
      let last = Swift.min(total_ms, Int((end * 1000).rounded()))
      guard first < last else { continue }
      if event.type == .hapticTransient {
        let level = Int((controls.effectiveIntensity(of: event, at: event.time_s) * 255).rounded())
        difference[first] += level
        difference[last] -= level
        continue
      }
      var ms = first
      while ms < last {
        let next = Swift.min(ms + stride, last)
        let t = (Double(ms) + 0.5) / 1000
        let level = controls.effectiveIntensity(of: event, at: t) * event.envelope(atOffset: t - event.time_s)
        let amplitude = Int((level * 255).rounded())
        difference[ms] += amplitude
        difference[next] -= amplitude
        ms = next
      }
    }
    var result = steps(runningSum: difference, count: total_ms)
    if result.allSatisfy({ $0.amplitude == 0 }) {
      return AndroidWaveform(entries: [.init(duration_ms: total_ms, amplitude: 0)])
    }
    while result.last?.amplitude == 0 { result.removeLast() }
    return AndroidWaveform(entries: result)
  }

  /// The levels of `difference` (a difference array, summed and capped at full
  /// amplitude) as run-length steps, short non-zero steps (ramps) merged until each lasts
  /// the shortest followed length, equal neighbours joined.
  private static func steps(runningSum difference: [Int], count total_ms: Int) -> [AndroidWaveformEntry] {
    var levels = [Int](repeating: 0, count: total_ms)
    var running = 0
    for ms in 0..<total_ms {
      running += difference[ms]
      levels[ms] = Swift.min(running, AndroidWaveformEntry.maxAmplitude)
    }
    // Run-length steps.
    var steps: [AndroidWaveformEntry] = []
    for level in levels {
      if let last = steps.last, last.amplitude == level {
        steps[steps.count - 1].duration_ms += 1
      } else {
        steps.append(AndroidWaveformEntry(duration_ms: 1, amplitude: level))
      }
    }
    // Merge short non-zero steps (ramps) until each lasts the shortest followed length.
    var merged: [AndroidWaveformEntry] = []
    var pending: (duration: Int, weighted: Int)?
    func flushPending() {
      if let p = pending {
        merged.append(
          AndroidWaveformEntry(
            duration_ms: p.duration, amplitude: Int((Double(p.weighted) / Double(p.duration)).rounded())))
        pending = nil
      }
    }
    for step in steps {
      let amplitude = step.amplitude ?? 0
      if amplitude == 0 {
        flushPending()
        merged.append(step)
        continue
      }
      if pending == nil && step.duration_ms >= AndroidXML.shortestFollowedEntry_ms {
        merged.append(step)
        continue
      }
      let p = pending ?? (0, 0)
      pending = (p.duration + step.duration_ms, p.weighted + amplitude * step.duration_ms)
      if pending!.duration >= AndroidXML.shortestFollowedEntry_ms { flushPending() }
    }
    flushPending()
    // Equal neighbours after merging become one step.
    var result: [AndroidWaveformEntry] = []
    for step in merged {
      if let last = result.last, last.amplitude == step.amplitude {
        result[result.count - 1].duration_ms += step.duration_ms
      } else {
        result.append(step)
      }
    }
    return result
  }

  private static func format(_ value: Double) -> String {
    JSONWriter.number((value * 100).rounded() / 100)
  }
}
