import HaptCore
import Foundation

/// A linear map from a data interval to a pixel interval, with "nice" tick values.
package struct LinearScale {
  package var domain: (lower: Double, upper: Double)
  package var range: (lower: Double, upper: Double)

  /// A scale over `lower...upper`; an empty, inverted or non-finite domain is widened to a
  /// usable one (a single value `v` becomes `v - 1 ... v + 1`).
  package init(domain lower: Double, _ upper: Double, range from: Double, _ to: Double) {
    var lo = lower.isFinite ? lower : 0
    var hi = upper.isFinite ? upper : 1
    if hi < lo { swap(&lo, &hi) }
    if hi - lo < 1e-12 * max(1, abs(lo)) {
      lo -= 1
      hi += 1
    }
    domain = (lo, hi)
    range = (from, to)
  }

  /// The pixel position of `value` (values outside the domain map outside the range).
  package func callAsFunction(_ value: Double) -> Double {
    range.lower + (value - domain.lower) / (domain.upper - domain.lower) * (range.upper - range.lower)
  }

  /// About `count` round tick values (1, 2 or 5 times a power of ten) inside the domain,
  /// with the step they use.
  package func ticks(count: Int = 6) -> (values: [Double], step: Double) {
    let step = LinearScale.niceStep(span: domain.upper - domain.lower, count: count)
    let first = (domain.lower / step).rounded(.up)
    let last = (domain.upper / step).rounded(.down)
    guard first.isFinite, last.isFinite, last >= first, last - first < 1000 else {
      return ([domain.lower, domain.upper], domain.upper - domain.lower)
    }
    let values = stride(from: first, through: last, by: 1).map { $0 * step }
    return (values, step)
  }

  /// A round step (1, 2 or 5 times a power of ten) giving about `count` intervals.
  package static func niceStep(span: Double, count: Int) -> Double {
    let raw = span / Double(max(count, 1))
    guard raw.isFinite, raw > 0 else { return 1 }
    let magnitude = pow(10, floor(log10(raw)))
    let fraction = raw / magnitude
    // Thresholds at the geometric means of neighbouring steps (as d3-array's tickStep).
    let nice: Double = fraction < 1.414 ? 1 : fraction < 3.162 ? 2 : fraction < 7.071 ? 5 : 10
    return nice * magnitude
  }

  /// The domain extended outwards to whole multiples of a nice step.
  package static func niceDomain(_ lower: Double, _ upper: Double, count: Int = 6) -> (Double, Double) {
    let scale = LinearScale(domain: lower, upper, range: 0, 1)
    let step = niceStep(span: scale.domain.upper - scale.domain.lower, count: count)
    return (
      (scale.domain.lower / step).rounded(.down) * step, (scale.domain.upper / step).rounded(.up) * step
    )
  }
}

/// Formatting of numbers for people (axis labels, cell values, bar labels).
package enum ChartNumber {
  /// `value` with as many decimals as a tick `step` needs (0 for steps of 1 and more).
  package static func tick(_ value: Double, step: Double) -> String {
    let decimals = step >= 1 || step <= 0 || !step.isFinite ? 0 : min(6, Int((-log10(step)).rounded(.up)))
    return fixed(value, decimals: decimals)
  }

  /// `value` with exactly `decimals` decimals, never `-0`; `–` for non-finite values.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    return DecimalText.fixed(value, decimals: min(max(decimals, 0), 17))
  }

  /// About four significant digits, trailing zeros removed, without exponent for everyday
  /// magnitudes.
  package static func readable(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let magnitude = abs(value)
    if magnitude == 0 { return "0" }
    if magnitude >= 1000 { return fixed(value, decimals: 0) }
    if magnitude < 1e-4 { return String(format: "%.2e", value) }
    let decimals = max(0, min(6, 3 - Int(floor(log10(magnitude)))))
    return trimmed(fixed(value, decimals: decimals))
  }

  /// `text` without trailing zeros after a decimal point (`50.00` -> `50`, `12.50` -> `12.5`).
  package static func trimmed(_ text: String) -> String {
    guard text.contains(".") else { return text }
    var out = text
    while out.hasSuffix("0") { out.removeLast() }
    if out.hasSuffix(".") { out.removeLast() }
    return out
  }
}
