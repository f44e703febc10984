import HaptMetrics
import HaptCharts

/// Designers' sentences about ``PerceptualAttributes``: what a pattern feels like, and
/// how two differ ("error is 2.0x stronger and 1.5x faster than warning").
package enum PerceptualWording {
  /// "strong, fast, rough, discrete, 0.40 s" style summary of one pattern.
  package static func summary(_ a: PerceptualAttributes) -> String {
    guard a.isPerceptible else { return "not felt" }
    let strength = a.energy >= 1 ? "strong" : a.energy >= 0.3 ? "medium strength" : "light"
    let pace = a.tempo_Hz >= 8 ? "fast" : a.tempo_Hz >= 3 ? "moderate tempo" : "slow"
    let texture = a.roughness >= 0.3 ? "rough" : a.roughness >= 0.1 ? "slightly rough" : "smooth"
    let flow = a.continuity >= 0.5 ? "continuous" : "discrete"
    return "Feels \(strength), \(pace), \(texture), \(flow), lasting \(ChartNumber.fixed(a.duration_s, decimals: 2)) s"
  }

  /// The shortest felt span whose roughness is worth a word, s (a tap has no texture).
  package static let minimumTextureSpan_s = 0.1

  /// How `a` differs from `b` in the attributes: ratios of energy, tempo (both with at
  /// least two felt events) and roughness (both felt for at least
  /// ``minimumTextureSpan_s``) of at least 1.25x, a continuity step of at least 0.1 and a duration ratio of at least
  /// 1.25x; "about the same strength, tempo and texture" otherwise.
  package static func comparison(
    _ a: PerceptualAttributes, _ nameA: String, _ b: PerceptualAttributes, _ nameB: String
  )
    -> String
  {
    guard a.isPerceptible, b.isPerceptible else {
      return a.isPerceptible == b.isPerceptible
        ? "neither \(nameA) nor \(nameB) is felt" : "\(a.isPerceptible ? nameB : nameA) is not felt"
    }
    var parts: [String] = []
    func ratio(_ x: Double, _ y: Double, more: String, less: String) {
      guard x > 0, y > 0 else { return }
      let r = x / y
      if r >= 1.25 {
        parts.append("\(ChartNumber.fixed(r, decimals: 1))x \(more)")
      } else if r <= 0.8 {
        parts.append("\(ChartNumber.fixed(1 / r, decimals: 1))x \(less)")
      }
    }
    ratio(a.energy, b.energy, more: "stronger", less: "weaker")
    // Rhythm words only where both have a rhythm (a single tap has no tempo), texture
    // words only where both last long enough to have a texture.
    if a.feltEvents >= 2, b.feltEvents >= 2 { ratio(a.tempo_Hz, b.tempo_Hz, more: "faster", less: "slower") }
    if min(a.duration_s, b.duration_s) >= minimumTextureSpan_s {
      ratio(a.roughness, b.roughness, more: "rougher", less: "smoother")
    }
    if a.continuity - b.continuity >= 0.1 { parts.append("more continuous") }
    if b.continuity - a.continuity >= 0.1 { parts.append("more discrete") }
    ratio(a.duration_s, b.duration_s, more: "longer", less: "shorter")
    guard !parts.isEmpty else { return "\(nameA) and \(nameB) feel about the same in strength, tempo and texture" }
    return "\(nameA) is " + Wording.list(parts) + " than \(nameB)"
  }
}
