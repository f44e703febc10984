import Foundation

/// sin(phi) for a phase advanced sample by sample, cheaply.
///
/// The phase itself is accumulated exactly as Docs/Model.md §2 defines it
/// (`phi += 2 pi f / fs` after each sample, in double precision). sin and cos of the
/// phase are advanced by rotating them through the step, `(cos step, sin step)`, instead
/// of calling `sin` per sample. The rotation follows the step when it changes (a series,
/// ``rotation(by:)``, or for a frequency moving under a control curve a small turn by the
/// change, ``smallRotation(by:)``). Every ``anchorInterval`` samples sin, cos and the
/// rotation are re-anchored with a real `sin`/`cos` of the accumulated phase, which
/// bounds the recurrences' drift. Between anchors the rotations follow the exact sum of
/// the steps while the accumulated phase rounds at each addition, so the two part by up
/// to about 1e-10 at phases near 1e5 rad (tested against per-sample `sin` to 1e-9).
struct PhaseOscillator {
  /// Samples between re-anchorings.
  static let anchorInterval = 256

  /// The accumulated phase, rad.
  private(set) var phase: Double = 0
  /// sin(phase).
  private(set) var sine: Double = 0
  private var cosine: Double = 1
  /// The step the rotation below was computed for, rad (NaN: none yet).
  private var increment: Double = .nan
  private var rotationCos: Double = 1
  private var rotationSin: Double = 0
  private var sinceAnchor = 0

  /// Starts at phase 0.
  init() {}

  /// Advances the phase by `step` radians and updates ``sine``.
  @inline(__always)
  mutating func advance(by step: Double) {
    phase += step
    if step != increment {
      // A small change of step (a control curve moving the frequency) turns the rotation
      // by the difference (exact when the steps are within a factor of two, as they are at
      // audio-rate steps; else off by one rounding of it); a larger one, or the first,
      // computes it afresh.
      let change = step - increment
      if abs(change) <= PhaseOscillator.maxIncrementalChange, sinceAnchor < PhaseOscillator.anchorInterval {
        let (c, s) = PhaseOscillator.smallRotation(by: change)
        (rotationCos, rotationSin) = (rotationCos * c - rotationSin * s, rotationSin * c + rotationCos * s)
      } else {
        (rotationCos, rotationSin) = PhaseOscillator.rotation(by: step)
      }
      increment = step
    }
    if sinceAnchor < PhaseOscillator.anchorInterval {
      (sine, cosine) = (sine * rotationCos + cosine * rotationSin, cosine * rotationCos - sine * rotationSin)
      sinceAnchor += 1
    } else {
      // Re-anchor sin and cos, and the rotation (whose small turns accumulate rounding too).
      sine = sin(phase)
      cosine = cos(phase)
      (rotationCos, rotationSin) = PhaseOscillator.rotation(by: step)
      sinceAnchor = 0
    }
  }

  /// The largest change of step turned incrementally by ``smallRotation(by:)``, rad
  /// (1.3 Hz per sample at 8 kHz).
  static let maxIncrementalChange = 1e-3

  /// `(cos x, sin x)` for |x| <= ``maxIncrementalChange``: three terms of each series,
  /// truncation error below 1e-20.
  @inline(__always)
  static func smallRotation(by x: Double) -> (cos: Double, sin: Double) {
    let x2 = x * x
    return (1 + x2 * (-0.5 + x2 * (1.0 / 24)), x + x * x2 * (-1.0 / 6 + x2 * (1.0 / 120)))
  }

  /// `(cos x, sin x)`: for |x| <= 0.5 rad (any drive frequency below fs / 4 pi, 637 Hz at
  /// 8 kHz) their Taylor series to x^16 and x^15, whose truncation error is below 1e-19;
  /// otherwise the C library's.
  @inline(__always)
  static func rotation(by x: Double) -> (cos: Double, sin: Double) {
    guard abs(x) <= 0.5 else { return (cos(x), sin(x)) }
    let x2 = x * x
    var s = -1.0 / 1_307_674_368_000
    s = 1.0 / 6_227_020_800 + x2 * s
    s = -1.0 / 39_916_800 + x2 * s
    s = 1.0 / 362_880 + x2 * s
    s = -1.0 / 5040 + x2 * s
    s = 1.0 / 120 + x2 * s
    s = -1.0 / 6 + x2 * s
    s = x + x * x2 * s
    var c = 1.0 / 20_922_789_888_000
    c = -1.0 / 87_178_291_200 + x2 * c
    c = 1.0 / 479_001_600 + x2 * c
    c = -1.0 / 3_628_800 + x2 * c
    c = 1.0 / 40320 + x2 * c
    c = -1.0 / 720 + x2 * c
    c = 1.0 / 24 + x2 * c
    c = -0.5 + x2 * c
    c = 1 + x2 * c
    return (c, s)
  }

