import Foundation
import HaptCore

extension AndroidVibration {
  /// The vibration as the device plays it, as pattern events the simulator renders.
  ///
  /// Semantics (Docs/Android.md): a waveform's consecutive non-zero steps become one
  /// continuous event at the actuator's resonance, its level following amplitude/255
  /// through `HapticIntensityControl` steps; implemented effects and primitives become
  /// hapt's documented shapes at resonance; an effect the device lacks plays its platform
  /// fallback, or nothing; a `<vibration-select>` plays its first alternative the device
  /// selects (``AndroidPlayback/selects(_:)``: amplitude levels need amplitude control);
  /// a repeating block is unrolled for ``AndroidPlayback/repeatingRenderLength_s``.
  /// The result carries this vibration in ``HapticPattern/android`` so that a renderer can
  /// resolve it again for another device.
  package func resolved(for device: AndroidPlayback = AndroidPlayback()) -> ResolvedPattern {
    var builder = AndroidPatternBuilder(device: device)
    if let effect = effects.first(where: isSelect ? device.selects : device.supports) {
      builder.add(effect)
    } else if isSelect {
      builder.silenceReason = .noSupportedAlternative
    } else if let effect = effects.first {
      builder.silenceReason = Self.unsupportedReason(effect, device: device)
    }
    var pattern = builder.pattern
    pattern.android = self
    return ResolvedPattern(pattern: pattern, notes: builder.notes, silenceReason: builder.silenceReason)
  }

  private static func unsupportedReason(_ effect: AndroidVibrationEffect, device: AndroidPlayback) -> SilenceReason {
    switch effect {
    case .composition(let primitives):
      let missing = primitives.map(\.name).filter { !device.supportedPrimitives.contains($0) }
      return .unsupportedPrimitives(Array(Set(missing.map(\.rawValue))).sorted())
    case .predefined(let name, let fallback):
      return .unimplementedEffect(name.rawValue, fallbackAsked: fallback)
    case .waveform:
      return .unplayableWaveform
    case .waveformEnvelope, .basicEnvelope:
      return .other("the device does not support envelope effects (Android 16 areEnvelopeEffectsSupported is false)")
    case .repeating(let preamble, let repeating):
      if let preamble, !device.supports(preamble) { return unsupportedReason(preamble, device: device) }
      return unsupportedReason(repeating, device: device)
    }
  }
}

/// Builds the pattern events of one played Android effect.
struct AndroidPatternBuilder {
  let device: AndroidPlayback
  var pattern = HapticPattern()
  var notes: [String] = []
  var silenceReason: SilenceReason?

  init(device: AndroidPlayback) {
    self.device = device
    pattern.metadata.createdFor = "Android VibrationEffect"
  }

  /// Pattern intensity for a level 0...1 of full scale.
  private func intensity(_ level: Double) -> Double {
    let clamped = Swift.min(Swift.max(level, 0), 1)
    return clamped == 0 ? 0 : pow(clamped, device.intensityExponent)
  }

