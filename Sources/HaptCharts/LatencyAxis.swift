import Foundation

/// The x axis of a ``LatencyChart``: linear from 0 when the latencies stay near the
/// budgets, otherwise broken: linear from 0 to ``breakAt_ms`` (about twice the warn budget)
/// over the first ``linearShare`` of the plot, so the budget region keeps its width, and
/// logarithmic from there to ``upper_ms``, so a 1.5 s outlier and 200 ms cold starts stay
/// on the chart without squeezing the budgets to the left edge.
package struct LatencyAxis {
  /// Share of the plot width given to the linear part of a broken axis.
  package static let linearShare = 0.5

  /// The end of the axis, ms.
  package let upper_ms: Double
  /// Where the linear part ends and the logarithmic part begins, ms; nil: all linear.
  package let breakAt_ms: Double?
  package let left: Double
  package let right: Double

  /// The axis for `latencies_ms` against the budgets, drawn from `left` to `right`.
  ///
  /// Linear when the longest latency is at most 3 times the larger budget; otherwise
  /// broken at the round value (1, 2 or 5 times a power of ten) at or above twice the
  /// larger budget, with the logarithmic part ending at the next value of the 1-2-5
  /// series above the longest latency.
  package init(latencies_ms: [Double], pass_ms: Double, warn_ms: Double, left: Double, right: Double) {
    self.left = left
    self.right = right
    let finite = latencies_ms.filter { $0.isFinite && $0 >= 0 }
    let budgetTop = max([pass_ms, warn_ms].filter { $0.isFinite && $0 >= 0 }.max() ?? 0, 1)
    let longest = finite.max() ?? 0
    if longest <= 3 * budgetTop {
      breakAt_ms = nil
      upper_ms = LinearScale.niceDomain(0, max(longest, budgetTop) * 1.08, count: 8).1
    } else {
      let breakAt = LatencyAxis.series(atLeast: 2 * budgetTop)
      breakAt_ms = breakAt
      upper_ms = LatencyAxis.series(atLeast: max(longest * 1.05, breakAt * 2))
    }
  }

  /// The smallest value of the 1-2-5 series (…, 10, 20, 50, 100, …) at or above `value`.
  package static func series(atLeast value: Double) -> Double {
    guard value.isFinite, value > 0 else { return 1 }
    var magnitude = pow(10, floor(log10(value)))
    while true {
      for step in [1.0, 2, 5] where step * magnitude >= value * (1 - 1e-12) { return step * magnitude }
      magnitude *= 10
    }
  }

  /// The pixel position of a latency (clamped to the axis).
  package func callAsFunction(_ value_ms: Double) -> Double {
    let v = min(max(value_ms.isFinite ? value_ms : 0, 0), upper_ms)
    let width = right - left
    guard let breakAt = breakAt_ms else { return left + v / upper_ms * width }
    let split = left + LatencyAxis.linearShare * width
    if v <= breakAt { return left + v / breakAt * (split - left) }
    return split + log(v / breakAt) / log(upper_ms / breakAt) * (right - split)
  }

  /// Tick values: about 5 round values on the linear part; on the logarithmic part the
  /// 1-2-5 series (only the powers of ten when that gives more than 6 ticks).
  package var ticks: [Double] {
    // At most one tick per 50 px, so that labels of three digits never touch.
    func count(_ pixels: Double, most: Int) -> Int { max(2, min(most, Int(pixels / 50))) }
    guard let breakAt = breakAt_ms else {
      return LinearScale(domain: 0, upper_ms, range: left, right).ticks(count: count(right - left, most: 10)).values
    }
    let linearWidth = LatencyAxis.linearShare * (right - left)
    var values = LinearScale(domain: 0, breakAt, range: left, right).ticks(count: count(linearWidth, most: 5)).values
    var logTicks: [Double] = []
    var value = LatencyAxis.series(atLeast: breakAt * 1.01)
    while value <= upper_ms * (1 + 1e-9) {
      logTicks.append(value)
      value = LatencyAxis.series(atLeast: value * 1.01)
    }
    if logTicks.count > 6 || Double(logTicks.count) * 50 > (right - left) - linearWidth {
      logTicks = logTicks.filter { abs(log10($0) - log10($0).rounded()) < 1e-9 } + [upper_ms]
    }
    values += logTicks
    // Greedily from the left, a tick closer than 40 px to the previous one is left out.
    var kept: [Double] = []
    for value in Array(Set(values)).sorted()
    where kept.last.map({ callAsFunction(value) - callAsFunction($0) >= 40 }) ?? true {
      kept.append(value)
    }
    return kept
  }
}
