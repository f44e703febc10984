import HaptFormats
import HaptPatterns

extension PatternLint {
  /// PAT004 and PAT005: a pattern with no haptic event, or with haptic events of which none
  /// is felt (every one at intensity 0, or under an intensity control at 0), worded in the
  /// terms of `format`.
  static func checkSomethingFelt(
    _ pattern: HapticPattern, _ haptic: [HapticEntry], format: PatternFormat?, _ add: (LintRule, String, String) -> Void
  ) {
    if haptic.isEmpty {
      add(.noHapticEvents, "", LintVocabulary.noHapticEvents(format))
      return
    }
    let controls = PatternControls(pattern)
    if !haptic.contains(where: { controls.isFelt($0.element) }) {
      add(.silentPattern, "", LintVocabulary.silentPattern(format))
    }
  }
}
