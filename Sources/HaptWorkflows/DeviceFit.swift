import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// A device profile fitted to a recording of a known pattern played on a real device
/// (`hapt fit`; the method and its limits are in Docs/Calibration.md).
///
/// Four values are fitted, each relative to a start profile whose other numbers are kept:
/// the LRA's resonance `sqrt(k/m)/2pi` (through k, m kept), its mechanical Q `sqrt(km)/c`
/// (through c), the overall gain (the ratio of measured to simulated acceleration, applied
/// through the effective body mass M, which scales the output without changing the
/// dynamics) and the engine latency of the recorded state. Method:
///
/// 1. latency, coarse: cross-correlation of the recording's and the start profile's
///    envelopes (2 ms moving mean of |a|, 1 kHz);
/// 2. resonance and Q, coarse: a search over a log grid of resonances (0.6 to 1.6 times
///    the start's, 2.5 % steps), then of Q (0.35 to 3 times), with the gain solved in
///    closed form and the latency searched to the sample around the coarse value;
/// 3. Levenberg-Marquardt on (ln f0, ln Q, ln gain) minimising the sum of squared sample
///    differences between recording and render, then the latency to the sample again
///    (with a parabolic sub-sample refinement), repeated once if it moved;
/// 4. uncertainties (one standard deviation) from the Jacobian J at the solution,
///    `cov = s^2 (J^T J)^-1` with `s^2` the residual variance: they assume independent
///    residuals and a correct model, so they are lower bounds when the model is wrong.
///
/// Resonance and Q are fitted only when the pattern drives steadily on both sides of the
/// resonance within its half-power band (``FitExcitation``); otherwise they keep the start
/// values and a warning says so. An ERM keeps its motor; gain and latency are fitted.
public struct DeviceFit: Sendable {
  /// One fitted (or kept) value.
  public struct Value: Sendable, Equatable {
    /// The key (units in the name): `resonance_Hz`, `qualityFactor`, `gain`, `engineLatency_s`.
    public var key: String
    /// The start profile's value.
    public var start: Double
    /// The fitted value (the start value when kept).
    public var value: Double
    /// One standard deviation, in the value's unit; nil when kept.
    public var uncertainty: Double?
    /// Whether the recording determined it.
    public var isFitted: Bool { uncertainty != nil }
  }

  /// The fitted profile: the start profile with the fitted values, named and described.
  public var profile: DeviceProfile
  /// resonance_Hz, qualityFactor (LRA only), gain, engineLatency_s, in that order.
  public var values: [Value]
  /// What the recording could not determine, and other cautions.
  public var warnings: [String]
  /// d' between the recording and the fitted profile's render of the pattern, JND.
  public var dPrime_JND: Double
  /// hapt's one similarity between them (`PairSimilarity.similarity`: bounded 0...1, 1 for
  /// identical signals; Docs/Similarity.md), over blocks where either is perceptible.
  public var similarity: Double
  /// RMS of (recording - render) over RMS of the recording.
  public var relativeResidual: Double
  /// The excitation analysis (LRA only).
  public var excitation: FitExcitation?
  /// The recording's own sample rate, Hz.
  public var recordingRate_Hz: Double

  /// The grid of resonance ratios searched first.
  static let resonanceGrid = (0...38).map { 0.6 * pow(1.025, Double($0)) }
  /// The grid of Q ratios searched next.
  static let qualityGrid = (0...14).map { 0.35 * pow(1.1664, Double($0)) }

