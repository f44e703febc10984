import Foundation
import HaptPatterns
import HaptSignals

/// Pattern to coil voltage, sample for sample as Docs/Model.md §2 defines it.
///
/// - Frequency `f = fmin + s (fmax - fmin)` for effective sharpness s; amplitude
///   `A = Vrated * I^gamma` for effective intensity I (times the low-power scale).
/// - A continuous event occupies `n0 <= n < n1` with `n0 = ceil(start fs - 1e-9)`,
///   `n1 = ceil((start + d) fs - 1e-9)`, `start = latency + t0`; its phase is 0 at `n0` and
///   advances by `2 pi f(t_n) / fs` after each sample; `V_n = A_n env_n sin(phi_n)`, with
///   intensity, sharpness and envelope evaluated at every sample.
/// - A transient samples the controls at its onset and lasts `transientCycles / f`.
/// - Overdrive (a positive `overdriveVoltage_V`): samples whose phase is below pi use
///   amplitude `Voverdrive * I^gamma` in place of A (the envelope still applies).
/// - Braking (positive `brakeCycles`): the next `ceil(brakeCycles fs / f - 1e-9)` samples
///   continue the phase with the sign flipped, at the event's last amplitude A (without
///   the envelope, as Docs/Model.md words it) and last frequency.
/// - Equalisation (``DriveEqualization/actuatorResponse(referenceFrequency_Hz:)``): A is
///   multiplied by `min(|a(fref)| / |a(f)|, Vmax / Vrated)` at the sample's drive
///   frequency (intensity 1 capped at maxVoltage_V, lower intensities scaled from it),
///   before the envelope; overdrive scales the equalised A. A transient, too short to
///   reach the steady state, is scaled instead by the peak its burst reaches,
///   `min(P(fref) / P(f), Vmax / Vrated)` (``TransientEqualizer``); its brake by the same.
/// - Events add; the caller clips the sum to +-maxVoltage_V.
///
/// For an ERM the waveform is DC (`V_n = A_n env_n`, braking `-A`): the motor's speed,
/// not the drive, sets the vibration frequency, and the drive cannot set that speed apart
/// from the level. Durations, the overdrive window and the brake are counted in cycles of
/// `fmax` (``motorClock_Hz``) whatever the sharpness (so one profile schema serves both):
/// sharpness changes nothing an ERM plays. (It used to shorten a tap, `transientCycles / f(s)`, so a sharper
/// tap spun the motor up less and was felt weaker and lower: duller, not sharper.)
///
/// Latency is split as `latency fs = K + rho` with K whole (rho snapped to 0 within
/// 1e-9), and event sample indices are `K + ceil(rho + t0 fs - 1e-9)`: equal to Docs/Model.md's
/// formula except in floating-point ties, and it makes two renders whose latencies differ
/// by whole samples exact shifts of each other. Pattern time of sample n is
/// `(n - K - rho) / fs`.
struct DriveSynthesizer {
  typealias Waveform = DriveWaveform

  let parameters: DriveParameters
  let sampleRate_Hz: Double
  let waveform: Waveform
  /// Multiplies every effective intensity (low-power condition), 0...1.
  let intensityScale: Double
  /// The driver's equalisation across frequency, nil for a plain driver.
  var equalizer: ResponseEqualizer? = nil
  /// The same driver's scaling of transients by the peak their burst reaches, nil for a
  /// plain driver.
  var transientEqualizer: TransientEqualizer? = nil
  /// Where brakes go: nil adds them into the drive; a buffer (the drive's length) receives
  /// them apart, with their windows, so that the actuator can cut each where the motion
  /// has stopped (``LRAModel/simulateBraking(events:brakes:windows:maxVoltage_V:into:)``).
  var brakes: UnsafeMutableBufferPointer<Double>? = nil

  /// The frequency an ERM's cycles (transient length, overdrive window, brake) are counted
  /// at whatever the sharpness, Hz: `fmax`, which an ERM profile sets to the motor's speed
  /// at its rated voltage (200 Hz on the shipped ERMs), so `transientCycles` are turns of
  /// the motor at full speed.
  var motorClock_Hz: Double { parameters.fmax_Hz }

  /// Events that start more than this long before pattern time 0 are not rendered
  /// (``Renderer/renderChecked(_:options:)`` refuses them), s.
  static let earliestEventTime_s = 600.0

  /// Chunk length for control sweeps (stack scratch, no heap allocation per event).
  private static let chunk = 512

