import HaptPatterns

extension PatternLint {
  /// UX005: every haptic event at full intensity, with no control that lowers it.
  static func checkAllFullIntensity(
    _ pattern: HapticPattern, _ haptic: [HapticEntry], _ add: (LintRule, String, String) -> Void
  ) {
    let controlsLower =
      pattern.parameterSteps.contains { $0.parameterID == .hapticIntensityControl && $0.value < fullIntensity }
      || pattern.parameterCurves.contains { curve in
        curve.parameterID == .hapticIntensityControl && curve.controlPoints.contains { $0.value < fullIntensity }
      }
    if haptic.count >= 2, !controlsLower, haptic.allSatisfy({ $0.element.intensity >= fullIntensity }) {
      add(.allFullIntensity, "", "all \(haptic.count) haptic events at full intensity")
    }
  }
}