  /// Adds `effect` from `start_ms`; returns where it ends, ms.
  @discardableResult
  mutating func add(_ effect: AndroidVibrationEffect, at start_ms: Int = 0) -> Int {
    switch effect {
    case .waveform(let waveform):
      return addWaveform(waveform, at: start_ms)
    case .composition(let primitives):
      var time = start_ms
      var previousStart = start_ms
      for primitive in primitives {
        let start = (primitive.delayType == .pause ? time : previousStart) + primitive.delay_ms
        let shape = AndroidShapes.shape(of: primitive.name, on: device)
        add(shape, strength: primitive.scale, at: start)
        previousStart = start
        time = Swift.max(time, start + shape.length_ms)
      }
      return time
    case .predefined(let name, let fallback):
      if device.supportedEffects.contains(name) {
        var end = start_ms
        for (offset, shape) in AndroidShapes.shapes(of: name) {
          add(shape, strength: 1, at: start_ms + offset)
          end = Swift.max(end, start_ms + offset + shape.length_ms)
        }
        return end
      } else if fallback, let replacement = AndroidShapes.fallback(for: name, on: device) {
        notes.append("the device does not implement \(name.rawValue): the platform's fallback plays instead")
        return add(replacement, at: start_ms)
      }
      return start_ms
    case .waveformEnvelope(let envelope):
      var points: [(duration_ms: Int, level: Double, frequency_Hz: Double)] = []
      for point in envelope.controlPoints {
        points.append((point.duration_ms, point.amplitude, point.frequency_Hz))
      }
      let initial = envelope.initialFrequency_Hz ?? envelope.controlPoints.first?.frequency_Hz ?? 0
      return addEnvelope(points, initialFrequency_Hz: initial, at: start_ms)
    case .basicEnvelope(let envelope):
      // Sharpness is a position in the device's frequency range.
      let range = device.frequencyRange_Hz
      let hertz = { (s: Double) in HertzPattern.frequency_Hz(atSharpness: s, band_Hz: range) }
      // Intensity is a sensation level, linear in dB (AOSP BasicToPwleSegmentAdapter).
      let profile = device.frequencyProfile
      let points = envelope.controlPoints.map { point in
        let frequency = hertz(point.sharpness)
        return (point.duration_ms, profile.amplitude(forIntensity: point.intensity, at: frequency), frequency)
      }
      let initial = hertz(envelope.initialSharpness ?? envelope.controlPoints.first?.sharpness ?? 0.5)
      return addEnvelope(points, initialFrequency_Hz: initial, at: start_ms)
    case .repeating(let preamble, let repeating):
      var time = start_ms
      if let preamble { time = addPart(preamble, at: time) }
      let limit_ms = start_ms + Int(device.repeatingRenderLength_s * 1000)
      var passes = 0
      repeat {
        let end = addPart(repeating, at: time)
        passes += 1
        guard end > time else { break }
        time = end
      } while time < limit_ms && passes < 100_000
      notes.append(
        "the <repeating-effect> repeats until the app cancels it; rendered for \(passes) pass(es) of its repeating part (\(time - start_ms) ms)"
      )
      return time
    }
  }

  /// One part of a repeating effect; the intensity control steps back to 1 after it, so
  /// that a waveform's last level does not carry into the next part.
  private mutating func addPart(_ effect: AndroidVibrationEffect, at start_ms: Int) -> Int {
    let end = add(effect, at: start_ms)
    if case .waveform = effect {
      pattern.parameterSteps.append(
        ParameterStep(parameterID: .hapticIntensityControl, time_s: Double(end) / 1000, value: 1))
    }
    return end
  }

  /// An envelope: from level 0 at `initialFrequency_Hz`, linear ramps to each point, the
  /// frequencies played on the device's range (clamped to its edges).
  private mutating func addEnvelope(
    _ points: [(duration_ms: Int, level: Double, frequency_Hz: Double)], initialFrequency_Hz: Double, at start_ms: Int
  ) -> Int {
    var time = start_ms
    var amplitude: [HertzPattern.Point] = [.init(time_s: Double(time) / 1000, value: 0)]
    var frequency: [HertzPattern.Point] = [.init(time_s: Double(time) / 1000, value: initialFrequency_Hz)]
    let range = device.frequencyRange_Hz
    if points.contains(where: { !range.contains($0.frequency_Hz) }) || !range.contains(initialFrequency_Hz) {
      notes.append(
        "an envelope frequency is outside the device's \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound)) Hz; played at the nearest edge"
      )
    }
    if let short = points.first(where: { $0.duration_ms < device.minEnvelopeControlPoint_ms }) {
      notes.append(
        "an envelope control point lasts \(short.duration_ms) ms, under the device's minimum of \(device.minEnvelopeControlPoint_ms) ms"
      )
    }
    for point in points {
      time += point.duration_ms
      let level = intensity(point.level)
      amplitude.append(.init(time_s: Double(time) / 1000, value: level))
      frequency.append(.init(time_s: Double(time) / 1000, value: point.frequency_Hz))
    }
    guard time > start_ms else { return time }
    let vibration = HertzPattern.Vibration(
      start_s: Double(start_ms) / 1000, duration_s: Double(time - start_ms) / 1000, amplitude: amplitude,
      frequency_Hz: frequency)
    let resolved = HertzPattern(vibrations: [vibration]).resolved(band_Hz: range)
    pattern.events += resolved.events
    pattern.parameterCurves += resolved.parameterCurves
    pattern.parameterSteps += resolved.parameterSteps
    return time
  }

