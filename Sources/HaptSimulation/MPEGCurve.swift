import Foundation
import HaptPatterns

/// The amplitude curve of an MPEG-I Haptics Curve effect: keyframes (x in ticks, y in
/// -1...1) joined by the band's interpolation (Docs/Formats-MPEG.md, "Curve types").
///
/// - Linear: straight segments.
/// - Cubic and Unknown: each segment a cubic with zero slope at both keyframes
///   (`y0 + (y1 - y0) (3h - 2 (x - x0)) (x - x0)^2 / h^3`), as the reference software.
/// - Akima: Akima's (1970) spline; where both slope weights vanish the slope is the mean
///   of the two neighbouring secant slopes; ends extrapolated as Akima does.
/// - Bezier: a chain of quadratic Bezier segments, keyframes 0, 2, 4, ... on the curve and
///   the odd ones control points; x is solved exactly; with an even count the last
///   segment is straight.
/// - BSpline: the clamped quadratic B-spline with the keyframes as control points
///   (uniform inner knots); x is solved by bisection.
///
/// Two keyframes are joined by a straight line whatever the type (there is nothing to
/// curve). Outside the first and last keyframe the curve is 0 (the effect is over).
struct MPEGCurve {
  let xs: [Double]
  let ys: [Double]
  let type: MPEGHaptics.CurveType
  /// Akima slopes at the keyframes.
  private var slopes: [Double] = []

  init(points: [(x: Double, y: Double)], type: MPEGHaptics.CurveType) {
    xs = points.map(\.x)
    ys = points.map(\.y)
    self.type = points.count > 2 ? type : .linear
    if self.type == .akima { slopes = Self.akimaSlopes(xs, ys) }
  }

  var start: Double { xs.first ?? 0 }
  var end: Double { xs.last ?? 0 }

  /// The curve at `x` ticks (0 outside the keyframes).
  func value(at x: Double) -> Double {
    guard let first = xs.first, let last = xs.last, x >= first, x <= last else { return 0 }
    if xs.count == 1 { return ys[0] }
    switch type {
    case .bezier: return bezier(at: x)
    case .bSpline: return bSpline(at: x)
    default: break
    }
    var i = segment(containing: x)
    while i + 1 < xs.count - 1 && xs[i + 1] <= x && xs[i + 1] == xs[i] { i += 1 }
    let x0 = xs[i]
    let x1 = xs[i + 1]
    let y0 = ys[i]
    let y1 = ys[i + 1]
    let h = x1 - x0
    guard h > 0 else { return y1 }
    let d = x - x0
    switch type {
    case .linear: return (y0 * (x1 - x) + y1 * d) / h
    case .cubic, .unknown: return y0 + (y1 - y0) * (3 * h - 2 * d) * d * d / (h * h * h)
    case .akima:
      let m = (y1 - y0) / h
      let b0 = slopes[i]
      let b1 = slopes[i + 1]
      let c = (3 * m - 2 * b0 - b1) / h
      let e = (b0 + b1 - 2 * m) / (h * h)
      return ((e * d + c) * d + b0) * d + y0
    case .bezier, .bSpline: return 0
    }
  }

  /// The index i with xs[i] <= x < xs[i+1] (the last segment for x == end).
  private func segment(containing x: Double) -> Int {
    var low = 0
    var high = xs.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if xs[mid] <= x { low = mid } else { high = mid }
    }
    return low
  }

  static func akimaSlopes(_ xs: [Double], _ ys: [Double]) -> [Double] {
    let n = xs.count
    var m = [Double](repeating: 0, count: n + 3)  // m[k + 2] is the secant slope of segment k
    for k in 0..<(n - 1) {
      let h = xs[k + 1] - xs[k]
      m[k + 2] = h > 0 ? (ys[k + 1] - ys[k]) / h : 0
    }
    m[1] = 2 * m[2] - m[3]
    m[0] = 3 * m[2] - 2 * m[3]
    m[n + 1] = 2 * m[n] - m[n - 1]
    m[n + 2] = 3 * m[n] - 2 * m[n - 1]
    var slopes = [Double](repeating: 0, count: n)
    for i in 0..<n {
      let w1 = abs(m[i + 3] - m[i + 2])
      let w2 = abs(m[i + 1] - m[i])
      slopes[i] = w1 + w2 > 1e-12 ? (w1 * m[i + 1] + w2 * m[i + 2]) / (w1 + w2) : (m[i + 1] + m[i + 2]) / 2
    }
    return slopes
  }

  private func bezier(at x: Double) -> Double {
    var i = 0
    while i + 2 < xs.count {
      if x <= xs[i + 2] {
        let a = xs[i] - 2 * xs[i + 1] + xs[i + 2]
        let b = 2 * (xs[i + 1] - xs[i])
        let c = xs[i] - x
        var t: Double
        if abs(a) < 1e-12 {
          t = b != 0 ? -c / b : 0
        } else {
          t = (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
        }
        t = Swift.min(Swift.max(t, 0), 1)
        return (1 - t) * (1 - t) * ys[i] + 2 * t * (1 - t) * ys[i + 1] + t * t * ys[i + 2]
      }
      i += 2
    }
    // An even count: the last keyframe joins the last on-curve point with a straight line.
    let x0 = xs[i]
    let x1 = xs[xs.count - 1]
    guard x1 > x0 else { return ys[ys.count - 1] }
    return ys[i] + (ys[ys.count - 1] - ys[i]) * (x - x0) / (x1 - x0)
  }

  /// The clamped quadratic B-spline at parameter u in 0...1 (de Boor), for values `v`.
  private func bSplinePoint(_ u: Double, _ v: [Double]) -> Double {
    let p = v.count
    let spans = Double(p - 2)
    let k = Swift.min(Int(u * spans), p - 3)  // span index: control points k, k+1, k+2
    // Knots: 0, 0, 0, 1/s, 2/s, ..., 1, 1, 1.
    func knot(_ j: Int) -> Double { Swift.min(Swift.max(Double(j - 2) / spans, 0), 1) }
    var d = [v[k], v[k + 1], v[k + 2]]
    for r in 1...2 {
      for j in stride(from: 2, through: r, by: -1) {
        let i = k + j
        let left = knot(i)
        let right = knot(i + 3 - r)
        let alpha = right > left ? (u - left) / (right - left) : 0
        d[j] = (1 - alpha) * d[j - 1] + alpha * d[j]
      }
    }
    return d[2]
  }

  private func bSpline(at x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let mid = (low + high) / 2
      if bSplinePoint(mid, xs) < x { low = mid } else { high = mid }
    }
    return bSplinePoint((low + high) / 2, ys)
  }
}
