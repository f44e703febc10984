import HaptPatterns
import HaptSignals

extension Renderer {
  /// The render of `pattern` with `options` made from `base`, its render with
  /// `baseOptions`, when the two differ only in when the engine starts (the state or
  /// the prepare lead) and the later one is `base` delayed by whole samples: nil when
  /// that is not certain, and the pattern must be rendered.
  ///
  /// Rendering is shift-exact for a delay of whole samples: every drive sample index is
  /// the latency's whole samples plus an offset that depends only on the pattern and the
  /// latency's fraction (``DriveSynthesizer``), and every actuator runs from rest, its
  /// state exactly at rest through leading zero drive (``LRAModel`` starts its
  /// four-sample blocks at the first driven sample). So a cold render is the prepared one
  /// after `delay` more zeros, sample for sample and bit for bit, when:
  ///
  /// - both latencies have the same fraction of a sample (on every shipped profile both
  ///   are whole samples);
  /// - neither render is cut at the length limit, and `base` drives something (a silent
  ///   render is zeros of its own length, cheap to make);
  /// - no event starts before the pattern's time 0 (such an event is cut at the
  ///   render's start, by a different amount for each latency);
  /// - the pattern is not synthesised by its own source (an Android vibration or an
  ///   MPEG-I experience places its samples from the latency as a real number).
  ///
  /// RendererDelayTests compares this with rendering, bit for bit, on every shipped
  /// profile.
  /// - Returns: the delayed rendering, and the delay in samples (zeros before `base`).
  /// - Complexity: O(n) copies; no synthesis or simulation.
  package func delayed(
    _ base: Rendering, of pattern: HapticPattern, from baseOptions: RenderOptions, to options: RenderOptions
  ) -> (rendering: Rendering, delay: Int)? {
    var sameOtherwise = baseOptions
    sameOtherwise.state = options.state
    sameOtherwise.prepareLead_s = options.prepareLead_s
    guard sameOtherwise == options, base.silenceReason == nil, !base.isTruncated else { return nil }
    let resolved = devicePattern(pattern).pattern
    guard !(resolved.source is any DriveSynthesizedSource), !resolved.events.contains(where: { !($0.time_s >= 0) })
    else { return nil }
    let fs = device.sampleRate_Hz
    let maxDuration = Self.maxDuration_s(options)
    func lead(_ o: RenderOptions) -> Double? { o.prepareLead_s.flatMap { $0.isFinite ? $0 : nil } }
    let baseLatency = device.latency.latency_s(state: baseOptions.state, prepareLead: lead(baseOptions))
    let latency = device.latency.latency_s(state: options.state, prepareLead: lead(options))
    // The render's own checks: a latency it would refuse is not derived.
    guard Self.canSimulate(sampleRate_Hz: fs, latency_s: latency, maxDuration_s: maxDuration),
      base.latency_s == baseLatency, base.acceleration_g.sampleRate_Hz == fs
    else { return nil }
    let (baseK, baseRho) = Self.latencySamples(baseLatency, sampleRate_Hz: fs)
    let (k, rho) = Self.latencySamples(latency, sampleRate_Hz: fs)
    let delay = k - baseK
    let baseCount = base.acceleration_g.samples.count
    // The drive's end sample, recovered exactly from its time (a drive that ends where
    // the latency does drove nothing, and is not derived).
    let baseEnd = (base.driveEnd_s * fs).rounded()
    guard rho.bitPattern == baseRho.bitPattern, delay >= 0, base.drive_V.samples.count == baseCount,
      Double(baseCount + delay) <= (maxDuration * fs).rounded(.down), base.driveEnd_s != base.latency_s,
      baseEnd.isFinite, abs(baseEnd) < 1e15, Double(Int(baseEnd)) / fs == base.driveEnd_s
    else { return nil }
    func delayed(_ signal: Signal) -> Signal {
      var samples = [Double](repeating: 0, count: delay)
      samples.append(contentsOf: signal.samples)
      return Signal(samples: samples, sampleRate_Hz: signal.sampleRate_Hz)
    }
    var rendering = Rendering(
      drive_V: delayed(base.drive_V), acceleration_g: delayed(base.acceleration_g), latency_s: latency,
      driveEnd_s: Double(Int(baseEnd) + delay) / fs, silenceReason: nil, isTruncated: false)
    rendering.notes = base.notes
    return (rendering, delay)
  }
}
