extension ParameterCurve {
  /// Consecutive curves of at most 16 points (``AHAP/maxCurveControlPoints``) sharing
  /// boundary points, through `points` (time in seconds, value).
  package static func chained(_ id: DynamicParameterID, _ points: [(Double, Double)]) -> [ParameterCurve] {
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
