import HaptCore
import HaptPatterns
extension AHAP {
  /// Decodes an AHAP file leniently.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the path to name in errors and findings.
  ///   - limits: bounds on events, control points, times, nesting and size.
  /// - Returns: the pattern and one finding per rule break (in file order).
  /// - Throws: ``InputError`` naming `file` and the JSON path (or line and column) for input
  ///   that is not an AHAP pattern.
  /// - Complexity: O(n) in the file size.
  package static func decode(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  )
    throws -> (pattern: HapticPattern, findings: [LintFinding])
  {
    let decoded = try decodeWithSources(bytes, file: file, limits: limits)
    return (decoded.pattern, decoded.findings)
  }

  /// Decodes an AHAP file leniently and says where in it each event, parameter and curve
  /// of the pattern was written.
  static func decodeWithSources(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (pattern: HapticPattern, findings: [LintFinding], sources: PatternSourceMap) {
    do {
      let document = try JSONParser.parse(bytes, limits: limits.json)
      var decoder = AHAPDecoder(file: file, limits: limits)
      decoder.collector.add(leniencies: document.leniencies)
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        decoder.collector.add(.jsonLeniency, at: "line 1, column 1", "byte-order mark")
      }
      let pattern = try decoder.decodeRoot(JSONCursor(document.root))
      return (pattern, decoder.collector.findings, decoder.sources)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// Decodes AHAP text (convenience for tests and small inputs).
  package static func decode(
    _ text: String, file: String, limits: PatternLimits = PatternLimits()
  )
    throws -> (pattern: HapticPattern, findings: [LintFinding])
  {
    try decode(Array(text.utf8), file: file, limits: limits)
  }
}

/// The state of one AHAP decode: findings so far and counts against the limits.
struct AHAPDecoder {
  var collector: FindingCollector
  let limits: PatternLimits
  var controlPointCount = 0
  /// Where each decoded event, step and curve was written.
  var sources = PatternSourceMap()

  init(file: String, limits: PatternLimits) {
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  mutating func decodeRoot(_ root: JSONCursor) throws -> HapticPattern {
    guard case .object = root.value else {
      throw root.typeError(expected: "an AHAP object with a \"Pattern\" array")
    }
    if try root.member("Pattern") == nil,
      let fragment = try ["Event", "Parameter", "ParameterCurve"].first(where: { try root.member($0) != nil })
    {
      // A piece of a pattern (an entry copied from inside "Pattern"), not a pattern.
      throw root.error(
        "an AHAP fragment: a top-level \"\(fragment)\" without a \"Pattern\" array; put the entry in {\"Pattern\": [...]}"
      )
    }
    try collector.checkKeys(root, known: AHAP.Keys.root)
    var pattern = HapticPattern(version: nil)
    if let version = try root.member("Version") {
      pattern.version = try version.number()
    } else {
      collector.add(.missingKey, at: "Version", "no \"Version\"; Core Haptics assumes 1.0")
    }
    if let metadata = try root.member("Metadata") {
      pattern.metadata = try decodeMetadata(metadata)
    }
    guard let entries = try root.member("Pattern") else {
      collector.add(.missingKey, at: "Pattern", "no \"Pattern\" array; the pattern is empty")
      return pattern
    }
    let elements = try entries.elements()
    guard elements.count <= limits.maxEvents else {
      var failure = entries.error("\(elements.count) entries, over the limit of \(limits.maxEvents)")
      failure.limit = .events(limits.maxEvents)
      throw failure
    }
    for element in elements {
      try decodeEntry(element, into: &pattern)
    }
    return pattern
  }

  mutating func decodeMetadata(_ cursor: JSONCursor) throws -> PatternMetadata {
    var metadata = PatternMetadata()
    var otherIndex: [String: Int] = [:]
    var seen = Set<String>()
    for (key, child) in try cursor.members() {
      if !seen.insert(key).inserted {
        collector.add(.duplicateKey, at: child.path, "key \"\(key)\" given more than once; the last one is used")
      }
      switch key {
      case "Project": metadata.project = try child.string()
      case "Created": metadata.created = try child.string()
      case "Description": metadata.description = try child.string()
      case "CreatedFor": metadata.createdFor = try child.string()
      default:
        metadata.setOther(key, child.value, indexByKey: &otherIndex)
      }
    }
    return metadata
  }

  mutating func decodeEntry(_ cursor: JSONCursor, into pattern: inout HapticPattern) throws {
    guard case .object = cursor.value else {
      throw cursor.typeError(expected: "an object with an \"Event\", \"Parameter\" or \"ParameterCurve\"")
    }
    try collector.checkKeys(cursor, known: AHAP.Keys.entry)
    let event = try cursor.member("Event")
    let step = try cursor.member("Parameter")
    let curve = try cursor.member("ParameterCurve")
    let count = [event, step, curve].compactMap { $0 }.count
    if count == 0 {
      collector.add(.malformedEntry, at: cursor.place, "entry has no Event, Parameter or ParameterCurve; skipped")
    } else if count > 1 {
      collector.add(.malformedEntry, at: cursor.place, "entry has \(count) kinds of content; each is decoded")
    }
    if let event, let decoded = try decodeEvent(event) {
      guard pattern.events.count < limits.maxEvents else {
        throw event.error("more than \(limits.maxEvents) events")
      }
      pattern.events.append(decoded)
      sources.events.append(event.path)
    }
    if let step, let decoded = try decodeStep(step) {
      pattern.parameterSteps.append(decoded)
      sources.parameterSteps.append(step.path)
    }
    if let curve, let decoded = try decodeCurve(curve) {
      pattern.parameterCurves.append(decoded)
      sources.parameterCurves.append(curve.path)
    }
  }

  // MARK: - Shared pieces

  /// A `Time` member: default 0 (reported), negative set to 0 (reported), bounded.
  mutating func time(in cursor: JSONCursor, key: String = "Time", required: Bool = true) throws -> Double {
    guard let member = try cursor.member(key) else {
      if required {
        collector.add(.missingKey, at: cursor.place, "no \"\(key)\"; 0 is used")
      }
      return 0
    }
    let value = try member.time(limit: limits.maxTime_s)
    if value < 0 {
      collector.add(.negativeTime, at: member.path, "negative \(key) \(JSONWriter.number(value)); 0 is used")
      return 0
    }
    return value
  }

  /// A value clamped to `range`, reporting a clamp.
  mutating func clamped(_ value: Double, to range: ClosedRange<Double>, at place: String, what: String) -> Double {
    guard !range.contains(value) else { return value }
    let result = Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
    collector.add(
      .outOfRange, at: place,
      "\(what) \(JSONWriter.number(value)) outside \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound)); \(JSONWriter.number(result)) is used"
    )
    return result
  }

  /// A `ParameterID` member as a dynamic parameter, reporting unknown ones.
  mutating func dynamicID(in cursor: JSONCursor) throws -> DynamicParameterID? {
    guard let member = try cursor.member("ParameterID") else {
      collector.add(.missingKey, at: cursor.place, "no \"ParameterID\"; the entry is skipped")
      return nil
    }
    let id = DynamicParameterID(try member.string())
    if !id.isKnown {
      collector.add(.unknownIdentifier, at: member.path, "unknown dynamic parameter \"\(id.rawValue)\" has no effect")
    }
    return id
  }
}
