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
  /// each: exactly the arithmetic of `count` calls to ``advance(by:)`` (so the results are
  /// bit-identical), with the state held in registers for the loop.
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
        for r in j..<(j + run) {
          out[r] += amplitudeAt(r) * sine
          phase += step
          let s = sine * rotationCos + cosine * rotationSin
          let c = cosine * rotationCos - sine * rotationSin
          sine = s
          cosine = c
        }
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
}
