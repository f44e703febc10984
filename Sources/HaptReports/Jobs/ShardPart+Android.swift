import HaptMetrics
import HaptSimulation
import HaptEvaluation
import HaptCore
import HaptPatterns
import HaptAndroid

/// The text form of a shard's Android rows (``AndroidSections/Rows``): one `p` record per
/// port row and one `d` record per playback row, every field exact (numbers as their bit
/// patterns, texts in base64), so that a merge writes them as the shard computed them.
extension ShardPart {
  /// The `p` record of a port row (without the key).
  static func encode(_ r: AndroidPortResult) -> String {
    [
      text(r.pattern), text(r.device), text(r.reference), text(r.alternative), hex(r.dPrimeFromReference_JND),
      hex(r.dPrime_JND), text(r.changes), hex(r.contrastOriginal_JND), hex(r.contrastPort_JND), r.outcome.rawValue,
      text(r.verdict),
    ].joined(separator: " ")
  }

  static func decodePort(_ f: ArraySlice<Substring>, error: InputError) throws -> AndroidPortResult {
    let f = Array(f)
    guard f.count == 11, let pattern = try optionalText(f[0], error), let device = try optionalText(f[1], error),
      let reference = try optionalText(f[2], error), let changes = try optionalText(f[6], error),
      let outcome = AndroidPortResult.Outcome(rawValue: String(f[9])), let verdict = try optionalText(f[10], error)
    else { throw error }
    var row = AndroidPortResult(
      pattern: pattern, device: device, dPrime_JND: try optionalDouble(f[5], error),
      contrastOriginal_JND: try optionalDouble(f[7], error), contrastPort_JND: try optionalDouble(f[8], error),
      outcome: outcome, verdict: verdict)
    row.reference = reference
    row.alternative = try optionalText(f[3], error)
    row.dPrimeFromReference_JND = try optionalDouble(f[4], error)
    row.changes = changes
    return row
  }

  /// The `d` record of a playback row (without the key).
  static func encode(_ p: DevicePlayback) -> String {
    var outcome: String
    var dPrime: Double?
    var silence: String?
    switch p.outcome {
    case .plays: outcome = "plays"
    case .fallsBack(let d): (outcome, dPrime) = ("fallsBack", d)
    case .silent(let reason): (outcome, silence) = ("silent", reason.description)
    }
    return [
      text(p.pattern), text(p.device), p.platform.rawValue, text(p.form?.key),
      text(p.causes.map(causeField).joined(separator: "\n")), outcome, hex(dPrime), text(silence), text(p.howItFeels),
    ].joined(separator: " ")
  }

  static func decodePlayback(_ f: ArraySlice<Substring>, error: InputError) throws -> DevicePlayback {
    let f = Array(f)
    guard f.count == 9, let pattern = try optionalText(f[0], error), let device = try optionalText(f[1], error),
      let platform = DevicePlatform(rawValue: String(f[2])), let causeText = try optionalText(f[4], error)
    else { throw error }
    let form = try optionalText(f[3], error).map { key -> PlayedForm in
      guard let form = playedForm(key) else { throw error }
      return form
    }
    let causes = try causeText.split(separator: "\n").map { field -> FallbackCause in
      guard let cause = cause(field) else { throw error }
      return cause
    }
    let outcome: PlaybackOutcome
    switch f[5] {
    case "plays": outcome = .plays
    case "fallsBack":
      guard let d = try optionalDouble(f[6], error) else { throw error }
      outcome = .fallsBack(dPrime_JND: d)
    case "silent":
      guard let reason = try optionalText(f[7], error) else { throw error }
      outcome = .silent(SilenceReason(description: reason))
    default: throw error
    }
    var playback = DevicePlayback(
      pattern: pattern, device: device, platform: platform, form: form, causes: causes, outcome: outcome)
    playback.howItFeels = try optionalText(f[8], error)
    return playback
  }

  /// A cause's key, with the resonance's exact value where the key leaves it out.
  private static func causeField(_ cause: FallbackCause) -> String {
    if case .sharpnessAtResonance(let f0) = cause { return "sharpnessAtResonance:" + hex(f0) }
    return cause.key
  }

  private static func cause(_ field: Substring) -> FallbackCause? {
    let (key, value) = keyAndValue(field)
    switch (key, value) {
    case ("missingPrimitives", let names?): return .missingPrimitives(names.split(separator: "+").map(String.init))
    case ("noEnvelopeEffects", nil): return .noEnvelopeEffects
    case ("missingEffect", let name?): return .missingEffect(name)
    case ("platformFallback", let name?): return .platformFallback(name)
    case ("noAmplitudeControl", nil): return .noAmplitudeControl
    case ("sharpnessAtResonance", let bits?):
      guard let f0 = FieldCodec.number(Substring(bits)), let f0 else { return nil }
      return .sharpnessAtResonance(resonance_Hz: f0)
    case ("noFrequencyControl", nil): return .noFrequencyControl
    case ("tapsAsRamps", nil): return .tapsAsRamps
    default: return nil
    }
  }

  private static func playedForm(_ key: String) -> PlayedForm? {
    let (kind, value) = keyAndValue(Substring(key))
    switch (kind, value) {
    case ("asWritten", nil): return .asWritten
    case ("envelope", nil): return .envelopeEffect
    case ("primitives", nil): return .primitives
    case ("amplitudeWaveform", nil): return .amplitudeWaveform
    case ("onOffWaveform", nil): return .onOffWaveform
    case ("predefined", let name?): return .predefinedEffect(name)
    case ("fallback", let name?): return .platformFallback(name)
    default: return nil
    }
  }

  /// `KEY` or `KEY:VALUE`, split at the first colon.
  private static func keyAndValue(_ field: Substring) -> (String, String?) {
    guard let colon = field.firstIndex(of: ":") else { return (String(field), nil) }
    return (String(field[..<colon]), String(field[field.index(after: colon)...]))
  }
}