  /// Fits `start` to `recording` of `pattern` played in `state`.
  ///
  /// - Parameters:
  ///   - recording: the prepared recording (``FitRecording``), at the start profile's rate.
  ///   - pattern: the pattern played; `patternPath` names it in the description.
  ///   - start: the profile to start from; its other numbers are kept.
  ///   - state: the engine state the recording was made in; its latency is fitted.
  ///   - name: the fitted profile's name.
  /// - Throws: ``InputError`` (exit 65) if the start device has no actuator, the pattern
  ///   renders silence within the recording, or the fitted gain cannot be expressed as a
  ///   body mass.
  public static func fit(
    _ recording: FitRecording, pattern: HapticPattern, patternPath: String, start: DeviceProfile,
    state: EngineState, name: String
  ) throws -> DeviceFit {
    if case .none = start.actuator {
      throw InputError(file: start.name, "the start device has no actuator: there is nothing to fit")
    }
    if case .ideal = start.actuator {
      throw InputError(file: start.name, "the start device is not a physical actuator: there is nothing to fit")
    }
    let x = recording.acceleration_g.samples
    var model = FitModel(pattern: pattern, start: start, count: x.count)
    var warnings: [String] = []
    var excitation: FitExcitation?
    var fitsResonance = false
    if case .lra(let p) = start.actuator {
      let e = FitExcitation(pattern, lra: p, drive: start.drive)
      excitation = e
      fitsResonance = e.identifiesResonance
      if !fitsResonance {
        warnings.append(
          "the pattern drives the resonance band \(Int(e.band_Hz.lowerBound.rounded()))-\(Int(e.band_Hz.upperBound.rounded())) Hz steadily for \(ms(e.below_s)) below and \(ms(e.above_s)) above the resonance (at least \(ms(FitExcitation.minimumSide_s)) each needed): resonance and Q are not identified and keep the start values; use a sweep such as Corpora/calibration/calibration.ahap"
        )
      }
    } else {
      warnings.append("an ERM's motor is kept from the start profile; only gain and latency are fitted")
    }

    // 1. Coarse latency from the envelopes.
    var theta = FitModel.Parameters(resonanceRatio: 1, qualityRatio: 1, gain: 1)
    let startRender = model.render(theta)
    guard startRender.contains(where: { $0 != 0 }) else {
      throw InputError(file: patternPath, "renders silence on \(start.name) within the recording: nothing to fit")
    }
    var shift = coarseShift(x, startRender)

    // 2. Coarse search of resonance, then Q, gain in closed form.
    if fitsResonance {
      var best = (cost: Double.infinity, ratio: 1.0, shift: shift)
      for ratio in resonanceGrid {
        let y = model.render(.init(resonanceRatio: ratio, qualityRatio: 1, gain: 1))
        let s = bestShift(x, y, around: shift, radius: 24)
        if s.cost < best.cost { best = (s.cost, ratio, s.shift) }
      }
      theta.resonanceRatio = best.ratio
      shift = best.shift
      var bestQ = (cost: Double.infinity, ratio: 1.0, shift: shift)
      for ratio in qualityGrid {
        let y = model.render(.init(resonanceRatio: theta.resonanceRatio, qualityRatio: ratio, gain: 1))
        let s = bestShift(x, y, around: shift, radius: 8)
        if s.cost < bestQ.cost { bestQ = (s.cost, ratio, s.shift) }
      }
      theta.qualityRatio = bestQ.ratio
      shift = bestQ.shift
    }
    let first = bestShift(x, model.render(theta), around: shift, radius: fitsResonance ? 4 : 24)
    theta.gain = first.gain

    // 3. Levenberg-Marquardt on everything, the latency as a continuous delay.
    let solution = levenbergMarquardt(
      x, model: &model, start: Point(theta: theta, delay: Double(first.shift) + first.fraction),
      fitsResonance: fitsResonance)
    theta = solution.theta

    // 4. Uncertainties from the Jacobian.
    let prediction = predict(solution, model: &model)
    let columns = jacobian(model: &model, point: solution, fitsResonance: fitsResonance, prediction: prediction)
    let dof = Double(max(x.count - columns.count, 1))
    let variance = sumOfSquares(x, prediction) / dof
    let covariance = SymmetricSolve.inverse(gram(columns)).map { rows in rows.map { row in row.map { $0 * variance } } }
    func sigma(_ i: Int) -> Double? {
      guard let covariance, covariance[i][i] >= 0 else { return nil }
      return covariance[i][i].squareRoot()
    }
    let fs = start.sampleRate_Hz
    let latency_s = max(solution.delay / fs, 0)
    let startLatency = start.latency.latency_s(state: state)
    var values: [Value] = []
    var index = 0
    if case .lra(let p) = start.actuator {
      if fitsResonance {
        values.append(
          Value(
            key: "resonance_Hz", start: p.resonance_Hz, value: p.resonance_Hz * theta.resonanceRatio,
            uncertainty: sigma(0).map { $0 * p.resonance_Hz * theta.resonanceRatio }))
        values.append(
          Value(
            key: "qualityFactor", start: p.mechanicalQ, value: p.mechanicalQ * theta.qualityRatio,
            uncertainty: sigma(1).map { $0 * p.mechanicalQ * theta.qualityRatio }))
        index = 2
      } else {
        values.append(Value(key: "resonance_Hz", start: p.resonance_Hz, value: p.resonance_Hz, uncertainty: nil))
        values.append(Value(key: "qualityFactor", start: p.mechanicalQ, value: p.mechanicalQ, uncertainty: nil))
      }
    }
    values.append(Value(key: "gain", start: 1, value: theta.gain, uncertainty: sigma(index).map { $0 * theta.gain }))
    values.append(
      Value(
        key: "engineLatency_s", start: startLatency, value: latency_s, uncertainty: sigma(index + 1).map { $0 / fs }))

    // Renders start events on samples (an onset a hair after a sample moves to the next):
    // the profile stores the latency rounded to the nearest sample.
    let stored_s = (latency_s * fs).rounded() / fs
    var profile = try model.profile(theta, latency_s: stored_s, state: state, name: name)
    let render = Renderer(device: profile).render(
      pattern, options: RenderOptions(state: state, tail_s: model.tail_s, maxDuration_s: model.maxDuration_s))
    var rendered = render.acceleration_g.samples
    rendered = Array(rendered.prefix(x.count)) + [Double](repeating: 0, count: max(x.count - rendered.count, 0))
    let renderedSignal = Signal(samples: rendered, sampleRate_Hz: fs)
    let recorded = recording.acceleration_g
    let dPrime = Distinguishability.dPrime(PerceptualFeatures(recorded), PerceptualFeatures(renderedSignal))
    let similarityValue = HaptMetrics.similarity(
      SimilarityFeatures(resampledTo8k(recorded)), SimilarityFeatures(resampledTo8k(renderedSignal)),
      convention: .perceptibleBlocks
    ).similarity
    var difference = 0.0
    var energy = 0.0
    for n in 0..<x.count {
      difference += (x[n] - rendered[n]) * (x[n] - rendered[n])
      energy += x[n] * x[n]
    }
    let relative = energy > 0 ? (difference / energy).squareRoot() : 0
    if dPrime >= 1 {
      warnings.append(
        "the re-render differs from the recording by d' \(String(format: "%.2f", dPrime)) JND: the model does not capture this device well (nonlinear actuator, mounting, another driver)"
      )
    }
    profile.description = describe(
      values: values, recording: recording, patternPath: patternPath, start: start, state: state,
      dPrime: dPrime, profile: profile)
    return DeviceFit(
      profile: profile, values: values, warnings: warnings, dPrime_JND: dPrime, similarity: similarityValue,
      relativeResidual: relative, excitation: excitation, recordingRate_Hz: recording.originalRate_Hz)
  }

