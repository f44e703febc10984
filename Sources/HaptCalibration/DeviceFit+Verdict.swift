import HaptCore
import Foundation

extension DeviceFit {
  /// Why a fit failed: the fitted profile would not stand for the recorded device.
  package enum Problem: Sendable, Equatable, CustomStringConvertible {
    /// The fitted profile's render is more than `limit_JND` from the recording (d').
    case residual(dPrime_JND: Double, limit_JND: Double)
    /// A fitted value lies outside the range a phone actuator can have.
    case outOfRange(key: String, value: Double, range: ClosedRange<Double>)
    /// A fitted value's one-standard-deviation uncertainty exceeds the value itself (or
    /// could not be computed): the recording does not determine it.
    case undetermined(key: String, value: Double, uncertainty: Double?)

    package var description: String {
      switch self {
      case .residual(let d, let limit):
        "the fitted profile's render differs from the recording by d' \(DecimalText.fixed(d, decimals: 2)) JND (more than \(FitFormat.significant(limit)) JND): the model does not explain the recording"
      case .outOfRange(let key, let value, let range):
        "\(key) \(FitFormat.significant(value)) is outside the physical range \(FitFormat.significant(range.lowerBound))...\(FitFormat.significant(range.upperBound))"
      case .undetermined(let key, let value, let uncertainty?):
        "\(key) \(FitFormat.significant(value)) is not determined (uncertainty +- \(FitFormat.significant(uncertainty)), larger than the value)"
      case .undetermined(let key, let value, nil):
        "\(key) \(FitFormat.significant(value)) is not determined (its uncertainty cannot be computed)"
      }
    }
  }

  /// The largest residual a successful fit may leave between recording and render, JND.
  package static let maxResidual_JND = 1.0

  /// The physical range of each fitted value (units in the key). Phone and wearable
  /// actuators resonate between tens and hundreds of hertz; LRA mechanical Qs run from
  /// about 1 to a few tens; the gain (measured over simulated acceleration) is a
  /// correction, so 50 times weaker or 10 times stronger than the start profile means a
  /// wrong scale or another device; engine latencies are under 2 s (the coarse search's
  /// span). These are hapt's choices, wide on purpose: they reject nonsense, not
  /// unusual devices.
  package static let physicalRanges: [String: ClosedRange<Double>] = [
    "resonance_Hz": 20...1000, "qualityFactor": 0.3...100, "gain": 0.02...10, "engineLatency_s": 0...2,
  ]

  /// Whether the fit succeeded: no ``Problem``.
  package var succeeded: Bool { problems.isEmpty }

  /// What to try after a failed fit (library wording: no command-line options named).
  package static let advice =
    "record the calibration pattern (Corpora/calibration/calibration.ahap) from the trigger on a rigid mount, check the recording's scale (g per unit), and start from a profile whose driver matches the device (drive band, equalisation, overdrive)"

  /// The problems of a fit with `values` and a residual of `dPrime` JND; `sampleRate_Hz`
  /// sets the smallest latency uncertainty compared (one sample).
  static func problems(values: [Value], dPrime: Double, sampleRate_Hz: Double) -> [Problem] {
    var problems: [Problem] = []
    if !(dPrime <= maxResidual_JND) {
      problems.append(.residual(dPrime_JND: dPrime, limit_JND: maxResidual_JND))
    }
    for v in values {
      if let range = physicalRanges[v.key], !range.contains(v.value) {
        problems.append(.outOfRange(key: v.key, value: v.value, range: range))
        continue
      }
      guard v.isFitted else { continue }
      let floor = v.key == "engineLatency_s" ? 1 / sampleRate_Hz : 0
      if let u = v.uncertainty, u.isFinite, u <= max(abs(v.value), floor) { continue }
      problems.append(.undetermined(key: v.key, value: v.value, uncertainty: v.uncertainty))
    }
    return problems
  }
}
