import HaptMetrics

/// The columns of the perceptual attributes in every output (text, CSV, JSON, HTML), in
/// one order, with units in their names (Docs/Perception.md §10).
package enum PerceptualAttributeColumns {
  package struct Column: Sendable {
    package var name: String
    /// Decimals shown in text and HTML.
    package var decimals: Int
    package var value: @Sendable (PerceptualAttributes) -> Double
  }

  package static let all: [Column] = [
    Column(name: "energy", decimals: 2) { $0.energy },
    Column(name: "tempo_Hz", decimals: 2) { $0.tempo_Hz },
    Column(name: "roughness", decimals: 3) { $0.roughness },
    Column(name: "continuity", decimals: 2) { $0.continuity },
    Column(name: "duration_s", decimals: 3) { $0.duration_s },
  ]
}
