import HaptCore

/// A vibrator's most output acceleration across frequency (Android's
/// `VibratorInfo.FrequencyProfile`, the HAL's `getFrequencyToOutputAccelerationMap`), and
/// what it makes of a basic envelope's intensity.
///
/// Android 16 plays a `<basic-envelope-effect>` by turning each control point's intensity
/// into a sensation level, linear in dB: intensity x the vibrator's largest sensation level
/// over its frequencies (AOSP `BasicToPwleSegmentAdapter`, `convertIntensityToAmplitude`).
/// The amplitude it drives is that level's acceleration over the most the vibrator outputs
/// at the point's frequency, at most 1, and the driver ramps amplitude linearly between
/// points. Intensity 0.5 on a vibrator that reaches 26 dB above threshold is therefore 13 dB
/// above threshold, about a fifth of full amplitude, not a half. Sensation levels use
/// ``DetectionThreshold`` (Android's minimum perceptible curve).
package struct AndroidFrequencyProfile: Hashable, Sendable {
  /// Table frequencies, Hz, strictly increasing.
  package private(set) var frequencies_Hz: [Double]
  /// The acceleration amplitude 1 gives at each table frequency, g (> 0).
  package private(set) var outputAccelerations_g: [Double]
  /// The largest sensation level over the table, dB above the detection threshold: what
  /// intensity 1 means.
  package private(set) var maxSensationLevel_dB: Double

  /// A table of (frequency in Hz, most output acceleration in g); nil when it is empty,
  /// its frequencies do not increase, or an acceleration is not positive and finite.
  package init?(frequencies_Hz: [Double], outputAccelerations_g: [Double]) {
    guard !frequencies_Hz.isEmpty, frequencies_Hz.count == outputAccelerations_g.count,
      zip(frequencies_Hz, frequencies_Hz.dropFirst()).allSatisfy({ $0 < $1 }),
      outputAccelerations_g.allSatisfy({ $0.isFinite && $0 > 0 }), frequencies_Hz.allSatisfy(\.isFinite)
    else { return nil }
    self.frequencies_Hz = frequencies_Hz
    self.outputAccelerations_g = outputAccelerations_g
    maxSensationLevel_dB =
      zip(frequencies_Hz, outputAccelerations_g).map { f, a in
        20 * log10(a) - DetectionThreshold.threshold_dB(at: f)
      }.max() ?? 0
  }

  /// The most output acceleration at `frequency_Hz`, g: linear between table points, the
  /// end values held outside them.
  package func outputAcceleration_g(at frequency_Hz: Double) -> Double {
    let f = frequencies_Hz
    let a = outputAccelerations_g
    guard frequency_Hz > f[0] else { return a[0] }
    guard frequency_Hz < f[f.count - 1] else { return a[a.count - 1] }
    var upper = 1
    while f[upper] < frequency_Hz { upper += 1 }
    let w = (frequency_Hz - f[upper - 1]) / (f[upper] - f[upper - 1])
    return a[upper - 1] + w * (a[upper] - a[upper - 1])
  }

  /// The amplitude (0...1 of the most at that frequency) Android drives for a basic
  /// envelope's `intensity` (0...1) at `frequency_Hz`: 0 for intensity 0, else the
  /// acceleration `intensity x maxSensationLevel_dB` above threshold over the most output,
  /// at most 1.
  package func amplitude(forIntensity intensity: Double, at frequency_Hz: Double) -> Double {
    guard intensity > 0 else { return 0 }
    let level_dB = Swift.min(intensity, 1) * maxSensationLevel_dB + DetectionThreshold.threshold_dB(at: frequency_Hz)
    return Swift.min(1, pow(10, level_dB / 20) / outputAcceleration_g(at: frequency_Hz))
  }

  /// The basic envelope intensity that drives `amplitude` (0...1 of the most at that
  /// frequency) at `frequency_Hz`: the inverse of ``amplitude(forIntensity:at:)``, 0 for
  /// amplitude 0, otherwise clamped to 0.001...1 (an amplitude below the detection
  /// threshold gets the least intensity that is not off).
  package func intensity(forAmplitude amplitude: Double, at frequency_Hz: Double) -> Double {
    guard amplitude > 0, maxSensationLevel_dB > 0 else { return 0 }
    let level_dB =
      20 * log10(Swift.min(amplitude, 1) * outputAcceleration_g(at: frequency_Hz))
      - DetectionThreshold.threshold_dB(at: frequency_Hz)
    return Swift.min(Swift.max(level_dB / maxSensationLevel_dB, 0.001), 1)
  }

  /// The `pixel-flagship-lra` profile's table (its actuator's steady acceleration at
  /// intensity 1 through its equalising driver, 63-293 Hz every 10 Hz and at 300 Hz; a
  /// test checks it against the profile): what a device without a profile of its own is
  /// taken to output. Flat at 0.81 g around the 145 Hz resonance, where the driver's
  /// rated level limits it; below and above, its voltage cap.
  package static let reference = AndroidFrequencyProfile(
    frequencies_Hz: stride(from: 63.0, through: 293, by: 10).map { $0 } + [300],
    outputAccelerations_g: [
      0.0843, 0.1229, 0.1761, 0.252, 0.3656, 0.55, 0.8116, 0.8116, 0.8116, 0.8116, 0.8116, 0.8116, 0.8116,
      0.8116, 0.7339, 0.6715, 0.6252, 0.5897, 0.5615, 0.5388, 0.52, 0.5044, 0.4911, 0.4798, 0.4728,
    ])!
}
