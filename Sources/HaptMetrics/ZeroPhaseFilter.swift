import HaptCore
/// Second-order Butterworth sections run forwards and backwards (zero phase), for the
/// slow envelopes of ``PerceptualAttributes``.
///
/// Coefficients by the bilinear transform with prewarping (the audio-EQ cookbook form,
/// Q = 1/sqrt 2). Running a section forwards then backwards squares its magnitude
/// response and cancels its phase, so an onset is not delayed.
struct ZeroPhaseFilter {
  enum Kind { case lowPass, highPass }

  private let b: (Double, Double, Double)
  private let a: (Double, Double)

  /// A second-order Butterworth section of `kind` at `cutoff_Hz`; nil if the cutoff is not
  /// below half the sample rate.
  init?(_ kind: Kind, cutoff_Hz: Double, sampleRate_Hz: Double) {
    guard cutoff_Hz > 0, cutoff_Hz < sampleRate_Hz / 2, sampleRate_Hz.isFinite else { return nil }
    let w = 2 * Double.pi * cutoff_Hz / sampleRate_Hz
    let alpha = sin(w) / (2 * (0.5).squareRoot())
    let c = cos(w)
    let a0 = 1 + alpha
    switch kind {
    case .lowPass:
      b = ((1 - c) / 2 / a0, (1 - c) / a0, (1 - c) / 2 / a0)
    case .highPass:
      b = ((1 + c) / 2 / a0, -(1 + c) / a0, (1 + c) / 2 / a0)
    }
    a = (-2 * c / a0, (1 - alpha) / a0)
  }

  /// `samples` through the section forwards, then backwards. Each pass starts at rest
  /// from the first value it sees (held before the start), so a signal that starts at a
  /// level does not ring at its edge.
  func filtered(_ samples: [Double]) -> [Double] {
    var y = pass(samples)
    y.reverse()
    y = pass(y)
    y.reverse()
    return y
  }

  private func pass(_ x: [Double]) -> [Double] {
    guard let first = x.first else { return [] }
    // Steady state for a constant input `first`: the DC gain is 1 for a low-pass, 0 for a
    // high-pass.
    let dc = b.0 + b.1 + b.2
    let y0 = first * dc / (1 + a.0 + a.1)
    var x1 = first
    var x2 = first
    var y1 = y0
    var y2 = y0
    var out = [Double](repeating: 0, count: x.count)
    for n in x.indices {
      let v = x[n]
      let y = b.0 * v + b.1 * x1 + b.2 * x2 - a.0 * y1 - a.1 * y2
      out[n] = y
      x2 = x1
      x1 = v
      y2 = y1
      y1 = y
    }
    return out
  }
}
