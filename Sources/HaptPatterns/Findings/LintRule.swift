/// A lint rule: its identifier, severity and what it checks.
///
/// The table is the single source of `hapt lint`'s rules and of the rules table in
/// `Docs/Patterns.md`. `AHAP…` rules are breaks of the AHAP format found while decoding,
/// `HAP…` rules breaks of the Lofelt `.haptic` format, `PAT…` rules structural oddities of
/// any pattern, and `UX…` rules Apple's haptic design guidance (Human Interface
/// Guidelines, "Playing haptics"; WWDC 2019 session 810 "Designing audio-haptic
/// experiences").
package struct LintRule: Equatable, Sendable {
  package var id: String
  package var severity: LintSeverity
  /// A short kebab-case name.
  package var name: String
  /// One sentence: what the rule finds and why it matters.
  package var summary: String
  /// The severity under strict lint, when it is higher than ``severity`` (a finding that
  /// silently drops content: an error when the user asks for strictness).
  package var strictSeverity: LintSeverity?

  package init(
    _ id: String, _ severity: LintSeverity, _ name: String, _ summary: String, strict: LintSeverity? = nil
  ) {
    self.id = id
    self.severity = severity
    self.name = name
    self.summary = summary
    self.strictSeverity = strict
  }

  /// The rule with this identifier, if hapt has one.
  package static func rule(id: String) -> LintRule? { byID[id] }

  private static let byID: [String: LintRule] = Dictionary(
    all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  /// A finding of this rule.
  package func finding(file: String, place: String, _ message: String) -> LintFinding {
    LintFinding(ruleID: id, severity: severity, file: file, place: place, message: message)
  }

  // MARK: - AHAP format

  package static let jsonLeniency = LintRule(
    "AHAP001", .warning, "json-leniency",
    "Not strict JSON (a trailing comma, a byte-order mark): Core Haptics accepts it, other JSON tools may not.")
  package static let unknownKey = LintRule(
    "AHAP002", .warning, "unknown-key", "A key AHAP does not define; Core Haptics ignores it.")
  package static let missingKey = LintRule(
    "AHAP003", .warning, "missing-key", "A key is missing; its Core Haptics default is used.")
  package static let outOfRange = LintRule(
    "AHAP004", .warning, "out-of-range", "A value outside its range; clamped as Core Haptics clamps it.")
  package static let unknownIdentifier = LintRule(
    "AHAP005", .error, "unknown-identifier",
    "An EventType or ParameterID Core Haptics does not know: such events are skipped, such parameters have no effect.")
  package static let negativeTime = LintRule(
    "AHAP006", .error, "negative-time", "A negative time or duration; set to 0.")
  package static let unsortedCurve = LintRule(
    "AHAP007", .warning, "unsorted-curve", "Curve control points out of time order.")
  package static let tooManyControlPoints = LintRule(
    "AHAP008", .warning, "too-many-control-points",
    "A parameter curve with more than 16 control points (Core Haptics' limit per curve).")
  package static let longContinuousEvent = LintRule(
    "AHAP009", .error, "long-continuous-event",
    "A continuous event longer than 30 s (Core Haptics' limit); rendered as written.")
  package static let unsafeWaveformPath = LintRule(
    "AHAP010", .error, "unsafe-waveform-path",
    "An EventWaveformPath that is absolute or climbs out of the pattern's folder ('..'); never followed.")
  package static let duplicateKey = LintRule(
    "AHAP011", .warning, "duplicate-key", "A key given twice in one object; the last one is used.")
  package static let malformedEntry = LintRule(
    "AHAP012", .warning, "malformed-entry",
    "A Pattern entry with no Event, Parameter or ParameterCurve, or with several.")
  package static let missingWaveform = LintRule(
    "AHAP013", .warning, "missing-waveform",
    "An AudioCustom event whose waveform file is missing next to the pattern.")
  package static let emptyCurve = LintRule(
    "AHAP014", .warning, "empty-curve", "A parameter curve without control points has no effect.")
  package static let ignoredValue = LintRule(
    "AHAP015", .info, "ignored-value",
    "A parameter or key that has no effect on this event type (a transient's EventDuration).")
  package static let misspelledKey = LintRule(
    "AHAP016", .warning, "misspelled-key",
    "An unknown key close to one AHAP defines (EventParamters for EventParameters): everything under it is dropped. An error under strict lint.",
    strict: .error)

  // MARK: - Lofelt .haptic format

  package static let hapticTooFewPoints = LintRule(
    "HAP001", .error, "haptic-too-few-points", "A .haptic amplitude envelope needs at least two points.")
  package static let hapticDecreasingTime = LintRule(
    "HAP002", .error, "haptic-decreasing-time", "Envelope breakpoint times must not decrease.")
  package static let hapticEmphasisBelowEnvelope = LintRule(
    "HAP003", .error, "haptic-emphasis-below-envelope",
    "An emphasis amplitude below the envelope amplitude at its breakpoint.")
  package static let hapticOutOfRange = LintRule(
    "HAP004", .warning, "haptic-out-of-range", "A .haptic value outside 0...1; clamped.")
  package static let hapticUnknownKey = LintRule(
    "HAP005", .warning, "haptic-unknown-key", "A key or version the .haptic v1 format does not define.")
  package static let hapticMisspelledKey = LintRule(
    "HAP008", .warning, "haptic-misspelled-key",
    "An unknown key close to one the .haptic v1 format defines (amplitdue for amplitude): everything under it is dropped. An error under strict lint.",
    strict: .error)
  package static let hapticMissingKey = LintRule(
    "HAP006", .warning, "haptic-missing-key", "A .haptic key is missing; a default is used.")
  package static let hapticZeroDuration = LintRule(
    "HAP007", .warning, "haptic-zero-duration",
    "Every amplitude point of a .haptic envelope at the same time: the envelope lasts 0 s and its vibration is never felt."
  )

  // MARK: - Android vibration XML

  package static let androidUnknownAttribute = LintRule(
    "AND001", .warning, "android-unknown-attribute",
    "An attribute the vibration XML schema does not define: hapt ignores it, Android's parser refuses the file.")
  package static let androidHiddenAPI = LintRule(
    "AND002", .warning, "android-hidden-api",
    "An effect (pop, thud, texture_tick) or attribute (fallback) Android's parser accepts only for system code; an app's XML with it fails to load."
  )
  package static let androidEndlessRepeat = LintRule(
    "AND003", .warning, "android-endless-repeat",
    "A repeating waveform vibrates until the app cancels it; hapt renders a bounded length.")
  package static let androidShortEntry = LintRule(
    "AND004", .warning, "android-short-entry",
    "A waveform step to a new non-zero amplitude shorter than 10 ms inside a run of vibration: an LRA cannot follow it and the step is mostly lost."
  )
  package static let androidZeroDuration = LintRule(
    "AND005", .error, "android-zero-duration",
    "A waveform whose entries all last 0 ms: Android's parser refuses it and nothing plays.")
  package static let androidStrayText = LintRule(
    "AND006", .warning, "android-stray-text",
    "Text between vibration XML elements: hapt ignores it, Android's parser refuses the file.")

  // MARK: - Android 16 vibration XML

  package static let androidEnvelopeNotZero = LintRule(
    "AND007", .error, "android-envelope-not-zero",
    "A basic envelope whose last control point is not at intensity 0: Android refuses it (an envelope must end at zero)."
  )
  package static let androidShortControlPoint = LintRule(
    "AND008", .warning, "android-short-control-point",
    "An envelope control point shorter than the default device's minimum control-point duration (10 ms): Android requires at least the device's minimum."
  )
  package static let androidFrequencyOutOfRange = LintRule(
    "AND009", .warning, "android-frequency-out-of-range",
    "An envelope frequency outside the default device's range (80...230 Hz): Android requires frequencies inside the device's range; hapt plays it at the nearest edge."
  )
  package static let androidShortPulse = LintRule(
    "AND011", .info, "android-short-pulse",
    "A waveform pulse shorter than 10 ms between silences: an LRA does not reach its amplitude in that time, so it plays as a tap weaker than written (on a vibrator without amplitude control, how a tap is made softer)."
  )
  package static let androidUnsupportedOnDevice = LintRule(
    "AND010", .warning, "android-unsupported-on-device",
    "Nothing in the file plays on the device (an envelope on a device without envelope support, no supported alternative)."
  )

  // MARK: - Interhaptics .haps

  package static let hapsNotRendered = LintRule(
    "HAPS001", .warning, "haps-not-rendered",
    "A texture or stiffness perception with notes: hapt renders the vibration perception only, so these are not evaluated."
  )
  package static let hapsUnknownKey = LintRule(
    "HAPS002", .warning, "haps-unknown-key", "A key, version or value the .haps format (version 5) does not define.")
  package static let hapsMissingKey = LintRule(
    "HAPS003", .warning, "haps-missing-key", "A .haps key is missing; a default is used or the note is skipped.")
  package static let hapsOutOfRange = LintRule(
    "HAPS004", .warning, "haps-out-of-range", "A gain or amplitude outside 0...1, or a negative frequency; clamped.")
  package static let hapsUnsortedKeyframes = LintRule(
    "HAPS005", .warning, "haps-unsorted-keyframes", "Keyframes out of time order; hapt sorts them.")
  package static let hapsEndlessLoop = LintRule(
    "HAPS006", .warning, "haps-endless-loop",
    "A looping perception plays until the app stops it; hapt renders a bounded length.")

  // MARK: - Immersion IVS

  package static let ivsUnknownEffect = LintRule(
    "IVS001", .error, "ivs-unknown-effect",
    "A launch event names no basis effect of the file, or a basis effect's type is not periodic or magsweep: it does not play (an unknown waveform plays as a sine)."
  )
  package static let ivsMissingAttribute = LintRule(
    "IVS002", .warning, "ivs-missing-attribute",
    "An IVS attribute is missing; a default is used or the element is skipped.")
  package static let ivsOutOfRange = LintRule(
    "IVS003", .warning, "ivs-out-of-range",
    "A magnitude outside 0...10000 or a period of 0 or less; clamped or skipped.")
  package static let ivsUnknownElement = LintRule(
    "IVS004", .warning, "ivs-unknown-element", "An element or attribute the IVS format does not define; ignored.")
  package static let ivsNoTimeline = LintRule(
    "IVS005", .info, "ivs-no-timeline",
    "No timeline effect: hapt plays the first basis effect alone (an app plays any effect of the file by its index).")
  package static let ivsWaveformNotKept = LintRule(
    "IVS006", .info, "ivs-waveform-not-kept",
    "A periodic effect with a square, triangle or sawtooth waveform: hapt's drive is a sine at the effect's frequency.")

  // MARK: - Pattern structure

  package static let overlappingContinuous = LintRule(
    "PAT001", .warning, "overlapping-continuous",
    "Continuous haptic events overlap; their vibrations add and may clip.")
  package static let overlappingCurves = LintRule(
    "PAT002", .warning, "overlapping-curves",
    "A curve or step starts before an earlier curve of the same control ends, cutting it short.")
  package static let simultaneousTransients = LintRule(
    "PAT003", .warning, "simultaneous-transients", "Two transients at the same time feel like one.")
  package static let noHapticEvents = LintRule(
    "PAT004", .warning, "no-haptic-events", "The pattern has no haptic event: nothing to feel.")

  package static let silentPattern = LintRule(
    "PAT005", .warning, "silent-pattern",
    "Every haptic event has intensity 0 throughout (its own or through HapticIntensityControl): nothing is felt on any device."
  )

  // MARK: - UX guidance

  package static let longUIPattern = LintRule(
    "UX001", .warning, "long-ui-pattern",
    "Longer than 2 s: UI feedback should be short (about a second at most).")
  package static let sustainedBuzz = LintRule(
    "UX002", .warning, "sustained-buzz",
    "Continuous vibration over 3 s at intensity 0.5 or more fatigues the hand and drains the battery.")
  package static let denseBurst = LintRule(
    "UX003", .warning, "dense-burst",
    "More than 10 haptic onsets within 0.5 s blur into one buzz.")
  package static let fusingGap = LintRule(
    "UX004", .warning, "fusing-gap", "Transients less than 30 ms apart fuse into one.")
  package static let allFullIntensity = LintRule(
    "UX005", .info, "all-full-intensity",
    "Every haptic event at full intensity: no contrast left for emphasis.")

  /// Every rule, in table order.
  package static let all: [LintRule] =
    [
      jsonLeniency, unknownKey, missingKey, outOfRange, unknownIdentifier, negativeTime,
      unsortedCurve, tooManyControlPoints, longContinuousEvent, unsafeWaveformPath, duplicateKey,
      malformedEntry, missingWaveform, emptyCurve, ignoredValue, misspelledKey,
      hapticTooFewPoints, hapticDecreasingTime, hapticEmphasisBelowEnvelope, hapticOutOfRange,
      hapticUnknownKey, hapticMissingKey, hapticZeroDuration, hapticMisspelledKey,
      androidUnknownAttribute, androidHiddenAPI, androidEndlessRepeat, androidShortEntry,
      androidZeroDuration, androidStrayText,
      androidEnvelopeNotZero, androidShortControlPoint, androidFrequencyOutOfRange, androidShortPulse,
      hapsNotRendered, hapsUnknownKey, hapsMissingKey, hapsOutOfRange, hapsUnsortedKeyframes, hapsEndlessLoop,
      ivsUnknownEffect, ivsMissingAttribute, ivsOutOfRange, ivsUnknownElement, ivsNoTimeline, ivsWaveformNotKept,
      overlappingContinuous, overlappingCurves, simultaneousTransients, noHapticEvents, silentPattern,
      longUIPattern, sustainedBuzz, denseBurst, fusingGap, allFullIntensity,
    ] + mpegRules + deviceRules
}
