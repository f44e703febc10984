import HaptCore
import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptExplanation
import HaptFormats

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
    /// The original's sharpness contrast (``AndroidPort/contrastPair(_:)``) is >= 1 JND on
    /// the reference device it was designed for, and the port keeps less than half of it.
    case losesSharpnessContrast
    /// The port plays nothing on this device (or the original does not).
    case silent
  }

  /// The pattern's name.
  package var pattern: String
  /// The device's name.
  package var device: String
  /// The device the original is felt on (the iPhone-class profile by default).
  package var reference: String = DeviceProfile.defaultName
  /// The class of the alternative the device plays (`envelope`, `primitives`,
  /// `amplitude`, `on-off`), or nil when it plays none.
  package var alternative: String?
  /// d' of the port played on the device from the original played on ``reference``,
  /// JND: the port's loss and the hardware's difference together; nil when either is
  /// silent.
  package var dPrimeFromReference_JND: Double?
  /// d' of the port from the original played on the same device, JND: what the port
  /// loses against the most that hardware allows (parity; the outcome follows it); nil
  /// when either is silent.
  package var dPrime_JND: Double?
  /// What the played alternative changes, one phrase each joined by "; ".
  package var changes: String = ""
  /// The original's sharpness contrast: d' between its sharpest haptic event rendered alone
  /// at the dullest event's sharpness and at its own (``AndroidPort/contrastPair(_:)``), on
  /// the reference device the pattern was designed for (an iPhone), JND; nil when the
  /// pattern has no sharpness contrast (events within 0.3 of each other).
  package var contrastOriginal_JND: Double?
  /// The same pair of events once ported, on the Android device, JND.
  package var contrastPort_JND: Double?
  package var outcome: Outcome
  /// One plain sentence: "feels different once ported: d' 2.1 from the original on
  /// iphone-wideband-lra (plays the on-off alternative: ...)".
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