  static func ms(_ s: Double) -> String { "\(Int((s * 1000).rounded())) ms" }

  static func resampledTo8k(_ signal: Signal) -> Signal {
    signal.sampleRate_Hz == SignalSource.metricRate_Hz
      ? signal : Resampler.resample(signal, to: SignalSource.metricRate_Hz)
  }

  /// The fitted profile's description: what was fitted from what, and the start's own.
  static func describe(
    values: [Value], recording: FitRecording, patternPath: String, start: DeviceProfile, state: EngineState,
    dPrime: Double, profile: DeviceProfile
  ) -> String {
    let parts = values.map { v -> String in
      let shown = v.key == "engineLatency_s" ? "\(significant(v.value * 1000)) ms" : significant(v.value)
      guard let u = v.uncertainty else { return "\(v.key) \(shown) (kept from \(start.name))" }
      let su = v.key == "engineLatency_s" ? "\(significant(u * 1000)) ms" : significant(u)
      return "\(v.key) \(shown) +- \(su) (start \(significant(v.key == "engineLatency_s" ? v.start * 1000 : v.start)))"
    }
    let file = URL(fileURLWithPath: recording.path).lastPathComponent
    let pattern = URL(fileURLWithPath: patternPath).lastPathComponent
    return
      "Fitted by hapt fit from the recording \(file) (\(JSONWriter.number(recording.originalRate_Hz)) Hz) of \(pattern), \(state.rawValue) engine, starting from \(start.name): "
      + parts.joined(separator: "; ")
      + ". The latency is stored to the nearest sample (\(significant(1000 / profile.sampleRate_Hz)) ms). The gain is applied as the effective body mass (\(significant(profile.bodyMass_kg)) kg); every other number is kept from \(start.name). Re-render against the recording: d' \(String(format: "%.2f", dPrime)) JND. \(start.name): \(start.description)"
  }

  static func significant(_ x: Double) -> String { FitFormat.significant(x, digits: 4) }
}
