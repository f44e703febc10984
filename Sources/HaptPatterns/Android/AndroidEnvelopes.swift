/// `<waveform-envelope-effect [initialFrequencyHz]>`: the vibration starts at amplitude 0
/// and the initial frequency (the first control point's frequency when absent) and ramps
/// linearly to each control point's amplitude and frequency over its duration.
package struct AndroidWaveformEnvelope: Equatable, Sendable {
  /// `<control-point amplitude frequencyHz durationMs>`.
  package struct ControlPoint: Equatable, Sendable {
    /// 0...1 of the most the device can output at that frequency.
    package var amplitude: Double
    /// > 0, Hz.
    package var frequency_Hz: Double
    /// > 0, ms: how long the ramp to this point takes.
    package var duration_ms: Int

    package init(amplitude: Double, frequency_Hz: Double, duration_ms: Int) {
      self.amplitude = amplitude
      self.frequency_Hz = frequency_Hz
      self.duration_ms = duration_ms
    }
  }

  /// Hz, or nil: the first control point's frequency.
  package var initialFrequency_Hz: Double?
  package var controlPoints: [ControlPoint]

  package init(initialFrequency_Hz: Double? = nil, controlPoints: [ControlPoint]) {
    self.initialFrequency_Hz = initialFrequency_Hz
    self.controlPoints = controlPoints
  }

  /// Total length, ms.
  package var duration_ms: Int { controlPoints.reduce(0) { $0 + $1.duration_ms } }
}

/// `<basic-envelope-effect [initialSharpness]>`: the vibration starts at intensity 0 and
/// the initial sharpness (the first control point's when absent) and ramps linearly to each
/// control point's intensity and sharpness; Android requires the last intensity to be 0.
package struct AndroidBasicEnvelope: Equatable, Sendable {
  /// `<control-point intensity sharpness durationMs>`.
  package struct ControlPoint: Equatable, Sendable {
    /// 0...1, perceived strength.
    package var intensity: Double
    /// 0...1 across the device's frequency range.
    package var sharpness: Double
    /// > 0, ms.
    package var duration_ms: Int

    package init(intensity: Double, sharpness: Double, duration_ms: Int) {
      self.intensity = intensity
      self.sharpness = sharpness
      self.duration_ms = duration_ms
    }
  }

  /// 0...1, or nil: the first control point's sharpness.
  package var initialSharpness: Double?
  package var controlPoints: [ControlPoint]

  package init(initialSharpness: Double? = nil, controlPoints: [ControlPoint]) {
    self.initialSharpness = initialSharpness
    self.controlPoints = controlPoints
  }

  /// Total length, ms.
  package var duration_ms: Int { controlPoints.reduce(0) { $0 + $1.duration_ms } }
}

extension AndroidVibrationEffect {
  /// Whether this is an Android 16 envelope effect.
  package var isEnvelope: Bool {
    switch self {
    case .waveformEnvelope, .basicEnvelope: true
    default: false
    }
  }
}
