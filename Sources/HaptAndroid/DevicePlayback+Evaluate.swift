import Foundation
import HaptCore
import HaptMetrics
import HaptExplanation
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation

extension DevicePlayback {
  /// What `device` plays of `pattern` (Docs/Devices.md, "Fallback rules").
  ///
  /// - A device without an actuator is silent.
  /// - A Core Haptics device plays a pattern as written.
  /// - An Android vibration (read from XML) plays the first alternative the device
  ///   supports, with Android's fallbacks; on an Android phone any other pattern is first
  ///   ported as `hapt convert` does (``AndroidExport/export(_:reference:options:)``), the
  ///   app's port.
  /// - What plays is rendered on the device; never above the detection threshold, it is
  ///   silent. Otherwise, with no fallback cause, it plays; with one, it falls back, and
  ///   its d' from the intended effect (the pattern as written, or the vibration's first
  ///   alternative with every capability, rendered on the same device) is measured.
  /// - Complexity: one render of what plays, and for a fallback one more render and the
  ///   perceptual features of both.
  /// - Parameters:
  ///   - port: the pattern's Android port when the caller has it already
  ///     (``AndroidExport``'s vibration); nil exports when needed.
  ///   - memo: the pattern's renders so far, reused where the same render is needed
  ///     again; nil renders afresh.
  ///   - measured: the measurement of `pattern` rendered on `device` with `options`
  ///     (a report's latency table has it): a pattern that plays as written is judged
  ///     from it, without a second render. Its silence and its detect latency are what
  ///     this function would find (``PatternMeasurement`` measures the same render with
  ///     the same ``EnvelopeMarkers``).
  package static func evaluate(
    _ pattern: HapticPattern, name: String, on device: DeviceProfile, options: RenderOptions = RenderOptions(),
    port known: AndroidVibration? = nil, memo: RenderMemo? = nil, measured: PatternMeasurement? = nil
  ) -> DevicePlayback {
    let platform = device.platform
    var result = DevicePlayback(
      pattern: name, device: device.name, platform: platform, form: nil, causes: [], outcome: .silent(.noActuator))
    guard device.actuator.exists else { return result }
    let memo = memo ?? RenderMemo()
    let playback = device.androidPlayback
    // What plays, and what it stands in for.
    let played: HapticPattern
    let intended: HapticPattern
    if let vibration = pattern.android
      ?? (platform == .android ? known ?? AndroidExport.export(pattern, memo: memo).vibration : nil)
    {
      let choice = Self.choose(vibration, on: playback)
      result.form = choice.form
      result.causes = choice.causes
      if pattern.android == nil {
        result.causes += sharpnessCauses(of: pattern, form: choice.form, device: device)
        if choice.form == .envelopeEffect, pattern.hapticEvents.contains(where: { $0.type == .hapticTransient }) {
          result.causes.append(.tapsAsRamps)
        }
      }
      var port = HapticPattern()
      port.android = vibration
      played = port
      if pattern.android != nil {
        intended = Self.intended(vibration, device: device)
      } else {
        intended = pattern
      }
    } else {
      result.form = .asWritten
      if let measured, measured.device == device.name {
        result.outcome = measured.silenceReason.map { .silent($0) } ?? .plays
        return result
      }
      played = pattern
      intended = pattern
    }
    let rendering = memo.render(played, on: device, options: options)
    if let reason = rendering.silenceReason {
      result.outcome = .silent(reason)
      return result
    }
    let markers = EnvelopeMarkers.measure(rendering.acceleration_g, driveEnd_s: rendering.driveEnd_s)
    guard markers.detect_s != nil else {
      result.outcome = .silent(.belowDetectionThreshold(peak_g: PeakLevel.peak_g(rendering.acceleration_g.samples)))
      return result
    }
    guard !result.causes.isEmpty else {
      result.outcome = .plays
      return result
    }
    let intendedFeatures = memo.features(intended, on: device, options: options)
    let playedFeatures = memo.features(played, on: device, options: options)
    let dPrime = Distinguishability.dPrime(intendedFeatures, playedFeatures)
    result.outcome = .fallsBack(dPrime_JND: dPrime)
    // How it feels, where people would notice (as a port within 1 JND, none is given).
    if dPrime >= PairVerdict.confusableBelow {
      result.howItFeels = Explanation.howItFeels(
        playedFeatures, against: intendedFeatures, "the fallback", against: "the intended effect")
    }
    return result
  }

  /// Every pattern on every device, in pattern then device order.
  ///
  /// - Complexity: one port per pattern (when a device is an Android phone), then
  ///   ``evaluate(_:name:on:options:port:)`` per pair, in parallel; the result does not
  ///   depend on the thread count.
  /// - Parameter known: each pattern's Android port (nil for an Android vibration), when
  ///   the caller has them already (``exports(of:for:threads:)``).
  package static func rows(
    patterns: [(name: String, pattern: HapticPattern)], devices: [DeviceProfile],
    options: RenderOptions = RenderOptions(), threads: Int = Parallel.defaultThreadCount,
    ports known: [AndroidVibration?]? = nil
  ) -> [DevicePlayback] {
    // Each pattern is ported once, for all the Android devices.
    let ports = known ?? Self.exports(of: patterns.map(\.pattern), for: devices, threads: threads).map { $0?.vibration }
    let pairs = patterns.indices.flatMap { p in devices.map { (p, $0) } }
    return Parallel.map(count: pairs.count, threads: threads) { index in
      let (p, device) = pairs[index]
      return evaluate(
        patterns[p].pattern, name: patterns[p].name, on: device, options: options, port: ports[p])
    }
  }

