import HaptCore
import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// How an AHAP pattern feels once ported to Android (``AndroidVibration/converting(_:)``),
/// on one device: its d' from the original rendered on the same device, whether a
/// sharpness contrast survives, and a plain verdict.
package struct AndroidPortResult: Sendable, Equatable {
  /// What the port verdict says, as a key.
  package enum Outcome: String, Sendable, CaseIterable {
    /// d' below 1 JND: people would not notice the port.
    case sameFeel
    /// 1 <= d' < 3 JND.
    case feelsDifferent
    /// d' >= 3 JND.
    case feelsVeryDifferent
    /// The original's sharpest and dullest events differ by >= 1 JND on the reference
    /// device it was designed for, and the port keeps less than half of that difference.
    case losesSharpnessContrast
    /// The port plays nothing on this device (or the original does not).
    case silent
  }

  /// The pattern's name.
  package var pattern: String
  /// The device's name.
  package var device: String
  /// d' of the port from the original on the device, JND; nil when either is silent.
  package var dPrime_JND: Double?
  /// d' between the original's sharpest and dullest haptic event rendered alone on the
  /// reference device the pattern was designed for (an iPhone), JND; nil when the
  /// pattern has no sharpness contrast (events within 0.3 of each other).
  package var contrastOriginal_JND: Double?
  /// The same pair of events once ported, on the Android device, JND.
  package var contrastPort_JND: Double?
  package var outcome: Outcome
  /// One plain sentence: "loses the sharpness contrast: d' 2.1 from the original".
  package var verdict: String

  package init(
    pattern: String, device: String, dPrime_JND: Double?, contrastOriginal_JND: Double?, contrastPort_JND: Double?,
    outcome: Outcome, verdict: String
  ) {
    self.pattern = pattern
    self.device = device
    self.dPrime_JND = dPrime_JND
    self.contrastOriginal_JND = contrastOriginal_JND
    self.contrastPort_JND = contrastPort_JND
    self.outcome = outcome
    self.verdict = verdict
  }
}

