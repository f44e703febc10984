import Foundation
import Testing

import HaptSignals

/// O(N^2) orthonormal DCT-II straight from the definition.
private func naiveDCT(_ x: [Double]) -> [Double] {
  let n = x.count
  return (0..<n).map { k in
    var sum = 0.0
    for i in 0..<n { sum += x[i] * cos(Double.pi * Double(k) * Double(2 * i + 1) / Double(2 * n)) }
    let scale = k == 0 ? (1 / Double(n)).squareRoot() : (2 / Double(n)).squareRoot()
    return sum * scale
  }
}

@Suite struct DCT2PlanTests {
  @Test(arguments: [1, 2, 3, 7, 16, 100, 512, 1000])
  func matchesTheDefinition(length: Int) {
    let x = noise(count: length, seed: UInt64(length))
    let y = DCT2Plan.shared(length: length).transform(x)
    #expect(maxAbsDifference(y, naiveDCT(x)) < 1e-12)
  }

  @Test func matchesScipyOrtho() {
    let y = DCT2Plan.shared(length: 16).transform(ScipyFixtures.dctInput())
    #expect(maxAbsDifference(y, ScipyFixtures.dctOrtho) < 1e-12)
  }

  @Test func isOrthonormal() {
    // Parseval for an orthogonal transform: energy is preserved.
    let x = noise(count: 512, seed: 42)
    let y = DCT2Plan.shared(length: 512).transform(x)
    let ex = x.reduce(0) { $0 + $1 * $1 }
    let ey = y.reduce(0) { $0 + $1 * $1 }
    #expect(abs(ex - ey) / ex < 1e-12)
  }

  @Test func isLinear() {
    let a = noise(count: 64, seed: 1)
    let b = noise(count: 64, seed: 2)
    let plan = DCT2Plan.shared(length: 64)
    let combined = plan.transform(zip(a, b).map { 2 * $0 - 3 * $1 })
    let separate = zip(plan.transform(a), plan.transform(b)).map { 2 * $0 - 3 * $1 }
    #expect(maxAbsDifference(combined, separate) < 1e-12)
  }

  @Test func transformsInPlace() {
    let x = noise(count: 33, seed: 9)
    var buffer = x
    let plan = DCT2Plan.shared(length: 33)
    buffer.withUnsafeMutableBufferPointer { p in plan.transform(UnsafeBufferPointer(p), into: p) }
    #expect(maxAbsDifference(buffer, plan.transform(x)) == 0)
  }

  @Test func sharedPlansAreCachedPerLength() {
    #expect(DCT2Plan.shared(length: 24) === DCT2Plan.shared(length: 24))
    #expect(DCT2Plan.shared(length: 24) !== DCT2Plan.shared(length: 25))
  }
}
