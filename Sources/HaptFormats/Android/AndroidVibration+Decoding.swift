import HaptCore
import HaptPatterns

extension AndroidVibration {
  /// Decodes Android vibration XML leniently.
  ///
  /// What Android's own parser refuses and hapt cannot play either fails with an
  /// ``InputError`` naming the line: XML that is not well formed, an element the schema
  /// does not define, an amplitude outside 0...255 (or "default"), a negative or non-whole
  /// duration or delay, a scale outside 0...1, an unknown effect or primitive name, a
  /// `<repeating>` block that is empty or not last. What Android refuses but has a clear
  /// meaning (an unknown attribute, stray text, an effect only system code may use, a
  /// waveform of zero length) is read and reported as a ``LintFinding``.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the path to name in errors and findings.
  ///   - limits: bounds on elements and total duration.
  /// - Returns: the vibration and one finding per rule break, in file order.
  /// - Complexity: O(n) in the file size.
  package static func decode(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  )
    throws -> (vibration: AndroidVibration, findings: [LintFinding])
  {
    do {
      let root = try XMLReader.parse(bytes, maxElements: limits.maxEvents)
      var decoder = AndroidXMLDecoder(file: file, limits: limits)
      let vibration = try decoder.decodeRoot(root)
      return (vibration, decoder.collector.findings)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// Decodes XML text (convenience for tests and small inputs).
  package static func decode(
    _ text: String, file: String, limits: PatternLimits = PatternLimits()
  )
    throws -> (vibration: AndroidVibration, findings: [LintFinding])
  {
    try decode(Array(text.utf8), file: file, limits: limits)
  }
}

/// The state of one vibration XML decode.
struct AndroidXMLDecoder {
  var collector: FindingCollector
  let limits: PatternLimits

  init(file: String, limits: PatternLimits) {
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  private func fail(_ element: XMLElement, _ message: String) -> InputError {
    InputError(place: "line \(element.line)", message)
  }

  private func fail(_ attribute: XMLElement.Attribute, _ message: String) -> InputError {
    InputError(place: "line \(attribute.line)", message)
  }

  mutating func decodeRoot(_ root: XMLElement) throws -> AndroidVibration {
    switch root.name {
    case AndroidXML.Tag.effect:
      return AndroidVibration(effects: [try decodeEffect(root)], isSelect: false)
    case AndroidXML.Tag.select:
      try checkAttributes(root, known: [])
      checkText(root)
      // Android's parser accepts an empty <vibration-select>: it plays nothing.
      var effects: [AndroidVibrationEffect] = []
      for child in root.children {
        guard child.name == AndroidXML.Tag.effect else {
          throw fail(child, "unknown element <\(child.name)> in <vibration-select> (expected <vibration-effect>)")
        }
        effects.append(try decodeEffect(child))
      }
      return AndroidVibration(effects: effects, isSelect: true)
    default:
      throw fail(root, "unknown root element <\(root.name)> (expected <vibration-effect> or <vibration-select>)")
    }
  }

  mutating func decodeEffect(_ element: XMLElement) throws -> AndroidVibrationEffect {
    try checkAttributes(element, known: [])
    checkText(element)
    guard let first = element.children.first else {
      throw fail(element, "empty <vibration-effect>")
    }
    switch first.name {
    case AndroidXML.Tag.predefined:
      guard element.children.count == 1 else {
        throw fail(
          element.children[1], "<\(element.children[1].name)> after a <predefined-effect> (only one is allowed)")
      }
      return try decodePredefined(first)
    case AndroidXML.Tag.waveform:
      guard element.children.count == 1 else {
        throw fail(element.children[1], "<\(element.children[1].name)> after a <waveform-effect> (only one is allowed)")
      }
      return .waveform(try decodeWaveform(first))
    case AndroidXML.Tag.primitive:
      var primitives: [AndroidPrimitive] = []
      for child in element.children {
        guard child.name == AndroidXML.Tag.primitive else {
          throw fail(child, "<\(child.name)> in a composition (only <primitive-effect> may follow one)")
        }
        primitives.append(try decodePrimitive(child))
      }
      // The composition's length (delays plus each primitive's length) is held to the
      // same limit as a waveform's.
      let total = primitives.reduce(0.0) {
        $0 + Double($1.delay_ms) + Double(AndroidShapes.shape(of: $1.name).length_ms)
      }
      guard total <= limits.maxTime_s * 1000 else {
        var failure = fail(
          element, "composition lasts \(Int(total)) ms, over the limit of \(Int(limits.maxTime_s)) s")
        failure.limit = .patternTime_s(limits.maxTime_s)
        throw failure
      }
      return .composition(primitives)
    case AndroidXML.Tag.waveformEnvelope, AndroidXML.Tag.basicEnvelope, AndroidXML.Tag.repeatingEffect:
      guard element.children.count == 1 else {
        throw fail(element.children[1], "<\(element.children[1].name)> after a <\(first.name)> (only one is allowed)")
      }
      switch first.name {
      case AndroidXML.Tag.waveformEnvelope: return .waveformEnvelope(try decodeWaveformEnvelope(first))
      case AndroidXML.Tag.basicEnvelope: return .basicEnvelope(try decodeBasicEnvelope(first))
      default: return try decodeRepeatingEffect(first)
      }
    default:
      throw fail(first, "unknown element <\(first.name)> in <vibration-effect>")
    }
  }

  mutating func decodePredefined(_ element: XMLElement) throws -> AndroidVibrationEffect {
    try checkAttributes(element, known: ["name", "fallback"])
    try checkNoChildren(element)
    guard let name = element.attribute("name") else {
      throw fail(element, "<predefined-effect> has no name")
    }
    guard let effect = AndroidPredefinedEffect(rawValue: name.value) else {
      let known = AndroidPredefinedEffect.allCases.map(\.rawValue).joined(separator: ", ")
      throw fail(name, "unknown predefined effect \(AndroidXML.shown(name.value)) (known: \(known))")
    }
    if !effect.isPublic {
      collector.add(
        .androidHiddenAPI, at: "line \(name.line)",
        "predefined effect \"\(effect.rawValue)\" is accepted by Android's parser only for system code")
    }
    var fallback = true
    if let attribute = element.attribute("fallback") {
      switch attribute.value {
      case "true": fallback = true
      case "false": fallback = false
      default: throw fail(attribute, "fallback \(AndroidXML.shown(attribute.value)) is not true or false")
      }
      collector.add(
        .androidHiddenAPI, at: "line \(attribute.line)",
        "the fallback attribute is accepted by Android's parser only for system code")
    }
    return .predefined(effect, fallback: fallback)
  }

  mutating func decodePrimitive(_ element: XMLElement) throws -> AndroidPrimitive {
    try checkAttributes(element, known: ["name", "scale", "delayMs", "delayType"])
    try checkNoChildren(element)
    guard let name = element.attribute("name") else {
      throw fail(element, "<primitive-effect> has no name")
    }
    guard let primitive = AndroidPrimitiveName(rawValue: name.value) else {
      let known = AndroidPrimitiveName.allCases.map(\.rawValue).joined(separator: ", ")
      throw fail(name, "unknown primitive \(AndroidXML.shown(name.value)) (known: \(known))")
    }
    var result = AndroidPrimitive(primitive)
    if let scale = element.attribute("scale") {
      guard let value = Double(scale.value), value.isFinite, (0...1).contains(value) else {
        throw fail(scale, "scale \(AndroidXML.shown(scale.value)) is not a number in 0...1")
      }
      result.scale = value
    }
    if let delay = element.attribute("delayMs") {
      result.delay_ms = try milliseconds(delay, what: "delayMs")
    }
    if let type = element.attribute("delayType") {
      guard let value = AndroidDelayType(rawValue: type.value) else {
        throw fail(type, "delayType \(AndroidXML.shown(type.value)) is not pause or relative_start_offset")
      }
      result.delayType = value
    }
    return result
  }

  /// A number attribute that must be present, finite and inside `range`.
  private func number(
    _ element: XMLElement, _ name: String, in range: ClosedRange<Double>, positive: Bool = false, required: Bool = true
  ) throws -> Double? {
    guard let attribute = element.attribute(name) else {
      if required { throw fail(element, "<\(element.name)> has no \(name)") }
      return nil
    }
    guard let value = Double(attribute.value), value.isFinite, range.contains(value), !positive || value > 0 else {
      // The message states the accepted range, so a value that is too large says so.
      let what =
        positive
        ? "a number above 0 and at most \(JSONWriter.number(range.upperBound))"
        : "a number in \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
      throw fail(attribute, "\(name) \(AndroidXML.shown(attribute.value)) is not \(what)")
    }
    return value
  }

  /// A control point's `durationMs`: whole, above 0.
  private func controlPointDuration(_ element: XMLElement) throws -> Int {
    guard let attribute = element.attribute("durationMs") else {
      throw fail(element, "<control-point> has no durationMs")
    }
    let value = try milliseconds(attribute, what: "durationMs")
    guard value > 0 else { throw fail(attribute, "durationMs 0: a control point must last at least 1 ms") }
    return value
  }

  private func controlPoints(_ element: XMLElement) throws -> [XMLElement] {
    guard !element.children.isEmpty else { throw fail(element, "<\(element.name)> has no <control-point>") }
    for child in element.children where child.name != AndroidXML.Tag.controlPoint {
      throw fail(child, "unknown element <\(child.name)> in <\(element.name)> (expected <control-point>)")
    }
    return element.children
  }

  mutating func decodeWaveformEnvelope(_ element: XMLElement) throws -> AndroidWaveformEnvelope {
    try checkAttributes(element, known: ["initialFrequencyHz"])
    checkText(element)
    let maxHz = AndroidXML.maxEnvelopeFrequency_Hz
    var envelope = AndroidWaveformEnvelope(
      initialFrequency_Hz: try number(element, "initialFrequencyHz", in: 0...maxHz, positive: true, required: false),
      controlPoints: [])
    for point in try controlPoints(element) {
      try checkAttributes(point, known: ["amplitude", "frequencyHz", "durationMs"])
      try checkNoChildren(point)
      envelope.controlPoints.append(
        .init(
          amplitude: try number(point, "amplitude", in: 0...1)!,
          frequency_Hz: try number(point, "frequencyHz", in: 0...maxHz, positive: true)!,
          duration_ms: try controlPointDuration(point)))
    }
    try checkEnvelopeLength(envelope.duration_ms, element)
    checkEnvelopeOnDefaultDevice(
      durations: envelope.controlPoints.map(\.duration_ms),
      frequencies: envelope.controlPoints.map(\.frequency_Hz) + [envelope.initialFrequency_Hz].compactMap { $0 },
      lines: element.children.map(\.line))
    return envelope
  }

  mutating func decodeBasicEnvelope(_ element: XMLElement) throws -> AndroidBasicEnvelope {
    try checkAttributes(element, known: ["initialSharpness"])
    checkText(element)
    var envelope = AndroidBasicEnvelope(
      initialSharpness: try number(element, "initialSharpness", in: 0...1, required: false), controlPoints: [])
    for point in try controlPoints(element) {
      try checkAttributes(point, known: ["intensity", "sharpness", "durationMs"])
      try checkNoChildren(point)
      envelope.controlPoints.append(
        .init(
          intensity: try number(point, "intensity", in: 0...1)!, sharpness: try number(point, "sharpness", in: 0...1)!,
          duration_ms: try controlPointDuration(point)))
    }
    if let last = envelope.controlPoints.last, last.intensity != 0 {
      collector.add(
        .androidEnvelopeNotZero, at: "line \(element.children.last?.line ?? element.line)",
        "the basic envelope ends at intensity \(JSONWriter.number(last.intensity)), not 0; Android's parser refuses it")
    }
    try checkEnvelopeLength(envelope.duration_ms, element)
    checkEnvelopeOnDefaultDevice(
      durations: envelope.controlPoints.map(\.duration_ms), frequencies: [], lines: element.children.map(\.line))
    return envelope
  }

  private func checkEnvelopeLength(_ duration_ms: Int, _ element: XMLElement) throws {
    guard Double(duration_ms) <= limits.maxTime_s * 1000 else {
      var failure = fail(element, "envelope lasts \(duration_ms) ms, over the limit of \(Int(limits.maxTime_s)) s")
      failure.limit = .patternTime_s(limits.maxTime_s)
      throw failure
    }
  }

  /// Android's device rules for envelopes, checked against the default device
  /// (``AndroidPlayback``'s defaults): control points at least the minimum duration,
  /// frequencies inside the device's range.
  private mutating func checkEnvelopeOnDefaultDevice(durations: [Int], frequencies: [Double], lines: [Int]) {
    let device = AndroidPlayback()
    for (index, duration) in durations.enumerated() where duration < device.minEnvelopeControlPoint_ms {
      collector.add(
        .androidShortControlPoint, at: "line \(index < lines.count ? lines[index] : 0)",
        "a \(duration) ms control point, under the default device's minimum of \(device.minEnvelopeControlPoint_ms) ms")
    }
    let range = device.frequencyRange_Hz
    if let outside = frequencies.first(where: { !range.contains($0) }) {
      collector.add(
        .androidFrequencyOutOfRange, at: "line \(lines.first ?? 0)",
        "frequency \(JSONWriter.number(outside)) Hz outside the default device's \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound)) Hz; played at the nearest edge"
      )
    }
  }

  mutating func decodeRepeatingEffect(_ element: XMLElement) throws -> AndroidVibrationEffect {
    try checkAttributes(element, known: [])
    checkText(element)
    var preamble: AndroidVibrationEffect?
    var repeating: AndroidVibrationEffect?
    for (index, child) in element.children.enumerated() {
      switch child.name {
      case "preamble" where index == 0:
        preamble = try decodeRepeatingPart(child)
      case AndroidXML.Tag.repeating where repeating == nil:
        repeating = try decodeRepeatingPart(child)
      default:
        throw fail(child, "<\(child.name)> in <repeating-effect> (expected an optional <preamble>, then <repeating>)")
      }
    }
    guard let repeating else { throw fail(element, "<repeating-effect> has no <repeating>") }
    if index(of: repeating) == 0 {
      collector.add(
        .androidZeroDuration, at: "line \(element.line)", "the repeating part lasts 0 ms; Android's parser refuses it")
    }
    collector.add(
      .androidEndlessRepeat, at: "line \(element.line)", "the <repeating-effect> vibrates until the app cancels it")
    return .repeating(preamble: preamble, repeating: repeating)
  }

  /// 0 for a part of zero length (an all-0 ms waveform), else 1.
  private func index(of effect: AndroidVibrationEffect) -> Int {
    if case .waveform(let waveform) = effect, waveform.duration_ms == 0 { return 0 }
    return 1
  }

  /// The content of `<preamble>` or `<repeating>`: waveform entries, one predefined effect,
  /// primitives, or one envelope.
  mutating func decodeRepeatingPart(_ element: XMLElement) throws -> AndroidVibrationEffect {
    try checkAttributes(element, known: [])
    checkText(element)
    guard let first = element.children.first else { throw fail(element, "empty <\(element.name)>") }
    func single(_ kind: String) throws {
      if element.children.count > 1 {
        throw InputError(
          place: "line \(element.children[1].line)",
          "<\(element.children[1].name)> after a <\(kind)> in <\(element.name)>")
      }
    }
    switch first.name {
    case AndroidXML.Tag.entry:
      var waveform = AndroidWaveform(entries: [])
      for child in element.children {
        guard child.name == AndroidXML.Tag.entry else {
          throw fail(child, "<\(child.name)> among waveform entries in <\(element.name)>")
        }
        waveform.entries.append(try decodeEntry(child))
      }
      return .waveform(waveform)
    case AndroidXML.Tag.primitive:
      var primitives: [AndroidPrimitive] = []
      for child in element.children {
        guard child.name == AndroidXML.Tag.primitive else {
          throw fail(child, "<\(child.name)> among primitives in <\(element.name)>")
        }
        primitives.append(try decodePrimitive(child))
      }
      return .composition(primitives)
    case AndroidXML.Tag.predefined:
      try single(first.name)
      return try decodePredefined(first)
    case AndroidXML.Tag.waveformEnvelope:
      try single(first.name)
      return .waveformEnvelope(try decodeWaveformEnvelope(first))
    case AndroidXML.Tag.basicEnvelope:
      try single(first.name)
      return .basicEnvelope(try decodeBasicEnvelope(first))
    default:
      throw fail(
        first,
        "<\(first.name)> in <\(element.name)> (expected waveform entries, primitives, one predefined effect or one envelope)"
      )
    }
  }

  mutating func decodeWaveform(_ element: XMLElement) throws -> AndroidWaveform {
    try checkAttributes(element, known: [])
    checkText(element)
    var waveform = AndroidWaveform(entries: [])
    for (index, child) in element.children.enumerated() {
      switch child.name {
      case AndroidXML.Tag.entry:
        waveform.entries.append(try decodeEntry(child))
      case AndroidXML.Tag.repeating:
        guard index == element.children.count - 1 else {
          throw fail(
            element.children[index + 1], "<\(element.children[index + 1].name)> after <repeating> (it must come last)")
        }
        try checkAttributes(child, known: [])
        checkText(child)
        guard !child.children.isEmpty else { throw fail(child, "empty <repeating>") }
        waveform.repeatIndex = waveform.entries.count
        for entry in child.children {
          guard entry.name == AndroidXML.Tag.entry else {
            throw fail(entry, "unknown element <\(entry.name)> in <repeating> (expected <waveform-entry>)")
          }
          waveform.entries.append(try decodeEntry(entry))
        }
        collector.add(
          .androidEndlessRepeat, at: "line \(child.line)",
          "the <repeating> block vibrates until the app cancels it")
      default:
        throw fail(child, "unknown element <\(child.name)> in <waveform-effect>")
      }
    }
    let total = waveform.entries.reduce(0.0) { $0 + Double($1.duration_ms) }
    guard total <= limits.maxTime_s * 1000 else {
      var failure = fail(element, "waveform lasts \(Int(total)) ms, over the limit of \(Int(limits.maxTime_s)) s")
      failure.limit = .patternTime_s(limits.maxTime_s)
      throw failure
    }
    if total == 0 {
      collector.add(
        .androidZeroDuration, at: "line \(element.line)",
        "every entry lasts 0 ms; Android's parser refuses the waveform")
    }
    checkShortEntries(waveform, lines: element)
    return waveform
  }

  mutating func decodeEntry(_ element: XMLElement) throws -> AndroidWaveformEntry {
    try checkAttributes(element, known: ["durationMs", "amplitude"])
    try checkNoChildren(element)
    guard let duration = element.attribute("durationMs") else {
      throw fail(element, "<waveform-entry> has no durationMs")
    }
    guard let amplitude = element.attribute("amplitude") else {
      throw fail(element, "<waveform-entry> has no amplitude")
    }
    let duration_ms = try milliseconds(duration, what: "durationMs")
    if amplitude.value == "default" {
      return AndroidWaveformEntry(duration_ms: duration_ms, amplitude: nil)
    }
    guard let value = Int(amplitude.value), (0...AndroidWaveformEntry.maxAmplitude).contains(value) else {
      throw fail(
        amplitude, "amplitude \(AndroidXML.shown(amplitude.value)) is not a whole number in 0...255 or \"default\"")
    }
    return AndroidWaveformEntry(duration_ms: duration_ms, amplitude: value)
  }

  /// A whole, non-negative number of milliseconds within the time limit.
  private func milliseconds(_ attribute: XMLElement.Attribute, what: String) throws -> Int {
    guard let value = Int(attribute.value) else {
      throw fail(attribute, "\(what) \(AndroidXML.shown(attribute.value)) is not a whole number of milliseconds")
    }
    guard value >= 0 else { throw fail(attribute, "negative \(what) \(value)") }
    guard Double(value) <= limits.maxTime_s * 1000 else {
      var failure = fail(attribute, "\(what) \(value) is beyond the limit of \(Int(limits.maxTime_s)) s")
      failure.limit = .patternTime_s(limits.maxTime_s)
      throw failure
    }
    return value
  }

  /// Reports entries that switch the level for less time than an actuator needs to
  /// follow: a step inside a run of vibration is mostly lost (AND004); a pulse between
  /// silences plays as a weaker tap (AND011, information).
  private mutating func checkShortEntries(_ waveform: AndroidWaveform, lines element: XMLElement) {
    let lines = element.children.flatMap { $0.name == AndroidXML.Tag.repeating ? $0.children.map(\.line) : [$0.line] }
    let levels = waveform.entries.map { $0.amplitude ?? AndroidWaveformEntry.maxAmplitude }
    var previous = 0
    for (index, entry) in waveform.entries.enumerated() {
      let level = levels[index]
      if entry.duration_ms > 0, entry.duration_ms < AndroidXML.shortestFollowedEntry_ms, level != previous, level > 0 {
        let place = "line \(index < lines.count ? lines[index] : element.line)"
        let next = waveform.entries.indices.dropFirst(index + 1).first { waveform.entries[$0].duration_ms > 0 }
        if previous == 0, next.map({ levels[$0] == 0 }) ?? true {
          collector.add(
            .androidShortPulse, at: place,
            "a \(entry.duration_ms) ms pulse at amplitude \(level): an LRA needs about \(AndroidXML.shortestFollowedEntry_ms) ms to reach it, so it plays as a weaker tap"
          )
        } else {
          collector.add(
            .androidShortEntry, at: place,
            "a \(entry.duration_ms) ms step to amplitude \(level): an LRA needs about \(AndroidXML.shortestFollowedEntry_ms) ms to follow it"
          )
        }
      }
      if entry.duration_ms > 0 { previous = level }
    }
  }

  private mutating func checkAttributes(_ element: XMLElement, known: Set<String>) throws {
    for attribute in element.attributes where !known.contains(attribute.name) {
      collector.add(
        .androidUnknownAttribute, at: "line \(attribute.line)",
        "attribute \(attribute.name) is not defined on <\(element.name)>; ignored (Android's parser refuses it)")
    }
  }

  private mutating func checkText(_ element: XMLElement) {
    if let line = element.textLine {
      collector.add(
        .androidStrayText, at: "line \(line)", "text inside <\(element.name)>; ignored (Android's parser refuses it)")
    }
  }

  private mutating func checkNoChildren(_ element: XMLElement) throws {
    if let child = element.children.first {
      throw fail(child, "unknown element <\(child.name)> inside <\(element.name)>")
    }
    checkText(element)
  }
}

extension AndroidVibration {
  /// The rules whose findings mean Android's own parser (`VibrationXmlParser`, Android 16
  /// with its XML, envelope and delay-type features on) refuses the file, though hapt reads
  /// it: unknown attributes, hidden APIs, zero-length waveforms, stray text, a basic
  /// envelope that does not end at zero.
  package static let androidRefusalRules: Set<String> = [
    LintRule.androidUnknownAttribute.id, LintRule.androidHiddenAPI.id, LintRule.androidZeroDuration.id,
    LintRule.androidStrayText.id, LintRule.androidEnvelopeNotZero.id,
  ]

  /// Whether Android's parser accepts `bytes` as an app's vibration XML: hapt decodes it and
  /// finds no break of ``androidRefusalRules``.
  package static func androidAccepts(_ bytes: [UInt8]) -> Bool {
    guard let (_, findings) = try? decode(bytes, file: "") else { return false }
    return !findings.contains { androidRefusalRules.contains($0.ruleID) }
  }
}
