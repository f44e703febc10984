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
    let n = order
    var a = elements
    var b = rhs.elements
    for column in 0..<n {
      var pivot = column
      for row in column + 1..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) {
        pivot = row
      }
      guard a[pivot * n + column] != 0, a[pivot * n + column].isFinite else { return nil }
      if pivot != column {
        for j in 0..<n {
          a.swapAt(pivot * n + j, column * n + j)
          b.swapAt(pivot * n + j, column * n + j)
        }
      }
      let diagonal = a[column * n + column]
      for row in column + 1..<n {
        let factor = a[row * n + column] / diagonal
        if factor == 0 { continue }
        for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
        for j in 0..<n { b[row * n + j] -= factor * b[column * n + j] }
      }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
      for j in 0..<n {
        var sum = b[row * n + j]
        for k in row + 1..<n { sum -= a[row * n + k] * b[k * n + j] }
        b[row * n + j] = sum / a[row * n + row]
      }
    }
    var out = SquareMatrix(zeros: n)
    out.elements = b
    return out
  }
}
