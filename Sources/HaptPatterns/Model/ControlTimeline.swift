/// The value of one dynamic control over pattern time, built from the steps and curves
/// of one identifier (Docs/Model.md §1).
///
/// Every step or curve is a *segment* that starts at its first point: a step is a segment
/// of one point; a curve's points are its points sorted by time (stable). A segment
/// rules from its start until the next segment starts; before the first segment the
/// control has its default value. Within a segment the value interpolates linearly
/// between points and holds the last point's value after it. Segments that start at the
/// same time are ordered steps first, then curves, each in file order, and the last one
/// wins (so a curve beats a step at the same instant).
package struct ControlTimeline: Sendable, Equatable {
  /// The control's value where no segment rules.
  package let defaultValue: Double
  /// Values are clamped to this range (the control's range).
  package let range: ClosedRange<Double>
  /// Point times (pattern seconds), segment after segment.
  @usableFromInline let times: [Double]
  /// Point values, parallel to ``times``.
  @usableFromInline let values: [Double]
  /// Index of each segment's first point in ``times``; one more entry, `times.count`, ends
  /// the last segment.
  @usableFromInline let segmentStarts: [Int]
  /// Per point, the slope to the next point of its segment (value per second); 0 for a
  /// segment's last point and between points at the same time. Interpolation is
  /// `values[a] + (t - times[a]) * slopes[a]`, in ``value(at:)`` and ``fill(start_s:step_s:into:)`` alike.
  @usableFromInline let slopes: [Double]

  /// The timeline of control `id` in `pattern`.
  package init(_ id: DynamicParameterID, in pattern: HapticPattern) {
    defaultValue = id.defaultValue
    range = id.range
    struct Segment {
      var start: Double
      var kind: Int
      var order: Int
      var points: [(Double, Double)]
    }
    var segments: [Segment] = []
    for (i, step) in pattern.parameterSteps.enumerated()
    where step.parameterID == id && step.time_s.isFinite && step.value.isFinite {
      segments.append(Segment(start: step.time_s, kind: 0, order: i, points: [(step.time_s, step.value)]))
    }
    for (i, curve) in pattern.parameterCurves.enumerated() where curve.parameterID == id {
      let points = curve.controlPoints.enumerated()
        .map { (curve.time_s + $0.element.time_s, $0.element.value, $0.offset) }
        .filter { $0.0.isFinite && $0.1.isFinite }
        .sorted { ($0.0, $0.2) < ($1.0, $1.2) }
        .map { ($0.0, $0.1) }
      guard let first = points.first else { continue }
      segments.append(Segment(start: first.0, kind: 1, order: i, points: points))
    }
    segments.sort { ($0.start, $0.kind, $0.order) < ($1.start, $1.kind, $1.order) }
    var times: [Double] = []
    var values: [Double] = []
    var starts: [Int] = []
    for segment in segments {
      starts.append(times.count)
      for (t, v) in segment.points {
        times.append(t)
        values.append(Swift.min(Swift.max(v, range.lowerBound), range.upperBound))
      }
    }
    starts.append(times.count)
    var slopes = [Double](repeating: 0, count: times.count)
    for segment in 0..<(starts.count - 1) {
      for a in starts[segment]..<Swift.max(starts[segment + 1] - 1, starts[segment]) {
        let span = times[a + 1] - times[a]
        if span > 0 { slopes[a] = (values[a + 1] - values[a]) / span }
      }
    }
    self.times = times
    self.values = values
    self.segmentStarts = starts
    self.slopes = slopes
  }

  /// Number of segments (steps and non-empty curves).
  package var segmentCount: Int { segmentStarts.count - 1 }

  /// Whether no step or curve sets this control (it is constant at its default).
  package var isConstant: Bool { segmentCount == 0 }

  /// The control's value at pattern time `t_s`.
  /// - Complexity: O(log p) for p points.
  package func value(at t_s: Double) -> Double {
    guard segmentCount > 0, t_s >= times[0] else { return defaultValue }
    // Last segment whose start <= t.
    var low = 0
    var high = segmentCount - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if times[segmentStarts[mid]] <= t_s { low = mid } else { high = mid - 1 }
    }
    let first = segmentStarts[low]
    let end = segmentStarts[low + 1]
    // Last point in the segment whose time <= t.
    var a = first
    var b = end - 1
    while a < b {
      let mid = (a + b + 1) / 2
      if times[mid] <= t_s { a = mid } else { b = mid - 1 }
    }
    return interpolate(point: a, end: end, at: t_s)
  }

  /// The largest value the control takes on `[start_s, end_s]`.
  ///
  /// The timeline is linear between points and jumps only where a segment starts, so the
  /// largest value is at an end of the interval, at a point, or just before a point (the
  /// end of the segment a later one cuts short): all are looked at.
  /// - Complexity: O(p log p) for p points.
  package func maximum(from start_s: Double, to end_s: Double) -> Double {
    var largest = Swift.max(value(at: start_s), value(at: end_s))
    for t in times where t > start_s && t <= end_s {
      largest = Swift.max(largest, value(at: t), value(at: t.nextDown))
    }
    return largest
  }

  /// Fills `out[k]` with `value(at: start_s + Double(k) * step_s)` in one sweep.
  ///
  /// Gives the same numbers as ``value(at:)`` sample for sample. The sweep finds each
  /// run of samples between two breakpoints (point or segment starts) and fills it
  /// without per-sample searches or divisions. A step that is not positive and finite
  /// falls back to point queries.
  /// - Complexity: O(n + p) for n samples and p points.
  package func fill(start_s: Double, step_s: Double, into out: UnsafeMutableBufferPointer<Double>) {
    let n = out.count
    guard n > 0 else { return }
    guard segmentCount > 0 else {
      out.initialize(repeating: defaultValue)
      return
    }
    guard step_s > 0, step_s.isFinite, start_s.isFinite else {
      for k in 0..<n { out[k] = value(at: start_s + Double(k) * step_s) }
      return
    }
    // The same arithmetic as value(at:) and interpolate(point:end:at:), over raw buffers
    // so that the per-sample work has no bounds checks or reference counting.
    let segments = segmentCount
    let defaultValue = self.defaultValue
    guard let out = out.baseAddress else { return }
    times.withUnsafeBufferPointer { times in
      values.withUnsafeBufferPointer { values in
        slopes.withUnsafeBufferPointer { slopes in
          segmentStarts.withUnsafeBufferPointer { starts in
            var segment = -1
            var point = 0
            var end = 0
            var nextSegmentStart_s = times[starts[0]]
            var k = 0
            while k < n {
              let t = start_s + Double(k) * step_s
              if t >= nextSegmentStart_s {
                while segment + 1 < segments, times[starts[segment + 1]] <= t { segment += 1 }
                point = starts[segment]
                end = starts[segment + 1]
                nextSegmentStart_s = segment + 1 < segments ? times[starts[segment + 1]] : .infinity
              }
              if segment < 0 {
                let runEnd = ControlTimeline.firstSample(
                  atOrAfter: nextSegmentStart_s, after: k, count: n, start_s: start_s, step_s: step_s)
                (out + k).update(repeating: defaultValue, count: runEnd - k)
                k = runEnd
                continue
              }
              while point + 1 < end, times[point + 1] <= t { point += 1 }
              if point + 1 < end {
                let runEnd = ControlTimeline.firstSample(
                  atOrAfter: Swift.min(times[point + 1], nextSegmentStart_s), after: k, count: n,
                  start_s: start_s, step_s: step_s)
                let t0 = times[point]
                let v0 = values[point]
                let slope = slopes[point]
                for q in k..<runEnd { out[q] = v0 + ((start_s + Double(q) * step_s) - t0) * slope }
                k = runEnd
              } else {
                let runEnd = ControlTimeline.firstSample(
                  atOrAfter: nextSegmentStart_s, after: k, count: n, start_s: start_s, step_s: step_s)
                (out + k).update(repeating: values[point], count: runEnd - k)
                k = runEnd
              }
            }
          }
        }
      }
    }
  }

  /// The first sample index q in `k+1...n` whose time `start + q step` is at or after
  /// `boundary_s` (n if none), given that sample k's is before it. Sample times are
  /// computed exactly as the sweep computes them, so the runs split where point queries
  /// would change branch.
  @inline(__always)
  static func firstSample(
    atOrAfter boundary_s: Double, after k: Int, count n: Int, start_s: Double, step_s: Double
  ) -> Int {
    guard boundary_s < .infinity else { return n }
    let estimate = ((boundary_s - start_s) / step_s).rounded(.up)
    var q = Int(Swift.min(Swift.max(estimate, Double(k + 1)), Double(n)))
    while q > k + 1, start_s + Double(q - 1) * step_s >= boundary_s { q -= 1 }
    while q < n, start_s + Double(q) * step_s < boundary_s { q += 1 }
    return q
  }

  @inline(__always)
  private func interpolate(point a: Int, end: Int, at t: Double) -> Double {
    guard a + 1 < end else { return values[a] }
    return values[a] + (t - times[a]) * slopes[a]
  }
}
