import Foundation
import Testing

@testable import HaptMetrics

/// Golden values from the reference package (see Fixtures/vibromaf/generate.py).
enum VibromafFixtures {
  /// One row of pairs.csv: vibromaf's `st_sim(distorted, reference)` (complex when the
  /// temporal similarity is negative) and `spqi(distorted, reference)`.
  struct Pair: Sendable, CustomTestStringConvertible {
    var distorted: String
    var reference: String
    var stsim: Double
    var stsimImaginary: Double
    var spqi: Double
    var testDescription: String { "\(distorted) vs \(reference)" }
  }

  /// One row of padded.csv: both signals zero-padded to a common multiple of 512 first.
  struct PaddedPair: Sendable, CustomTestStringConvertible {
    var a: String
    var b: String
    var stsimAB: Double, stsimABImaginary: Double
    var stsimBA: Double, stsimBAImaginary: Double
    var spqiAB: Double, spqiBA: Double
    var testDescription: String { "\(a) vs \(b)" }
  }

  static func text(_ name: String) -> String {
    guard
      let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Fixtures/vibromaf"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return "" }
    return text
  }

  static let signals: [String: [Double]] = {
    var result: [String: [Double]] = [:]
    for line in text("signals").split(separator: "\n") {
      let fields = line.split(separator: ",")
      guard let name = fields.first else { continue }
      result[String(name)] = fields.dropFirst().map { Double($0) ?? .nan }
    }
    return result
  }()

  static func rows(_ name: String) -> [[Substring]] {
    text(name).split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
  }

  static let pairs: [Pair] = rows("pairs").map { f in
    Pair(
      distorted: String(f[0]), reference: String(f[1]), stsim: Double(f[2]) ?? .nan,
      stsimImaginary: Double(f[3]) ?? .nan, spqi: Double(f[4]) ?? .nan)
  }

  static let padded: [PaddedPair] = rows("padded").map { f in
    PaddedPair(
      a: String(f[0]), b: String(f[1]), stsimAB: Double(f[2]) ?? .nan, stsimABImaginary: Double(f[3]) ?? .nan,
      stsimBA: Double(f[4]) ?? .nan, stsimBAImaginary: Double(f[5]) ?? .nan, spqiAB: Double(f[6]) ?? .nan,
      spqiBA: Double(f[7]) ?? .nan)
  }

  static func signal(_ name: String) -> [Double] { signals[name] ?? [] }
}

/// The block transform the library uses (DCT2Plan, orthonormal DCT-II on FFTW).
@Sendable func testTransform(
  _ input: UnsafeBufferPointer<Double>, _ output: UnsafeMutableBufferPointer<Double>
) {
  SimilarityDCT.transform(input, output)
}

/// `|x - y| <= 1e-9`, with NaN never agreeing.
func agrees(_ x: Double, _ y: Double, within tolerance: Double = 1e-9) -> Bool {
  Swift.abs(x - y) <= tolerance
}
