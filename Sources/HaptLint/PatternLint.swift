import HaptFormats
import HaptCore
import HaptPatterns
/// The structural (`PAT…`) and UX (`UX…`) lint rules, checked on a decoded pattern.
///
/// Thresholds are named constants; the rules table in Docs/Patterns.md quotes them.
/// Places name the model (`events[3]`, `parameterCurves[1]`) and the time, since a
/// rule may involve several entries.
package enum PatternLint {
  /// PAT002: a curve or step starting within this of an earlier curve's end does not cut
  /// it (10 µs, under half a sample at 48 kHz): decimal times written by converters and
  /// editors (0.42 vs 0.41999999999999998) meet exactly in intent.
  package static let timeTolerance_s = 1e-5
  /// UX001: longest pattern before it counts as long UI feedback, in seconds.
  package static let longPattern_s = 2.0
  /// UX002: longest continuous vibration at or above ``buzzIntensity`` before it fatigues.
  package static let sustainedBuzz_s = 3.0
  /// UX002: intensity from which a continuous vibration counts as a buzz.
  package static let buzzIntensity = 0.5
  /// UX003: more onsets than this within ``denseWindow_s`` blur together.
  package static let denseOnsets = 10
  package static let denseWindow_s = 0.5
  /// UX004: transients closer than this fuse (Docs/Model.md §5: about 30 ms).
  package static let fusionGap_s = 0.030
  /// UX005: intensities at or above this count as full.
  package static let fullIntensity = 0.99

  /// Every structural and UX finding for `pattern`, worded in the terms of `format`, the
  /// format the pattern was read from (``LintVocabulary``; AHAP's when nil).
  /// - Complexity: O(n log n) in the number of events, steps and curve points.
  package static func check(_ pattern: HapticPattern, file: String, format: PatternFormat? = nil) -> [LintFinding] {
    var findings: [LintFinding] = []
    func add(_ rule: LintRule, _ place: String, _ message: String) {
      findings.append(rule.finding(file: file, place: place, message))
    }
    let haptic = pattern.events.enumerated().filter { $0.element.type.isHaptic }
      .sorted { ($0.element.time_s, $0.offset) < ($1.element.time_s, $1.offset) }
    checkSomethingFelt(pattern, haptic, format: format, add)

    checkOverlappingContinuous(haptic, add)

    checkCurveOverlaps(pattern, add)

    checkTransientGaps(haptic, add)

    checkDenseBurst(haptic, add)

    checkLongPattern(pattern, add)

    checkSustainedBuzz(haptic, add)

    checkAllFullIntensity(pattern, haptic, add)
    return findings
  }

  /// A haptic event with its index in the file's events.
  typealias HapticEntry = (offset: Int, element: HapticEvent)

  static func seconds(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return "\(JSONWriter.number(rounded)) s"
  }

  static func milliseconds(_ value: Double) -> String {
    "\(JSONWriter.number((value * 10_000).rounded() / 10)) ms"
  }
}