/// Evaluates AHAP-to-Android ports on simulated devices.
package enum AndroidPort {
  /// The shipped profiles that stand for Android phones.
  package static let defaultDeviceNames = ["android-lra-235", "erm-phone"]
  /// Events whose sharpness differs by at least this much make a sharpness contrast.
  package static let contrastSharpness = 0.3
  /// A contrast is lost when the port keeps less than this fraction of its d'.
  package static let keptContrastFraction = 0.5

  /// The port of `pattern` on `device`, compared with the original on the same device.
  ///
  /// A sharpness contrast is judged where the pattern means it: its dullest and sharpest
  /// events are compared on `reference` (the iPhone-class profile by default), their ports
  /// on `device`.
  /// - Complexity: two to six renders of the pattern or its events and their features.
  package static func evaluate(
    _ pattern: HapticPattern, name: String, on device: DeviceProfile, reference: DeviceProfile? = nil,
    options: RenderOptions = RenderOptions()
  ) -> AndroidPortResult {
    let renderer = Renderer(device: device)
    let ported = portPattern(pattern)
    let original = renderer.render(pattern, options: options)
    let port = renderer.render(ported, options: options)
    var result = AndroidPortResult(
      pattern: name, device: device.name, dPrime_JND: nil, contrastOriginal_JND: nil, contrastPort_JND: nil,
      outcome: .silent, verdict: "")
    if let reason = port.silenceReason ?? original.silenceReason {
      result.verdict = "not felt on \(device.name): \(reason)"
      return result
    }
    let dPrime = Distinguishability.dPrime(features(original), features(port))
    result.dPrime_JND = dPrime
    let distance = "d' \(format(dPrime)) from the original"
    if let (dull, sharp) = contrastPair(pattern),
      let referenceRenderer = (reference ?? (try? DeviceProfile.load(nameOrPath: DeviceProfile.defaultName))).map(
        Renderer.init)
    {
      let originalContrast = Distinguishability.dPrime(
        features(referenceRenderer.render(dull, options: options)),
        features(referenceRenderer.render(sharp, options: options)))
      let portContrast = Distinguishability.dPrime(
        features(renderer.render(portPattern(dull), options: options)),
        features(renderer.render(portPattern(sharp), options: options)))
      result.contrastOriginal_JND = originalContrast
      result.contrastPort_JND = portContrast
      if originalContrast >= PairVerdict.confusableBelow, portContrast < keptContrastFraction * originalContrast {
        result.outcome = .losesSharpnessContrast
        result.verdict =
          "loses the sharpness contrast: \(distance) (its sharpest and dullest events differ by d' \(format(originalContrast)) on \(referenceRenderer.device.name), once ported by \(format(portContrast)))"
        return result
      }
    }
    if dPrime < PairVerdict.confusableBelow {
      result.outcome = .sameFeel
      result.verdict = "ports within 1 JND: \(distance)"
    } else if dPrime < 3 {
      result.outcome = .feelsDifferent
      result.verdict = "feels different once ported: \(distance)"
    } else {
      result.outcome = .feelsVeryDifferent
      result.verdict = "feels very different once ported: \(distance)"
    }
    return result
  }

  /// Every pattern's port on every device, in pattern then device order.
  ///
  /// - Complexity: ``evaluate(_:name:on:options:)`` per pair, run in parallel;
  ///   deterministic whatever the thread count.
  package static func rows(
    patterns: [(name: String, pattern: HapticPattern)], devices: [DeviceProfile], reference: DeviceProfile? = nil,
    options: RenderOptions = RenderOptions(), threads: Int = Parallel.defaultThreadCount
  ) -> [AndroidPortResult] {
    let pairs = patterns.flatMap { item in devices.map { (item.name, item.pattern, $0) } }
    let reference = reference ?? (try? DeviceProfile.load(nameOrPath: DeviceProfile.defaultName))
    return Parallel.map(count: pairs.count, threads: threads) { index in
      evaluate(pairs[index].1, name: pairs[index].0, on: pairs[index].2, reference: reference, options: options)
    }
  }

  /// The ports of a corpus's AHAP patterns on its Android profiles: those of `devices`
  /// named in ``defaultDeviceNames`` or with an `android` block, in corpus then device
  /// order. Empty when there is no such device or no AHAP pattern.
  package static func rows(
    for corpus: PatternCorpus, devices: [DeviceProfile], threads: Int = Parallel.defaultThreadCount
  ) -> [AndroidPortResult] {
    let android = devices.filter { defaultDeviceNames.contains($0.name) || $0.android != nil }
    let patterns = corpus.entries.filter { URL(fileURLWithPath: $0.path).pathExtension.lowercased() == "ahap" }
      .map { (name: $0.name, pattern: $0.pattern) }
    guard !android.isEmpty, !patterns.isEmpty else { return [] }
    return rows(patterns: patterns, devices: android, threads: threads)
  }

  /// The port as the devices play it: the converted vibration, resolved per device.
  static func portPattern(_ pattern: HapticPattern) -> HapticPattern {
    AndroidVibration.converting(pattern).vibration.resolved().pattern
  }

  /// The dullest and sharpest haptic events, each alone at time 0, when their effective
  /// sharpness differs by at least ``contrastSharpness``.
  static func contrastPair(_ pattern: HapticPattern) -> (HapticPattern, HapticPattern)? {
    let controls = pattern.controls
    let events = pattern.hapticEvents.map { event in
      var alone = event
      alone.sharpness = controls.effectiveSharpness(of: event, at: event.time_s)
      alone.intensity = controls.effectiveIntensity(of: event, at: event.time_s)
      alone.time_s = 0
      return alone
    }
    guard let dull = events.min(by: { $0.sharpness < $1.sharpness }),
      let sharp = events.max(by: { $0.sharpness < $1.sharpness }),
      sharp.sharpness - dull.sharpness >= contrastSharpness
    else { return nil }
    return (HapticPattern(events: [dull]), HapticPattern(events: [sharp]))
  }

  private static func features(_ rendering: Rendering) -> PerceptualFeatures {
    var signal = rendering.acceleration_g
    if signal.sampleRate_Hz != SignalSource.metricRate_Hz {
      signal = Resampler.resample(signal, to: SignalSource.metricRate_Hz)
    }
    return PerceptualFeatures(signal)
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
