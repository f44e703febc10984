import Foundation
import HaptPatterns

/// Decodes an MPEG-I Haptics experience to a signal (Docs/Formats-MPEG.md, "Rendering").
///
/// Per effect, at pattern time t (ticks `tau = t rate timescale`, relative ticks
/// `r = tau - position`):
/// - VectorialWave: `a(r) * base(phi)`; amplitude and frequency are linear between their
///   keyframes and held before the first and after the last (amplitude 1 without any);
///   keyframe frequencies are clamped to the band's limits, then to the drive band; the
///   phase starts at the effect's `phase` and is the exact integral of the frequency, so
///   a chirp is continuous.
/// - Transient: each keyframe plays `a sin(2 pi f (t - t_k))` for two cycles of its
///   frequency (clamped to the band and the drive band; 2/0.022 Hz without one).
/// - Curve: the interpolated amplitude itself (``MPEGCurve``), no carrier.
/// - WaveletWave: each block decoded (``MPEGWaveletBlock``) to samples at the band's upper
///   frequency limit, held from sample to sample, from the block's position.
///
/// A channel is the sum of its bands clamped to -1...1, times its gain and
/// `10^perception_unit_exponent`; the channels of every rendered perception (Vibrotactile or
/// Other, ``MPEGHaptics/Perception/isRendered``) mix with
/// their `mixing_coefficient` as weights, and the mix is clamped to -1...1 (full scale).
struct MPEGSynthesizer {
  /// How full scale meets the drive.
  struct Drive {
    /// Volts for amplitude 1 (1 for the `ideal` profile).
    var fullScale_V: Double = 1
    /// Applied to |amplitude| before scaling (the profile's gamma).
    var gamma: Double = 1
    /// The drive band carrier frequencies are clamped to, or nil for none.
    var band_Hz: ClosedRange<Double>? = nil
    /// Amplitude gain at a carrier frequency (the driver's equalisation with its cap),
    /// dimensionless: every amplitude scales from it, as every AHAP intensity does.
    var equalization: (@Sendable (Double) -> Double)? = nil
    /// A DC drive (ERM): the amplitude envelope without carrier.
    var isDC = false
    /// Cycles one transient keyframe plays (the profile's `transientCycles` on a physical
    /// device; the format's two on the `ideal` profile).
    var transientCycles = MPEGHaptics.transientCycles
    /// Overdrive voltage over rated voltage for the first half cycle of each effect and
    /// transient (1: none).
    var overdriveRatio = 1.0
    /// Cycles of reversed drive after each effect and transient (0: none).
    var brakeCycles = 0.0
  }

  let haptics: MPEGHaptics
  let sampleRate_Hz: Double
  let drive: Drive
  /// Playback rate: pattern time runs this many times faster than real time.
  let rate: Double

  /// Adds the decoded signal into `out`, sample n at pattern time `(n - offset) / fs`,
  /// for `loops` plays `period_s` apart. Values are volts (`fullScale_V` per full scale).
  func synthesize(
    into out: inout [Double], offset: Double, loops: Int = 1, period_s: Double = 0
  ) {
    let count = out.count
    var mix = Accumulator(count: count)
    var channel = Accumulator(count: count)
    var band = Accumulator(count: count)
    for perception in haptics.perceptions where perception.isRendered {
      let unit = pow(10, Double(perception.perceptionUnitExponent))
      for ch in perception.channels {
        channel.reset()
        for b in ch.bands {
          band.reset()
          for effect in haptics.playedEffects(of: b, in: perception) {
            for loop in 0..<max(loops, 1) {
              let start = offset + Double(loop) * period_s / rate * sampleRate_Hz
              add(effect, band: b, offset: start, into: &band)
            }
          }
          channel.add(band, weight: 1)
        }
        channel.clampToFullScale()
        mix.add(channel, weight: ch.gain * unit * ch.mixingCoefficient)
      }
    }
    mix.clampToFullScale()
    for n in out.indices {
      out[n] += drive.fullScale_V * shaped(mix.equalized[n])
    }
  }

  /// A signal in full-scale units (`raw`, where the format's clamps apply) and the same
  /// with the driver's equalisation (`equalized`, what drives the actuator).
  struct Accumulator {
    var raw: [Double]
    var equalized: [Double]

