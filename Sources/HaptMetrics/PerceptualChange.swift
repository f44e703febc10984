import HaptCore
import Foundation

/// One felt difference between a reference signal and a candidate: which event, which
/// cue, how large in the cue's own unit, and how many JNDs it adds to d'.
///
/// ``Distinguishability/changes(from:to:)`` lists them; d' is the Euclidean sum of their
/// ``dPrime_JND``. ``sentence`` reads as a person would say it: "event 2: 6.0 dB weaker
/// (2.6 JND)", "event 2 starts 50 ms later (1.9 JND)", "event 3 missing (11.7 JND)",
/// "20 % lower frequency (1.0 JND)".
public struct PerceptualChange: Sendable, Equatable, CustomStringConvertible {
  /// The perceptual cue that changed.
  public enum Cue: String, Sendable, CaseIterable {
    /// An event's peak sensation level (size in dB, candidate minus reference).
    case level
    /// The perceived frequency of the whole signal (size in %, candidate relative to
    /// reference).
    case frequency
    /// An event's duration (size in ms, candidate minus reference).
    case duration
    /// An event's envelope shape (size: RMS difference in dB of the level relative to the
    /// event's peak).
    case shape
    /// An event's onset relative to the event before it (size in ms, candidate minus
    /// reference; positive is later).
    case onset
    /// An event the reference has and the candidate lacks (size: its sensation level in dB).
    case missing
    /// An event the candidate has and the reference lacks (size: its sensation level in dB).
    case added

    /// The unit of ``PerceptualChange/size`` for this cue.
    public var unit: String {
      switch self {
      case .level, .shape, .missing, .added: "dB"
      case .frequency: "%"
      case .duration, .onset: "ms"
      }
    }
  }

  /// The event's number in time order, counting from 1 (for a missing event, its number in
  /// the reference; otherwise in the candidate); nil for a whole-signal cue (frequency).
  public var event: Int?
  public var cue: Cue
  /// The size of the change in ``Cue/unit``, signed as the cue's documentation says.
  public var size: Double
  /// This change's contribution to d', in JND units (non-negative).
  public var dPrime_JND: Double

  public init(event: Int?, cue: Cue, size: Double, dPrime_JND: Double) {
    self.event = event
    self.cue = cue
    self.size = size
    self.dPrime_JND = dPrime_JND
  }

  /// The unit of ``size``.
  public var unit: String { cue.unit }

  /// The change in words and numbers, e.g. "event 2: 6.0 dB weaker (2.6 JND)".
  public var sentence: String {
    let jnd = " (" + Self.fixed(dPrime_JND, 1) + " JND)"
    let subject = event.map { "event \($0)" } ?? "the signal"
    switch cue {
    case .level:
      return "\(subject): \(Self.fixed(abs(size), 1)) dB \(size < 0 ? "weaker" : "stronger")" + jnd
    case .frequency:
      return "\(Self.fixed(abs(size), 0)) % \(size < 0 ? "lower" : "higher") frequency" + jnd
    case .duration:
      return "\(subject): \(Self.fixed(abs(size), 0)) ms \(size < 0 ? "shorter" : "longer")" + jnd
    case .shape:
      return "\(subject): envelope shape differs by \(Self.fixed(size, 1)) dB" + jnd
    case .onset:
      return "\(subject) starts \(Self.fixed(abs(size), 0)) ms \(size < 0 ? "earlier" : "later")" + jnd
    case .missing:
      return "\(subject) missing" + jnd
    case .added:
      return "\(subject) added" + jnd
    }
  }

  public var description: String { sentence }

  /// `value` with `digits` decimals, "-0" written as "0".
  static func fixed(_ value: Double, _ digits: Int) -> String {
    DecimalText.fixed(value, decimals: digits)
  }
}
