import Foundation
import HaptCore

extension AndroidVibration {
  /// The vibration as the device plays it, as pattern events the simulator renders.
  ///
  /// Semantics (Docs/Android.md): a waveform's consecutive non-zero steps become one
  /// continuous event at the actuator's resonance, its level following amplitude/255
  /// through `HapticIntensityControl` steps; implemented effects and primitives become
  /// hapt's documented shapes at resonance; an effect the device lacks plays its platform
  /// fallback, or nothing; a `<vibration-select>` plays its first supported alternative;
  /// a repeating block is unrolled for ``AndroidPlayback/repeatingRenderLength_s``.
  /// The result carries this vibration in ``HapticPattern/android`` so that a renderer can
  /// resolve it again for another device.
  public func resolved(for device: AndroidPlayback = AndroidPlayback()) -> AndroidResolution {
    var builder = AndroidPatternBuilder(device: device)
    if let effect = effects.first(where: device.supports) {
      builder.add(effect)
    } else if isSelect {
      builder.silenceReason = .noSupportedAlternative
    } else if let effect = effects.first {
      builder.silenceReason = Self.unsupportedReason(effect, device: device)
    }
    var pattern = builder.pattern
    pattern.android = self
    return AndroidResolution(pattern: pattern, notes: builder.notes, silenceReason: builder.silenceReason)
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

  mutating func add(_ effect: AndroidVibrationEffect, at start_ms: Int = 0) {
    switch effect {
    case .waveform(let waveform):
      addWaveform(waveform, at: start_ms)
    case .composition(let primitives):
      var time = start_ms
      for primitive in primitives {
        time += primitive.delay_ms
        let shape = AndroidShapes.shape(of: primitive.name)
        add(shape, strength: primitive.scale, at: time)
        time += shape.length_ms
      }
    case .predefined(let name, let fallback):
      if device.supportedEffects.contains(name) {
        for (offset, shape) in AndroidShapes.shapes(of: name) { add(shape, strength: 1, at: start_ms + offset) }
      } else if fallback, let replacement = AndroidShapes.fallback(for: name, on: device) {
        notes.append("the device does not implement \(name.rawValue): the platform's fallback plays instead")
        add(replacement, at: start_ms)
      }
    }
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

  private mutating func addWaveform(_ waveform: AndroidWaveform, at start_ms: Int) {
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
