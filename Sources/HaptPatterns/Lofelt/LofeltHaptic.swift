import HaptCore
/// Lofelt / Meta Haptics Studio `.haptic` files (version 1), mapped onto ``HapticPattern``.
///
/// A `.haptic` file holds breakpoint envelopes, all values 0...1:
/// `signals.continuous.envelopes.amplitude` (`time`, `amplitude`, optional `emphasis`
/// with `amplitude` and `frequency`) and `signals.continuous.envelopes.frequency`
/// (`time`, `frequency`).
///
/// The mapping (also in Docs/Patterns.md):
/// - one `HapticContinuous` event from the first to the last amplitude breakpoint, with
///   intensity 1 and, if there is a frequency envelope, sharpness 0 (else 0.5);
/// - the amplitude envelope becomes `HapticIntensityControl` curves (a multiplier, so the
///   effective intensity is the amplitude), the frequency envelope
///   `HapticSharpnessControl` curves (an offset on sharpness 0, so the effective sharpness
///   is the frequency); long envelopes are split into consecutive curves of at most 16
///   points that share their boundary points, so the result loads in Core Haptics;
/// - each emphasis becomes a `HapticTransient` at its breakpoint with intensity =
///   emphasis amplitude and sharpness = emphasis frequency minus the sharpness offset
///   there (clamped to 0...1), so its effective sharpness is the emphasis frequency.
///   Approximation: Core Haptics' intensity control multiplies every event, so the
///   transient plays at emphasis amplitude times the envelope amplitude at that time (no
///   AHAP value can undo a multiplier below 1); the continuous vibration underneath adds
///   to it, as in Lofelt's own renderer.
public enum LofeltHaptic {
  /// Decodes a `.haptic` file leniently.
  ///
  /// - Returns: the mapped pattern and findings for the format's rules (at least two
  ///   amplitude points, non-decreasing times, emphasis not below the envelope, values
  ///   within 0...1, unknown or missing keys).
  /// - Throws: ``InputError`` naming `file` and the JSON path for broken input.
  public static func decode(_ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits())
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
  public static func decode(_ text: String, file: String) throws -> (pattern: HapticPattern, findings: [LintFinding]) {
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
    pattern.events.append(
      .continuous(
        at: start, duration_s: Swift.max(0, last.time_s - start), intensity: 1,
        sharpness: hasFrequency ? 0 : HapticEvent.Defaults.sharpness))
    pattern.parameterCurves += Self.curves(.hapticIntensityControl, amplitude.map { ($0.time_s, $0.amplitude) })
    pattern.parameterCurves += Self.curves(.hapticSharpnessControl, frequency.map { ($0.time_s, $0.frequency) })
    let controls = pattern.controls
    for point in amplitude {
      guard let emphasis = point.emphasis else { continue }
      let sharpness = Swift.min(Swift.max(emphasis.frequency - controls.sharpnessOffset(at: point.time_s), 0), 1)
      pattern.events.append(.transient(at: point.time_s, intensity: emphasis.amplitude, sharpness: sharpness))
    }
    return pattern
  }

  /// Consecutive curves of at most 16 points sharing boundary points.
  static func curves(_ id: DynamicParameterID, _ points: [(Double, Double)]) -> [ParameterCurve] {
    guard !points.isEmpty else { return [] }
    let size = AHAP.maxCurveControlPoints
    var result: [ParameterCurve] = []
    var index = 0
    while index < points.count {
      let end = Swift.min(index + size, points.count)
      let base = points[index].0
      result.append(
        ParameterCurve(
          parameterID: id, time_s: base,
          controlPoints: points[index..<end].map { .init(time_s: $0.0 - base, value: $0.1) }))
      if end == points.count { break }
      index = end - 1  // share the boundary point
    }
    return result
  }
}
