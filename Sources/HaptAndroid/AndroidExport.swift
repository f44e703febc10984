import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptFormats

/// An AHAP pattern exported to Android as a `<vibration-select>` that adapts: one
/// alternative per class of vibrator, richest first (envelope effect, primitives,
/// amplitude waveform, on/off timings), each tuned to feel as close to the original as
/// that class allows: d' on the class's shipped profile between the alternative and the
/// AHAP original played there (Docs/Android.md, "Exports that adapt").
package struct AndroidExport: Sendable, Equatable {
  /// One alternative of the selection and how it was judged.
  package struct Alternative: Sendable, Equatable {
    package var kind: AndroidAlternativeKind
    package var effect: AndroidVibrationEffect
    /// The profile it was judged on.
    package var judgedOn: String
    /// d' of the alternative played alone on `judgedOn` from the original played on the
    /// same profile, JND.
    package var dPrime_JND: Double?
    /// What the tuning chose, one phrase ("intensity x1.25, 8 ms pulses").
    package var tuning: String
    /// The knobs it was built with (``build(_:settings:pattern:limits:)`` rebuilds it).
    package var settings = AndroidAlternativeSettings()
  }

  /// One alternative of class `kind` for `pattern`, built with `settings`; nil when the
  /// class cannot carry the pattern (primitives for continuous events, an envelope past
  /// the limits, a pattern too long to sample).
  package static func build(
    _ kind: AndroidAlternativeKind, settings: AndroidAlternativeSettings, pattern: HapticPattern,
    limits: AndroidEnvelopeLimits = .flagship
  ) -> AndroidVibrationEffect? {
    guard let timeline = AndroidTimeline(pattern) else { return nil }
    switch kind {
    case .envelope:
      return AndroidAlternativeBuilder.envelope(timeline, settings: settings, limits: limits).map { .basicEnvelope($0) }
    case .primitives:
      return AndroidAlternativeBuilder.primitives(timeline, settings: settings, clickLength_ms: limits.clickLength_ms)
        .map { .composition($0) }
    case .amplitude: return .waveform(AndroidAlternativeBuilder.amplitude(timeline, settings: settings))
    case .onOff: return .waveform(AndroidAlternativeBuilder.onOff(timeline, settings: settings))
    }
  }

  /// The vibration to write.
  package var vibration: AndroidVibration
  /// The alternatives in the vibration's order.
  package var alternatives: [Alternative]
  /// What the export drops or approximates, one sentence each.
  package var notes: [String]
  /// The device the original was rendered on.
  package var reference: String
  /// Whether the alternatives were judged by d' (false: the plain conversion, written for
  /// a pattern past the judging bounds or without the class profiles).
  package var judged = true

  /// Patterns past these bounds keep the plain conversion unjudged (judging renders a
  /// pattern about twenty times; the bounds keep hostile input fast).
  package static let maxJudgedLength_s = 30.0
  package static let maxJudgedEvents = 1_000
  package static let maxJudgedCurvePoints = 10_000

  /// The profiles of ``classProfiles``, loaded (read and parsed) once for a whole corpus
  /// instead of once per pattern.
  package struct ClassDevices: Sendable {
    package var flagship: DeviceProfile
    package var amplitude: DeviceProfile
    package var onOff: DeviceProfile

    /// Loads the class profiles; nil if one cannot be loaded (the export then writes the
    /// plain conversion).
    package static func load() -> ClassDevices? {
      guard let flagship = try? DeviceProfile.load(nameOrPath: classProfiles[.envelope]!),
        let amplitude = try? DeviceProfile.load(nameOrPath: classProfiles[.amplitude]!),
        let onOff = try? DeviceProfile.load(nameOrPath: classProfiles[.onOff]!)
      else { return nil }
      return ClassDevices(flagship: flagship, amplitude: amplitude, onOff: onOff)
    }
  }

  /// The profile each class is judged on: shipped profiles standing for the class.
  package static let classProfiles: [AndroidAlternativeKind: String] = [
    .envelope: "pixel-flagship-lra", .primitives: "pixel-flagship-lra", .amplitude: "android-lra-amplitude",
    .onOff: "android-lra-onoff",
  ]

  /// Exports `pattern`, judging each class's candidates against the original on the
  /// class's profile; `reference` (the iPhone-class default profile when nil) gives the
  /// frequencies sharpness means for the envelope's frequency matching. Falls back to the plain conversion
  /// (``AndroidVibration/converting(_:)``) when a class profile cannot be loaded or the
  /// pattern is too long to sample.
  /// - Complexity: about fifteen renders of the pattern's length.
  /// - Parameter memo: renders already made for this pattern (and kept for the caller's
  ///   next uses of the same renders); nil renders afresh.
  /// - Parameter classDevices: the class profiles (``ClassDevices/load()``) when the caller
  ///   exports many patterns; nil loads them here.
  package static func export(
    _ pattern: HapticPattern, reference: DeviceProfile? = nil, options: RenderOptions = RenderOptions(),
    memo: RenderMemo? = nil, classDevices: ClassDevices? = nil
  ) -> AndroidExport {
    let memo = memo ?? RenderMemo()
    let plain = AndroidVibration.converting(pattern)
    let fallback = AndroidExport(
      vibration: plain.vibration,
      alternatives: plain.vibration.effects.map {
        Alternative(kind: AndroidAlternativeKind(of: $0), effect: $0, judgedOn: "", dPrime_JND: nil, tuning: "untuned")
      }, notes: plain.notes, reference: reference?.name ?? DeviceProfile.defaultName, judged: false)
    let curvePoints = pattern.parameterCurves.reduce(0) { $0 + $1.controlPoints.count }
    guard pattern.duration_s <= maxJudgedLength_s, pattern.events.count <= maxJudgedEvents,
      curvePoints <= maxJudgedCurvePoints
    else {
      var large = fallback
      large.notes.append(
        "not judged: the pattern is past \(JSONWriter.number(maxJudgedLength_s)) s, \(maxJudgedEvents) events or \(maxJudgedCurvePoints) curve points, so the plain conversion is written"
      )
      return large
    }
    guard let reference = reference ?? (try? DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)),
      let classDevices = classDevices ?? ClassDevices.load(),
      let timeline = AndroidTimeline(pattern), !timeline.isSilent
    else { return fallback }
    let flagship = classDevices.flagship
    let amplitudeDevice = classDevices.amplitude
    let onOffDevice = classDevices.onOff
    // Each class is judged against the original as its own profile plays it (the most
    // that hardware allows: the AHAP with Core Haptics semantics there).
    guard
      let judging = AndroidExportJudging(
        pattern, devices: [flagship, amplitudeDevice, onOffDevice], flagship: flagship,
        limits: envelopeLimits(flagship, reference: reference), options: options, memo: memo)
    else { return fallback }
    let tuned = judging.tuneEveryClass(amplitudeDevice: amplitudeDevice, onOffDevice: onOffDevice)
    guard let amplitude = tuned.amplitude, let onOff = tuned.onOff,
      case .waveform(let amplitudeWaveform) = amplitude.effect, case .waveform(let onOffWaveform) = onOff.effect
    else { return fallback }
    var (kept, notes) = keptAlternatives(tuned.envelope, tuned.primitives, amplitude: amplitude, judging: judging)
    // The notes give plain d' (without the contrast term) and the contrast lost apart.
    let (envelope, envelopeContrast) = judging.withPlainDPrime(.envelope, kept.envelope)
    let (plainPrimitives, primitivesContrast) = judging.withPlainDPrime(.primitives, kept.primitives)
    let vibration = AndroidAlternativeBuilder.vibration(
      envelope: envelope.flatMap { if case .basicEnvelope(let e) = $0.effect { e } else { nil } },
      primitives: kept.primitives.flatMap { if case .composition(let p) = $0.effect { p } else { nil } },
      amplitude: amplitudeWaveform, onOff: onOffWaveform)
    let judged: [(AndroidAlternativeKind, Double, String, String, AndroidAlternativeSettings)] = [
      envelope.map { (.envelope, $0.d, flagship.name, tuning(.envelope, $0.settings), $0.settings) },
      plainPrimitives.map { (.primitives, $0.d, flagship.name, tuning(.primitives, $0.settings), $0.settings) },
      (
        AndroidAlternativeKind(of: amplitude.effect), amplitude.d, amplitudeDevice.name,
        (AndroidAlternativeKind(of: amplitude.effect) == .amplitude
          ? "" : "the amplitude waveform, whose levels are only 0 and full (so every vibrator plays it): ")
          + tuning(.amplitude, amplitude.settings), amplitude.settings
      ),
      (.onOff, onOff.d, onOffDevice.name, tuning(.onOff, onOff.settings), onOff.settings),
    ].compactMap { $0 }
    let alternatives = vibration.effects.map { effect in
      let kind = AndroidAlternativeKind(of: effect)
      let match = judged.first { $0.0 == kind }
      return Alternative(
        kind: kind, effect: effect, judgedOn: match?.2 ?? "",
        dPrime_JND: match.map(\.1).flatMap { $0.isFinite ? $0 : nil },
        tuning: match?.3 ?? "", settings: match?.4 ?? AndroidAlternativeSettings())
    }
    if timeline.droppedAudioEvents > 0 {
      notes.insert("\(timeline.droppedAudioEvents) audio event(s) dropped (Android vibrations carry no audio)", at: 0)
    }
    let contrastNotes: [AndroidAlternativeKind: String] = [
      .envelope: envelopeContrast, .primitives: primitivesContrast,
    ]
    .compactMapValues { $0 }
    notes += closingNotes(pattern, alternatives: alternatives, keepsSharpness: envelope != nil, contrast: contrastNotes)
    return AndroidExport(vibration: vibration, alternatives: alternatives, notes: notes, reference: reference.name)
  }

  /// The envelope and primitives kept, with a note for each left out: an alternative goes
  /// before the plainer ones only where it beats, on the flagship, what the flagship would
  /// play without it (d' decides, not the class order). The primitives are weighed
  /// against the amplitude waveform first, then the envelope against whichever of the two
  /// is kept.
  static func keptAlternatives(
    _ envelope: TunedAlternative?, _ primitives: TunedAlternative?, amplitude: TunedAlternative,
    judging: AndroidExportJudging
  ) -> (kept: (envelope: TunedAlternative?, primitives: TunedAlternative?), notes: [String]) {
    let flagship = judging.flagship.name
    var notes: [String] = []
    // Rendered only when a richer alternative is there to be weighed against it.
    lazy var amplitudeOnFlagship = judging.judgeOnFlagship(.amplitude)(amplitude.settings, amplitude.effect, .infinity)
    var keptPrimitives = primitives
    if let primitives, primitives.d >= amplitudeOnFlagship {
      keptPrimitives = nil
      notes.append(
        "no primitives alternative: on \(flagship) they feel further from the original (d' \(format(primitives.d))) than the amplitude waveform (d' \(format(amplitudeOnFlagship)))"
      )
    }
    var keptEnvelope = envelope
    if let envelope {
      let rival = keptPrimitives?.d ?? amplitudeOnFlagship
      if envelope.d >= rival {
        keptEnvelope = nil
        notes.append(
          "no envelope alternative: on \(flagship) it feels further from the original (d' \(format(envelope.d))) than the \(keptPrimitives == nil ? "amplitude waveform" : "primitives") (d' \(format(rival)))"
        )
      }
    } else {
      notes.append(
        "no envelope alternative: the pattern does not fit \(judging.limits.maxControlPoints) control points of at least \(judging.limits.minControlPoint_ms) ms within 0.1 of intensity"
      )
    }
    return ((keptEnvelope, keptPrimitives), notes)
  }

  /// The notes after the selection's: which sharpness the alternatives keep, and one line
  /// per alternative with its d', the profile it was judged on and its tuning.
  static func closingNotes(
    _ pattern: HapticPattern, alternatives: [Alternative], keepsSharpness: Bool,
    contrast: [AndroidAlternativeKind: String]
  ) -> [String] {
    var notes: [String] = []
    let sharpness = pattern.hapticEvents.map { pattern.controls.effectiveSharpness(of: $0, at: $0.time_s) }
    if let low = sharpness.min(), let high = sharpness.max(), high - low > 0.05 || abs(low - 0.5) > 0.1 {
      let short = { (x: Double) in JSONWriter.number((x * 100).rounded() / 100) }
      let range = short(low) == short(high) ? short(low) : "\(short(low))...\(short(high))"
      notes.append(
        keepsSharpness
          ? "sharpness \(range) kept only by the envelope alternative; the others play at the actuator's resonance"
          : "sharpness \(range) dropped: every alternative plays at the actuator's resonance")
    }
    for alternative in alternatives {
      let d = alternative.dPrime_JND.map { "d' \(format($0)) JND" } ?? "not felt"
      notes.append(
        "\(alternative.kind.rawValue) alternative (\(alternative.kind.capability)): \(d) from the original on \(alternative.judgedOn)\(contrast[alternative.kind] ?? ""); \(alternative.tuning)"
      )
    }
    return notes
  }

  /// The envelope limits of `device` (its profile's, or the flagship defaults), with the
  /// sharpness bands of both devices.
  package static func envelopeLimits(_ device: DeviceProfile, reference: DeviceProfile) -> AndroidEnvelopeLimits {
    let caps = device.capabilities
    let flagship = AndroidEnvelopeLimits.flagship
    var limits = AndroidEnvelopeLimits(
      maxControlPoints: caps.maxEnvelopeControlPoints ?? flagship.maxControlPoints,
      minControlPoint_ms: caps.minEnvelopeControlPointDuration_ms ?? flagship.minControlPoint_ms,
      maxControlPoint_ms: caps.maxEnvelopeControlPointDuration_ms ?? flagship.maxControlPoint_ms,
      band_Hz: caps.frequencyRange_Hz ?? flagship.band_Hz,
      referenceBand_Hz: reference.capabilities.frequencyRange_Hz ?? flagship.referenceBand_Hz)
    let playback = device.androidPlayback
    limits.frequencyProfile = playback.frequencyProfile
    limits.intensityExponent = playback.intensityExponent
    if let click = playback.primitiveDurations_ms[.click], click > 0 { limits.clickLength_ms = click }
    return limits
  }

  /// The chosen knobs of one class, as a phrase.
  static func tuning(_ kind: AndroidAlternativeKind, _ s: AndroidAlternativeSettings) -> String {
    func gain(_ g: Double) -> String { g == 1 ? "intensity as written" : "intensity x\(JSONWriter.number(g))" }
    switch kind {
    case .envelope:
      return
        "\(gain(s.envelopeGain)), taps ramp \(s.envelopeTap_ms) ms up and down, sharpness \(s.envelopeMatchesFrequency ? "moved to the reference's frequencies" : "as written")\(s.envelopeSharpnessStretch == 1 ? "" : ", its contrast stretched x\(JSONWriter.number(s.envelopeSharpnessStretch))")"
    case .primitives: return "click primitives, \(gain(s.primitiveGain))"
    case .amplitude: return "\(gain(s.amplitudeGain)), transients as \(s.amplitudeTap_ms) ms pulses"
    case .onOff:
      return
        "transients as pulses of up to \(s.onOffTap_ms) ms (shorter when softer), continuous levels on from \(JSONWriter.number(s.onOffThreshold))"
    }
  }

  package static func features(_ rendering: Rendering) -> PerceptualFeatures {
    var signal = rendering.acceleration_g
    if signal.sampleRate_Hz != SignalSource.metricRate_Hz {
      signal = Resampler.resample(signal, to: SignalSource.metricRate_Hz)
    }
    return PerceptualFeatures(signal)
  }

  static func format(_ value: Double) -> String { DecimalText.fixed(value, decimals: 2) }
}
