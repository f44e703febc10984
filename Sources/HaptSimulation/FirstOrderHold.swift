/// The exact discretisation of a linear system `s' = A s + B V` for a drive that is linear
/// between samples (first-order hold), as Docs/Model.md §3 defines it.
///
/// With `E = expm([[A h, B h, 0], [0, 0, 1], [0, 0, 0]])` (one block matrix exponential),
/// `Phi = E[0:n, 0:n]`, `G0 = E[0:n, n]`, `G1 = E[0:n, n+1]`, the update
///
///     s_n = Phi s_(n-1) + (G0 - G1) V_(n-1) + G1 V_n
///
/// is exact when V is the straight line between `V_(n-1)` and `V_n`. Computed once per
/// device (the ``Renderer`` caches it); the per-sample update is a few multiply-adds.
package struct FirstOrderHold: Equatable, Sendable {
  /// State order n.
  package let order: Int
  /// Phi, n x n, row-major.
  package let phi: [Double]
  /// G0 (weight of the drive's value at the start of the step, before subtracting G1).
  package let g0: [Double]
  /// G1 (weight of the drive's slope over the step).
  package let g1: [Double]

  /// Discretises `s' = A s + B V` with step `step_s`.
  ///
  /// - Parameters:
  ///   - a: the n x n system matrix A (1/s).
  ///   - b: the input vector B (state units per volt per second).
  ///   - step_s: the sample period h in seconds.
  /// - Returns: nil if the block exponential cannot be computed in finite precision.
  package init?(a: SquareMatrix, b: [Double], step_s: Double) {
    let n = a.order
    var block = SquareMatrix(zeros: n + 2)
    for row in 0..<n {
      for column in 0..<n { block[row, column] = a[row, column] * step_s }
      block[row, n] = b[row] * step_s
    }
    block[n, n + 1] = 1
    guard let e = block.exponential() else { return nil }
    order = n
    var phi = [Double](repeating: 0, count: n * n)
    var g0 = [Double](repeating: 0, count: n)
    var g1 = [Double](repeating: 0, count: n)
    for row in 0..<n {
      for column in 0..<n { phi[row * n + column] = e[row, column] }
      g0[row] = e[row, n]
      g1[row] = e[row, n + 1]
    }
    self.phi = phi
    self.g0 = g0
    self.g1 = g1
  }

  /// Phi as a matrix (for tests and documentation).
  package var phiMatrix: SquareMatrix {
    var m = SquareMatrix(zeros: order)
    m.elements = phi
    return m
  }
}
