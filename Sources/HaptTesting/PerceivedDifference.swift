import Foundation
import HaptMetrics

/// One difference a person would feel between two renders, in the words of hapt's
/// verdicts: `event 2: 6.0 dB weaker (2.6 JND)`.
///
/// The terms are those of d' (``Distinguishability``), one per matched event and
/// feature, each in JND units, describing the second signal relative to the first.
public struct PerceivedDifference: Sendable, Equatable, CustomStringConvertible {
  /// What differs, with its size in the feature's own unit (`event 2: 6.0 dB weaker`).
  public var what: String
  /// The term's size in JND units (its contribution to d').
  public var size_JND: Double

  public var description: String { "\(what) (\(String(format: "%.1f", size_JND)) JND)" }

  /// The differences between `a` and `b` (b relative to a), largest first; terms under
  /// `floor_JND` are left out (a tenth of a JND changes nothing a person feels).
  public static func between(
    _ a: PerceptualFeatures, _ b: PerceptualFeatures, floor_JND: Double = 0.1
  ) -> [PerceivedDifference] {
    var out: [PerceivedDifference] = []
    let jnd = Distinguishability.amplitudeJND_dB
    let logWeber = log(1 + Distinguishability.durationWeberFraction)
    let logInterval = log(1 + Distinguishability.intervalWeberFraction)
    let tap = Distinguishability.tapDuration_s
    let components = Distinguishability.components(a, b)
    if components.frequency > 0, let fa = a.frequency_Hz, let fb = b.frequency_Hz {
      let word = fb > fa ? "higher" : "lower"
      out.append(
        .init(what: String(format: "frequency %.0f Hz, %.0f %% %@ than %.0f Hz", fb, abs(fb / fa - 1) * 100, word, fa),
          size_JND: components.frequency))
    }
    let matched = min(a.events.count, b.events.count)
    for k in 0..<matched {
      let ea = a.events[k]
      let eb = b.events[k]
      let label = "event \(k + 1)"
      let level = eb.peakLevel_dB - ea.peakLevel_dB
      out.append(
        .init(
          what: String(format: "%@: %.1f dB %@", label, abs(level), level < 0 ? "weaker" : "stronger"),
          size_JND: abs(level) / jnd))
      let da = max(ea.duration_s, tap)
      let db = max(eb.duration_s, tap)
      if da != db {
        out.append(
          .init(
            what: String(format: "%@: %.0f ms %@", label, abs(eb.duration_s - ea.duration_s) * 1000, db > da ? "longer" : "shorter"),
            size_JND: abs(log(db / da)) / logWeber))
      }
      let shape = shapeTerm(ea, eb)
      if shape > 0 { out.append(.init(what: "\(label): envelope shape differs", size_JND: shape)) }
      if k > 0 {
        let ia = ea.onset_s - a.events[k - 1].onset_s
        let ib = eb.onset_s - b.events[k - 1].onset_s
        if ia > 0, ib > 0, ia != ib {
          out.append(
            .init(
              what: String(
                format: "%@: %.0f ms %@ event %d", label, abs(ib - ia) * 1000, ib > ia ? "further from" : "closer to", k),
              size_JND: abs(log(ib / ia)) / logInterval))
        }
      }
    }
    for k in matched..<max(a.events.count, b.events.count) {
      let missing = k >= b.events.count
      let event = missing ? a.events[k] : b.events[k]
      out.append(
        .init(
          what: String(format: "event %d: %@, %.1f dB above threshold", k + 1, missing ? "missing" : "extra", event.peakLevel_dB),
          size_JND: event.peakLevel_dB / jnd))
    }
    return out.filter { $0.size_JND >= floor_JND }.enumerated()
      .sorted { ($0.element.size_JND, -$0.offset) > ($1.element.size_JND, -$1.offset) }.map(\.element)
  }

  /// The shape term of one matched pair of events, as ``Distinguishability`` computes it.
  static func shapeTerm(_ a: PerceptualFeatures.Event, _ b: PerceptualFeatures.Event) -> Double {
    let tap = Distinguishability.tapDuration_s
    let weight = min(max((min(a.duration_s, b.duration_s) - tap) / tap, 0), 1)
    guard weight > 0 else { return 0 }
    let points = min(a.shape_dB.count, b.shape_dB.count)
    var sum = 0.0
    for i in 0..<points { sum += (a.shape_dB[i] - b.shape_dB[i]) * (a.shape_dB[i] - b.shape_dB[i]) }
    return weight * (sum / Double(max(points, 1))).squareRoot() / Distinguishability.amplitudeJND_dB
  }
}
