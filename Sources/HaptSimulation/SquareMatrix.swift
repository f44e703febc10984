import HaptCore

/// A small dense square matrix of doubles, row-major, for set-up work done once per
/// device (matrix exponentials of 5x5 blocks), never per sample.
///
/// Only what the discretisations need: products, sums, scaling, a 1-norm and a linear
/// solve by LU factorisation with partial pivoting.
package struct SquareMatrix: Equatable, Sendable {
  /// The order (number of rows and of columns).
  package let order: Int
  /// Elements in row-major order: `elements[row * order + column]`.
  package var elements: [Double]

  /// A matrix from its rows (all of length `rows.count`).
  package init(rows: [[Double]]) {
    order = rows.count
    elements = rows.flatMap { row in
      (0..<rows.count).map { $0 < row.count ? row[$0] : 0 }
    }
  }

  /// The zero matrix of the given order.
  package init(zeros order: Int) {
    self.order = order
    elements = [Double](repeating: 0, count: order * order)
  }

  /// The identity matrix of the given order.
  package static func identity(_ order: Int) -> SquareMatrix {
    var matrix = SquareMatrix(zeros: order)
    for i in 0..<order { matrix[i, i] = 1 }
    return matrix
  }

  package subscript(row: Int, column: Int) -> Double {
    get { elements[row * order + column] }
    set { elements[row * order + column] = newValue }
  }

  /// The maximum absolute column sum.
  package var norm1: Double {
    var best = 0.0
    for column in 0..<order {
      var sum = 0.0
      for row in 0..<order { sum += abs(self[row, column]) }
      best = Swift.max(best, sum)
    }
    return best
  }

  /// Whether every element is finite.
  package var isFinite: Bool { elements.allSatisfy(\.isFinite) }

  package static func * (lhs: SquareMatrix, rhs: SquareMatrix) -> SquareMatrix {
    let n = lhs.order
    var out = SquareMatrix(zeros: n)
    for i in 0..<n {
      for k in 0..<n {
        let a = lhs[i, k]
        if a == 0 { continue }
        for j in 0..<n { out.elements[i * n + j] += a * rhs.elements[k * n + j] }
      }
    }
    return out
  }

  package static func + (lhs: SquareMatrix, rhs: SquareMatrix) -> SquareMatrix {
    var out = lhs
    for i in out.elements.indices { out.elements[i] += rhs.elements[i] }
    return out
  }

  package static func - (lhs: SquareMatrix, rhs: SquareMatrix) -> SquareMatrix {
    var out = lhs
    for i in out.elements.indices { out.elements[i] -= rhs.elements[i] }
    return out
  }

  package static func * (scale: Double, matrix: SquareMatrix) -> SquareMatrix {
    var out = matrix
    for i in out.elements.indices { out.elements[i] *= scale }
    return out
  }

  /// Solves `self * X = rhs` for X by LU factorisation with partial pivoting.
  ///
  /// - Returns: X, or nil if the matrix is singular to working precision.
  package func solve(_ rhs: SquareMatrix) -> SquareMatrix? {
    guard let b = LinearSolve.solve(elements, rhs.elements, order: order, columns: order) else { return nil }
    var out = SquareMatrix(zeros: order)
    out.elements = b
    return out
  }
}