  /// Adds `amplitude * sin(phase)` to `count` samples at `out`, advancing by `step` after
  /// each: the same phase, anchors and rotation as `count` calls to ``advance(by:)``, with
  /// runs of pure rotation split over four lanes (``rotate(run:from:step:into:amplitudeAt:)``)
  /// and the state held in registers for the loop.
  @inline(__always)
  mutating func addSine(amplitude a: Double, step: Double, count: Int, into out: UnsafeMutablePointer<Double>) {
    addSine(step: step, count: count, into: out) { _ in a }
  }

  /// Like ``addSine(amplitude:step:count:into:)`` with a per-sample amplitude.
  @inline(__always)
  mutating func addSine(
    step: Double, count: Int, into out: UnsafeMutablePointer<Double>, amplitudeAt: (Int) -> Double
  ) {
    // A local copy for the loop (its fields live in registers), written back at the end.
    var oscillator = self
    var j = 0
    while j < count {
      if step == oscillator.increment && oscillator.sinceAnchor < PhaseOscillator.anchorInterval {
        // A run of pure rotations up to the next anchor, over four lanes.
        let run = Swift.min(count - j, PhaseOscillator.anchorInterval - oscillator.sinceAnchor)
        oscillator.rotate(run: run, from: j, step: step, into: out, amplitudeAt: amplitudeAt)
        j += run
        continue
      }
      out[j] += amplitudeAt(j) * oscillator.sine
      oscillator.advance(by: step)
      j += 1
    }
    self = oscillator
  }

  /// Adds `amplitudes[j] * sin(phase)` to `out[j]` for `count` samples, advancing by
  /// `steps[j]` after each.
  @inline(__always)
  mutating func addSine(
    steps: UnsafePointer<Double>, count: Int, into out: UnsafeMutablePointer<Double>,
    amplitudes: UnsafePointer<Double>
  ) {
    var oscillator = self
    for j in 0..<count {
      out[j] += amplitudes[j] * oscillator.sine
      oscillator.advance(by: steps[j])
    }
    self = oscillator
  }

  /// `run` samples of pure rotation from index `first`: four interleaved lanes, each
  /// rotated by four steps at a time, so that the loop-carried multiply-add chain covers
  /// four samples instead of one. The lanes start from (sine, cosine) rotated by 0, 1, 2
  /// and 3 steps; the phase is still accumulated sample by sample (Docs/Model.md §2). On
  /// return (sine, cosine) hold the values for sample `first + run`.
  ///
  /// Rounding differs from a one-lane recurrence by a few 1e-16 per rotation; the
  /// re-anchoring every ``anchorInterval`` samples bounds the drift as before.
  @inline(__always)
  private mutating func rotate(
    run: Int, from first: Int, step: Double, into out: UnsafeMutablePointer<Double>,
    amplitudeAt: (Int) -> Double
  ) {
    let rc = rotationCos
    let rs = rotationSin
    var s0 = sine
    var c0 = cosine
    var s1 = s0 * rc + c0 * rs
    var c1 = c0 * rc - s0 * rs
    var s2 = s1 * rc + c1 * rs
    var c2 = c1 * rc - s1 * rs
    var s3 = s2 * rc + c2 * rs
    var c3 = c2 * rc - s2 * rs
    // Rotation by four steps: (rc + i rs)^4.
    let rc2 = rc * rc - rs * rs
    let rs2 = 2 * rc * rs
    let rc4 = rc2 * rc2 - rs2 * rs2
    let rs4 = 2 * rc2 * rs2
    var p = phase
    var r = first
    let groupsEnd = first + run - run % 4
    while r < groupsEnd {
      out[r] += amplitudeAt(r) * s0
      out[r + 1] += amplitudeAt(r + 1) * s1
      out[r + 2] += amplitudeAt(r + 2) * s2
      out[r + 3] += amplitudeAt(r + 3) * s3
      p += step
      p += step
      p += step
      p += step
      (s0, c0) = (s0 * rc4 + c0 * rs4, c0 * rc4 - s0 * rs4)
      (s1, c1) = (s1 * rc4 + c1 * rs4, c1 * rc4 - s1 * rs4)
      (s2, c2) = (s2 * rc4 + c2 * rs4, c2 * rc4 - s2 * rs4)
      (s3, c3) = (s3 * rc4 + c3 * rs4, c3 * rc4 - s3 * rs4)
      r += 4
    }
    // Fewer than four left: lanes 0..<left hold their samples, lane `left` the next one.
    let left = first + run - r
    if left > 0 {
      out[r] += amplitudeAt(r) * s0
      p += step
    }
    if left > 1 {
      out[r + 1] += amplitudeAt(r + 1) * s1
      p += step
    }
    if left > 2 {
      out[r + 2] += amplitudeAt(r + 2) * s2
      p += step
    }
    switch left {
    case 0: (sine, cosine) = (s0, c0)
    case 1: (sine, cosine) = (s1, c1)
    case 2: (sine, cosine) = (s2, c2)
    default: (sine, cosine) = (s3, c3)
    }
    phase = p
    sinceAnchor += run
  }
}
