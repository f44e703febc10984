import HaptCore

/// An Android vibration as its XML serialisation describes it (`<vibration-effect>` or
/// `<vibration-select>`), the format `VibrationXmlParser` reads (Android 15+,
/// `android.os.vibrator.persistence`; schema in AOSP
/// `frameworks/base/core/xsd/vibrator/vibration/vibration.xsd`).
///
/// A `<vibration-effect>` holds exactly one of: one `<predefined-effect>`, a list of
/// `<primitive-effect>`s (a composition), or one `<waveform-effect>`. A
/// `<vibration-select>` lists alternatives in order of preference; the platform plays the
/// first one the device supports. See Docs/Android.md.
package struct AndroidVibration: Equatable, Sendable {
  /// The effects, in file order: one for `<vibration-effect>`, the alternatives of a
  /// `<vibration-select>`.
  package var effects: [AndroidVibrationEffect]
  /// Whether the file's root is `<vibration-select>`.
  package var isSelect: Bool

  package init(effects: [AndroidVibrationEffect], isSelect: Bool = false) {
    self.effects = effects
    self.isSelect = isSelect
  }

  /// A single effect (`<vibration-effect>` root).
  package init(_ effect: AndroidVibrationEffect) {
    self.init(effects: [effect], isSelect: false)
  }
}

/// One `<vibration-effect>`.
package indirect enum AndroidVibrationEffect: Equatable, Sendable {
  /// `<waveform-effect>`: amplitude steps (`VibrationEffect.createWaveform`).
  case waveform(AndroidWaveform)
  /// `<predefined-effect name="..." [fallback="..."]>` (`VibrationEffect.get`/`createPredefined`).
  case predefined(AndroidPredefinedEffect, fallback: Bool)
  /// A list of `<primitive-effect>` (`VibrationEffect.startComposition()...compose()`).
  case composition([AndroidPrimitive])
  /// `<waveform-envelope-effect>` (Android 16, `VibrationEffect.WaveformEnvelopeBuilder`).
  case waveformEnvelope(AndroidWaveformEnvelope)
  /// `<basic-envelope-effect>` (Android 16, `VibrationEffect.BasicEnvelopeBuilder`).
  case basicEnvelope(AndroidBasicEnvelope)
  /// `<repeating-effect>` (Android 16, `VibrationEffect.createRepeatingEffect`): the
  /// preamble plays once, then the repeating part until the vibration is cancelled. Each
  /// part is a waveform without repeat, a predefined effect, a composition or an envelope.
  case repeating(preamble: AndroidVibrationEffect?, repeating: AndroidVibrationEffect)
}

/// `<waveform-effect>`: entries played in order; the entries from `repeatIndex` on repeat
/// until the vibration is cancelled.
package struct AndroidWaveform: Equatable, Sendable {
  package var entries: [AndroidWaveformEntry]
  /// Index of the first entry inside `<repeating>`, or nil when nothing repeats.
  package var repeatIndex: Int?

  package init(entries: [AndroidWaveformEntry], repeatIndex: Int? = nil) {
    self.entries = entries
    self.repeatIndex = repeatIndex
  }

  /// Total length of one pass through every entry, in milliseconds.
  package var duration_ms: Int { entries.reduce(0) { $0 + $1.duration_ms } }
}

/// `<waveform-entry durationMs="..." amplitude="...">`.
package struct AndroidWaveformEntry: Equatable, Sendable {
  /// The platform's largest amplitude (`VibrationEffect.MAX_AMPLITUDE`).
  package static let maxAmplitude = 255

  /// How long the step lasts, ms (>= 0).
  package var duration_ms: Int
  /// 0...255, or nil for `"default"` (`VibrationEffect.DEFAULT_AMPLITUDE`: the device's
  /// default vibration strength). 0 is off.
  package var amplitude: Int?

  package init(duration_ms: Int, amplitude: Int?) {
    self.duration_ms = duration_ms
    self.amplitude = amplitude
  }
}

/// The predefined effects the XML names (`VibrationEffect.EFFECT_*`). `tick`, `click`,
/// `heavy_click` and `double_click` are public API; `pop`, `thud` and `texture_tick` are
/// accepted by the platform's parser only with hidden APIs allowed.
package enum AndroidPredefinedEffect: String, CaseIterable, Sendable {
  case click
  case tick
  case doubleClick = "double_click"
  case heavyClick = "heavy_click"
  case thud
  case pop
  case textureTick = "texture_tick"

  /// Whether apps may use the effect (the parser without hidden APIs accepts it).
  package var isPublic: Bool {
    switch self {
    case .click, .tick, .doubleClick, .heavyClick: true
    case .thud, .pop, .textureTick: false
    }
  }

  /// The `VibrationEffect` constant's name (for Kotlin output).
  package var constantName: String {
    switch self {
    case .click: "EFFECT_CLICK"
    case .tick: "EFFECT_TICK"
    case .doubleClick: "EFFECT_DOUBLE_CLICK"
    case .heavyClick: "EFFECT_HEAVY_CLICK"
    case .thud: "EFFECT_THUD"
    case .pop: "EFFECT_POP"
    case .textureTick: "EFFECT_TEXTURE_TICK"
    }
  }
}

/// The composition primitives (`VibrationEffect.Composition.PRIMITIVE_*`).
package enum AndroidPrimitiveName: String, CaseIterable, Sendable {
  case click
  case tick
  case lowTick = "low_tick"
  case quickRise = "quick_rise"
  case slowRise = "slow_rise"
  case quickFall = "quick_fall"
  case spin
  case thud

  /// The `Composition` constant's name (for Kotlin output).
  package var constantName: String {
    "PRIMITIVE_" + rawValue.uppercased()
  }
}

/// `<primitive-effect name="..." scale="..." delayMs="..." delayType="...">`.
package struct AndroidPrimitive: Equatable, Sendable {
  package var name: AndroidPrimitiveName
  /// Strength 0...1 (default 1).
  package var scale: Double
  /// The delay before the primitive starts, ms (default 0); what it counts from is
  /// ``delayType``.
  package var delay_ms: Int
  /// What `delayMs` counts from (Android 16 `delayType`; default `pause`).
  package var delayType: AndroidDelayType

  package init(_ name: AndroidPrimitiveName, scale: Double = 1, delay_ms: Int = 0, delayType: AndroidDelayType = .pause)
  {
    self.name = name
    self.scale = scale
    self.delay_ms = delay_ms
    self.delayType = delayType
  }
}

/// `delayType` of a primitive (`VibrationEffect.Composition.DELAY_TYPE_*`).
package enum AndroidDelayType: String, CaseIterable, Sendable {
  /// The delay is a pause after the previous primitive ends (the default).
  case pause
  /// The delay counts from the previous primitive's start (the composition's start for
  /// the first primitive).
  case relativeStartOffset = "relative_start_offset"
}