    init(count: Int) {
      raw = [Double](repeating: 0, count: count)
      equalized = raw
    }

    mutating func reset() {
      for n in raw.indices {
        raw[n] = 0
        equalized[n] = 0
      }
    }

    @inline(__always) mutating func add(_ n: Int, _ value: Double, gain: Double) {
      raw[n] += value
      equalized[n] += value * gain
    }

    /// Drive that is the driver's, not the signal's (overdrive, braking): no clamp applies.
    @inline(__always) mutating func addDriveOnly(_ n: Int, _ value: Double) {
      equalized[n] += value
    }

    mutating func add(_ other: Accumulator, weight: Double) {
      for n in raw.indices {
        raw[n] += other.raw[n] * weight
        equalized[n] += other.equalized[n] * weight
      }
    }

    /// Clamps `raw` to -1...1 and scales `equalized` by the same factor.
    mutating func clampToFullScale() {
      for n in raw.indices where abs(raw[n]) > 1 {
        let factor = 1 / abs(raw[n])
        raw[n] *= factor
        equalized[n] *= factor
      }
    }
  }

  /// |x|^gamma with x's sign.
  @inline(__always) private func shaped(_ x: Double) -> Double {
    guard drive.gamma != 1, x != 0 else { return x }
    return x < 0 ? -pow(-x, drive.gamma) : pow(x, drive.gamma)
  }

  /// Sample index range covering ticks `from...to` of pattern time (an effect's end
  /// included, as the reference synthesizer evaluates it).
  private func samples(fromTicks from: Double, toTicks to: Double, offset: Double, count: Int) -> Range<Int> {
    let ts = Double(haptics.timescale)
    let first = (offset + from / ts / rate * sampleRate_Hz - 1e-9).rounded(.up)
    let last = (offset + to / ts / rate * sampleRate_Hz + 1e-9).rounded(.down)
    let lo = Int(min(max(first, 0), Double(count)))
    let hi = Int(min(max(last + 1, 0), Double(count)))
    return lo..<max(lo, hi)
  }

  /// Ticks of pattern time at sample n.
  @inline(__always) private func ticks(_ n: Int, offset: Double) -> Double {
    (Double(n) - offset) / sampleRate_Hz * rate * Double(haptics.timescale)
  }

  private func carrierFrequency(_ f: Double, band: MPEGHaptics.Band) -> Double {
    var f = min(max(f, band.lowerFrequencyLimit_Hz), band.upperFrequencyLimit_Hz)
    if let range = drive.band_Hz { f = min(max(f, range.lowerBound), range.upperBound) }
    return f
  }

  /// The equalisation gain at carrier frequency `f` (1 without equalisation): the
  /// driver's factor capped for full scale, `min(factor(f), Vmax / Vrated)`, the same for
  /// every amplitude (so the drive grows with the amplitude at every frequency).
  @inline(__always) private func gain(at f: Double) -> Double {
    guard let eq = drive.equalization, f > 0 else { return 1 }
    return eq(f)
  }

  private func add(_ effect: MPEGHaptics.Effect, band: MPEGHaptics.Band, offset: Double, into out: inout Accumulator) {
    switch band.type {
    case .vectorialWave: addVectorial(effect, band: band, offset: offset, into: &out)
    case .transient: addTransient(effect, band: band, offset: offset, into: &out)
    case .curve: addCurve(effect, band: band, offset: offset, into: &out)
    case .waveletWave: addWavelet(effect, band: band, offset: offset, into: &out)
    }
  }

  /// A WaveletWave block: its decoded samples at the band's upper frequency limit, each
  /// held for one sampling period (ERM: their magnitude).
  private func addWavelet(
    _ effect: MPEGHaptics.Effect, band: MPEGHaptics.Band, offset: Double, into out: inout Accumulator
  ) {
    guard let stream = effect.waveletStream, let count = band.waveletSamplesPerBlock(timescale: haptics.timescale)
    else { return }
    let ts = Double(haptics.timescale)
    let fs = band.upperFrequencyLimit_Hz
    let position = Double(effect.position)
    let range = samples(
      fromTicks: position, toTicks: position + Double(count) / fs * ts, offset: offset, count: out.raw.count)
    // Decode only blocks the render reaches.
    guard !range.isEmpty, let values = MPEGWaveletBlock.decode(stream, length: count) else { return }
    for n in range {
      let k = Int(((ticks(n, offset: offset) - position) / ts * fs + 1e-9).rounded(.down))
      guard k >= 0 && k < count else { continue }
      out.add(n, drive.isDC ? abs(values[k]) : values[k], gain: 1)
    }
  }

