import Foundation
import HaptCore
import Testing

import HaptMetrics
import HaptPatterns
import HaptFormats
import HaptSignals
import HaptSimulation
import HaptEvaluation

/// Android semantics in the simulation, measured on the rendered acceleration.
@Suite struct AndroidRenderingTests {
  static func vibration(_ xml: String) throws -> HapticPattern {
    try AndroidVibration.decode(xml, file: "test.xml").vibration.resolved().pattern
  }

  static let twoTaps = """
    <vibration-effect><waveform-effect>
      <waveform-entry durationMs="12" amplitude="255"/>
      <waveform-entry durationMs="250" amplitude="0"/>
      <waveform-entry durationMs="12" amplitude="255"/>
    </waveform-effect></vibration-effect>
    """

  /// Detect times (s from the trigger) of the parts of a signal split at `splits_s`.
  static func detectTimes(_ signal: Signal, splits_s: [Double]) -> [Double?] {
    let edges = [0] + splits_s.map { Int($0 * signal.sampleRate_Hz) } + [signal.count]
    return zip(edges, edges.dropFirst()).map { start, end in
      let part = Signal(samples: Array(signal.samples[start..<end]), sampleRate_Hz: signal.sampleRate_Hz)
      return EnvelopeMarkers.measure(part, driveEnd_s: nil).detect_s.map { $0 + Double(start) / signal.sampleRate_Hz }
    }
  }

  /// Seconds for which the envelope is at or above the detection threshold.
  static func feltDuration_s(_ signal: Signal) -> Double {
    guard let frequency = Spectra.dominantFrequency_Hz(signal) else { return 0 }
    let threshold = DetectionThreshold.threshold_g(at: frequency)
    let envelope = EnvelopeMarkers.causalEnvelope(signal)
    return Double(envelope.filter { $0 >= threshold }.count) / signal.sampleRate_Hz
  }

  @Test func twoTapsAre262msApartOnTheAndroidLRA() throws {
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let rendering = Renderer(device: device).render(try Self.vibration(Self.twoTaps))
    let detects = Self.detectTimes(rendering.acceleration_g, splits_s: [rendering.latency_s + 0.131])
    let first = try #require(detects[0])
    let second = try #require(detects[1])
    #expect(abs((second - first) - 0.262) <= 0.002, "apart \((second - first) * 1000) ms")
    // Driven at the LRA's resonance.
    let frequency = try #require(Spectra.dominantFrequency_Hz(rendering.acceleration_g))
    #expect(abs(frequency - 235) < 20, "\(frequency) Hz")
  }

  /// Android 16 turns a basic envelope's intensity into a sensation level, linear in dB
  /// (AOSP BasicToPwleSegmentAdapter): on the flagship, intensity 0.5 plays half its largest
  /// sensation level, not half its amplitude.
  @Test func basicEnvelopeIntensityIsASensationLevel() throws {
    let device = try DeviceProfile.load(nameOrPath: "pixel-flagship-lra")
    let table = try #require(device.frequencyProfile)
    // The reference table a device without a profile of its own uses is this profile's.
    for frequency in stride(from: 63.0, through: 300, by: 1) {
      let own = table.outputAcceleration_g(at: frequency)
      let reference = AndroidFrequencyProfile.reference.outputAcceleration_g(at: frequency)
      #expect(abs(own - reference) < 1e-3, "\(frequency) Hz: \(own) g, reference \(reference) g")
    }
    // A 400 ms hold at 150 Hz (sharpness (150 - 63) / 237) at intensity 1 and at 0.5.
    func steady_g(_ intensity: Double) throws -> Double {
      let s = (150.0 - 63) / 237
      let xml = """
        <vibration-effect><basic-envelope-effect initialSharpness="\(s)">
          <control-point intensity="\(intensity)" sharpness="\(s)" durationMs="20"/>
          <control-point intensity="\(intensity)" sharpness="\(s)" durationMs="400"/>
          <control-point intensity="0" sharpness="\(s)" durationMs="20"/>
        </basic-envelope-effect></vibration-effect>
        """
      let rendering = Renderer(device: device).render(try Self.vibration(xml))
      let signal = rendering.acceleration_g
      let start = Int((rendering.latency_s + 0.3) * signal.sampleRate_Hz)
      return signal.samples[start..<(start + 400)].map(abs).max() ?? 0
    }
    let full = try steady_g(1)
    let half = try steady_g(0.5)
    // Intensity 0.5 is felt at half the largest sensation level, and intensity 1 (at most
    // the vibrator's output) near the largest.
    let halfLevel_dB = DetectionThreshold.sensationLevel_dB(amplitude_g: half, frequency_Hz: 150)
    #expect(abs(halfLevel_dB - table.maxSensationLevel_dB / 2) < 0.3, "half \(half) g: \(halfLevel_dB) dB SL")
    let fullLevel_dB = DetectionThreshold.sensationLevel_dB(amplitude_g: full, frequency_Hz: 150)
    #expect(abs(fullLevel_dB - table.maxSensationLevel_dB) < 0.5, "full \(full) g: \(fullLevel_dB) dB SL")
    let expected_dB = 20 * log10(half / full)
    #expect(expected_dB < -10, "a half intensity is well under half amplitude (-6 dB): \(expected_dB) dB")
  }

