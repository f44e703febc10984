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
    if haptic.isEmpty {
      add(.noHapticEvents, "", LintVocabulary.noHapticEvents(format))
    } else {
      // PAT005: haptic events, but none felt.
      let controls = PatternControls(pattern)
      if !haptic.contains(where: { controls.isFelt($0.element) }) {
        add(.silentPattern, "", LintVocabulary.silentPattern(format))
      }
    }

    checkOverlappingContinuous(haptic, add)

    // PAT002: a curve cut short by a later curve or step of the same control.
    checkCurveOverlaps(pattern, add)

    checkTransientGaps(haptic, add)

    checkDenseBurst(haptic, add)

    // UX001: long pattern.
    let duration = pattern.duration_s
    if duration > longPattern_s {
      add(.longUIPattern, "", "pattern lasts \(seconds(duration)); UI feedback should be about a second at most")
    }

    checkSustainedBuzz(haptic, add)

    checkAllFullIntensity(pattern, haptic, add)
    return findings
  }

  /// A haptic event with its index in the file's events.
  typealias HapticEntry = (offset: Int, element: HapticEvent)

  /// PAT001: continuous events that overlap.
  private static func checkOverlappingContinuous(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    var latestEnd: (end: Double, index: Int)?
    for (index, event) in haptic where event.type == .hapticContinuous {
      if let latest = latestEnd, event.time_s < latest.end {
        add(
          .overlappingContinuous, "events[\(index)]",
          "continuous event at \(seconds(event.time_s)) overlaps events[\(latest.index)], which runs to \(seconds(latest.end))"
        )
      }
      if event.end_s > (latestEnd?.end ?? -.infinity) { latestEnd = (event.end_s, index) }
    }
  }

  /// PAT003 and UX004: transients at the same time, and gaps between them short enough to fuse.
  private static func checkTransientGaps(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    let transients = haptic.filter { $0.element.type == .hapticTransient }
    var fusing: [(Int, Double)] = []
    for k in transients.indices.dropFirst() {
      let previous = transients[k - 1]
      let current = transients[k]
      let gap = current.element.time_s - previous.element.time_s
      if gap == 0 {
        add(
          .simultaneousTransients, "events[\(current.offset)]",
          "transient at \(seconds(current.element.time_s)) coincides with events[\(previous.offset)]")
      } else if gap < fusionGap_s {
        fusing.append((current.offset, gap))
      }
    }
    if let first = fusing.first {
      add(
        .fusingGap, "events[\(first.0)]",
        "\(fusing.count) gap(s) between transients under 30 ms (the first \(milliseconds(first.1))); they fuse into one"
      )
    }
  }

  /// UX003: more haptic onsets within half a second than a hand tells apart.
  private static func checkDenseBurst(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    let onsets = haptic.map(\.element.time_s)
    var start = 0
    for end in onsets.indices {
      while onsets[end] - onsets[start] >= denseWindow_s { start += 1 }
      if end - start + 1 > denseOnsets {
        add(
          .denseBurst, "events[\(haptic[end].offset)]",
          "\(end - start + 1) haptic onsets within 0.5 s from \(seconds(onsets[start])); they blur into a buzz")
        break
      }
    }
  }

  /// UX002: a sustained buzz (merged runs of strong continuous events).
  private static func checkSustainedBuzz(_ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void) {
    var run: (start: Double, end: Double)?
    var longest: (start: Double, length: Double)?
    for (_, event) in haptic where event.type == .hapticContinuous && event.intensity >= buzzIntensity {
      if let current = run, event.time_s <= current.end {
        run = (current.start, Swift.max(current.end, event.end_s))
      } else {
        run = (event.time_s, event.end_s)
      }
      if let current = run, current.end - current.start > (longest?.length ?? sustainedBuzz_s) {
        longest = (current.start, current.end - current.start)
      }
    }
    if let longest {
      add(
        .sustainedBuzz, "",
        "continuous vibration for \(seconds(longest.length)) from \(seconds(longest.start)); it fatigues the hand and drains the battery"
      )
    }
  }

  /// UX005: every haptic event at full intensity, with no control that lowers it.
  private static func checkAllFullIntensity(
    _ pattern: HapticPattern, _ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void
  ) {
    let controlsLower =
      pattern.parameterSteps.contains { $0.parameterID == .hapticIntensityControl && $0.value < fullIntensity }
      || pattern.parameterCurves.contains { curve in
        curve.parameterID == .hapticIntensityControl && curve.controlPoints.contains { $0.value < fullIntensity }
      }
    if haptic.count >= 2, !controlsLower, haptic.allSatisfy({ $0.element.intensity >= fullIntensity }) {
      add(.allFullIntensity, "", "all \(haptic.count) haptic events at full intensity")
    }
  }

  private static func checkCurveOverlaps(
    _ pattern: HapticPattern, _ add: (LintRule, String, String) -> Void
  ) {
    struct Span {
      var start: Double
      var end: Double
      var index: Int
      var isCurve: Bool
      var place: String { isCurve ? "parameterCurves[\(index)]" : "parameterSteps[\(index)]" }
    }
    // Group by identifier in one pass (linear even with many distinct identifiers).
    var groups: [DynamicParameterID: [Span]] = [:]
    for (i, curve) in pattern.parameterCurves.enumerated() {
      guard let start = curve.start_s, let end = curve.end_s else { continue }
      let first = curve.controlPoints.map(\.time_s).min().map { curve.time_s + $0 } ?? start
      groups[curve.parameterID, default: []].append(
        Span(start: Swift.min(start, first), end: end, index: i, isCurve: true))
    }
    for (i, step) in pattern.parameterSteps.enumerated() where groups[step.parameterID] != nil {
      groups[step.parameterID, default: []].append(
        Span(start: step.time_s, end: step.time_s, index: i, isCurve: false))
    }
    for id in groups.keys.sorted() {
      guard var spans = groups[id] else { continue }
      spans.sort { ($0.start, $0.isCurve ? 1 : 0) < ($1.start, $1.isCurve ? 1 : 0) }
      for k in spans.indices.dropFirst() {
        let previous = spans[k - 1]
        guard previous.isCurve, spans[k].start < previous.end - timeTolerance_s else { continue }
        add(
          .overlappingCurves, spans[k].place,
          "\(id.rawValue) starts at \(seconds(spans[k].start)), cutting \(previous.place) short (it runs to \(seconds(previous.end)))"
        )
      }
    }
  }

  static func seconds(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return "\(JSONWriter.number(rounded)) s"
  }

  static func milliseconds(_ value: Double) -> String {
    "\(JSONWriter.number((value * 10_000).rounded() / 10)) ms"
  }
}
