import HaptCore

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
  public static func decode(
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
  public static func decode(
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
      guard !root.children.isEmpty else {
        throw fail(root, "<vibration-select> lists no <vibration-effect>")
      }
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
    try checkAttributes(element, known: ["name", "scale", "delayMs"])
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
    return result
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

  /// Reports entries that switch the level for less time than an actuator needs to follow.
  private mutating func checkShortEntries(_ waveform: AndroidWaveform, lines element: XMLElement) {
    let lines = element.children.flatMap { $0.name == AndroidXML.Tag.repeating ? $0.children.map(\.line) : [$0.line] }
    var previous = 0
    for (index, entry) in waveform.entries.enumerated() {
      let level = entry.amplitude ?? AndroidWaveformEntry.maxAmplitude
      if entry.duration_ms > 0, entry.duration_ms < AndroidXML.shortestFollowedEntry_ms, level != previous, level > 0 {
        collector.add(
          .androidShortEntry, at: "line \(index < lines.count ? lines[index] : element.line)",
          "a \(entry.duration_ms) ms step to amplitude \(level): an LRA needs about \(AndroidXML.shortestFollowedEntry_ms) ms to follow it"
        )
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

/// Tag names and constants of the vibration XML format.
enum AndroidXML {
  enum Tag {
    static let effect = "vibration-effect"
    static let select = "vibration-select"
    static let predefined = "predefined-effect"
    static let primitive = "primitive-effect"
    static let waveform = "waveform-effect"
    static let entry = "waveform-entry"
    static let repeating = "repeating"
  }

  /// A value from the file as it may appear in a one-line message: quoted with control
  /// characters escaped, cut at 40 characters.
  static func shown(_ value: String) -> String {
    let cut = value.count > 40 ? String(value.prefix(40)) + "..." : value
    return JSONWriter.quoted(cut)
  }

  /// The shortest waveform step an LRA follows, ms: a narrow-band LRA near 235 Hz takes
  /// about 10-12 ms to build up (see Docs/Android.md).
  static let shortestFollowedEntry_ms = 10
}