  private mutating func add(_ shape: AndroidShapes.Shape, strength: Double, at time_ms: Int) {
    let time_s = Double(time_ms) / 1000
    let level = intensity(shape.strength * strength)
    guard level > 0 else { return }
    switch shape.kind {
    case .transient:
      pattern.events.append(.transient(at: time_s, intensity: level, sharpness: device.resonanceSharpness))
    case .burst(let duration_ms, let attack, let release):
      pattern.events.append(
        .continuous(
          at: time_s, duration_s: Double(duration_ms) / 1000, intensity: level,
          sharpness: device.resonanceSharpness, attackTime: attack, releaseTime: release))
    }
  }

  /// The waveform's entries in play order: a repeating block is unrolled until the render
  /// length is reached (at least once).
  private mutating func playedEntries(_ waveform: AndroidWaveform) -> [AndroidWaveformEntry] {
    guard let repeatIndex = waveform.repeatIndex, repeatIndex < waveform.entries.count else {
      return waveform.entries
    }
    var entries = Array(waveform.entries[..<repeatIndex])
    let block = Array(waveform.entries[repeatIndex...])
    let blockLength = block.reduce(0) { $0 + $1.duration_ms }
    entries += block
    guard blockLength > 0 else { return entries }
    let limit_ms = Int(device.repeatingRenderLength_s * 1000)
    var length = entries.reduce(0) { $0 + $1.duration_ms }
    var passes = 1
    // At most about a million unrolled entries, whatever the block holds.
    let maxPasses = Swift.max(1, 1_000_000 / Swift.max(block.count, 1))
    while length + blockLength <= limit_ms, passes < maxPasses {
      entries += block
      length += blockLength
      passes += 1
    }
    notes.append(
      "the waveform repeats until the app cancels it; rendered for \(passes) pass(es) of its repeating block (\(length) ms)"
    )
    return entries
  }

  private mutating func addWaveform(_ waveform: AndroidWaveform, at start_ms: Int) -> Int {
    let entries = playedEntries(waveform)
    if !device.hasAmplitudeControl,
      entries.contains(where: { ($0.amplitude ?? device.defaultAmplitude) % AndroidWaveformEntry.maxAmplitude != 0 })
    {
      notes.append("the device has no amplitude control: every non-zero amplitude plays at the default strength")
    }
    var time = start_ms
    var run: [(time_ms: Int, entry: AndroidWaveformEntry, level: Int)] = []
    func flush(_ builder: inout AndroidPatternBuilder) {
      guard let first = run.first else { return }
      builder.addRun(run.map { ($0.time_ms, $0.level) }, start_ms: first.time_ms, end_ms: time)
      run.removeAll()
    }
    for entry in entries {
      var level = entry.amplitude ?? device.defaultAmplitude
      if !device.hasAmplitudeControl, level > 0 { level = device.defaultAmplitude }
      if entry.duration_ms > 0 {
        if level == 0 {
          flush(&self)
        } else {
          run.append((time, entry, level))
        }
      }
      time += entry.duration_ms
    }
    flush(&self)
    return time
  }

  /// One continuous event for consecutive non-zero steps, its level set by intensity
  /// control steps at each change.
  private mutating func addRun(_ steps: [(time_ms: Int, level: Int)], start_ms: Int, end_ms: Int) {
    let maxLevel = steps.map(\.level).max() ?? 0
    guard maxLevel > 0 else { return }
    let full = Double(AndroidWaveformEntry.maxAmplitude)
    pattern.events.append(
      .continuous(
        at: Double(start_ms) / 1000, duration_s: Double(end_ms - start_ms) / 1000,
        intensity: intensity(Double(maxLevel) / full), sharpness: device.resonanceSharpness))
    var previous: Int?
    for step in steps where step.level != previous {
      pattern.parameterSteps.append(
        ParameterStep(
          parameterID: .hapticIntensityControl, time_s: Double(step.time_ms) / 1000,
          value: intensity(Double(step.level) / Double(maxLevel))))
      previous = step.level
    }
  }
}

extension AndroidVibration: PatternSource {}

extension HapticPattern {
  /// The Android vibration this pattern was read from, which a renderer resolves again for its own device (``AndroidVibration/resolved(for:)``) (its ``source``), or nil.
  package var android: AndroidVibration? {
    get { self[source: AndroidVibration.self] }
    set { self[source: AndroidVibration.self] = newValue }
  }
}
