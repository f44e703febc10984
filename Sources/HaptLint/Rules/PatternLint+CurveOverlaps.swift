import HaptCore
import HaptPatterns

extension PatternLint {
  /// PAT002: a curve or step of a control starting before an earlier curve of the same
  /// control ends (beyond ``timeTolerance_s``) cuts that curve short.
  static func checkCurveOverlaps(
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
}
