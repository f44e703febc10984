import Foundation
import Testing

import HaptSignals

/// O(N^2) DFT bins 0 ... N/2.
private func naiveDFT(_ x: [Double]) -> (re: [Double], im: [Double]) {
  let n = x.count
  var re = [Double]()
  var im = [Double]()
  for k in 0...(n / 2) {
    var r = 0.0
    var i = 0.0
    for j in 0..<n {
      let angle = -2 * Double.pi * Double(k) * Double(j) / Double(n)
      r += x[j] * cos(angle)
      i += x[j] * sin(angle)
    }
    re.append(r)
    im.append(i)
  }
  return (re, im)
}

@Suite struct RealFFTPlanTests {
  @Test(arguments: [1, 2, 5, 8, 97, 256, 1000])
  func matchesTheDefinition(length: Int) {
    let x = noise(count: length, seed: 100 + UInt64(length))
    let (re, im) = RealFFTPlan.shared(length: length).forward(x)
    let expected = naiveDFT(x)
    #expect(re.count == length / 2 + 1)
    #expect(maxAbsDifference(re, expected.re) < 1e-9)
    #expect(maxAbsDifference(im, expected.im) < 1e-9)
  }

  @Test(arguments: [1, 2, 3, 64, 127, 8192])
  func inverseOfForwardIsIdentity(length: Int) {
    let x = noise(count: length, seed: 7 &* UInt64(length))
    let plan = RealFFTPlan.shared(length: length)
    let (re, im) = plan.forward(x)
    let back = plan.inverse(real: re, imaginary: im)
    #expect(maxAbsDifference(back, x) < 1e-12)
    // The inverse preserves its input spectrum.
    #expect(plan.forward(x).real == re)
  }

  @Test(arguments: [64, 101])
  func parseval(length: Int) {
    // sum |x|^2 = (1/N) sum over all N bins |X|^2; bins 1 ..< (N+1)/2 appear twice.
    let x = noise(count: length, seed: 5)
    let (re, im) = RealFFTPlan.shared(length: length).forward(x)
    var spectral = 0.0
    for k in 0..<re.count {
      let power = re[k] * re[k] + im[k] * im[k]
      let mirrored = k > 0 && !(length % 2 == 0 && k == length / 2)
      spectral += mirrored ? 2 * power : power
    }
    spectral /= Double(length)
    let temporal = x.reduce(0) { $0 + $1 * $1 }
    #expect(abs(spectral - temporal) / temporal < 1e-12)
  }

  @Test func isLinear() {
    let a = noise(count: 200, seed: 11)
    let b = noise(count: 200, seed: 12)
    let plan = RealFFTPlan.shared(length: 200)
    let sum = plan.forward(zip(a, b).map { 0.5 * $0 + 4 * $1 })
    let fa = plan.forward(a)
    let fb = plan.forward(b)
    #expect(maxAbsDifference(sum.real, zip(fa.real, fb.real).map { 0.5 * $0 + 4 * $1 }) < 1e-11)
    #expect(
      maxAbsDifference(sum.imaginary, zip(fa.imaginary, fb.imaginary).map { 0.5 * $0 + 4 * $1 }) < 1e-11)
  }

  @Test func pureToneLandsInItsBin() {
    let x = sine(frequency_Hz: 100, amplitude: 1, count: 800, sampleRate_Hz: 8000)
    let (re, im) = RealFFTPlan.shared(length: 800).forward(x)
    let magnitudes = zip(re, im).map { ($0 * $0 + $1 * $1).squareRoot() }
    #expect(abs(magnitudes[10] - 400) < 1e-9)  // N/2 for a unit sine
    #expect(magnitudes.enumerated().filter { $0.offset != 10 }.allSatisfy { $0.element < 1e-9 })
  }
}

@Suite struct AlignmentTests {
  /// Runs `body` on a copy of `x` that starts `shift` doubles into a larger buffer, so
  /// the data's address has a different alignment for each shift.
  private func shifted<T>(_ x: [Double], by shift: Int, _ body: (UnsafeBufferPointer<Double>) -> T) -> T {
    let padded = [Double](repeating: 0, count: shift) + x
    return padded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[shift...])) }
  }

  @Test func resultsDoNotDependOnTheCallersAlignment() {
    let x = noise(count: 1000, seed: 21)
    let fft = RealFFTPlan.shared(length: 1000)
    let dct = DCT2Plan.shared(length: 1000)
    func run(_ input: UnsafeBufferPointer<Double>) -> [Double] {
      var re = [Double](repeating: 0, count: fft.binCount)
      var im = re
      var d = [Double](repeating: 0, count: 1000)
      re.withUnsafeMutableBufferPointer { r in
        im.withUnsafeMutableBufferPointer { i in fft.forward(input, real: r, imaginary: i) }
      }
      d.withUnsafeMutableBufferPointer { dct.transform(input, into: $0) }
      return re + im + d
    }
    let reference = shifted(x, by: 0, run)
    for shift in 1...7 { #expect(shifted(x, by: shift, run) == reference, "shift \(shift)") }
  }
}
