import Foundation
import HaptMetrics

/// One difference a person would feel between two renders, in the words of hapt's
/// verdicts: `event 2: 6.0 dB weaker (2.6 JND)`.
///
/// The sizes are the terms of d' (``Distinguishability/components(_:_:)``) taken one
/// matched event and one feature at a time, in JND units, describing the second signal
/// relative to the first. Each term is computed by d' itself on the two events alone, so
/// the description always agrees with the model.
public struct PerceivedDifference: Sendable, Equatable, CustomStringConvertible {
  /// What differs, with its size in the feature's own unit (`event 2: 6.0 dB weaker`).
  public var what: String
  /// The term's size in JND units (its contribution to d').
  public var size_JND: Double

  public init(what: String, size_JND: Double) {
    self.what = what
    self.size_JND = size_JND
  }

  public var description: String { "\(what) (\(String(format: "%.1f", size_JND)) JND)" }

  /// The differences between `a` and `b` (b relative to a), largest first; terms under
  /// `floor_JND` are left out (a tenth of a JND changes nothing a person feels).
  public static func between(
    _ a: PerceptualFeatures, _ b: PerceptualFeatures, floor_JND: Double = 0.1
  ) -> [PerceivedDifference] {
    var out: [PerceivedDifference] = []
    let whole = Distinguishability.components(a, b)
    if whole.frequency > 0, let fa = a.frequency_Hz, let fb = b.frequency_Hz {
      let word = fb > fa ? "higher" : "lower"
      out.append(
        .init(
          what: String(
            format: "frequency %.0f Hz, %.0f %% %@ than %.0f Hz", fb, abs(fb / fa - 1) * 100, word, fa),
          size_JND: whole.frequency))
    }
    let matched = min(a.events.count, b.events.count)
    for k in 0..<matched {
      let ea = a.events[k]
      let eb = b.events[k]
      let label = "event \(k + 1)"
      let alone = Distinguishability.components(only([ea], of: a), only([eb], of: a))
      let level = eb.peakLevel_dB - ea.peakLevel_dB
      out.append(
        .init(
          what: String(format: "%@: %.1f dB %@", label, abs(level), level < 0 ? "weaker" : "stronger"),
          size_JND: alone.level))
      let longer = eb.duration_s > ea.duration_s
      out.append(
        .init(
          what: String(
            format: "%@: %.0f ms %@", label, abs(eb.duration_s - ea.duration_s) * 1000,
            longer ? "longer" : "shorter"),
          size_JND: alone.duration))
      out.append(.init(what: "\(label): envelope shape differs", size_JND: alone.shape))
      if k > 0 {
        let pair = Distinguishability.components(
          only([a.events[k - 1], ea], of: a), only([b.events[k - 1], eb], of: a))
        let ia = ea.onset_s - a.events[k - 1].onset_s
        let ib = eb.onset_s - b.events[k - 1].onset_s
        out.append(
          .init(
            what: String(
              format: "%@: %.0f ms %@ event %d", label, abs(ib - ia) * 1000,
              ib > ia ? "further from" : "closer to", k),
            size_JND: pair.rhythm))
      }
    }
    for k in matched..<max(a.events.count, b.events.count) {
      let missing = k >= b.events.count
      let event = missing ? a.events[k] : b.events[k]
      let alone = Distinguishability.components(only([event], of: a), only([], of: a))
      out.append(
        .init(
          what: String(
            format: "event %d: %@, %.1f dB above threshold", k + 1, missing ? "missing" : "extra",
            event.peakLevel_dB),
          size_JND: alone.events))
    }
    return out.filter { $0.size_JND >= floor_JND }.enumerated()
      .sorted { ($0.element.size_JND, -$0.offset) > ($1.element.size_JND, -$1.offset) }.map(\.element)
  }

  /// `features` reduced to `events` (onsets as they are), with the frequency of
  /// `reference` so that the frequency term is zero: one term of d' at a time.
  static func only(_ events: [PerceptualFeatures.Event], of reference: PerceptualFeatures)
    -> PerceptualFeatures
  {
    var copy = reference
    copy.events = events
    return copy
  }
}
