import HaptCore
import HaptPatterns

/// Interhaptics `.haps` files (Haptic Composer, Interhaptics/Razer SDKs), mapped onto a
/// ``HertzPattern``.
///
/// A file is JSON: a global `m_gain` and three perceptions, `m_vibration`, `m_texture` and
/// `m_stiffness`, each with `m_gain`, `m_loop` and `m_melodies`; a melody has `m_gain`,
/// `m_mute` and `m_notes`; a note has `m_startingPoint` and `m_length` (seconds),
/// `m_gain` and `m_hapticEffect`, which is either a transient (`m_type`) or keyframe
/// curves `m_amplitudeModulation` (0...1) and `m_frequencyModulation` (Hz), each
/// keyframe `m_time` (seconds from the note's start), `m_value` and optional
/// `m_inSlope`/`m_outSlope` (value per second).
///
/// Rendered (Docs/Formats.md): the vibration perception, every gain multiplied
/// (global × perception × melody × note × effect), muted melodies skipped, curves
/// evaluated as ``HapsCurve`` documents, a looping perception repeated. Texture and
/// stiffness are read and reported as not rendered (``LintRule/hapsNotRendered``): they
/// are position- and force-driven, not time-driven.
package enum InterhapticsHaps {
  /// Decodes a `.haps` file leniently.
  /// - Throws: ``InputError`` naming `file` and the JSON path for broken input.
  package static func decode(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (pattern: HertzPattern, findings: [LintFinding]) {
    do {
      let document = try JSONParser.parse(bytes, limits: limits.json)
      var decoder = HapsDecoder(file: file, limits: limits)
      decoder.collector.add(leniencies: document.leniencies, rule: .hapsUnknownKey)
      let pattern = try decoder.decodeRoot(JSONCursor(document.root))
      return (pattern, decoder.collector.findings)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// Decodes `.haps` text (tests).
  package static func decode(_ text: String, file: String) throws -> (pattern: HertzPattern, findings: [LintFinding]) {
    try decode(Array(text.utf8), file: file)
  }

  /// How much of a looping perception is rendered, s (it loops until stopped).
  package static let loopRenderLength_s = 3.0
}

/// The state of one `.haps` decode.
struct HapsDecoder {
  var collector: FindingCollector
  let limits: PatternLimits
  var pointCount = 0
  var noteCount = 0

  init(file: String, limits: PatternLimits) {
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  static let rootKeys: Set<String> = [
    "m_version", "m_description", "m_name", "m_HDFlag", "m_time_unit", "m_length_unit", "m_gain", "m_vibration",
    "m_texture", "m_stiffness",
  ]
  static let perceptionKeys: Set<String> = ["m_gain", "m_loop", "m_maximum", "m_melodies", "m_signalEvaluationMethod"]
  static let melodyKeys: Set<String> = ["m_gain", "m_mute", "m_notes"]
  static let noteKeys: Set<String> = ["m_gain", "m_hapticEffect", "m_length", "m_priority", "m_startingPoint"]
  static let effectKeys: Set<String> = [
    "m_type", "m_amplitudeModulation", "m_frequencyModulation", "m_underlyingSignal", "m_gain", "m_length",
    "m_priority", "m_startingPoint",
  ]
  static let curveKeys: Set<String> = ["m_extrapolationStrategy", "m_keyframes"]
  static let keyframeKeys: Set<String> = ["m_time", "m_value", "m_inSlope", "m_outSlope"]
  static let signalKeys: Set<String> = ["m_amplitude", "m_frequency", "m_phase", "m_signalType", "m_verticalOffset"]

  mutating func check(_ cursor: JSONCursor, _ known: Set<String>) throws {
    guard case .object = cursor.value else { throw cursor.typeError(expected: "an object") }
    try collector.checkKeys(cursor, known: known, unknownRule: .hapsUnknownKey, duplicateRule: .hapsUnknownKey)
  }

  /// A gain: a number, clamped to 0...1 with a finding; 1 when absent.
  mutating func gain(_ cursor: JSONCursor) throws -> Double {
    guard let member = try cursor.member("m_gain") else { return 1 }
    let value = try member.number()
    guard (0...1).contains(value) else {
      let clamped = Swift.min(Swift.max(value, 0), 1)
      collector.add(
        .hapsOutOfRange, at: member.path,
        "gain \(JSONWriter.number(value)) outside 0...1; \(JSONWriter.number(clamped)) is used")
      return clamped
    }
    return value
  }

  /// The version (5) and time unit (seconds) hapt reads; others are read so, with a
  /// finding.
  mutating func checkVersionAndUnit(_ root: JSONCursor) throws {
    if let version = try root.member("m_version") {
      let text: String
      switch version.value {
      case .string(let s): text = s
      case .number(let n): text = JSONWriter.number(n)
      default: throw version.typeError(expected: "a version string")
      }
      if text != "5" {
        collector.add(.hapsUnknownKey, at: version.path, "version \(AndroidXML.shown(text)); read as version 5")
      }
    } else {
      collector.add(.hapsMissingKey, at: root.place, "no \"m_version\"; read as version 5")
    }
    if let unit = try root.member("m_time_unit"), try unit.number() != 0 {
      collector.add(
        .hapsUnknownKey, at: unit.path, "time unit \(JSONWriter.number(try unit.number())); read as seconds (0)")
    }
  }

  /// The texture and stiffness perceptions are checked and named in a finding when they
  /// hold notes: hapt renders vibration only.
  mutating func noteUnrenderedPerceptions(_ root: JSONCursor) throws {
    for name in ["m_texture", "m_stiffness"] {
      guard let perception = try root.member(name) else { continue }
      try check(perception, Self.perceptionKeys)
      let melodies = try perception.member("m_melodies")?.elements() ?? []
      var notes = 0
      for melody in melodies {
        try check(melody, Self.melodyKeys)
        notes += try melody.member("m_notes")?.elements().count ?? 0
      }
      if notes > 0 {
        let label = name == "m_texture" ? "texture" : "stiffness"
        collector.add(
          .hapsNotRendered, at: perception.path,
          "the \(label) perception (\(notes) note\(notes == 1 ? "" : "s")) is read but not rendered: hapt renders vibration only"
        )
      }
    }
  }

  /// A looping vibration rendered for ``InterhapticsHaps/loopRenderLength_s`` (at least two
  /// passes of `pass`, within the event limit), with a finding at `loop`.
  mutating func appendLoopPasses(of pass: HertzPattern, to pattern: inout HertzPattern, loop: JSONCursor) {
    let period = Swift.max(
      pass.vibrations.map(\.end_s).max() ?? 0, pass.transients.map(\.time_s).max() ?? 0)
    var passes = 1
    if period > 0 {
      passes = Swift.max(2, Int((InterhapticsHaps.loopRenderLength_s / period).rounded(.down)))
      passes = Swift.min(
        passes, Swift.max(1, limits.maxEvents / Swift.max(1, pass.vibrations.count + pass.transients.count)))
    }
    for k in 0..<passes {
      let shift = Double(k) * period
      pattern.vibrations += pass.vibrations.map { v in
        var v = v
        v.start_s += shift
        v.amplitude = v.amplitude.map { .init(time_s: $0.time_s + shift, value: $0.value) }
        v.frequency_Hz = v.frequency_Hz.map { .init(time_s: $0.time_s + shift, value: $0.value) }
        return v
      }
      pattern.transients += pass.transients.map { t in
        var t = t
        t.time_s += shift
        return t
      }
    }
    collector.add(
      .hapsEndlessLoop, at: loop.path,
      "the vibration loops until the app stops it; rendered for \(passes) pass(es) of \(JSONWriter.number((period * 1000).rounded())) ms"
    )
  }

  mutating func decodeRoot(_ root: JSONCursor) throws -> HertzPattern {
    try check(root, Self.rootKeys)
    try checkVersionAndUnit(root)
    var pattern = HertzPattern()
    pattern.metadata.createdFor = "Interhaptics .haps"
    if let description = try root.member("m_description"), case .string(let text) = description.value, !text.isEmpty {
      pattern.metadata.description = text
    }
    let globalGain = try gain(root)
    try noteUnrenderedPerceptions(root)
    guard let vibration = try root.member("m_vibration") else {
      collector.add(.hapsMissingKey, at: root.place, "no \"m_vibration\"; nothing to render")
      return pattern
    }
    try check(vibration, Self.perceptionKeys)
    let perceptionGain = globalGain * (try gain(vibration))
    var pass = HertzPattern(metadata: pattern.metadata)
    for melody in try vibration.member("m_melodies")?.elements() ?? [] {
      try check(melody, Self.melodyKeys)
      let muted = try melody.member("m_mute").map { try $0.number() != 0 } ?? false
      let melodyGain = perceptionGain * (try gain(melody))
      for note in try melody.member("m_notes")?.elements() ?? [] {
        noteCount += 1
        guard noteCount <= limits.maxEvents else {
          var failure = note.error("more than \(limits.maxEvents) notes")
          failure.limit = .events(limits.maxEvents)
          throw failure
        }
        try decodeNote(note, gain: melodyGain, muted: muted, into: &pass)
      }
    }
    let loop = try vibration.member("m_loop")
    if let loop, try loop.number() != 0 {
      appendLoopPasses(of: pass, to: &pattern, loop: loop)
    } else {
      pattern.vibrations = pass.vibrations
      pattern.transients = pass.transients
    }
    return pattern
  }

  mutating func time(_ cursor: JSONCursor, key: String) throws -> Double? {
    guard let member = try cursor.member(key) else { return nil }
    let value = try member.time(limit: limits.maxTime_s)
    guard value >= 0 else {
      collector.add(.negativeTime, at: member.path, "negative time \(JSONWriter.number(value)); 0 is used")
      return 0
    }
    return value
  }

  mutating func decodeNote(_ note: JSONCursor, gain: Double, muted: Bool, into pattern: inout HertzPattern) throws {
    try check(note, Self.noteKeys)
    let start = try time(note, key: "m_startingPoint") ?? 0
    let noteGain = gain * (try self.gain(note))
    guard let effect = try note.member("m_hapticEffect") else {
      collector.add(.hapsMissingKey, at: note.path, "no \"m_hapticEffect\"; the note is skipped")
      return
    }
    try check(effect, Self.effectKeys)
    let effectGain = noteGain * (try self.gain(effect))
    if let type = try effect.member("m_type") {
      let kind = try type.number()
      if kind != 0 {
        collector.add(
          .hapsUnknownKey, at: type.path, "transient type \(JSONWriter.number(kind)); played as a transient (type 0)")
      }
      if !muted { pattern.transients.append(.init(time_s: start, intensity: effectGain)) }
      return
    }
    guard let length = try time(note, key: "m_length") else {
      collector.add(.hapsMissingKey, at: note.path, "no \"m_length\"; the note is skipped")
      return
    }
    var signalAmplitude = 1.0
    var signalFrequency: Double?
    if let signal = try effect.member("m_underlyingSignal") {
      try check(signal, Self.signalKeys)
      if let a = try signal.member("m_amplitude") { signalAmplitude = Swift.min(Swift.max(try a.number(), 0), 1) }
      if let f = try signal.member("m_frequency") { signalFrequency = try f.number() }
    }
    var amplitude: [HertzPattern.Point] = [.init(time_s: start, value: signalAmplitude)]
    if let curve = try effect.member("m_amplitudeModulation") {
      amplitude = try decodeCurve(curve, start: start, length: length, isAmplitude: true)
    }
    var frequency: [HertzPattern.Point] = signalFrequency.map { [.init(time_s: start, value: $0)] } ?? []
    if let curve = try effect.member("m_frequencyModulation") {
      frequency = try decodeCurve(curve, start: start, length: length, isAmplitude: false)
    }
    if muted || length <= 0 { return }
    let scaled = amplitude.map {
      HertzPattern.Point(time_s: $0.time_s, value: Swift.min(Swift.max($0.value, 0), 1) * effectGain)
    }
    pattern.vibrations.append(.init(start_s: start, duration_s: length, amplitude: scaled, frequency_Hz: frequency))
  }

  mutating func decodeCurve(
    _ curve: JSONCursor, start: Double, length: Double, isAmplitude: Bool
  ) throws
    -> [HertzPattern.Point]
  {
    try check(curve, Self.curveKeys)
    let elements = try curve.member("m_keyframes")?.elements() ?? []
    var keys: [HapsCurve.Key] = []
    var previous: Double?
    var unsorted = false
    for element in elements {
      try check(element, Self.keyframeKeys)
      guard let t = try time(element, key: "m_time"), let valueMember = try element.member("m_value") else {
        collector.add(.hapsMissingKey, at: element.path, "a keyframe needs m_time and m_value; skipped")
        continue
      }
      var value = try valueMember.number()
      if isAmplitude, !(0...1).contains(value) {
        let clamped = Swift.min(Swift.max(value, 0), 1)
        collector.add(
          .hapsOutOfRange, at: valueMember.path,
          "amplitude \(JSONWriter.number(value)) outside 0...1; \(JSONWriter.number(clamped)) is used")
        value = clamped
      }
      if !isAmplitude, value < 0 {
        collector.add(
          .hapsOutOfRange, at: valueMember.path, "negative frequency \(JSONWriter.number(value)) Hz; 0 is used")
        value = 0
      }
      if let previous, t < previous { unsorted = true }
      previous = t
      keys.append(
        HapsCurve.Key(
          time_s: t, value: value, inSlope: try element.member("m_inSlope").map { try $0.number() },
          outSlope: try element.member("m_outSlope").map { try $0.number() }))
    }
    if unsorted {
      collector.add(.hapsUnsortedKeyframes, at: curve.path + ".m_keyframes", "keyframes out of time order; sorted")
    }
    if keys.isEmpty {
      collector.add(
        .hapsMissingKey, at: curve.path,
        "a curve without keyframes; \(isAmplitude ? "amplitude 0" : "no frequency") is used")
      return isAmplitude ? [.init(time_s: start, value: 0)] : []
    }
    let points = HapsCurve(keys: keys).sampled(upTo: length)
    pointCount &+= points.count
    guard pointCount <= limits.maxControlPoints else {
      var failure = curve.error("over \(limits.maxControlPoints) curve points in the file")
      failure.limit = .controlPoints(limits.maxControlPoints)
      throw failure
    }
    return points.map { .init(time_s: start + $0.time_s, value: $0.value) }
  }
}
