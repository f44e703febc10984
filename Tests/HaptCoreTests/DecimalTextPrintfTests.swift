import Foundation
import HaptCore
import Testing

/// DecimalText.fixed prints with the C library's `vsnprintf`: the same text as
/// `String(format: "%.Nf")`, value for value, halfway cases and extremes included.
@Suite struct DecimalTextPrintfTests {
  @Test func fixedIsWhatStringFormatPrints() {
    var state: UInt64 = 42
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(bitPattern: state)
    }
    var values: [Double] = [
      0, 0.5, 1.5, 2.5, 0.125, 0.375, 1e-7, -1e-7, 123.456, -0.0049, 0.0005, 1.0005, 2.675, 1e300, -1e300,
      Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 5e-324,
      .infinity, -.infinity, .nan,
    ]
    for _ in 0..<2_000 {
      let x = next()
      if x.isFinite { values.append(x) }
      values.append(Double(Int64(truncatingIfNeeded: Int64(bitPattern: state) % 100_000_000)) / 1000)
    }
    for value in values {
      for decimals in [0, 1, 2, 3, 6, 17] {
        var expected = String(format: "%.\(decimals)f", value)
        if expected.hasPrefix("-"), expected.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
          expected.removeFirst()
        }
        #expect(DecimalText.fixed(value, decimals: decimals) == expected, "\(value) to \(decimals) decimals")
      }
    }
  }
}
