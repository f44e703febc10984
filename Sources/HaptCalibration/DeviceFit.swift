import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation

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
/// 2. resonance and Q, coarse: a screening grid of resonances (0.5 to 2 times the start's,
///    10 % steps), then 2.5 % steps around the best, then a grid of Q (0.35 to 3 times),
///    with the gain solved in closed form and the latency searched to the sample around
///    the coarse value; given several starts, the screening runs from each and the start
///    with the smallest residual continues;
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
///
/// A fit can fail (``problems``, Docs/Calibration.md): a residual over 1 JND, a value out of
/// its physical range, or an uncertainty larger than the value. Given several starts, the
/// coarse search runs from each and the best continues.
package struct DeviceFit: Sendable {
  /// One fitted (or kept) value.
  package struct Value: Sendable, Equatable {
    /// The key (units in the name): `resonance_Hz`, `qualityFactor`, `gain`, `engineLatency_s`.
    package var key: String
    /// The start profile's value.
    package var start: Double
    /// The fitted value (the start value when kept).
    package var value: Double
    /// One standard deviation, in the value's unit; nil when kept, or when fitted but
    /// not computable (a singular Jacobian).
    package var uncertainty: Double?
    /// Whether the fit adjusted it (false: kept from the start profile).
    package var isFitted: Bool
  }

  /// The fitted profile: the start profile with the fitted values, named and described;
  /// nil when the fitted gain cannot be expressed as a body mass (a failed fit).
  package var profile: DeviceProfile?
  /// The profile the fit started from (the best of the starts offered).
  package var start: DeviceProfile
  /// The names of the starts offered, in the order given (one when a start was named).
  package var startsTried: [String]
  /// resonance_Hz, qualityFactor (LRA only), gain, engineLatency_s, in that order.
  package var values: [Value]
  /// What the recording could not determine, and other cautions (the fit may still succeed).
  package var warnings: [String]
  /// Why the fit failed; empty when it succeeded (``succeeded``).
  package var problems: [Problem]
  /// d' between the recording and the fitted profile's render of the pattern, JND.
  package var dPrime_JND: Double
  /// hapt's one similarity between them (`PairSimilarity.similarity`: bounded 0...1, 1 for
  /// identical signals; Docs/Similarity.md), over blocks where either is perceptible.
  package var similarity: Double
  /// RMS of (recording - render) over RMS of the recording.
  package var relativeResidual: Double
  /// The excitation analysis (LRA only).
  package var excitation: FitExcitation?
  /// The recording's own sample rate, Hz.
  package var recordingRate_Hz: Double

  /// The grid of resonance ratios screened first: 0.5 to 2 times the start's in 10 %
  /// steps (a global step: a phone LRA's resonance is rarely known to better than that).
  static let screeningGrid = (0...14).map { 0.5 * pow(1.025, Double(4 * $0)) }
  /// The finer steps around the best screened ratio: 2.5 %, to the neighbouring points
  /// (a screening step is four of them).
  static let resonanceSteps = (-4...4).map { pow(1.025, Double($0)) }
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
  /// - Returns: the fit, whose ``problems`` say whether it failed.
  /// - Throws: ``InputError`` (malformed) if the start device has no actuator, the pattern
  ///   renders silence within the recording, or the fitted gain cannot be expressed as a
  ///   body mass.
  package static func fit(
    _ recording: FitRecording, pattern: HapticPattern, patternPath: String, start: DeviceProfile,
    state: EngineState, name: String
  ) throws -> DeviceFit {
    try fit(recording, pattern: pattern, patternPath: patternPath, starts: [start], state: state, name: name)
  }

  /// Fits the best of several start profiles: the coarse search runs from each (those
  /// without an actuator, or at another sample rate than the recording, are skipped) and
  /// the refinement continues from the one whose coarse fit leaves the smallest residual.
  /// A start's drive (band, equalisation, overdrive, braking) is not fitted, so starts
  /// with different drivers are how a recording of another kind of device is explained.
  ///
  /// - Throws: ``InputError`` (malformed) if no start has an actuator, or the pattern renders
  ///   silence within the recording on every start.
  package static func fit(
    _ recording: FitRecording, pattern: HapticPattern, patternPath: String, starts: [DeviceProfile],
    state: EngineState, name: String
  ) throws -> DeviceFit {
    let rate = recording.acceleration_g.sampleRate_Hz
    let usable = starts.filter { $0.actuator.isPhysical && $0.sampleRate_Hz == rate }
    guard !usable.isEmpty else {
      throw InputError(
        file: starts.first?.name ?? "start", "the start device has no actuator: there is nothing to fit")
    }
    var best: Coarse?
    var firstError: Error?
    for start in usable {
      do {
        let coarse = try Coarse(recording, pattern: pattern, patternPath: patternPath, start: start)
        if best.map({ coarse.cost < $0.cost }) ?? true { best = coarse }
      } catch {
        firstError = firstError ?? error
      }
    }
    guard var coarse = best else { throw firstError! }
    coarse.narrow(recording.acceleration_g.samples)
    return try refine(
      &coarse, recording: recording, pattern: pattern, patternPath: patternPath, state: state, name: name,
      startsTried: usable.map(\.name))
  }

  /// The starts tried when none is named: the default profile
  /// (``DeviceProfile/defaultName``) first, then every other shipped profile with an
  /// actuator, by name.
  package static func defaultStarts() throws -> [DeviceProfile] {
    let first = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let others = try DeviceProfile.shipped().filter {
      $0.name != first.name && $0.actuator.isPhysical
    }
    return [first] + others
  }

  /// The coarse stage from one start: the latency from the envelopes and a screening grid
  /// over resonance (``screeningGrid``, gain in closed form), whose best cost ranks the
  /// start; then, for the start chosen, ``narrow(_:)``: finer resonance steps, a grid over
  /// Q, and the latency to the sample.
  struct Coarse {
    var start: DeviceProfile
    var model: FitModel
    var theta: FitModel.Parameters
    var shift: Int
    var fraction: Double
    /// The sum of squared differences of the best screened point (gain solved).
    var cost: Double
    var fitsResonance: Bool
    var excitation: FitExcitation?
    var warnings: [String]

    init(_ recording: FitRecording, pattern: HapticPattern, patternPath: String, start: DeviceProfile) throws {
      let x = recording.acceleration_g.samples
      self.start = start
      model = FitModel(pattern: pattern, start: start, count: x.count)
      warnings = []
      fitsResonance = false
      if case .lra(let p) = start.actuator {
        let e = FitExcitation(pattern, lra: p, drive: start.drive)
        excitation = e
        fitsResonance = e.identifiesResonance
        if !fitsResonance {
          warnings.append(
            "the pattern drives the resonance band \(Int(e.band_Hz.lowerBound.rounded()))-\(Int(e.band_Hz.upperBound.rounded())) Hz steadily for \(DeviceFit.ms(e.below_s)) below and \(DeviceFit.ms(e.above_s)) above the resonance (at least \(DeviceFit.ms(FitExcitation.minimumSide_s)) each needed): resonance and Q are not identified and keep the start values; use a sweep such as Corpora/calibration/calibration.ahap"
          )
        }
      } else {
        warnings.append("an ERM's motor is kept from the start profile; only gain and latency are fitted")
      }
      // 1. Coarse latency from the envelopes.
      theta = FitModel.Parameters(resonanceRatio: 1, qualityRatio: 1, gain: 1)
      let startRender = model.render(theta)
      guard startRender.contains(where: { $0 != 0 }) else {
        throw InputError(file: patternPath, "renders silence on \(start.name) within the recording: nothing to fit")
      }
      shift = DeviceFit.coarseShift(x, startRender)
      fraction = 0
      // 2. Screening of resonance, gain in closed form.
      if fitsResonance {
        var best = (cost: Double.infinity, ratio: 1.0, shift: shift)
        for ratio in DeviceFit.screeningGrid {
          let y = model.render(.init(resonanceRatio: ratio, qualityRatio: 1, gain: 1))
          let s = DeviceFit.bestShift(x, y, around: shift, radius: 24)
          if s.cost < best.cost { best = (s.cost, ratio, s.shift) }
        }
        theta.resonanceRatio = best.ratio
        shift = best.shift
        cost = best.cost
      } else {
        let s = DeviceFit.bestShift(x, startRender, around: shift, radius: 24)
        theta.gain = s.gain
        shift = s.shift
        fraction = s.fraction
        cost = s.cost
      }
    }

    /// Finer resonance steps around the screened one, then Q, then the latency to the
    /// sample and the gain in closed form.
    mutating func narrow(_ x: [Double]) {
      guard fitsResonance else { return }
      var best = (cost: Double.infinity, ratio: theta.resonanceRatio, shift: shift)
      let screened = theta.resonanceRatio
      for step in DeviceFit.resonanceSteps {
        let ratio = screened * step
        let y = model.render(.init(resonanceRatio: ratio, qualityRatio: 1, gain: 1))
        let s = DeviceFit.bestShift(x, y, around: shift, radius: 8)
        if s.cost < best.cost { best = (s.cost, ratio, s.shift) }
      }
      theta.resonanceRatio = best.ratio
      shift = best.shift
      var bestQ = (cost: Double.infinity, ratio: 1.0, shift: shift)
      for ratio in DeviceFit.qualityGrid {
        let y = model.render(.init(resonanceRatio: theta.resonanceRatio, qualityRatio: ratio, gain: 1))
        let s = DeviceFit.bestShift(x, y, around: shift, radius: 8)
        if s.cost < bestQ.cost { bestQ = (s.cost, ratio, s.shift) }
      }
      theta.qualityRatio = bestQ.ratio
      shift = bestQ.shift
      let first = DeviceFit.bestShift(x, model.render(theta), around: shift, radius: 4)
      theta.gain = first.gain
      shift = first.shift
      fraction = first.fraction
      cost = first.cost
    }
  }

  /// Levenberg-Marquardt from the coarse fit, the uncertainties, the verdict and the profile.
  static func refine(
    _ coarse: inout Coarse, recording: FitRecording, pattern: HapticPattern, patternPath: String,
    state: EngineState, name: String, startsTried: [String]
  ) throws -> DeviceFit {
    let x = recording.acceleration_g.samples
    let start = coarse.start
    let fitsResonance = coarse.fitsResonance
    var warnings = coarse.warnings
    // 3. Levenberg-Marquardt on everything, the latency as a continuous delay.
    let solution = levenbergMarquardt(
      x, model: &coarse.model, start: Point(theta: coarse.theta, delay: Double(coarse.shift) + coarse.fraction),
      fitsResonance: fitsResonance)
    let theta = solution.theta

    // 4. Uncertainties from the Jacobian.
    let prediction = predict(solution, model: &coarse.model)
    let columns = jacobian(
      model: &coarse.model, point: solution, fitsResonance: fitsResonance, prediction: prediction)
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
            uncertainty: sigma(0).map { $0 * p.resonance_Hz * theta.resonanceRatio }, isFitted: true))
        values.append(
          Value(
            key: "qualityFactor", start: p.mechanicalQ, value: p.mechanicalQ * theta.qualityRatio,
            uncertainty: sigma(1).map { $0 * p.mechanicalQ * theta.qualityRatio }, isFitted: true))
        index = 2
      } else {
        values.append(
          Value(key: "resonance_Hz", start: p.resonance_Hz, value: p.resonance_Hz, uncertainty: nil, isFitted: false))
        values.append(
          Value(key: "qualityFactor", start: p.mechanicalQ, value: p.mechanicalQ, uncertainty: nil, isFitted: false))
      }
    }
    values.append(
      Value(
        key: "gain", start: 1, value: theta.gain, uncertainty: sigma(index).map { $0 * theta.gain }, isFitted: true))
    values.append(
      Value(
        key: "engineLatency_s", start: startLatency, value: latency_s, uncertainty: sigma(index + 1).map { $0 / fs },
        isFitted: true))

    var (profile, dPrime, similarityValue, relative) = try compareWithRecording(
      &coarse, theta: theta, latency_s: latency_s, prediction: prediction, recording: recording, pattern: pattern,
      state: state, name: name)
    let problems = Self.problems(values: values, dPrime: dPrime, sampleRate_Hz: fs)
    if startsTried.count > 1 {
      warnings.append(
        "started from \(start.name), whose driver explains the recording best of \(startsTried.joined(separator: ", ")); its drive (band, equalisation, overdrive, braking) is kept, not fitted"
      )
    }
    if profile != nil {
      profile!.description = describe(
        values: values, recording: recording, patternPath: patternPath, start: start, state: state,
        dPrime: dPrime, profile: profile!)
      profile!.sources = sources(
        recording: recording, patternPath: patternPath, start: start, state: state, fitted: profile!)
    }
    return DeviceFit(
      profile: profile, start: start, startsTried: startsTried, values: values, warnings: warnings,
      problems: problems, dPrime_JND: dPrime, similarity: similarityValue, relativeResidual: relative,
      excitation: coarse.excitation, recordingRate_Hz: recording.originalRate_Hz)
  }

  /// The fitted profile (nil when the gain cannot be a body mass) rendered against the
  /// recording: d', ST-SIM similarity and the relative residual.
  static func compareWithRecording(
    _ coarse: inout Coarse, theta: FitModel.Parameters, latency_s: Double, prediction: [Double],
    recording: FitRecording,
    pattern: HapticPattern, state: EngineState, name: String
  ) throws -> (profile: DeviceProfile?, dPrime: Double, similarity: Double, relativeResidual: Double) {
    let x = recording.acceleration_g.samples
    let fs = coarse.start.sampleRate_Hz
    // Renders start events on samples (an onset a hair after a sample moves to the next):
    // the profile stores the latency rounded to the nearest sample. A gain that cannot be
    // a body mass leaves no profile; the residual is then the model's own prediction.
    let stored_s = (latency_s * fs).rounded() / fs
    let profile = try? coarse.model.profile(theta, latency_s: stored_s, state: state, name: name)
    var rendered: [Double]
    if let profile {
      let render = Renderer(device: profile).render(
        pattern,
        options: RenderOptions(state: state, tail_s: coarse.model.tail_s, maxDuration_s: coarse.model.maxDuration_s))
      rendered = render.acceleration_g.samples
      rendered = Array(rendered.prefix(x.count)) + [Double](repeating: 0, count: max(x.count - rendered.count, 0))
    } else {
      rendered = prediction
    }
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
    return (profile, dPrime, similarityValue, relative)
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
      + ". The latency is stored to the nearest sample (\(significant(1000 / profile.sampleRate_Hz)) ms). The gain is applied as the effective body mass (\(significant(profile.bodyMass_kg)) kg); every other number is kept from \(start.name). Re-render against the recording: d' \(DecimalText.fixed(dPrime, decimals: 2)) JND. \(start.name): \(start.description)"
  }

  /// The fitted profile's sources: the start's, except for the numbers the fit changed,
  /// which name the recording they were measured from.
  static func sources(
    recording: FitRecording, patternPath: String, start: DeviceProfile, state: EngineState, fitted: DeviceProfile
  ) -> [ProfileSource] {
    let before = Dictionary(start.numberFields.map { ($0.field, $0.value) }, uniquingKeysWith: { a, _ in a })
    let changed = fitted.numberFields.filter { before[$0.field] != $0.value }.map(\.field)
    var kept: [ProfileSource] = []
    for var entry in start.sources {
      // A group entry keeps covering its other numbers; the changed ones get their own.
      entry.fields.removeAll { changed.contains($0) }
      if !entry.fields.isEmpty { kept.append(entry) }
    }
    guard !changed.isEmpty else { return kept }
    let file = URL(fileURLWithPath: recording.path).lastPathComponent
    let pattern = URL(fileURLWithPath: patternPath).lastPathComponent
    return kept + [
      ProfileSource(
        fields: changed, kind: .measurement,
        source:
          "hapt fit from the recording \(file) (\(JSONWriter.number(recording.originalRate_Hz)) Hz) of \(pattern), \(state.rawValue) engine, starting from \(start.name)"
      )
    ]
  }

  static func significant(_ x: Double) -> String { FitFormat.significant(x, digits: 4) }
}