  /// A profile that states its primitives' durations (`Vibrator.getPrimitiveDurations`;
  /// the Pixel class, from Google's HAL) plays them for that long, and a composition's
  /// next primitive waits for them; a profile that states none plays hapt's own lengths.
  @Test func statedPrimitiveDurationsSetTheBurstAndTheCompositionTiming() throws {
    let composition = AndroidVibration(
      .composition([
        AndroidPrimitive(.thud, scale: 1, delay_ms: 0), AndroidPrimitive(.click, scale: 1, delay_ms: 0),
        AndroidPrimitive(.click, scale: 1, delay_ms: 0),
      ]))
    func events(on name: String) throws -> [HapticEvent] {
      composition.resolved(for: try DeviceProfile.load(nameOrPath: name).androidPlayback).pattern.events
    }
    // The Pixel class: thud 300 ms, click 12 ms.
    let pixel = try events(on: "pixel-flagship-lra")
    #expect(pixel.count == 3)
    #expect(abs(pixel[0].duration_s - 0.3) < 1e-9, "\(pixel[0])")
    #expect(abs(pixel[1].time_s - 0.3) < 1e-9 && abs(pixel[2].time_s - 0.312) < 1e-9, "\(pixel.map(\.time_s))")
    // A profile without stated durations: hapt's own thud (40 ms) and click (10 ms).
    let other = try events(on: "android-lra-235")
    #expect(abs(other[0].duration_s - 0.04) < 1e-9, "\(other[0])")
    #expect(abs(other[1].time_s - 0.04) < 1e-9 && abs(other[2].time_s - 0.05) < 1e-9, "\(other.map(\.time_s))")
  }

  @Test func amplitudeScalesTheDriveLinearly() throws {
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    func peakDrive(_ amplitude: Int) throws -> Double {
      let xml =
        "<vibration-effect><waveform-effect><waveform-entry durationMs=\"100\" amplitude=\"\(amplitude)\"/></waveform-effect></vibration-effect>"
      let rendering = Renderer(device: device).render(try Self.vibration(xml))
      // The plateau after the overdrive half cycle.
      let start = Int((rendering.latency_s + 0.05) * 8000)
      return rendering.drive_V.samples[start..<(start + 200)].map(abs).max() ?? 0
    }
    let full = try peakDrive(255)
    let half = try peakDrive(128)
    #expect(abs(full - device.drive.ratedVoltage_V) < 0.01)
    #expect(abs(half / full - 128.0 / 255) < 0.01)
  }

  @Test func predefinedClickIsFeltForLessThan30ms() throws {
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let click = try Self.vibration("<vibration-effect><predefined-effect name=\"click\"/></vibration-effect>")
    let rendering = Renderer(device: device).render(click)
    let felt = Self.feltDuration_s(rendering.acceleration_g)
    #expect(felt > 0.002 && felt < 0.030, "felt \(felt * 1000) ms")
    #expect(rendering.notes.isEmpty)
  }

  @Test func ermRendersTheWaveformWithItsSlowerOnset() throws {
    let lra = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let erm = try DeviceProfile.load(nameOrPath: "erm-phone")
    let pattern = try Self.vibration(Self.twoTaps)
    let onLRA = Renderer(device: lra).render(pattern)
    let onERM = Renderer(device: erm).render(pattern)
    // A 12 ms tap reaches a much smaller part of the actuator's steady level on the ERM,
    // which spins up over tens of milliseconds, than on the LRA.
    func reachedFraction(_ device: DeviceProfile, _ tap: Rendering) throws -> Double {
      let long =
        "<vibration-effect><waveform-effect><waveform-entry durationMs=\"600\" amplitude=\"255\"/></waveform-effect></vibration-effect>"
      let steady = Renderer(device: device).render(try Self.vibration(long))
      let tapPeak = EnvelopeMarkers.measure(tap.acceleration_g, driveEnd_s: nil).peak_g
      return tapPeak / EnvelopeMarkers.measure(steady.acceleration_g, driveEnd_s: nil).peak_g
    }
    let lraFraction = try reachedFraction(lra, onLRA)
    let ermFraction = try reachedFraction(erm, onERM)
    #expect(lraFraction > 0.5 && ermFraction < 0.5 * lraFraction, "LRA \(lraFraction), ERM \(ermFraction) of steady")
    let lraDetect = try #require(Self.detectTimes(onLRA.acceleration_g, splits_s: [])[0]) - onLRA.latency_s
    let ermDetect = try #require(Self.detectTimes(onERM.acceleration_g, splits_s: [])[0]) - onERM.latency_s
    #expect(ermDetect > lraDetect, "ERM felt \(ermDetect * 1000) ms, LRA \(lraDetect * 1000) ms after the drive starts")
    #expect(onERM.silenceReason == nil)
  }

