/// The rules for MPEG-I Haptics files (`.hjif`, `.hmpg`), found while decoding.
extension LintRule {
  package static let mpegUnknownKey = LintRule(
    "MPG001", .warning, "mpeg-unknown-key", "A key the MPEG-I Haptics schema does not define; ignored.")
  package static let mpegMissingKey = LintRule(
    "MPG002", .warning, "mpeg-missing-key", "A key the MPEG-I Haptics schema requires is missing; a default is used.")
  package static let mpegOutOfRange = LintRule(
    "MPG003", .warning, "mpeg-out-of-range",
    "A value outside the range the MPEG-I Haptics schema allows (or not a whole number where one is required); clamped or rounded."
  )
  package static let mpegNotRendered = LintRule(
    "MPG004", .info, "mpeg-not-rendered",
    "A perception of a physical modality other than Vibrotactile (force, temperature, ...): read, not rendered.")
  package static let mpegWaveletNotDecoded = LintRule(
    "MPG005", .warning, "mpeg-wavelet-not-decoded",
    "A WaveletWave band or block hapt cannot decode (no block length, a block that is not a power of two of at least 16 samples, or no stream): silent."
  )
  package static let mpegUnknownReference = LintRule(
    "MPG006", .error, "mpeg-unknown-reference",
    "A Reference effect whose id is not in the perception's effect library: it plays nothing.")
  package static let mpegUnknownValue = LintRule(
    "MPG007", .error, "mpeg-unknown-value",
    "A band type, effect type, base signal, curve type or modality the standard does not list: the band or effect is skipped, or the default is used."
  )
  package static let mpegTransientWithoutAmplitude = LintRule(
    "MPG008", .warning, "mpeg-transient-without-amplitude",
    "A Transient keyframe without amplitude_modulation plays nothing (the MPEG reference synthesizer hangs on it).")
  package static let mpegUnsortedKeyframes = LintRule(
    "MPG009", .warning, "mpeg-unsorted-keyframes", "Keyframes out of relative-position order; sorted.")
  package static let mpegRenderedAsVibrotactile = LintRule(
    "MPG010", .info, "mpeg-rendered-as-vibrotactile",
    "A perception of modality Other (what the MPEG reference encoder writes unless told otherwise): rendered as vibrotactile, as the reference synthesizer renders it."
  )

  /// The MPEG-I Haptics rules, in table order.
  package static let mpegRules: [LintRule] = [
    mpegUnknownKey, mpegMissingKey, mpegOutOfRange, mpegNotRendered, mpegWaveletNotDecoded,
    mpegUnknownReference, mpegUnknownValue, mpegTransientWithoutAmplitude, mpegUnsortedKeyframes,
    mpegRenderedAsVibrotactile,
  ]
}