  private func addVectorial(
    _ effect: MPEGHaptics.Effect, band: MPEGHaptics.Band, offset: Double, into out: inout Accumulator
  ) {
    guard !effect.keyframes.isEmpty else { return }
    let amplitudes = effect.keyframes.compactMap { k in k.amplitude.map { (Double(k.relativePosition ?? 0), $0) } }
    let carrier = Carrier(
      effect.keyframes.compactMap { k in
        k.frequency_Hz.map { (Double(k.relativePosition ?? 0), carrierFrequency($0, band: band)) }
      }, timescale: Double(haptics.timescale), rate: rate)
    let position = Double(effect.position)
    let startCycles = effect.phase_rad / (2 * Double.pi)
    let range = samples(
      fromTicks: position, toTicks: position + Double(effect.length), offset: offset, count: out.raw.count)
    for n in range {
      let r = max(ticks(n, offset: offset) - position, 0)
      let a = amplitudes.isEmpty ? 1 : Self.held(amplitudes, at: r)
      let elapsed = carrier.cycles(at: r)
      let value = drive.isDC ? abs(a) : a * Self.base(effect.baseSignal, cycles: startCycles + elapsed)
      let g = gain(at: carrier.frequency(at: r))
      out.add(n, value, gain: g)
      if drive.overdriveRatio != 1 && elapsed < 0.5 { out.addDriveOnly(n, value * g * (drive.overdriveRatio - 1)) }
    }
    // Braking: the carrier continues reversed, at the last amplitude and frequency.
    guard drive.brakeCycles > 0, let last = range.last else { return }
    let r = Double(effect.length)
    let a = amplitudes.isEmpty ? 1 : Self.held(amplitudes, at: r)
    let f = carrier.frequency(at: r)
    guard f > 0, a != 0 else { return }
    let g = gain(at: f)
    let count = Int((drive.brakeCycles * sampleRate_Hz / f - 1e-9).rounded(.up))
    for n in (last + 1)..<min(last + 1 + count, out.raw.count) {
      let rn = ticks(n, offset: offset) - position
      let value = drive.isDC ? abs(a) : a * Self.base(effect.baseSignal, cycles: startCycles + carrier.cycles(at: rn))
      out.addDriveOnly(n, -value * g)
    }
  }

  /// A VectorialWave effect's carrier: frequency linear between its keyframes (held
  /// outside them), and the cycles elapsed since the effect's start, integrated exactly.
  struct Carrier {
    let points: [(x: Double, f: Double)]
    /// Cycles elapsed at each point.
    let cyclesAt: [Double]
    let timescale: Double
    let rate: Double

    init(_ points: [(Double, Double)], timescale: Double, rate: Double) {
      self.points = points.map { (x: $0.0, f: $0.1) }
      self.timescale = timescale
      self.rate = rate
      var cycles: [Double] = []
      var total = 0.0
      for (i, p) in self.points.enumerated() {
        if i == 0 {
          total = p.f * (p.x / timescale)
        } else {
          let q = self.points[i - 1]
          total += (q.f + p.f) / 2 * ((p.x - q.x) / timescale)
        }
        cycles.append(total)
      }
      cyclesAt = cycles
    }

    func frequency(at r: Double) -> Double {
      guard let first = points.first, let last = points.last else { return 0 }
      if r <= first.x { return first.f }
      if r >= last.x { return last.f }
      var low = 0
      var high = points.count - 1
      while high - low > 1 {
        let mid = (low + high) / 2
        if points[mid].x <= r { low = mid } else { high = mid }
      }
      let p = points[low]
      let q = points[high]
      return q.x > p.x ? p.f + (q.f - p.f) * (r - p.x) / (q.x - p.x) : q.f
    }

