import HaptCore

/// What an Android device can play and how its driver turns amplitude into drive: the
/// inputs of ``AndroidVibration/resolved(for:)``.
///
/// The simulator builds one from a device profile (`DeviceProfile.androidPlayback`); the
/// default describes a device with a resonance-driven LRA that implements every effect and
/// primitive, plays envelopes and has amplitude control.
package struct AndroidPlayback: Equatable, Sendable {
  /// The pattern sharpness whose drive frequency is the actuator's resonance (Android LRA
  /// drivers play amplitude steps at resonance), 0...1.
  package var resonanceSharpness: Double
  /// Exponent turning amplitude/255 into pattern intensity so that the drive voltage is
  /// proportional to amplitude/255: 1/gamma of the device's intensity map.
  package var intensityExponent: Double
  /// Predefined effects the vibrator implements (`Vibrator.areEffectsSupported`).
  package var supportedEffects: Set<AndroidPredefinedEffect>
  /// Composition primitives the vibrator implements (`Vibrator.arePrimitivesSupported`).
  package var supportedPrimitives: Set<AndroidPrimitiveName>
  /// `Vibrator.hasAmplitudeControl()`: without it every non-zero amplitude plays at the
  /// default strength.
  package var hasAmplitudeControl: Bool
  /// What `amplitude="default"` means, 1...255 (AOSP's default configuration: 255).
  package var defaultAmplitude: Int
  /// How much of a repeating waveform is rendered, s (Android repeats until cancelled).
  package var repeatingRenderLength_s: Double
  /// `Vibrator.areEnvelopeEffectsSupported()` (Android 16): whether envelope effects play.
  package var supportsEnvelopes: Bool
  /// The frequencies the vibrator plays, Hz (its drive band); envelope frequencies
  /// outside it play at the nearest edge.
  package var frequencyRange_Hz: ClosedRange<Double>
  /// `Vibrator.getEnvelopeEffectInfo().getMinControlPointDurationMillis()`, ms.
  package var minEnvelopeControlPoint_ms: Int
  /// The most output acceleration across frequency, which scales basic envelopes'
  /// intensities (``AndroidFrequencyProfile``).
  package var frequencyProfile: AndroidFrequencyProfile
  /// `Vibrator.getPrimitiveDurations()`, ms, where the device states them: how long each
  /// primitive plays, and so when a composition's next primitive starts. Primitives it
  /// leaves out take hapt's own lengths (``AndroidShapes/shape(of:)``).
  package var primitiveDurations_ms: [AndroidPrimitiveName: Int] = [:]

  package init(
    resonanceSharpness: Double = 0.5, intensityExponent: Double = 1,
    supportedEffects: Set<AndroidPredefinedEffect> = Set(AndroidPredefinedEffect.allCases),
    supportedPrimitives: Set<AndroidPrimitiveName> = Set(AndroidPrimitiveName.allCases),
    hasAmplitudeControl: Bool = true, defaultAmplitude: Int = AndroidWaveformEntry.maxAmplitude,
    repeatingRenderLength_s: Double = 3, supportsEnvelopes: Bool = true,
    frequencyRange_Hz: ClosedRange<Double> = HertzPattern.defaultBand_Hz,
    minEnvelopeControlPoint_ms: Int = AndroidPlayback.defaultMinEnvelopeControlPoint_ms,
    frequencyProfile: AndroidFrequencyProfile = .reference
  ) {
    self.frequencyProfile = frequencyProfile
    self.supportsEnvelopes = supportsEnvelopes
    self.frequencyRange_Hz = frequencyRange_Hz
    self.minEnvelopeControlPoint_ms = minEnvelopeControlPoint_ms
    self.resonanceSharpness = resonanceSharpness
    self.intensityExponent = intensityExponent
    self.supportedEffects = supportedEffects
    self.supportedPrimitives = supportedPrimitives
    self.hasAmplitudeControl = hasAmplitudeControl
    self.defaultAmplitude = defaultAmplitude
    self.repeatingRenderLength_s = repeatingRenderLength_s
  }

  /// Whether the device plays `effect` as written (a `<vibration-select>` plays the first
  /// alternative for which this holds). Waveforms always play; a composition needs every
  /// primitive; a predefined effect needs the effect, or its fallback waveform.
  package func supports(_ effect: AndroidVibrationEffect) -> Bool {
    switch effect {
    case .waveform: true
    case .composition(let primitives): primitives.allSatisfy { supportedPrimitives.contains($0.name) }
    case .predefined(let name, let fallback):
      supportedEffects.contains(name) || (fallback && AndroidShapes.fallback(for: name, on: self) != nil)
    case .waveformEnvelope, .basicEnvelope: supportsEnvelopes
    case .repeating(let preamble, let repeating): (preamble.map(supports) ?? true) && supports(repeating)
    }
  }

  /// The minimum control-point duration hapt assumes when a profile gives none, ms: our
  /// choice, the time an LRA needs to follow a step (AND004); vendors publish no value.
  package static let defaultMinEnvelopeControlPoint_ms = 10
}
