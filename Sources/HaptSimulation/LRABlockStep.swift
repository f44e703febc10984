/// The coefficients of ``LRAModel/simulate(drive:into:)``'s four-sample step.
///
/// With S_n the state [x, v, i] after sample n, the one-step recursion of Docs/Model.md §3 is
/// `S_n = Phi S_(n-1) + q V_(n-1) + r V_n` (q = G0 - G1, r = G1) and `a_n = o S_n`.
/// Unrolled over four samples with b = Phi r + q:
///
///     S_(n+j) = Phi^(j+1) S_(n-1) + Phi^j q V_(n-1) + sum_(m<j) Phi^(j-1-m) b V_(n+m) + r V_(n+j)
///
/// so the four outputs a_n ... a_(n+3) and the state S_(n+3) are each a fixed linear
/// combination of S_(n-1) and the five drive samples V_(n-1) ... V_(n+3). Those
/// combinations are the columns below, one SIMD4 lane per output (or state component):
/// the loop-carried chain then advances four samples per multiply-add depth, and the
/// multiplies come in vector pairs. Exact in exact arithmetic; the rounding differs from
/// the one-step recursion by about 1e-16 relative (tested to 1e-12 of the peak).
struct LRABlockStep: Equatable, Sendable {
  /// Output lanes (a_n, a_(n+1), a_(n+2), a_(n+3)) per unit of x, v, i of S_(n-1), g.
  let outX, outV, outI: SIMD4<Double>
  /// Output lanes per volt of V_(n-1), V_n, V_(n+1), V_(n+2), V_(n+3), g/V.
  let outPrevious, out0, out1, out2, out3: SIMD4<Double>
  /// State lanes (x, v, i, 0) of S_(n+3) per unit of x, v, i of S_(n-1).
  let stateX, stateV, stateI: SIMD4<Double>
  /// State lanes per volt of V_(n-1) ... V_(n+3).
  let statePrevious, state0, state1, state2, state3: SIMD4<Double>
  /// The drive terms evaluated for five zero volts, with the loop's own association, so
  /// that skipping them in silent stretches changes no bit (not even the sign of a zero).
  let silentOut, silentState: SIMD4<Double>

  /// q = G0 - G1 and r = G1 of the one-step recursion, which ``LRAModel`` runs for the
  /// last samples of a drive that is not a multiple of 4.
  let q: [Double]
  let r: [Double]

  init(phi: [Double], g0: [Double], g1: [Double], output o: [Double]) {
    let q = [g0[0] - g1[0], g0[1] - g1[1], g0[2] - g1[2]]
    let r = g1
    self.q = q
    self.r = r
    func times(_ a: [Double], _ b: [Double]) -> [Double] {
      (0..<9).map { k in
        let (row, column) = (k / 3, k % 3)
        return a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column] + a[row * 3 + 2] * b[6 + column]
      }
    }
    func apply(_ a: [Double], _ x: [Double]) -> [Double] {
      (0..<3).map { row in a[row * 3] * x[0] + a[row * 3 + 1] * x[1] + a[row * 3 + 2] * x[2] }
    }
    func dot(_ x: [Double], _ y: [Double]) -> Double { x[0] * y[0] + x[1] * y[1] + x[2] * y[2] }
    let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
    // powers[k] = Phi^k, k = 0...4.
    var powers = [identity]
    for _ in 1...4 { powers.append(times(powers[powers.count - 1], phi)) }
    let phiR = apply(phi, r)
    let b = [phiR[0] + q[0], phiR[1] + q[1], phiR[2] + q[2]]

    /// Weight of V_(n+m) (m = -1 for V_(n-1)) in S_(n+j), as a state vector.
    func driveWeight(sample m: Int, inState j: Int) -> [Double] {
      if m == -1 { return apply(powers[j], q) }
      if m == j { return r }
      if m > j { return [0, 0, 0] }
      return apply(powers[j - 1 - m], b)
    }
    /// Output lanes: o times a state vector per lane j.
    func outLanes(_ state: (Int) -> [Double]) -> SIMD4<Double> {
      SIMD4(dot(o, state(0)), dot(o, state(1)), dot(o, state(2)), dot(o, state(3)))
    }
    func column(_ matrix: [Double], _ c: Int) -> [Double] { [matrix[c], matrix[3 + c], matrix[6 + c]] }
    func stateLanes(_ v: [Double]) -> SIMD4<Double> { SIMD4(v[0], v[1], v[2], 0) }

    outX = outLanes { column(powers[$0 + 1], 0) }
    outV = outLanes { column(powers[$0 + 1], 1) }
    outI = outLanes { column(powers[$0 + 1], 2) }
    outPrevious = outLanes { driveWeight(sample: -1, inState: $0) }
    out0 = outLanes { driveWeight(sample: 0, inState: $0) }
    out1 = outLanes { driveWeight(sample: 1, inState: $0) }
    out2 = outLanes { driveWeight(sample: 2, inState: $0) }
    out3 = outLanes { driveWeight(sample: 3, inState: $0) }
    stateX = stateLanes(column(powers[4], 0))
    stateV = stateLanes(column(powers[4], 1))
    stateI = stateLanes(column(powers[4], 2))
    statePrevious = stateLanes(driveWeight(sample: -1, inState: 3))
    state0 = stateLanes(driveWeight(sample: 0, inState: 3))
    state1 = stateLanes(driveWeight(sample: 1, inState: 3))
    state2 = stateLanes(driveWeight(sample: 2, inState: 3))
    state3 = stateLanes(driveWeight(sample: 3, inState: 3))
    silentOut = LRABlockStep.driveTerms(outPrevious, out0, out1, out2, out3, 0, 0, 0, 0, 0)
    silentState = LRABlockStep.driveTerms(statePrevious, state0, state1, state2, state3, 0, 0, 0, 0, 0)
  }

  /// The drive's contribution to one set of lanes, with the association the loop uses.
  @inline(__always)
  static func driveTerms(
    _ cp: SIMD4<Double>, _ c0: SIMD4<Double>, _ c1: SIMD4<Double>, _ c2: SIMD4<Double>, _ c3: SIMD4<Double>,
    _ previous: Double, _ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double
  ) -> SIMD4<Double> {
    ((cp * previous + c0 * v0) + (c1 * v1 + c2 * v2)) + c3 * v3
  }
}