/// Evaluates AHAP-to-Android ports on simulated devices: the adaptive export
/// (``AndroidExport``) played on each device, against the original played on the iPhone.
package enum AndroidPort {
  /// The shipped profiles that stand for Android phones.
  package static let defaultDeviceNames = DeviceProfile.androidDefaultNames
  /// The shipped Android classes of the parity table (Docs/Android.md, "Parity").
  package static let classDeviceNames = [
    "pixel-flagship-lra", "android-lra-235", "android-lra-amplitude", "erm-budget-amplitude", "android-lra-onoff",
    "erm-phone",
  ]
  /// Events whose sharpness differs by at least this much make a sharpness contrast.
  package static let contrastSharpness = 0.3
  /// A contrast is lost when the port keeps less than this fraction of its d'.
  package static let keptContrastFraction = 0.5

  /// A pattern's export, with its sharpness contrast pair (``contrastPair(_:)``).
  package struct Prepared: Sendable {
    var name: String
    var pattern: HapticPattern
    var export: AndroidExport
    var contrast: (dull: HapticPattern, sharp: HapticPattern)?
  }

  /// Exports `pattern` and finds its contrast events.
  package static func prepare(
    _ pattern: HapticPattern, name: String, reference: DeviceProfile?, options: RenderOptions,
    export known: AndroidExport? = nil
  ) -> Prepared {
    let export = known ?? AndroidExport.export(pattern, reference: reference, options: options)
    return Prepared(name: name, pattern: pattern, export: export, contrast: contrastPair(pattern))
  }

  /// The port of `pattern` on `device`, compared with the original on `reference` (the
  /// iPhone-class profile by default) and on the device itself.
  ///
  /// A sharpness contrast is judged where the pattern means it: its contrast pair is
  /// compared on `reference`, the pair's ports on `device`.
  /// - Complexity: the export's renders, then three to five renders.
  package static func evaluate(
    _ pattern: HapticPattern, name: String, on device: DeviceProfile, reference: DeviceProfile? = nil,
    options: RenderOptions = RenderOptions()
  ) -> AndroidPortResult {
    let reference = reference ?? (try? DeviceProfile.load(nameOrPath: DeviceProfile.defaultName))
    return evaluate(
      prepare(pattern, name: name, reference: reference, options: options), on: device,
      reference: reference, options: options)
  }

  /// The pattern's sharpness contrast (``Prepared/contrast``) as d' on the reference, and
  /// the same two events built by the alternative the device plays, as d' on the device;
  /// nil when the pattern has none.
  static func sharpnessContrast(
    _ prepared: Prepared, played: AndroidExport.Alternative?, on device: DeviceProfile, reference: DeviceProfile,
    options: RenderOptions, memo: RenderMemo
  ) -> (original: Double, port: Double)? {
    guard let contrast = prepared.contrast else { return nil }
    let original = Distinguishability.dPrime(
      memo.features(contrast.dull, on: reference, options: options),
      memo.features(contrast.sharp, on: reference, options: options))
    // The two events as the alternative the device plays builds them.
    func ported(_ event: HapticPattern) -> HapticPattern {
      let effect = played.flatMap { AndroidExport.build($0.kind, settings: $0.settings, pattern: event) }
      return effect.map { AndroidVibration($0).resolved().pattern } ?? HapticPattern()
    }
    let port = Distinguishability.dPrime(
      memo.features(ported(contrast.dull), on: device, options: options),
      memo.features(ported(contrast.sharp), on: device, options: options))
    return (original, port)
  }

  /// - Parameter memo: the pattern's renders so far (its export's, its other devices'),
  ///   reused where the same render is needed again; nil renders afresh.
  static func evaluate(
    _ prepared: Prepared, on device: DeviceProfile, reference: DeviceProfile?, options: RenderOptions,
    memo: RenderMemo? = nil
  ) -> AndroidPortResult {
    let memo = memo ?? RenderMemo()
    let portPattern = prepared.export.vibration.resolved().pattern
    let original = memo.render(prepared.pattern, on: device, options: options)
    let port = memo.render(portPattern, on: device, options: options)
    // A pattern too large to judge is not rendered a third time for the iPhone figure.
    let judgedReference = prepared.export.judged ? reference : nil
    let referenceOriginal = judgedReference.map { memo.render(prepared.pattern, on: $0, options: options) }
    let playback = device.androidPlayback
    let played =
      device.actuator == .none
      ? nil
      : prepared.export.alternatives.first { alternative in
        prepared.export.vibration.isSelect
          ? playback.selects(alternative.effect) : playback.supports(alternative.effect)
      }
    var result = AndroidPortResult(
      pattern: prepared.name, device: device.name, dPrime_JND: nil, contrastOriginal_JND: nil, contrastPort_JND: nil,
      outcome: .silent, verdict: "")
    result.reference = reference?.name ?? DeviceProfile.defaultName
    result.alternative = played?.kind.rawValue
    let changes = changeList(prepared, played: played, device: device)
    result.changes = changes.joined(separator: "; ")
    if let reason = port.silenceReason ?? original.silenceReason ?? referenceOriginal?.silenceReason {
      result.verdict = "not felt on \(device.name): \(reason)"
      return result
    }
    let portFeatures = memo.features(portPattern, on: device, options: options)
    let originalFeatures = memo.features(prepared.pattern, on: device, options: options)
    result.dPrime_JND = Distinguishability.dPrime(originalFeatures, portFeatures)
    let parity = judgedReference.map {
      Distinguishability.dPrime(memo.features(prepared.pattern, on: $0, options: options), portFeatures)
    }
    result.dPrimeFromReference_JND = parity
    let dPrime = result.dPrime_JND!
    var iPhone = ""
    if let name = reference?.name, let parity {
      iPhone = "; \(format(parity)) from the original on \(name)"
    }
    // How the port feels against the original on this device, in the words every
    // explanation uses, before the number.
    let feel = Explanation.howItFeels(portFeatures, against: originalFeatures, "the port", against: "the original")
    let distance = "\(feel); d' \(format(dPrime)) from the original on \(device.name)\(iPhone)"
    if let reference,
      let contrast = sharpnessContrast(
        prepared, played: played, on: device, reference: reference, options: options, memo: memo)
    {
      let (originalContrast, portContrast) = contrast
      result.contrastOriginal_JND = originalContrast
      result.contrastPort_JND = portContrast
      if originalContrast >= PairVerdict.confusableBelow, portContrast < keptContrastFraction * originalContrast {
        result.outcome = .losesSharpnessContrast
        result.verdict =
          "loses the sharpness contrast: \(distance) (its sharpness contrast is d' \(format(originalContrast)) on \(reference.name), \(format(portContrast)) once ported)"
        return result
      }
    }
    if dPrime < PairVerdict.confusableBelow {
      result.outcome = .sameFeel
      result.verdict = "ports within 1 JND: d' \(format(dPrime)) from the original on \(device.name)\(iPhone)"
    } else if dPrime < 3 {
      result.outcome = .feelsDifferent
      result.verdict = "feels different once ported: \(distance)"
    } else {
      result.outcome = .feelsVeryDifferent
      result.verdict = "feels very different once ported: \(distance)"
    }
    return result
  }

  /// What the played alternative changes on `device`, one phrase each.
  static func changeList(_ prepared: Prepared, played: AndroidExport.Alternative?, device: DeviceProfile) -> [String] {
    guard let played else { return device.actuator == .none ? ["no actuator"] : ["no alternative plays"] }
    var changes = ["plays the \(played.kind.rawValue) alternative (\(played.tuning))"]
    let controls = prepared.pattern.controls
    let sharpness = prepared.pattern.hapticEvents.map { controls.effectiveSharpness(of: $0, at: $0.time_s) }
    let hasSharpness =
      sharpness.contains { abs($0 - 0.5) > 0.1 } || (sharpness.max() ?? 0) - (sharpness.min() ?? 0) > 0.05
    if played.kind != .envelope, hasSharpness { changes.append("sharpness dropped: plays at resonance") }
    if played.kind == .onOff { changes.append("no amplitude control: strength only as pulse length") }
    if device.actuator.kind?.driveWaveform == .dc {  // a motor driven by its speed: an ERM
      changes.append("an ERM spins up and down slowly: no crisp taps, no frequency choice")
    }
    return changes
  }

  /// Every pattern's port on every device, in pattern then device order.
  ///
  /// - Complexity: one export per pattern (about fifteen renders), then
  ///   ``evaluate(_:name:on:reference:options:)``'s renders per pair, run in parallel;
  ///   deterministic whatever the thread count.
  /// - Parameter exports: each pattern's export when the caller has it already (made with
  ///   the default reference and options), or nil to export here.
  package static func rows(
    patterns: [(name: String, pattern: HapticPattern)], devices: [DeviceProfile], reference: DeviceProfile? = nil,
    options: RenderOptions = RenderOptions(), threads: Int = Parallel.defaultThreadCount,
    exports: [AndroidExport?]? = nil
  ) -> [AndroidPortResult] {
    let reference = reference ?? (try? DeviceProfile.load(nameOrPath: DeviceProfile.defaultName))
    let prepared = Parallel.map(count: patterns.count, threads: threads) { index in
      prepare(
        patterns[index].pattern, name: patterns[index].name, reference: reference, options: options,
        export: exports?[index])
    }
    let pairs = prepared.flatMap { item in devices.map { (item, $0) } }
    return Parallel.map(count: pairs.count, threads: threads) { index in
      evaluate(pairs[index].0, on: pairs[index].1, reference: reference, options: options)
    }
  }

  /// The ports of a corpus's AHAP patterns on its Android profiles: those of `devices`
  /// named in ``defaultDeviceNames`` or with an `android` block, in corpus then device
  /// order. Empty when there is no such device or no AHAP pattern.
  /// `exports`, when given, has one entry per corpus entry
  /// (``DevicePlayback/exports(of:for:threads:)``), so the report exports each pattern once.
  package static func rows(
    for corpus: PatternCorpus, devices: [DeviceProfile], threads: Int = Parallel.defaultThreadCount,
    exports: [AndroidExport?]? = nil
  ) -> [AndroidPortResult] {
    let android = devices.filter { $0.platform == .android }
    let ahap = corpus.entries.indices.filter {
      URL(fileURLWithPath: corpus.entries[$0].path).pathExtension.lowercased() == "ahap"
    }
    let patterns = ahap.map { (name: corpus.entries[$0].name, pattern: corpus.entries[$0].pattern) }
    guard !android.isEmpty, !patterns.isEmpty else { return [] }
    return rows(
      patterns: patterns, devices: android, threads: threads, exports: exports.map { all in ahap.map { all[$0] } })
  }

  /// The sharpness contrast of a pattern, as two patterns that differ in sharpness alone:
  /// its sharpest haptic event alone at time 0, at the dullest event's sharpness and at its
  /// own, when the two effective sharpnesses differ by at least ``contrastSharpness``.
  /// Keeping everything else equal measures what sharpness adds, not how different the two
  /// events are in every other way (a rumble and a tap).
  package static func contrastPair(_ pattern: HapticPattern) -> (HapticPattern, HapticPattern)? {
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
    var dulled = sharp
    dulled.sharpness = dull.sharpness
    return (HapticPattern(events: [dulled]), HapticPattern(events: [sharp]))
  }

  private static func format(_ value: Double) -> String {
    DecimalText.fixed(value, decimals: 2)
  }
}
