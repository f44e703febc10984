import HaptCore
import Foundation

extension DeviceFit {
  /// The coarse latency in samples: the lag maximising the cross-correlation of the
  /// recording's and the render's envelopes (2 ms moving mean of |a|, decimated to 1/8 of
  /// the rate), searched up to 2 s or the recording's length.
  static func coarseShift(_ x: [Double], _ y: [Double]) -> Int {
    let factor = 8
    func envelope(_ s: [Double]) -> [Double] {
      let blocks = s.count / factor
      var out = [Double](repeating: 0, count: blocks)
      for b in 0..<blocks {
        var sum = 0.0
        let lo = Swift.max(b * factor - factor / 2, 0)
        let hi = Swift.min(b * factor + factor + factor / 2, s.count)
        for n in lo..<hi { sum += abs(s[n]) }
        out[b] = sum / Double(hi - lo)
      }
      let mean = out.reduce(0, +) / Double(Swift.max(out.count, 1))
      return out.map { $0 - mean }
    }
    let ex = envelope(x)
    let ey = envelope(y)
    let maxLag = Swift.min(ex.count - 1, 2 * 8000 / factor)
    guard maxLag > 0 else { return 0 }
    var best = (lag: 0, value: -Double.infinity)
    ex.withUnsafeBufferPointer { a in
      ey.withUnsafeBufferPointer { b in
        for lag in 0...maxLag {
          var sum = 0.0
          let n = Swift.min(b.count, a.count - lag)
          for i in 0..<n { sum += a[i + lag] * b[i] }
          if sum > best.value { best = (lag, sum) }
        }
      }
    }
    return best.lag * factor
  }

  /// The shift (samples) within `radius` of `around` minimising the squared difference
  /// between `x` and `gain` times `y` delayed by the shift; the gain is solved in closed
  /// form unless given. `fraction` is the parabolic sub-sample refinement (-0.5...0.5).
  static func bestShift(
    _ x: [Double], _ y: [Double], around: Int, radius: Int, gain fixedGain: Double? = nil
  )
    -> (shift: Int, gain: Double, cost: Double, fraction: Double)
  {
    var energy = 0.0
    for v in x { energy += v * v }
    var costs: [Int: Double] = [:]
    var best = (shift: around, gain: 1.0, cost: Double.infinity, fraction: 0.0)
    x.withUnsafeBufferPointer { a in
      y.withUnsafeBufferPointer { b in
        for shift in Swift.max(around - radius, 0)...(around + radius) {
          guard shift < a.count else { break }
          var sxy = 0.0
          var syy = 0.0
          let n = a.count - shift
          for i in 0..<Swift.min(n, b.count) {
            sxy += a[i + shift] * b[i]
            syy += b[i] * b[i]
          }
          let gain = fixedGain ?? (syy > 0 ? Swift.max(sxy / syy, 1e-6) : 1)
          let cost = energy - 2 * gain * sxy + gain * gain * syy
          costs[shift] = cost
          if cost < best.cost { best = (shift, gain, cost, 0) }
        }
      }
    }
    if let left = costs[best.shift - 1], let right = costs[best.shift + 1] {
      let curvature = left - 2 * best.cost + right
      if curvature > 0 { best.fraction = Swift.min(Swift.max(0.5 * (left - right) / curvature, -0.5), 0.5) }
    }
    return best
  }

  /// `y` delayed by `delay` samples (any real number): `y(n - delay)` by cubic
  /// (Catmull-Rom) interpolation, 0 outside `y`. The signals are band-limited far below
  /// the Nyquist frequency (a phone LRA's band is under 300 Hz at 8 kHz), where cubic
  /// interpolation is accurate to about 1e-4 of the amplitude.
  static func delayed(_ y: [Double], by delay: Double, count: Int) -> [Double] {
    let whole = Int(delay.rounded(.down))
    let t = delay - Double(whole)
    var out = [Double](repeating: 0, count: count)
    // y(n - whole - t) = interpolation between y[k-1] and y[k] at 1 - t, k = n - whole.
    let u = 1 - t
    let w0 = ((-0.5 * u + 1) * u - 0.5) * u
    let w1 = (1.5 * u - 2.5) * u * u + 1
    let w2 = ((-1.5 * u + 2) * u + 0.5) * u
    let w3 = (0.5 * u - 0.5) * u * u
    y.withUnsafeBufferPointer { s in
      func at(_ i: Int) -> Double { i >= 0 && i < s.count ? s[i] : 0 }
      for n in Swift.max(whole - 2, 0)..<count {
        let k = n - whole
        if k - 2 >= s.count { break }
        out[n] = w0 * at(k - 2) + w1 * at(k - 1) + w2 * at(k) + w3 * at(k + 1)
      }
    }
    return out
  }

  /// The fit's parameter vector: ln resonance ratio and ln Q ratio (when fitted), ln gain,
  /// and the latency in samples.
  struct Point {
    var theta: FitModel.Parameters
    var delay: Double
  }

