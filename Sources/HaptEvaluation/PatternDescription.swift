import HaptCore
import HaptMetrics
import HaptSignals
import HaptSimulation

/// How one pattern or recording feels: its ``PerceptualAttributes`` (`hapt describe`).
package struct PatternDescription: Sendable {
  package var path: String
  package var attributes: PerceptualAttributes
  /// The felt features d' is computed from, kept for pairwise distances.
  package var features: PerceptualFeatures
  /// What the signal is (rendered on which device, or how a recording was read).
  package var origin: String
  /// What reading or rendering assumed (``SignalSource/notes``).
  package var notes: [String]

  /// Describes the signal of `source`.
  package init(_ source: SignalSource) {
    path = source.path
    features = PerceptualFeatures(source.acceleration_g)
    attributes = PerceptualAttributes(source.acceleration_g, features: features)
    origin = source.originDescription
    notes = source.notes
  }

  /// The perceptual distance between two described signals (nil: one silent, one felt).
  package static func distance(_ a: PatternDescription, _ b: PatternDescription) -> Double? {
    PerceptualDistance.distance(
      a.attributes, b.attributes, dPrime: Distinguishability.dPrime(a.features, b.features))
  }
}
