/// Dense linear solves `A X = B` by Gaussian elimination with partial pivoting (small
/// systems: the matrix exponential's Padé step, the fit's normal equations).
package enum LinearSolve {
  /// X for the `n` x `n` matrix `a` and the `n` x `columns` right-hand side `b`, both
  /// row-major; nil if `a` is singular to working precision (a zero or non-finite pivot).
  /// - Complexity: O(n^3 + n^2 columns).
  package static func solve(_ a: [Double], _ b: [Double], order n: Int, columns m: Int) -> [Double]? {
    precondition(a.count == n * n && b.count == n * m, "solve: \(a.count), \(b.count) for \(n) x \(m)")
    var a = a
    var b = b
    for column in 0..<n {
      var pivot = column
      for row in column + 1..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) {
        pivot = row
      }
      guard a[pivot * n + column] != 0, a[pivot * n + column].isFinite else { return nil }
      if pivot != column {
        for j in 0..<n { a.swapAt(pivot * n + j, column * n + j) }
        for j in 0..<m { b.swapAt(pivot * m + j, column * m + j) }
      }
      let diagonal = a[column * n + column]
      for row in column + 1..<n {
        let factor = a[row * n + column] / diagonal
        if factor == 0 { continue }
        for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
        for j in 0..<m { b[row * m + j] -= factor * b[column * m + j] }
      }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
      for j in 0..<m {
        var sum = b[row * m + j]
        for k in row + 1..<n { sum -= a[row * n + k] * b[k * m + j] }
        b[row * m + j] = sum / a[row * n + row]
      }
    }
    return b
  }
}