  /// Adds the drive of every haptic event of `pattern` into `out` (zeroed by the caller).
  ///
  /// - Returns: the index one past the last sample driven (braking included), or nil if
  ///   no sample was driven.
  func synthesize(
    _ pattern: HapticPattern, controls: PatternControls, latencySamples k: Int, fraction rho: Double,
    into out: UnsafeMutableBufferPointer<Double>
  ) -> Int? {
    var windows: [Range<Int>] = []
    return synthesize(pattern, controls: controls, latencySamples: k, fraction: rho, into: out, brakeWindows: &windows)
  }

  /// ``synthesize(_:controls:latencySamples:fraction:into:)``, also collecting the sample
  /// range of every brake (written into ``brakes`` when that is set).
  func synthesize(
    _ pattern: HapticPattern, controls: PatternControls, latencySamples k: Int, fraction rho: Double,
    into out: UnsafeMutableBufferPointer<Double>, brakeWindows: inout [Range<Int>]
  ) -> Int? {
    var end: Int?
    // Transient factors by drive frequency: each is a short simulation of the burst.
    var transientFactors: [Double: Double] = [:]
    for event in pattern.events where event.type.isHaptic {
      guard event.time_s.isFinite, event.duration_s.isFinite,
        event.time_s > -DriveSynthesizer.earliestEventTime_s
      else { continue }
      let last: Int?
      if event.type == .hapticTransient {
        last = transient(
          event, controls: controls, k: k, rho: rho, into: out, windows: &brakeWindows, factors: &transientFactors)
      } else {
        last = continuous(event, controls: controls, k: k, rho: rho, into: out, windows: &brakeWindows)
      }
      if let last { end = Swift.max(end ?? last, last) }
    }
    return end
  }

  /// Sample index for pattern time `t_s`: `K + ceil(rho + t fs - 1e-9)`, saturated to a
  /// safe integer range.
  @inline(__always)
  func sampleIndex(_ t_s: Double, k: Int, rho: Double) -> Int {
    let x = (rho + t_s * sampleRate_Hz - 1e-9).rounded(.up)
    guard x.isFinite else { return x.isNaN ? k : (x > 0 ? k &+ 4_000_000_000_000_000 : k) }
    let bounded = Swift.min(Swift.max(x, -4e15), 4e15)
    return k &+ Int(bounded)
  }

  /// Amplitude for an effective intensity (already scaled): `Vrated I^gamma`.
  @inline(__always)
  func amplitude(_ intensity: Double) -> Double {
    guard intensity > 0 else { return 0 }
    return parameters.gamma == 1
      ? parameters.ratedVoltage_V * intensity
      : parameters.ratedVoltage_V * pow(intensity, parameters.gamma)
  }

  /// Amplitude `a` equalised for drive frequency `f` (unchanged for a plain driver).
  @inline(__always)
  func equalized(_ a: Double, at f: Double) -> Double {
    guard let equalizer, a > 0 else { return a }
    return equalizer.amplitude(a, at: f)
  }

