import HaptMetrics
import HaptPatterns
import HaptSimulation

/// One alternative as tuned: its knobs, the effect they build and its score (d' from the
/// original, JND, with the sharpness contrast lost where the export weighs it).
typealias TunedAlternative = (settings: AndroidAlternativeSettings, effect: AndroidVibrationEffect, d: Double)

/// How one export judges its candidates (Docs/Android.md, "Exports that adapt"): each
/// against the original as the class's own profile plays it, on the flagship with the
/// sharpness contrast the candidate loses, tuned by a coordinate search over its knobs.
struct AndroidExportJudging {
  let pattern: HapticPattern
  let options: RenderOptions
  let memo: RenderMemo
  let flagship: DeviceProfile
  let limits: AndroidEnvelopeLimits
  /// The original's features on each class profile, by profile name.
  let targets: [String: PerceptualFeatures]
  /// The sharpness contrast a class's candidate with these knobs loses on the flagship,
  /// JND; nil when the pattern has no contrast (dullest and sharpest events under 0.3
  /// apart).
  let contrastLoss: ((AndroidAlternativeKind, AndroidAlternativeSettings) -> Double)?

  /// Nil when the original is silent on one of `devices` (nothing to match there).
  init?(
    _ pattern: HapticPattern, devices: [DeviceProfile], flagship: DeviceProfile, limits: AndroidEnvelopeLimits,
    options: RenderOptions, memo: RenderMemo
  ) {
    var targets: [String: PerceptualFeatures] = [:]
    for device in devices where targets[device.name] == nil {
      let original = memo.render(pattern, on: device, options: options)
      guard original.silenceReason == nil else { return nil }
      targets[device.name] = memo.features(pattern, on: device, options: options)
    }
    self.pattern = pattern
    self.options = options
    self.memo = memo
    self.flagship = flagship
    self.limits = limits
    self.targets = targets
    contrastLoss = Self.contrastLoss(pattern, flagship: flagship, limits: limits, options: options, memo: memo)
  }

  /// A sharpness contrast is part of the judgement on the flagship: the contrast the
  /// original's dullest and sharpest events have there (the most that hardware allows, as
  /// for d'), less what the alternative keeps, adds to its d' (Euclidean sum).
  private static func contrastLoss(
    _ pattern: HapticPattern, flagship: DeviceProfile, limits: AndroidEnvelopeLimits, options: RenderOptions,
    memo: RenderMemo
  ) -> ((AndroidAlternativeKind, AndroidAlternativeSettings) -> Double)? {
    guard let (dull, sharp) = AndroidPort.contrastPair(pattern) else { return nil }
    let meant = Distinguishability.dPrime(
      memo.features(dull, on: flagship, options: options), memo.features(sharp, on: flagship, options: options))
    return { kind, settings in
      guard let a = AndroidExport.build(kind, settings: settings, pattern: dull, limits: limits),
        let b = AndroidExport.build(kind, settings: settings, pattern: sharp, limits: limits)
      else { return meant }
      let kept = Distinguishability.dPrime(
        memo.features(AndroidVibration(a).resolved().pattern, on: flagship, options: options),
        memo.features(AndroidVibration(b).resolved().pattern, on: flagship, options: options))
      return Swift.max(0, meant - kept)
    }
  }

  /// d' of `effect` played on `device` from the original played there, JND; infinite
  /// when it is silent.
  func judge(_ effect: AndroidVibrationEffect, on device: DeviceProfile) -> Double {
    let played = AndroidVibration(effect).resolved().pattern
    let rendering = memo.render(played, on: device, options: options)
    guard rendering.silenceReason == nil, let target = targets[device.name] else { return .infinity }
    return Distinguishability.dPrime(target, memo.features(played, on: device, options: options))
  }

  /// A candidate's score (lower is better) given the best score so far, `toBeat`: exact
  /// when it is below `toBeat`; otherwise any value at least `toBeat`.
  typealias Score = (AndroidAlternativeSettings, AndroidVibrationEffect, _ toBeat: Double) -> Double