  /// The model's prediction `gain y(n - delay)` for `point`.
  static func predict(_ point: Point, model: inout FitModel) -> [Double] {
    let y = model.render(point.theta)
    var z = delayed(y, by: point.delay, count: model.count)
    let g = point.theta.gain
    for n in z.indices { z[n] *= g }
    return z
  }

  static func sumOfSquares(_ x: [Double], _ z: [Double]) -> Double {
    var sum = 0.0
    for n in 0..<x.count {
      let d = x[n] - z[n]
      sum += d * d
    }
    return sum
  }

  /// `point` moved by `step` in the parameter vector.
  static func moved(_ point: Point, by step: [Double], fitsResonance: Bool, limit: Bool = false) -> Point {
    func clamp(_ v: Double, _ bound: Double) -> Double { limit ? Swift.min(Swift.max(v, -bound), bound) : v }
    var p = point
    var i = 0
    if fitsResonance {
      p.theta.resonanceRatio *= exp(clamp(step[0], 0.1))
      p.theta.qualityRatio *= exp(clamp(step[1], 0.3))
      i = 2
    }
    p.theta.gain *= exp(clamp(step[i], 0.3))
    p.delay += clamp(step[i + 1], 2)
    return p
  }

  /// Levenberg-Marquardt on the whole parameter vector (resonance and Q only when
  /// fitted), minimising the sum of squared sample differences.
  static func levenbergMarquardt(_ x: [Double], model: inout FitModel, start: Point, fitsResonance: Bool) -> Point {
    var point = start
    var current = sumOfSquares(x, predict(point, model: &model))
    var lambda = 1e-3
    for _ in 0..<40 {
      let z = predict(point, model: &model)
      let columns = jacobian(model: &model, point: point, fitsResonance: fitsResonance, prediction: z)
      let a = gram(columns)
      var b = [Double](repeating: 0, count: columns.count)
      for (i, column) in columns.enumerated() {
        var sum = 0.0
        for n in 0..<x.count { sum += column[n] * (x[n] - z[n]) }
        b[i] = sum
      }
      var improved = false
      for _ in 0..<10 {
        var damped = a
        for i in 0..<a.count { damped[i][i] = a[i][i] * (1 + lambda) + 1e-300 }
        guard let step = SymmetricSolve.solve(damped, b) else { break }
        let candidate = moved(point, by: step, fitsResonance: fitsResonance, limit: true)
        let value = sumOfSquares(x, predict(candidate, model: &model))
        if value < current {
          let relative = (current - value) / Swift.max(current, 1e-300)
          point = candidate
          current = value
          lambda = Swift.max(lambda / 3, 1e-9)
          improved = true
          if relative < 1e-9 { return point }
          break
        }
        lambda *= 4
      }
      if !improved { break }
    }
    return point
  }

  /// The Jacobian columns of the prediction with respect to the parameter vector
  /// (forward differences: 1e-4 in the logarithms, 0.01 sample in the delay).
  static func jacobian(model: inout FitModel, point: Point, fitsResonance: Bool, prediction z: [Double]) -> [[Double]] {
    let p = fitsResonance ? 4 : 2
    var columns: [[Double]] = []
    for i in 0..<p {
      let h = i == p - 1 ? 0.01 : 1e-4
      var step = [Double](repeating: 0, count: p)
      step[i] = h
      let zh = predict(moved(point, by: step, fitsResonance: fitsResonance), model: &model)
      var column = [Double](repeating: 0, count: z.count)
      for n in 0..<z.count { column[n] = (zh[n] - z[n]) / h }
      columns.append(column)
    }
    return columns
  }

  /// `J^T J` of the columns.
  static func gram(_ columns: [[Double]]) -> [[Double]] {
    let p = columns.count
    var a = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
    for i in 0..<p {
      for j in i..<p {
        var sum = 0.0
        columns[i].withUnsafeBufferPointer { u in
          columns[j].withUnsafeBufferPointer { v in
            for n in 0..<u.count { sum += u[n] * v[n] }
          }
        }
        a[i][j] = sum
        a[j][i] = sum
      }
    }
    return a
  }
}

/// Small dense solves for the fit's normal equations (Gaussian elimination with partial
/// pivoting; at most 4 x 4).
enum SymmetricSolve {
  static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    guard let solution = LinearSolve.solve(a.flatMap { $0 }, b, order: b.count, columns: 1) else { return nil }
    return solution.allSatisfy(\.isFinite) ? solution : nil
  }

  static func inverse(_ a: [[Double]]) -> [[Double]]? {
    let n = a.count
    var columns: [[Double]] = []
    for j in 0..<n {
      var e = [Double](repeating: 0, count: n)
      e[j] = 1
      guard let column = solve(a, e) else { return nil }
      columns.append(column)
    }
    return (0..<n).map { i in (0..<n).map { j in columns[j][i] } }
  }
}
