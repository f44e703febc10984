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
      let short = Double(Int64(truncatingIfNeeded: Int64(bitPattern: state) % 100_000_000)) / 1000
      // Values with few decimals (the tables' kind), their neighbours (ties and near-ties
      // at 2 decimals), and any magnitude from 1e-8 to 1e12.
      values += [short, short.nextUp, short.nextDown, short + 0.005, (short + 0.005).nextUp, (short + 0.005).nextDown]
      values.append(Double(Int64(bitPattern: state) >> 11) / Double(1 << 52) * pow(10, Double(Int(state % 21) - 8)))
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

  /// DecimalText.significant is the double `strtod` reads back from `%.*g`, for every
  /// digit count, across magnitudes from 1e-30 to 1e30, on exact ties and next to them.
  @Test func significantIsWhatPrintfRoundsTo() {
    var state: UInt64 = 99
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
    var values: [Double] = [
      0.125, 0.375, 2.5, 1.5, 0.5, 999_999.5, 999_999.49999999994, 1_234_565, 0.1, 1e-5, 1e22, 9.9999995e-7,
      1.0000005, 0.999_999_5, 123_456.5, 8.5e-11, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
    ]
    for _ in 0..<20_000 {
      let mantissa = Double(next() >> 11) / Double(1 << 53)  // [0, 1)
      let exponent = Int(next() % 61) - 30
      values.append((0.5 + mantissa) * pow(10, Double(exponent)))
      // Values with few decimals, the kind the tables hold, and their neighbours.
      let short = Double(Int64(next() % 10_000_000)) / 1000
      values += [short, short.nextUp, short.nextDown]
    }
    // The fast path answers nearly every value of full precision from 1e-12 to 1e12 (the
    // few near a tie, the short values whose seventh digit is a 5 and magnitudes a power
    // of ten beyond 1e22 cannot scale exactly go to the C library).
    let full = stride(from: 18, to: values.count, by: 4).map { values[$0] }.filter { (1e-12...1e12).contains($0) }
    let answered = full.filter { RoundedDecimal.significant($0, digits: 6) != nil }.count
    #expect(Double(answered) >= 0.99 * Double(full.count), "\(answered) of \(full.count)")
    #expect(RoundedDecimal.fixed(1.25, decimals: 1) == nil)  // an exact tie: printf's
    #expect(RoundedDecimal.fixed(-0.0004, decimals: 3) == "0.000")
    #expect(RoundedDecimal.fixed(12.3456, decimals: 2) == "12.35")
    for value in values + values.map({ -$0 }) {
      for digits in [1, 2, 3, 4, 6, 9, 15, 17] {
        let expected = strtod(String(format: "%.\(digits)g", value), nil)
        let got = DecimalText.significant(value, digits: digits)
        #expect(got.bitPattern == expected.bitPattern, "\(value) to \(digits) digits: \(got), not \(expected)")
      }
    }
  }
}
