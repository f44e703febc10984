import Foundation
import HaptCore
import HaptPatterns
import HaptEvaluation
import HaptAndroid

/// The adaptive Android export: every class's candidates built and judged by d' on the
/// class profiles, and the envelope's polyline fit alone on a long, bendy pattern.
enum ExportBenchmarks {
  static var all: [Bench.Case] { [library, envelopeFit] }

  static var library: Bench.Case {
    Bench.Case(name: "export/android-library", summary: "hapt convert X.ahap --out X.xml for the shipped corpora") {
      guard let corpora = Corpora.directory() else { throw InputError("Corpora/ not found", kind: .missing) }
      let patterns = PatternCorpus.load([
        corpora.appendingPathComponent("system").path,
        corpora.appendingPathComponent("library").path,
      ]).entries.map(\.pattern)
      return {
        for pattern in patterns { _ = AndroidExport.export(pattern) }
        return patterns.count
      }
    }
  }

  /// A 30 s continuous event whose intensity curve bends every 50 ms, and a tap every
  /// 100 ms: the most knot candidates the fit considers before it thins them.
  static var envelopeFit: Bench.Case {
    Bench.Case(name: "export/envelope-fit-30s", summary: "the envelope polyline fit of a 30 s pattern with 600 bends") {
      var rng = SplitMix64(seed: 22)
      var pattern = HapticPattern(events: [
        .continuous(at: 0, duration_s: 30, intensity: 1, sharpness: 0.5, attackTime: 0, releaseTime: 0)
      ])
      pattern.events += (0..<300).map { .transient(at: Double($0) * 0.1, intensity: 0.5, sharpness: 0.8) }
      pattern.parameterCurves = [
        ParameterCurve(
          parameterID: .hapticIntensityControl, time_s: 0,
          controlPoints: (0..<600).map { .init(time_s: Double($0) * 0.05, value: 0.2 + 0.8 * rng.nextUnit()) })
      ]
      guard let timeline = AndroidTimeline(pattern) else {
        throw InputError("pattern past the export bounds", kind: .overLimit)
      }
      return {
        // Too bendy for 16 points: the fit runs in full and the envelope is refused.
        _ = AndroidAlternativeBuilder.envelope(timeline, settings: AndroidAlternativeSettings(), limits: .flagship)
        return 1
      }
    }
  }
}
