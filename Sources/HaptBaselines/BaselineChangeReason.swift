import Foundation
import HaptCore
import HaptSimulation

/// Why a baseline comparison is not `unchanged`, one fact per value; ``description`` is
/// the wording that reports and JUnit messages show.
package enum BaselineChangeReason: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The pattern is in the corpus but not in the baseline.
  case notInBaseline
  /// The pattern is in the corpus but not at the git revision (`unreadable`: its file is
  /// there but cannot be read).
  case notAtRevision(String, unreadable: Bool)
  /// The pattern is in the baseline but no longer in the corpus.
  case noLongerInCorpus
  /// The baseline was recorded by another model version, so its signals are not comparable.
  case otherModelVersion
  /// The device profile changed since the baseline was recorded.
  case deviceProfileEdited(String)
  /// The baseline's signal file could not be read (the error's one-line text).
  case signalUnreadable(String)
  /// d' between the baseline and the fresh render reached the tolerance (both in JND).
  case dPrimeOverTolerance(dPrime_JND: Double, tolerance_JND: Double)
  /// The detection time moved by more than the tolerance (both in seconds).
  case detectShift(shift_s: Double, tolerance_s: Double)
  /// The baseline was felt and the fresh render is not.
  case noLongerFelt
  /// The fresh render is felt and the baseline was not.
  case nowFelt

  package var description: String {
    switch self {
    case .notInBaseline: return "not in the baseline"
    case .notAtRevision(let revision, let unreadable):
      return unreadable ? "unreadable at \(revision)" : "not at \(revision)"
    case .noLongerInCorpus: return "no longer in the corpus"
    case .otherModelVersion: return "baseline from another model version"
    case .deviceProfileEdited(let device): return "device profile '\(device)' was edited"
    case .signalUnreadable(let error): return "baseline signal unreadable: \(error)"
    case .dPrimeOverTolerance(let dPrime, let tolerance):
      return String(format: "d' %.1f JND >= %.1f", dPrime, tolerance)
    case .detectShift(let shift, let tolerance):
      return String(format: "detect %+.1f ms (tolerance %.1f ms)", shift * 1000, tolerance * 1000)
    case .noLongerFelt: return "no longer felt (was felt)"
    case .nowFelt: return "now felt (was below threshold)"
    }
  }
}

extension BaselineChangeReason {
  /// One space-free field for a part file: the case name, then its values, `:`-separated
  /// (text and numbers through ``FieldCodec``).
  package var field: String {
    switch self {
    case .notInBaseline: return "notInBaseline"
    case .notAtRevision(let revision, let unreadable):
      return "notAtRevision:\(FieldCodec.text(revision)):\(unreadable ? 1 : 0)"
    case .noLongerInCorpus: return "noLongerInCorpus"
    case .otherModelVersion: return "otherModelVersion"
    case .deviceProfileEdited(let device): return "deviceProfileEdited:\(FieldCodec.text(device))"
    case .signalUnreadable(let error): return "signalUnreadable:\(FieldCodec.text(error))"
    case .dPrimeOverTolerance(let dPrime, let tolerance):
      return "dPrimeOverTolerance:\(FieldCodec.number(dPrime)):\(FieldCodec.number(tolerance))"
    case .detectShift(let shift, let tolerance):
      return "detectShift:\(FieldCodec.number(shift)):\(FieldCodec.number(tolerance))"
    case .noLongerFelt: return "noLongerFelt"
    case .nowFelt: return "nowFelt"
    }
  }

  /// The reason a ``field`` holds, or nil when it is not one.
  package init?(field: Substring) {
    let parts = field.split(separator: ":", omittingEmptySubsequences: false)
    func text(_ i: Int) -> String? { i < parts.count ? FieldCodec.text(parts[i]) ?? nil : nil }
    func number(_ i: Int) -> Double? { i < parts.count ? FieldCodec.number(parts[i]) ?? nil : nil }
    switch (parts[0], parts.count) {
    case ("notInBaseline", 1): self = .notInBaseline
    case ("notAtRevision", 3):
      guard let revision = text(1), parts[2] == "0" || parts[2] == "1" else { return nil }
      self = .notAtRevision(revision, unreadable: parts[2] == "1")
    case ("noLongerInCorpus", 1): self = .noLongerInCorpus
    case ("otherModelVersion", 1): self = .otherModelVersion
    case ("deviceProfileEdited", 2):
      guard let device = text(1) else { return nil }
      self = .deviceProfileEdited(device)
    case ("signalUnreadable", 2):
      guard let error = text(1) else { return nil }
      self = .signalUnreadable(error)
    case ("dPrimeOverTolerance", 3):
      guard let dPrime = number(1), let tolerance = number(2) else { return nil }
      self = .dPrimeOverTolerance(dPrime_JND: dPrime, tolerance_JND: tolerance)
    case ("detectShift", 3):
      guard let shift = number(1), let tolerance = number(2) else { return nil }
      self = .detectShift(shift_s: shift, tolerance_s: tolerance)
    case ("noLongerFelt", 1): self = .noLongerFelt
    case ("nowFelt", 1): self = .nowFelt
    default: return nil
    }
  }
}
