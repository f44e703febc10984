import HaptCore
import Foundation

/// One felt difference between a reference signal and a candidate: which event, which
/// cue, how large in the cue's own unit, and how many JNDs it adds to d'.
///
/// ``Distinguishability/changes(from:to:)`` lists them; d' is the Euclidean sum of their
/// ``dPrime_JND``. ``sentence`` reads as a person would say it: "event 2: 6.0 dB weaker
/// (2.6 JND)", "event 2 starts 50 ms later (1.9 JND)", "event 3 missing (11.7 JND)",
/// "20 % lower frequency (duller) (1.0 JND)".
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

  /// The felt event's number in time order, counting from 1 (for a missing event, its
  /// number in the reference; otherwise in the candidate); nil for a whole-signal cue
  /// (frequency).
  public var event: Int?
  public var cue: Cue
  /// The size of the change in ``Cue/unit``, signed as the cue's documentation says.
  public var size: Double
  /// This change's contribution to d', in JND units (non-negative).
  public var dPrime_JND: Double
  /// When the felt event starts in its signal (the reference's for a missing event, the
  /// candidate's otherwise), seconds from the signal's start; nil for a whole-signal cue.
  public var time_s: Double?
  /// How the sentence names the event, when the file's own events are known ("event 3
  /// (transient at 0.39 s)", "events 2-3 (transients at 0.10-0.12 s, felt as one)"); nil:
  /// "event N" by felt order.
  public var subject: String?
  /// The file's own event numbers (1-based, in the file's order) felt as this event;
  /// empty when unknown.
  public var fileEvents: [Int] = []
  /// For a missing event that falls inside a candidate event felt as several of the
  /// file's events: that event's name ("events 2-3 (transients at 0.17-0.24 s)"); the
  /// reference's separate event is now part of it.
  public var fusedInto: String?

  public init(
    event: Int?, cue: Cue, size: Double, dPrime_JND: Double, time_s: Double? = nil, subject: String? = nil,
    fileEvents: [Int] = []
  ) {
    self.event = event
    self.cue = cue
    self.size = size
    self.dPrime_JND = dPrime_JND
    self.time_s = time_s
    self.subject = subject
    self.fileEvents = fileEvents
  }

  /// The unit of ``size``.
  public var unit: String { cue.unit }

  /// The change in words and numbers, e.g. "event 2: 6.0 dB weaker (2.6 JND)".
  public var sentence: String {
    let jnd = " (" + Self.fixed(dPrime_JND, 1) + " JND)"
    let subject = self.subject ?? event.map { "event \($0)" } ?? "the signal"
    switch cue {
    case .level:
      return "\(subject): \(Self.fixed(abs(size), 1)) dB \(size < 0 ? "weaker" : "stronger")" + jnd
    case .frequency:
      return "\(Self.fixed(abs(size), 0)) % \(size < 0 ? "lower frequency (duller)" : "higher frequency (sharper)")"
        + jnd
    case .duration:
      return "\(subject): \(Self.fixed(abs(size), 0)) ms \(size < 0 ? "shorter" : "longer")" + jnd
    case .shape:
      return "\(subject): envelope shape differs by \(Self.fixed(size, 1)) dB" + jnd
    case .onset:
      let verb = subject.hasPrefix("events ") ? "start" : "starts"
      return "\(subject) \(verb) \(Self.fixed(abs(size), 0)) ms \(size < 0 ? "earlier" : "later")" + jnd
    case .missing:
      if let fusedInto { return "\(subject) no longer felt apart: felt as one with \(fusedInto)" + jnd }
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
