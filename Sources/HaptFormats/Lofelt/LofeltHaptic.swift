import HaptCore
import HaptPatterns
/// Lofelt / Meta Haptics Studio `.haptic` files (version 1), mapped onto ``HapticPattern``.
///
/// A `.haptic` file holds breakpoint envelopes, all values 0...1:
/// `signals.continuous.envelopes.amplitude` (`time`, `amplitude`, optional `emphasis`
/// with `amplitude` and `frequency`) and `signals.continuous.envelopes.frequency`
/// (`time`, `frequency`).
///
/// The mapping (also in Docs/Patterns.md):
/// - one `HapticContinuous` event from the first to the last amplitude breakpoint, with
///   intensity 1 and, if there is a frequency envelope, sharpness 0 (else 0.5); an
///   envelope longer than 30 s (Core Haptics' limit per continuous event) becomes
///   consecutive events of 30 s and the remainder, which meet end to start;
/// - the amplitude envelope becomes `HapticIntensityControl` curves (a multiplier, so the
///   effective intensity is the amplitude), the frequency envelope
///   `HapticSharpnessControl` curves (an offset on sharpness 0, so the effective sharpness
///   is the frequency); long envelopes are split into consecutive curves of at most 16
///   points that share their boundary points, so the result loads in Core Haptics;
/// - each emphasis becomes a `HapticTransient` at its breakpoint with sharpness =
///   emphasis frequency minus the sharpness offset there (clamped to 0...1), so its
///   effective sharpness is the emphasis frequency. Core Haptics' intensity control
///   multiplies every event, transients included, so where the emphasis is stronger than
///   the envelope the control spikes to the emphasis amplitude for an instant (at most
///   1 ms either side) and the transient has intensity 1; elsewhere its intensity is the
///   emphasis amplitude divided by the control there. Either way its effective intensity
///   is the emphasis amplitude. Approximation: the continuous vibration follows the spike
///   too (for at most 2 ms), and it adds to the transient, as in Lofelt's own renderer.
package enum LofeltHaptic {
  /// Decodes a `.haptic` file leniently.
  ///
  /// - Returns: the mapped pattern and findings for the format's rules (at least two
  ///   amplitude points, non-decreasing times, emphasis not below the envelope, values
  ///   within 0...1, unknown or missing keys).
  /// - Throws: ``InputError`` naming `file` and the JSON path for broken input.
  package static func decode(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  )
    throws -> (pattern: HapticPattern, findings: [LintFinding])
  {
    do {
      let document = try JSONParser.parse(bytes, limits: limits.json)
      var decoder = LofeltDecoder(file: file, limits: limits)
      decoder.collector.add(leniencies: document.leniencies, rule: .hapticUnknownKey)
      let envelopes = try decoder.decodeRoot(JSONCursor(document.root))
      return (envelopes.pattern(), decoder.collector.findings)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// Decodes `.haptic` text (convenience for tests).
  package static func decode(_ text: String, file: String) throws -> (pattern: HapticPattern, findings: [LintFinding]) {
    try decode(Array(text.utf8), file: file)
  }
}

/// The envelopes of a `.haptic` file after validation.
struct LofeltEnvelopes {
  struct AmplitudePoint {
    var time_s: Double
    var amplitude: Double
    var emphasis: (amplitude: Double, frequency: Double)?
  }
  var amplitude: [AmplitudePoint] = []
  var frequency: [(time_s: Double, frequency: Double)] = []
  var metadata = PatternMetadata()

  /// The pattern the mapping gives (see ``LofeltHaptic``).
  func pattern() -> HapticPattern {
    var pattern = HapticPattern(version: 1, metadata: metadata)
    guard let first = amplitude.first, let last = amplitude.last else { return pattern }
    let start = first.time_s
    let hasFrequency = !frequency.isEmpty
    // Consecutive continuous events of at most 30 s (Core Haptics' limit per event).
    let end = Swift.max(start, last.time_s)
    var eventStart = start
    repeat {
      let eventEnd = Swift.min(eventStart + AHAP.maxContinuousDuration_s, end)
      pattern.events.append(
        .continuous(
          at: eventStart, duration_s: eventEnd - eventStart, intensity: 1,
          sharpness: hasFrequency ? 0 : HapticEvent.Defaults.sharpness))
      eventStart = eventEnd
    } while eventStart < end
    pattern.parameterCurves += ParameterCurve.chained(.hapticIntensityControl, Self.intensityPoints(amplitude))
    pattern.parameterCurves += ParameterCurve.chained(
      .hapticSharpnessControl, frequency.map { ($0.time_s, $0.frequency) })
    let controls = pattern.controls
    for point in amplitude {
      guard let emphasis = point.emphasis else { continue }
      let sharpness = Swift.min(Swift.max(emphasis.frequency - controls.sharpnessOffset(at: point.time_s), 0), 1)
      // The intensity control multiplies the transient too: divide it out, so the
      // transient's effective intensity is the emphasis amplitude.
      let multiplier = controls.intensityMultiplier(at: point.time_s)
      let intensity = multiplier > 0 ? Swift.min(emphasis.amplitude / multiplier, 1) : 0
      pattern.events.append(.transient(at: point.time_s, intensity: intensity, sharpness: sharpness))
    }
    return pattern
  }

  /// Longest half-width of the intensity-control spike under an emphasis, seconds.
  static let emphasisSpike_s = 0.001

  /// The amplitude envelope as `HapticIntensityControl` points. Where an emphasis is
  /// stronger than the envelope, the control rises to the emphasis amplitude for an
  /// instant (a spike of at most 1 ms either side, narrower if neighbouring points are
  /// closer), because the control multiplies the emphasis transient too: without it, an
  /// emphasis on a silent envelope (a common "click") would be silent.
  static func intensityPoints(_ amplitude: [AmplitudePoint]) -> [(Double, Double)] {
    var points: [(Double, Double)] = []
    for (k, point) in amplitude.enumerated() {
      guard let emphasis = point.emphasis, emphasis.amplitude > point.amplitude else {
        points.append((point.time_s, point.amplitude))
        continue
      }
      let before = k > 0 ? Swift.min(emphasisSpike_s, (point.time_s - amplitude[k - 1].time_s) / 2) : 0
      let after = k + 1 < amplitude.count ? Swift.min(emphasisSpike_s, (amplitude[k + 1].time_s - point.time_s) / 2) : 0
      if before > 0 { points.append((point.time_s - before, envelope(amplitude, at: point.time_s - before))) }
      points.append((point.time_s, emphasis.amplitude))
      if after > 0 { points.append((point.time_s + after, envelope(amplitude, at: point.time_s + after))) }
    }
    return points
  }

  /// The amplitude envelope (linear between breakpoints) at `t_s`.
  static func envelope(_ amplitude: [AmplitudePoint], at t_s: Double) -> Double {
    guard let next = amplitude.firstIndex(where: { $0.time_s >= t_s }) else { return amplitude.last?.amplitude ?? 0 }
    guard next > 0 else { return amplitude[0].amplitude }
    let a = amplitude[next - 1]
    let b = amplitude[next]
    guard b.time_s > a.time_s else { return b.amplitude }
    return a.amplitude + (b.amplitude - a.amplitude) * (t_s - a.time_s) / (b.time_s - a.time_s)
  }
}