    /// Cycles of real time elapsed `r` ticks after the effect's start.
    func cycles(at r: Double) -> Double {
      guard let first = points.first, let last = points.last else { return 0 }
      let c: Double
      if r <= first.x {
        c = first.f * (r / timescale)
      } else if r >= last.x {
        c = cyclesAt[cyclesAt.count - 1] + last.f * ((r - last.x) / timescale)
      } else {
        var low = 0
        var high = points.count - 1
        while high - low > 1 {
          let mid = (low + high) / 2
          if points[mid].x <= r { low = mid } else { high = mid }
        }
        let p = points[low]
        let q = points[high]
        let d = (r - p.x) / timescale
        let span = (q.x - p.x) / timescale
        c = cyclesAt[low] + p.f * d + (span > 0 ? (q.f - p.f) * d * d / (2 * span) : 0)
      }
      return c / rate
    }
  }

  private func addTransient(
    _ effect: MPEGHaptics.Effect, band: MPEGHaptics.Band, offset: Double, into out: inout Accumulator
  ) {
    let ts = Double(haptics.timescale)
    for keyframe in effect.keyframes {
      guard let a = keyframe.amplitude else { continue }
      let f = carrierFrequency(haptics.transientFrequency(keyframe, band: band), band: band)
      guard f > 0 else { continue }
      let start = Double(effect.position) + Double(keyframe.relativePosition ?? 0)
      let length = drive.transientCycles / f * ts * rate
      let g = gain(at: f)
      let range = samples(fromTicks: start, toTicks: start + length, offset: offset, count: out.raw.count)
      for n in range {
        let t = (ticks(n, offset: offset) - start) / ts / rate
        let value = drive.isDC ? abs(a) : a * sin(2 * Double.pi * (f * t))
        out.add(n, value, gain: g)
        if drive.overdriveRatio != 1 && f * t < 0.5 { out.addDriveOnly(n, value * g * (drive.overdriveRatio - 1)) }
      }
      guard drive.brakeCycles > 0, let last = range.last else { continue }
      let count = Int((drive.brakeCycles * sampleRate_Hz / f - 1e-9).rounded(.up))
      for n in (last + 1)..<min(last + 1 + count, out.raw.count) {
        let t = (ticks(n, offset: offset) - start) / ts / rate
        out.addDriveOnly(n, -(drive.isDC ? abs(a) : a * sin(2 * Double.pi * (f * t))) * g)
      }
    }
  }

  private func addCurve(
    _ effect: MPEGHaptics.Effect, band: MPEGHaptics.Band, offset: Double, into out: inout Accumulator
  ) {
    let points = effect.keyframes.compactMap { k in
      k.amplitude.map { (x: Double(effect.position) + Double(k.relativePosition ?? 0), y: $0) }
    }
    guard !points.isEmpty else { return }
    let curve = MPEGCurve(points: points, type: band.curveType ?? .unknown)
    for n in samples(fromTicks: curve.start, toTicks: curve.end, offset: offset, count: out.raw.count) {
      let v = curve.value(at: ticks(n, offset: offset))
      out.add(n, drive.isDC ? abs(v) : v, gain: 1)
    }
  }

  /// Linear between points (x ascending), held outside them.
  static func held(_ points: [(Double, Double)], at x: Double) -> Double {
    guard let first = points.first, let last = points.last else { return 0 }
    if x <= first.0 { return first.1 }
    if x >= last.0 { return last.1 }
    var low = 0
    var high = points.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if points[mid].0 <= x { low = mid } else { high = mid }
    }
    let (x0, y0) = points[low]
    let (x1, y1) = points[high]
    guard x1 > x0 else { return y1 }
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
  }

  /// The base signal after `x` cycles: Sine `sin(2 pi x)`, Square +1 for the first half
  /// cycle and -1 for the second, Triangle 0 rising to 1 at a quarter cycle, SawToothUp 0
  /// rising to 1 at half a cycle then from -1, SawToothDown its negative.
  static func base(_ signal: MPEGHaptics.BaseSignal, cycles x: Double) -> Double {
    switch signal {
    case .sine: return sin(2 * Double.pi * x)
    case .square: return 1 - 2 * (x - x.rounded(.down)).rounded(.toNearestOrAwayFromZero)
    case .triangle: return 1 - 4 * abs((x - 0.25).rounded(.toNearestOrAwayFromZero) - (x - 0.25))
    case .sawToothUp: return 2 * (x - (x + 0.5).rounded(.down))
    case .sawToothDown: return 2 * ((x + 0.5).rounded(.down) - x)
    }
  }
}
