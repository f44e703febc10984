import Foundation

/// sin(phi) for a phase advanced sample by sample, cheaply.
///
/// The phase itself is accumulated exactly as MODEL.md §2 defines it
/// (`phi += 2 pi f / fs` after each sample, in double precision). Where the increment is
/// constant over consecutive samples, sin and cos are advanced by a rotation recurrence
/// instead of calling `sin`; every ``anchorInterval`` samples, and whenever the increment
/// changes, they are re-anchored with a real `sin`/`cos` of the accumulated phase, which
/// bounds the recurrence's drift (a few 1e-14 after 256 rotations; the tests check
/// agreement with per-sample `sin` to 1e-9).
struct PhaseOscillator {
  /// Samples between re-anchorings.
  static let anchorInterval = 256

  /// The accumulated phase, rad.
  private(set) var phase: Double = 0
  /// sin(phase).
  private(set) var sine: Double = 0
  private var cosine: Double = 1
  private var increment: Double = .nan
  private var rotationCos: Double = 1
  private var rotationSin: Double = 0
  private var rotationReady = false
  private var sinceAnchor = 0

  /// Starts at phase 0.
  init() {}

  /// Advances the phase by `step` radians and updates ``sine``.
  @inline(__always)
  mutating func advance(by step: Double) {
    phase += step
    if step == increment {
      if rotationReady && sinceAnchor < PhaseOscillator.anchorInterval {
        let s = sine * rotationCos + cosine * rotationSin
        let c = cosine * rotationCos - sine * rotationSin
        sine = s
        cosine = c
        sinceAnchor += 1
      } else {
        if !rotationReady {
          rotationCos = cos(step)
          rotationSin = sin(step)
          rotationReady = true
        }
        sine = sin(phase)
        cosine = cos(phase)
        sinceAnchor = 0
      }
    } else {
      increment = step
      rotationReady = false
      sine = sin(phase)
    }
  }

  /// Adds `amplitude * sin(phase)` to `count` samples at `out`, advancing by `step` after
  /// each: the same phase, anchors and rotation as `count` calls to ``advance(by:)``, with
  /// runs of pure rotation split over four lanes (``rotate(run:from:step:phase:sine:cosine:rotationCos:rotationSin:into:amplitudeAt:)``)
  /// and the state held in registers for the loop.
  @inline(__always)
  mutating func addSine(amplitude a: Double, step: Double, count: Int, into out: UnsafeMutablePointer<Double>)
  {
    addSine(step: step, count: count, into: out) { _ in a }
  }

  /// Like ``addSine(amplitude:step:count:into:)`` with a per-sample amplitude.
  @inline(__always)
  mutating func addSine(
    step: Double, count: Int, into out: UnsafeMutablePointer<Double>, amplitudeAt: (Int) -> Double
  ) {
    var phase = self.phase
    var sine = self.sine
    var cosine = self.cosine
    var increment = self.increment
    var rotationCos = self.rotationCos
    var rotationSin = self.rotationSin
    var rotationReady = self.rotationReady
    var sinceAnchor = self.sinceAnchor
    var j = 0
    while j < count {
      if step == increment && rotationReady && sinceAnchor < PhaseOscillator.anchorInterval {
        // A run of pure rotations up to the next anchor: the same arithmetic as the
        // general step below, without its per-sample checks.
        let run = Swift.min(count - j, PhaseOscillator.anchorInterval - sinceAnchor)
        PhaseOscillator.rotate(
          run: run, from: j, step: step, phase: &phase, sine: &sine, cosine: &cosine,
          rotationCos: rotationCos, rotationSin: rotationSin, into: out, amplitudeAt: amplitudeAt)
        sinceAnchor += run
        j += run
        continue
      }
      out[j] += amplitudeAt(j) * sine
      phase += step
      if step == increment {
        if !rotationReady {
          rotationCos = cos(step)
          rotationSin = sin(step)
          rotationReady = true
        }
        sine = sin(phase)
        cosine = cos(phase)
        sinceAnchor = 0
      } else {
        increment = step
        rotationReady = false
        sine = sin(phase)
      }
      j += 1
    }
    self.phase = phase
    self.sine = sine
    self.cosine = cosine
    self.increment = increment
    self.rotationCos = rotationCos
    self.rotationSin = rotationSin
    self.rotationReady = rotationReady
    self.sinceAnchor = sinceAnchor
  }

  /// `run` samples of pure rotation from index `first`: four interleaved lanes, each
  /// rotated by four steps at a time, so that the loop-carried multiply-add chain covers
  /// four samples instead of one. The lanes start from (sine, cosine) rotated by 0, 1, 2
  /// and 3 steps; the phase is still accumulated sample by sample (MODEL.md §2). On
  /// return (sine, cosine) hold the values for sample `first + run`.
  ///
  /// Rounding differs from a one-lane recurrence by a few 1e-16 per rotation; the
  /// re-anchoring every ``anchorInterval`` samples bounds the drift as before.
  @inline(__always)
  private static func rotate(
    run: Int, from first: Int, step: Double, phase: inout Double, sine: inout Double, cosine: inout Double,
    rotationCos rc: Double, rotationSin rs: Double, into out: UnsafeMutablePointer<Double>,
    amplitudeAt: (Int) -> Double
  ) {
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
  }
}