  @Test func fallbacksAndUnsupportedPrimitives() throws {
    let erm = try DeviceProfile.load(nameOrPath: "erm-phone")
    // Double click on a device without effects: the platform's fallback {0, 30, 100, 30}.
    let doubleClick = try Self.vibration(
      "<vibration-effect><predefined-effect name=\"double_click\"/></vibration-effect>")
    let resolved = erm.androidPlayback
    let played = doubleClick.android!.resolved(for: resolved)
    #expect(played.pattern.hapticEvents.map(\.time_s) == [0, 0.13])
    #expect(played.pattern.hapticEvents.map(\.duration_s) == [0.03, 0.03])
    let rendering = Renderer(device: erm).render(doubleClick)
    #expect(rendering.silenceReason == nil)
    #expect(rendering.notes.contains { $0.contains("fallback") })
    // A composition on a device without primitives is not played.
    let spin = try Self.vibration("<vibration-effect><primitive-effect name=\"spin\"/></vibration-effect>")
    let silent = Renderer(device: erm).render(spin)
    #expect(silent.silenceReason?.description.contains("spin") == true)
    #expect(silent.acceleration_g.samples.allSatisfy { $0 == 0 })
    // ...while the LRA plays it.
    let lra = try DeviceProfile.load(nameOrPath: "android-lra-235")
    #expect(Renderer(device: lra).render(spin).acceleration_g.samples.contains { $0 != 0 })
    // Thud has no fallback.
    let thud = try Self.vibration("<vibration-effect><predefined-effect name=\"thud\"/></vibration-effect>")
    #expect(Renderer(device: erm).render(thud).silenceReason != nil)
  }

  @Test func selectPlaysTheFirstSupportedAlternative() throws {
    let xml = """
      <vibration-select>
        <vibration-effect><primitive-effect name="slow_rise"/></vibration-effect>
        <vibration-effect><waveform-effect><waveform-entry durationMs="40" amplitude="200"/></waveform-effect></vibration-effect>
        <vibration-effect><waveform-effect><waveform-entry durationMs="30" amplitude="255"/></waveform-effect></vibration-effect>
      </vibration-select>
      """
    let pattern = try Self.vibration(xml)
    let erm = try DeviceProfile.load(nameOrPath: "erm-phone")
    let lra = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let budget = try DeviceProfile.load(nameOrPath: "erm-budget-amplitude")
    #expect(pattern.android!.resolved(for: lra.androidPlayback).pattern.hapticEvents.first?.duration_s == 0.5)
    // Amplitude 200 needs amplitude control: the ERM without it plays the full-strength
    // alternative (AOSP resolves a selection with areVibrationFeaturesSupported)...
    #expect(pattern.android!.resolved(for: erm.androidPlayback).pattern.hapticEvents.first?.duration_s == 0.03)
    // ...the budget ERM with amplitude control the amplitude waveform.
    #expect(pattern.android!.resolved(for: budget.androidPlayback).pattern.hapticEvents.first?.duration_s == 0.04)
    // Outside a selection the waveform plays anyway, every level at the default strength.
    let single = try Self.vibration(
      "<vibration-effect><waveform-effect><waveform-entry durationMs=\"40\" amplitude=\"200\"/></waveform-effect></vibration-effect>"
    )
    #expect(single.android!.resolved(for: erm.androidPlayback).pattern.hapticEvents.first?.duration_s == 0.04)
  }

  @Test func repeatingWaveformRendersABoundedLengthWithANote() throws {
    let xml = """
      <vibration-effect><waveform-effect><repeating>
        <waveform-entry durationMs="100" amplitude="255"/>
        <waveform-entry durationMs="400" amplitude="0"/>
      </repeating></waveform-effect></vibration-effect>
      """
    let device = try DeviceProfile.load(nameOrPath: "android-lra-235")
    let rendering = Renderer(device: device).render(try Self.vibration(xml))
    #expect(rendering.notes.contains { $0.contains("repeats until the app cancels") })
    let pattern = try Self.vibration(xml)
    #expect(pattern.hapticEvents.count == 6)
    #expect(rendering.acceleration_g.duration_s < 3.5)
  }

  @Test func profileAndroidBlockOverridesTheDefaults() throws {
    var profile = try DeviceProfile.load(nameOrPath: "android-lra-235")
    profile.android = AndroidCapabilities(supportedPrimitives: [.click], hasAmplitudeControl: false)
    let decoded = try DeviceProfile(jsonBytes: Array(profile.jsonText().utf8), file: "p.json")
    #expect(decoded == profile)
    #expect(decoded.androidPlayback.supportedPrimitives == [.click])
    #expect(decoded.androidPlayback.supportedEffects.count == AndroidPredefinedEffect.allCases.count)
    #expect(!decoded.androidPlayback.hasAmplitudeControl)
    // Shipped profiles without the block keep their canonical JSON.
    #expect(!(try DeviceProfile.load(nameOrPath: "android-lra-235").jsonText().contains("android\":")))
  }
}