  private func clamp01(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), 1) }

  /// Amplitude `a` of a transient at drive frequency `f`, equalised by the peak its burst
  /// reaches (``TransientEqualizer``; memoised in `factors` by frequency), or by the
  /// steady-state ratio when no transient equaliser is set.
  @inline(__always)
  func equalizedTransient(_ a: Double, at f: Double, factors: inout [Double: Double]) -> Double {
    guard let transientEqualizer, a > 0 else { return equalized(a, at: f) }
    if let factor = factors[f] { return a * factor }
    let factor = transientEqualizer.cappedFactor(at: f)
    factors[f] = factor
    return a * factor
  }

  private func transient(
    _ event: HapticEvent, controls: PatternControls, k: Int, rho: Double,
    into out: UnsafeMutableBufferPointer<Double>, windows: inout [Range<Int>], factors: inout [Double: Double]
  ) -> Int? {
    let intensity =
      clamp01(event.intensity * controls.intensityMultiplier(at: event.time_s)) * intensityScale
    let sharpness = clamp01(event.sharpness + controls.sharpnessOffset(at: event.time_s))
    // An ERM's frequency is its speed, which its drive level and drive time set, not
    // sharpness: its cycles are counted at motorClock_Hz whatever the sharpness.
    let f = waveform == .dc ? motorClock_Hz : parameters.frequency_Hz(sharpness: sharpness)
    let a =
      waveform == .dc
      ? equalized(amplitude(intensity), at: f) : equalizedTransient(amplitude(intensity), at: f, factors: &factors)
    let n0 = sampleIndex(event.time_s, k: k, rho: rho)
    let n1 = sampleIndex(event.time_s + parameters.transientCycles / f, k: k, rho: rho)
    let step = 2 * Double.pi * f / sampleRate_Hz
    let overdrive =
      parameters.hasOverdrive ? parameters.overdriveVoltage_V * (a / parameters.ratedVoltage_V) : a
    var oscillator = PhaseOscillator()
    let count = out.count
    var n = n0
    // Skip samples before the render (phase still advances), bounded by the event length.
    while n < n1 && n < 0 {
      oscillator.advance(by: step)
      n += 1
    }
    let stop = Swift.min(n1, count)
    switch waveform {
    case .sine:
      // The overdrive window (phase below pi) is a prefix: the phase only grows.
      while n < stop, oscillator.phase < Double.pi {
        out[n] += overdrive * oscillator.sine
        oscillator.advance(by: step)
        n += 1
      }
      if n < stop {
        oscillator.addSine(amplitude: a, step: step, count: stop - n, into: out.baseAddress! + n)
        n = stop
      }
    case .dc:
      while n < stop {
        out[n] += oscillator.phase < Double.pi ? overdrive : a
        oscillator.advance(by: step)
        n += 1
      }
    }
    guard n1 > n0 else { return nil }
    return brake(
      from: n1, cycles: parameters.brakeCycles, amplitude: a, frequency_Hz: f, oscillator: &oscillator,
      into: out,
      windows: &windows)
  }

  /// Synthesises one continuous event into `out` (its drive, then its brake); returns the
  /// sample where it stops, or nil when it has no samples. It stays one long function on
  /// purpose: its per-sample loop keeps the oscillator, envelope and control state in
  /// local copies (registers) written back once, which split-out functions would load and
  /// store through memory on every sample (the render's hot path, measured by hapt-bench).
  private func continuous(
    _ event: HapticEvent, controls: PatternControls, k: Int, rho: Double,
    into out: UnsafeMutableBufferPointer<Double>, windows: inout [Range<Int>]
  ) -> Int? {
    let n0 = sampleIndex(event.time_s, k: k, rho: rho)
    let n1 = sampleIndex(event.time_s + event.duration_s, k: k, rho: rho)
    guard n1 > n0 else { return nil }
    let fs = sampleRate_Hz
    let step_s = 1 / fs
    let twoPiOverFs = 2 * Double.pi / fs
    let fmin = waveform == .dc ? motorClock_Hz : parameters.fmin_Hz
    // An ERM's cycles are counted at motorClock_Hz whatever the sharpness.
    let span = waveform == .dc ? 0 : parameters.fmax_Hz - parameters.fmin_Hz
    let rated = parameters.ratedVoltage_V
    let overdriveRatio = parameters.hasOverdrive ? parameters.overdriveVoltage_V / rated : 1
    let count = out.count
    let start = Swift.max(n0, 0)
    let stop = Swift.min(n1, count)
    var oscillator = PhaseOscillator()
    let lastIntensity = -1.0
    let lastAmplitude = 0.0
    let lastFrequency = fmin + clamp01(event.sharpness + controls.sharpnessOffset(at: event.time_s)) * span
    // Phase through samples before the render.
    var n = n0
    while n < Swift.min(start, n1) {
      let t = (Double(n - k) - rho) * step_s
      let s = clamp01(event.sharpness + controls.sharpnessOffset(at: t))
      oscillator.advance(by: twoPiOverFs * (fmin + s * span))
      n += 1
    }
    // The envelope is exactly 1 on its plateau; the offset only grows, so a chunk whose
    // ends are on the plateau is on it throughout.
    let envelope = EventEnvelope(event)
    let isSine = waveform == .sine
    let intensityConstant = controls.intensity.isConstant
    let sharpnessConstant = controls.sharpness.isConstant
    // The loop state lives in closure-local copies (registers), written back at the end:
    // captured variables would be loaded and stored through memory on every sample.
    let state = withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * DriveSynthesizer.chunk) {
      scratch in
      var oscillator = oscillator
      var lastIntensity = lastIntensity
      var lastAmplitude = lastAmplitude
      var lastFrequency = lastFrequency
      let multipliers = UnsafeMutableBufferPointer(rebasing: scratch[0..<DriveSynthesizer.chunk])
      let offsets = UnsafeMutableBufferPointer(rebasing: scratch[DriveSynthesizer.chunk...])
      var chunkStart = start
      while chunkStart < n1 {
        let length = Swift.min(DriveSynthesizer.chunk, n1 - chunkStart)
        let t0 = (Double(chunkStart - k) - rho) * step_s
        let m = UnsafeMutableBufferPointer(rebasing: multipliers[0..<length])
        let o = UnsafeMutableBufferPointer(rebasing: offsets[0..<length])
        // Controls are swept only where they vary; constant ones are filled in below only
        // by the paths that read them per sample.
        if !intensityConstant { controls.fillIntensityMultipliers(start_s: t0, step_s: step_s, into: m) }
        if !sharpnessConstant { controls.fillSharpnessOffsets(start_s: t0, step_s: step_s, into: o) }
        let firstMultiplier = intensityConstant ? controls.intensity.defaultValue : m[0]
        let firstOffset = sharpnessConstant ? controls.sharpness.defaultValue : o[0]
        let frequencyIsConstant = sharpnessConstant || DriveSynthesizer.isConstant(o)
        let offset0 = t0 - event.time_s
        let writable = Swift.max(Swift.min(stop - chunkStart, length), 0)
        // Fast path: a chunk inside the sustain with constant controls, past the overdrive
        // window, is a constant-amplitude, constant-frequency sine (the same arithmetic
        // as the general loop below, without its per-sample checks).
        let lastOffset = offset0 + Double(length - 1) * step_s
        if isSine, writable == length, oscillator.phase >= Double.pi, envelope.isOnPlateau(atOffset: offset0),
          envelope.isOnPlateau(atOffset: lastOffset),
          intensityConstant || DriveSynthesizer.isConstant(m), frequencyIsConstant
        {
          let intensity = clamp01(event.intensity * firstMultiplier) * intensityScale
          if intensity != lastIntensity {
            lastIntensity = intensity
            lastAmplitude = amplitude(intensity)
          }
          let f = fmin + clamp01(event.sharpness + firstOffset) * span
          let step = twoPiOverFs * f
          let a = equalized(lastAmplitude, at: f)
          oscillator.addSine(amplitude: a, step: step, count: length, into: out.baseAddress! + chunkStart)
          lastFrequency = f
          chunkStart += length
          continue
        }
        // Middle path: no overdrive in this chunk, amplitude or frequency varying (a
        // control curve, attack or release): amplitudes and steps first, then the
        // oscillator over the chunk.
        if isSine, writable == length, oscillator.phase >= Double.pi {
          if intensityConstant { m.update(repeating: firstMultiplier) }
          amplitudes(fromMultipliers: m, eventIntensity: event.intensity, last: &lastIntensity, &lastAmplitude)
          if equalizer != nil {
            if frequencyIsConstant {
              let f = fmin + clamp01(event.sharpness + firstOffset) * span
              for j in 0..<length { m[j] = equalized(m[j], at: f) }
            } else {
              for j in 0..<length { m[j] = equalized(m[j], at: fmin + clamp01(event.sharpness + o[j]) * span) }
            }
          }
          // The envelope only where it is not exactly 1.
          if !(envelope.isOnPlateau(atOffset: offset0) && envelope.isOnPlateau(atOffset: lastOffset)) {
            for j in 0..<length {
              let offset = offset0 + Double(j) * step_s
              if !envelope.isOnPlateau(atOffset: offset) { m[j] *= envelope.gain(atOffset: offset) }
            }
          }
          let chunkAmplitudes = m.baseAddress!
          let chunkOut = out.baseAddress! + chunkStart
          if frequencyIsConstant {
            let f = fmin + clamp01(event.sharpness + firstOffset) * span
            oscillator.addSine(step: twoPiOverFs * f, count: length, into: chunkOut) { chunkAmplitudes[$0] }
            lastFrequency = f
          } else {
            lastFrequency = fmin + clamp01(event.sharpness + o[length - 1]) * span
            for j in 0..<length { o[j] = twoPiOverFs * (fmin + clamp01(event.sharpness + o[j]) * span) }
            oscillator.addSine(steps: o.baseAddress!, count: length, into: chunkOut, amplitudes: chunkAmplitudes)
          }
          chunkStart += length
          continue
        }
        // General path, per sample. For a sine inside the render it only has to cover the
        // overdrive window (phase below pi, at the event's start): the rest of the chunk
        // is then a new chunk for the middle path.
        if intensityConstant { m.update(repeating: firstMultiplier) }
        if sharpnessConstant { o.update(repeating: firstOffset) }
        let untilPhasePi = isSine && writable == length
        var processed = length
        for j in 0..<length {
          if untilPhasePi && j > 0 && oscillator.phase >= Double.pi {
            processed = j
            break
          }
          let intensity = clamp01(event.intensity * m[j]) * intensityScale
          if intensity != lastIntensity {
            lastIntensity = intensity
            lastAmplitude = amplitude(intensity)
          }
          let f = fmin + clamp01(event.sharpness + o[j]) * span
          if j < writable {
            let offset = offset0 + Double(j) * step_s
            let env = envelope.isOnPlateau(atOffset: offset) ? 1 : envelope.gain(atOffset: offset)
            let a = equalized(lastAmplitude, at: f)
            let amp = oscillator.phase < Double.pi ? a * overdriveRatio : a
            out[chunkStart + j] += isSine ? amp * env * oscillator.sine : amp * env
          }
          lastFrequency = f
          oscillator.advance(by: twoPiOverFs * f)
        }
        chunkStart += processed
        if chunkStart >= stop { break }
      }
      return (oscillator, lastAmplitude, lastFrequency)
    }
    oscillator = state.0
    return brake(
      from: n1, cycles: parameters.brakeCycles, amplitude: equalized(state.1, at: state.2), frequency_Hz: state.2,
      oscillator: &oscillator, into: out, windows: &windows)
  }

  /// Replaces the intensity multipliers `m` of one chunk by drive amplitudes,
  /// `amplitude(clamp01(eventIntensity m) scale)`, and leaves `lastAmplitude` at the final
  /// sample's amplitude (`lastIntensity` is its memo key, or NaN for none). With gamma 1
  /// this is a branch-free loop; otherwise `pow` runs only where the intensity changes.
  @inline(__always)
  private func amplitudes(
    fromMultipliers m: UnsafeMutableBufferPointer<Double>, eventIntensity: Double,
    last lastIntensity: inout Double, _ lastAmplitude: inout Double
  ) {
    guard let base = m.baseAddress, m.count > 0 else { return }
    let scale = intensityScale
    if parameters.gamma == 1 {
      let rated = parameters.ratedVoltage_V
      for j in 0..<m.count {
        let intensity = clamp01(eventIntensity * base[j]) * scale
        base[j] = intensity > 0 ? rated * intensity : 0
      }
      lastIntensity = .nan  // no memo: the next lookup recomputes (same value)
      lastAmplitude = base[m.count - 1]
      return
    }
    for j in 0..<m.count {
      let intensity = clamp01(eventIntensity * base[j]) * scale
      if intensity != lastIntensity {
        lastIntensity = intensity
        lastAmplitude = amplitude(intensity)
      }
      base[j] = lastAmplitude
    }
  }

  /// Whether every element equals the first.
  @inline(__always)
  static func isConstant(_ values: UnsafeMutableBufferPointer<Double>) -> Bool {
    guard let first = values.first else { return true }
    for value in values where value != first { return false }
    return true
  }

  /// Writes the anti-phase brake after an event's drive ends at `n1`, at the event's last
  /// amplitude `a` (equalised as the event was: a continuous event's for the brake's
  /// frequency, a transient's by its burst).
  /// - Returns: one past the last driven sample.
  private func brake(
    from n1: Int, cycles: Double, amplitude a: Double, frequency_Hz f: Double,
    oscillator: inout PhaseOscillator, into events: UnsafeMutableBufferPointer<Double>, windows: inout [Range<Int>]
  ) -> Int {
    guard cycles > 0, a > 0 else { return n1 }
    let out = brakes ?? events
    let raw = (cycles * sampleRate_Hz / f - 1e-9).rounded(.up)
    let samples = raw.isFinite ? Int(Swift.min(Swift.max(raw, 0), 1e9)) : 0
    let end = n1 &+ samples
    let step = 2 * Double.pi * f / sampleRate_Hz
    var n = n1
    let stop = Swift.min(end, out.count)
    while n < stop, n < 0 {
      oscillator.advance(by: step)
      n += 1
    }
    guard n < stop else { return end }
    windows.append(n..<stop)
    switch waveform {
    case .sine:
      // out[n] + (-a) sin = out[n] - a sin exactly.
      oscillator.addSine(amplitude: -a, step: step, count: stop - n, into: out.baseAddress! + n)
    case .dc:
      for m in n..<stop { out[m] -= a }
    }
    return end
  }
}