  /// Every pattern of `corpus` on every device; `ports` as in
  /// ``rows(patterns:devices:options:threads:ports:)``, one per corpus entry.
  package static func rows(
    for corpus: PatternCorpus, devices: [DeviceProfile], options: RenderOptions = RenderOptions(),
    threads: Int = Parallel.defaultThreadCount, ports: [AndroidVibration?]? = nil
  ) -> [DevicePlayback] {
    rows(
      patterns: corpus.entries.map { (name: $0.name, pattern: $0.pattern) }, devices: devices, options: options,
      threads: threads, ports: ports)
  }

  /// The Android export of each pattern, as `hapt convert` writes it, or nil where none is
  /// needed: an Android vibration, or no Android device with an actuator among `devices`.
  /// - Complexity: one export (about fifteen renders) per pattern, in parallel.
  package static func exports(
    of patterns: [HapticPattern], for devices: [DeviceProfile], threads: Int = Parallel.defaultThreadCount
  ) -> [AndroidExport?] {
    let needsPort = devices.contains { $0.platform == .android && $0.actuator.exists }
    return Parallel.map(count: patterns.count, threads: threads) { index -> AndroidExport? in
      needsPort && patterns[index].android == nil ? AndroidExport.export(patterns[index]) : nil
    }
  }

  // MARK: - Android's choice

  /// The alternative Android plays (the first the device supports), what form it is, and
  /// why the alternatives before it, or its own parts, do not play as written.
  static func choose(
    _ vibration: AndroidVibration, on device: AndroidPlayback
  ) -> (form: PlayedForm?, causes: [FallbackCause]) {
    var causes: [FallbackCause] = []
    // A selection skips what needs a missing feature (a waveform with levels, without
    // amplitude control), as Android and the renderer do; a lone effect plays if it can.
    for effect in vibration.effects {
      if vibration.isSelect ? device.selects(effect) : device.supports(effect) {
        let (form, own) = describe(effect, on: device)
        return (form, causes + own)
      }
      causes += passedOver(effect, on: device)
    }
    return (nil, causes)
  }

  /// Why an alternative is passed over.
  private static func passedOver(_ effect: AndroidVibrationEffect, on device: AndroidPlayback) -> [FallbackCause] {
    switch effect {
    case .composition(let primitives):
      let missing = Set(primitives.map(\.name).filter { !device.supportedPrimitives.contains($0) }.map(\.rawValue))
      return [.missingPrimitives(missing.sorted())]
    case .waveformEnvelope, .basicEnvelope: return [.noEnvelopeEffects]
    case .predefined(let name, _): return [.missingEffect(name.rawValue)]
    case .waveform: return device.hasAmplitudeControl ? [] : [.noAmplitudeControl]
    case .repeating(let preamble, let repeating):
      if let preamble, !device.supports(preamble) { return passedOver(preamble, on: device) }
      return passedOver(repeating, on: device)
    }
  }

  /// The form of a supported alternative and its own fallbacks.
  private static func describe(
    _ effect: AndroidVibrationEffect, on device: AndroidPlayback
  ) -> (PlayedForm, [FallbackCause]) {
    switch effect {
    case .waveform(let waveform):
      guard !device.hasAmplitudeControl else { return (.amplitudeWaveform, []) }
      let graded = waveform.entries.contains { entry in
        let level = entry.amplitude ?? device.defaultAmplitude
        return entry.duration_ms > 0 && level > 0 && level < AndroidWaveformEntry.maxAmplitude
      }
      return (.onOffWaveform, graded ? [.noAmplitudeControl] : [])
    case .composition: return (.primitives, [])
    case .predefined(let name, _):
      return device.supportedEffects.contains(name)
        ? (.predefinedEffect(name.rawValue), [])
        : (.platformFallback(name.rawValue), [.platformFallback(name.rawValue)])
    case .waveformEnvelope, .basicEnvelope: return (.envelopeEffect, [])
    case .repeating(let preamble, let repeating):
      let (form, causes) = describe(repeating, on: device)
      return (form, (preamble.map { describe($0, on: device).1 } ?? []) + causes)
    }
  }

  /// A port's lost sharpness: a pattern whose haptic events' effective sharpness is away
  /// from 0.5 or varies (the same test as the port's own note) loses it in every form but
  /// an envelope effect, which plays frequencies.
  static func sharpnessCauses(of pattern: HapticPattern, form: PlayedForm?, device: DeviceProfile) -> [FallbackCause] {
    guard let form, form != .envelopeEffect else { return [] }
    let controls = pattern.controls
    let sharpness = pattern.hapticEvents.map { controls.effectiveSharpness(of: $0, at: $0.time_s) }
    guard let low = sharpness.min(), let high = sharpness.max(), high - low > 0.05 || abs(low - 0.5) > 0.1 else {
      return []
    }
    if let f0 = device.resonance_Hz { return [.sharpnessAtResonance(resonance_Hz: f0)] }
    return [.noFrequencyControl]
  }

  /// What an Android vibration means: its first alternative as a device with every
  /// capability plays it, on this device's actuator.
  static func intended(_ vibration: AndroidVibration, device: DeviceProfile) -> HapticPattern {
    var full = device.androidPlayback
    full.supportedEffects = Set(AndroidPredefinedEffect.allCases)
    full.supportedPrimitives = Set(AndroidPrimitiveName.allCases)
    full.hasAmplitudeControl = true
    full.supportsEnvelopes = true
    guard let first = vibration.effects.first else { return HapticPattern() }
    var pattern = AndroidVibration(first).resolved(for: full).pattern
    pattern.android = nil
    return pattern
  }
}