  /// The flagship's score for class `kind`: d' with the contrast lost added,
  /// `sqrt(d'^2 + loss^2)`. That is never below d' (in floating point too: the rounded
  /// square root of a rounded square is the number itself, and both steps are monotonic),
  /// so a candidate whose d' alone does not beat `toBeat` returns its d' without the two
  /// renders the contrast costs.
  func judgeOnFlagship(_ kind: AndroidAlternativeKind) -> Score {
    { settings, effect, toBeat in
      let d = judge(effect, on: flagship)
      guard let contrastLoss, d.isFinite, d < toBeat else { return d }
      let loss = contrastLoss(kind, settings)
      return (d * d + loss * loss).squareRoot()
    }
  }

  /// Coordinate search: each knob's candidates in turn, keeping the best so far; nil when
  /// the class cannot carry the pattern.
  func tune(
    _ kind: AndroidAlternativeKind, _ knobs: [[(inout AndroidAlternativeSettings) -> Void]],
    on device: DeviceProfile, score: Score? = nil
  ) -> TunedAlternative? {
    let score = score ?? { _, effect, _ in judge(effect, on: device) }
    let settings = AndroidAlternativeSettings()
    guard let first = AndroidExport.build(kind, settings: settings, pattern: pattern, limits: limits) else {
      return nil
    }
    var best = (settings: settings, effect: first, d: score(settings, first, .infinity))
    for knob in knobs {
      for change in knob {
        var candidate = best.settings
        change(&candidate)
        guard candidate != best.settings,
          let effect = AndroidExport.build(kind, settings: candidate, pattern: pattern, limits: limits)
        else { continue }
        let d = score(candidate, effect, best.d)
        if d < best.d { best = (candidate, effect, d) }
      }
    }
    return best
  }

  /// The gains an intensity knob tries.
  static let gains: [Double] = [0.6, 0.7, 0.8, 0.9, 1.1, 1.25, 1.5]

  static func gainKnob(
    _ path: WritableKeyPath<AndroidAlternativeSettings, Double>
  ) -> [(inout AndroidAlternativeSettings) -> Void] {
    gains.map { g in { $0[keyPath: path] = g } }
  }

  /// The tuned envelope and primitives on the flagship, the amplitude waveform and the
  /// on/off timings on their own class profiles.
  func tuneEveryClass(
    amplitudeDevice: DeviceProfile, onOffDevice: DeviceProfile
  ) -> (
    envelope: TunedAlternative?, primitives: TunedAlternative?, amplitude: TunedAlternative?, onOff: TunedAlternative?
  ) {
    let stretch: [(inout AndroidAlternativeSettings) -> Void] =
      contrastLoss == nil ? [] : [1.5, 2, 3].map { k in { $0.envelopeSharpnessStretch = k } }
    let envelope = tune(
      .envelope,
      [[{ $0.envelopeMatchesFrequency = true }], stretch, [{ $0.envelopeTap_ms = 30 }], Self.gainKnob(\.envelopeGain)],
      on: flagship, score: judgeOnFlagship(.envelope))
    let primitives = tune(
      .primitives, [Self.gainKnob(\.primitiveGain)], on: flagship, score: judgeOnFlagship(.primitives))
    let amplitude = tune(
      .amplitude, [[{ $0.amplitudeTap_ms = 8 }, { $0.amplitudeTap_ms = 20 }], Self.gainKnob(\.amplitudeGain)],
      on: amplitudeDevice)
    let onOff = tune(
      .onOff,
      [
        [{ $0.onOffTap_ms = 10 }, { $0.onOffTap_ms = 30 }],
        [{ $0.onOffThreshold = 0.15 }, { $0.onOffThreshold = 0.5 }],
      ],
      on: onOffDevice)
    return (envelope, primitives, amplitude, onOff)
  }

  /// `tuned` with its plain d' (without the contrast term) and the note of the contrast
  /// it loses, when the export weighs contrast.
  func withPlainDPrime(_ kind: AndroidAlternativeKind, _ tuned: TunedAlternative?) -> (TunedAlternative?, String?) {
    guard let tuned, let contrastLoss else { return (tuned, nil) }
    let note = "; sharpness contrast lost: \(AndroidExport.format(contrastLoss(kind, tuned.settings))) JND"
    return ((tuned.settings, tuned.effect, judge(tuned.effect, on: flagship)), note)
  }
}
