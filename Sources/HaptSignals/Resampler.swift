import Foundation

/// Sample-rate conversion with an anti-aliasing windowed-sinc low-pass filter.
///
/// Design (for input rate `fi`, output rate `fo`, `fmin = min(fi, fo)`):
/// - Ideal low-pass at `fc = 0.45 * fmin` (0.9 of the lower Nyquist frequency), windowed
///   by a Kaiser window with beta = 7.857 (80 dB stopband; Kaiser's formula
///   `0.1102 (A - 8.7)`) and a transition band of `0.1 * fmin`, centred on `fc`: flat
///   (ripple < 0.001 dB) up to `0.4 * fmin`, at least 80 dB down from `0.5 * fmin`, the
///   lower Nyquist frequency. So nothing above the output's Nyquist frequency aliases
///   by more than -80 dB, and a signal band-limited to 40 % of the lower rate passes
///   unchanged. For 48 kHz to 8 kHz: flat to 3.2 kHz, -6 dB at 3.6 kHz, -80 dB from 4 kHz.
/// - The kernel half-length is `(A - 8) / (2.285 * 4 pi * 0.1 * fmin)` seconds (Kaiser's
///   length estimate), 3.1 ms at `fmin` = 8 kHz: 150 input taps each side at 48 kHz.
/// - Output sample m is at `m / fo` seconds: `y_m = sum_k x_k h(m/fo - k/fi)`, with the
///   input taken as 0 outside the signal (so the first and last 3 ms or so are tapered).
///   For each fractional position the weights are scaled to sum to 1 (exact DC gain).
/// - When both rates are whole numbers, positions repeat with period `fo / gcd(fi, fo)`;
///   up to 4096 such phases the weights are tabulated once, otherwise computed per
///   output sample. Both give the same values.
///
/// Output length: `ceil(N * fo / fi)` samples, so the duration is kept.
package enum Resampler {
  /// Kaiser window beta for an 80 dB stopband.
  static let kaiserBeta = 0.1102 * (80 - 8.7)
  /// The transition band as a fraction of the lower rate.
  static let transitionFraction = 0.1
  /// The cutoff (-6 dB) as a fraction of the lower rate.
  static let cutoffFraction = 0.45

  /// `signal` at `rate_Hz` samples per second, anti-aliased (see ``Resampler``).
  ///
  /// - Parameters:
  ///   - signal: the input; its rate must be positive and finite.
  ///   - rate_Hz: the output rate; positive and finite. The same rate returns `signal`.
  /// - Complexity: O(N_out * taps) with `taps = 2 * ceil(halfLength * fi) + 2` (302 for
  ///   48 kHz to 8 kHz, 52 for 8 kHz to 48 kHz).
  package static func resample(_ signal: Signal, to rate_Hz: Double) -> Signal {
    let fi = signal.sampleRate_Hz
    precondition(
      fi > 0 && fi.isFinite && rate_Hz > 0 && rate_Hz.isFinite, "Resampler: rates must be positive")
    if fi == rate_Hz { return signal }
    let n = signal.count
    let outCount = Int((Double(n) * rate_Hz / fi - 1e-9).rounded(.up))
    guard n > 0, outCount > 0 else { return Signal(samples: [], sampleRate_Hz: rate_Hz) }
    let kernel = Kernel(inputRate_Hz: fi, outputRate_Hz: rate_Hz)
    let taps = kernel.taps
    var samples = [Double](repeating: 0, count: outCount)
    // Exact integer positions when both rates are whole numbers.
    var rational = fi == fi.rounded() && rate_Hz == rate_Hz.rounded() && fi <= 1e9 && rate_Hz <= 1e9
    let divisor = rational ? gcd(Int(fi), Int(rate_Hz)) : 1
    let up = rational ? Int(rate_Hz) / divisor : 0
    let down = rational ? Int(fi) / divisor : 0
    if Double(outCount) * Double(down) > 1e18 { rational = false }  // m * down must not overflow
    let tapCount = taps.count
    let tabulated = rational && up <= 4096
    var table = [Double](repeating: 0, count: tabulated ? up * tapCount : 0)
    if tabulated {
      table.withUnsafeMutableBufferPointer { t in
        for phase in 0..<up {
          kernel.fill(
            UnsafeMutableBufferPointer(rebasing: t[(phase * tapCount)..<((phase + 1) * tapCount)]),
            fraction: Double(phase) / Double(up))
        }
      }
    }
    var scratch = [Double](repeating: 0, count: tapCount)
    signal.samples.withUnsafeBufferPointer { x in
      table.withUnsafeBufferPointer { t in
        scratch.withUnsafeMutableBufferPointer { s in
          samples.withUnsafeMutableBufferPointer { y in
            for m in 0..<outCount {
              let base: Int
              let w: UnsafePointer<Double>
              if rational {
                let (q, r) = (m * down).quotientAndRemainder(dividingBy: up)
                base = q
                if tabulated {
                  w = t.baseAddress! + r * tapCount
                } else {
                  kernel.fill(s, fraction: Double(r) / Double(up))
                  w = UnsafePointer(s.baseAddress!)
                }
              } else {
                let position = Double(m) * fi / rate_Hz
                base = Int(position.rounded(.down))
                kernel.fill(s, fraction: position - Double(base))
                w = UnsafePointer(s.baseAddress!)
              }
              let first = base + taps.lowerBound
              let lo = max(0, -first)
              let hi = min(tapCount, n - first)
              var sum = 0.0
              var j = lo
              while j < hi {
                sum += w[j] * x[first + j]
                j += 1
              }
              y[m] = sum
            }
          }
        }
      }
    }
    return Signal(samples: samples, sampleRate_Hz: rate_Hz)
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}

/// The windowed-sinc kernel of one conversion, sampled at input-sample offsets.
struct Kernel {
  let inputRate_Hz: Double
  let cutoff_Hz: Double
  let halfLength_s: Double
  /// Input-sample offsets j (relative to the floor of the output position) that can
  /// have a nonzero weight.
  let taps: Range<Int>
  private let besselOfBeta: Double

  init(inputRate_Hz: Double, outputRate_Hz: Double) {
    let lower = min(inputRate_Hz, outputRate_Hz)
    self.inputRate_Hz = inputRate_Hz
    cutoff_Hz = Resampler.cutoffFraction * lower
    let transition_Hz = Resampler.transitionFraction * lower
    halfLength_s = (80 - 8) / (2.285 * 4 * Double.pi * transition_Hz)
    let reach = Int((halfLength_s * inputRate_Hz).rounded(.up))
    taps = (-reach)..<(reach + 2)
    besselOfBeta = Self.besselI0(Resampler.kaiserBeta)
  }

  /// The weights for an output position `fraction` (0 ..< 1) input samples after an
  /// input sample, normalised to sum 1.
  func weights(fraction: Double) -> [Double] {
    var w = [Double](repeating: 0, count: taps.count)
    w.withUnsafeMutableBufferPointer { fill($0, fraction: fraction) }
    return w
  }

  /// Writes the weights for `fraction` into `w` (``taps``.count values).
  func fill(_ w: UnsafeMutableBufferPointer<Double>, fraction: Double) {
    var total = 0.0
    var i = 0
    for j in taps {
      let value = impulse((fraction - Double(j)) / inputRate_Hz)
      w[i] = value
      total += value
      i += 1
    }
    if total != 0 {
      let scale = 1 / total
      for i in 0..<w.count { w[i] *= scale }
    }
  }

  /// `h(tau) = 2 fc / fi * sinc(2 fc tau) * kaiser(tau / halfLength)`.
  private func impulse(_ tau_s: Double) -> Double {
    let u = tau_s / halfLength_s
    guard abs(u) < 1 else { return 0 }
    let x = 2 * cutoff_Hz * tau_s
    let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
    let window = Self.besselI0(Resampler.kaiserBeta * (1 - u * u).squareRoot()) / besselOfBeta
    return 2 * cutoff_Hz / inputRate_Hz * sinc * window
  }

  /// The modified Bessel function of the first kind, order 0 (power series; at most 60
  /// terms, ample for beta < 20).
  static func besselI0(_ x: Double) -> Double {
    var sum = 1.0
    var term = 1.0
    let quarterSquare = x * x / 4
    for k in 1...60 {
      term *= quarterSquare / Double(k * k)
      sum += term
      if term < sum * 1e-17 { break }
    }
    return sum
  }
}
