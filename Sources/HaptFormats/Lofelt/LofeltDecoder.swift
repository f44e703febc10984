import HaptCore
import HaptPatterns
/// The state of one `.haptic` decode.
struct LofeltDecoder {
  var collector: FindingCollector
  let limits: PatternLimits
  var pointCount = 0

  init(file: String, limits: PatternLimits) {
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  mutating func decodeRoot(_ root: JSONCursor) throws -> LofeltEnvelopes {
    guard case .object = root.value else { throw root.typeError(expected: "a .haptic object") }
    try collector.checkKeys(
      root, known: ["version", "metadata", "signals"], unknownRule: .hapticUnknownKey,
      misspelledRule: .hapticMisspelledKey, duplicateRule: .hapticUnknownKey)
    var envelopes = LofeltEnvelopes()
    if let version = try root.member("version") {
      let major = try version.member("major").map { try $0.number() }
      if major != 1 {
        collector.add(
          .hapticUnknownKey, at: version.path,
          "version major \(major.map { JSONWriter.number($0) } ?? "missing"), expected 1")
      }
    } else {
      collector.add(.hapticMissingKey, at: root.place, "no \"version\"; read as version 1")
    }
    if let metadata = try root.member("metadata") {
      envelopes.metadata = try decodeMetadata(metadata)
    }
    guard let signals = try root.member("signals") else {
      collector.add(.hapticMissingKey, at: root.place, "no \"signals\"; the pattern is empty")
      collector.add(.hapticTooFewPoints, at: "signals", "no amplitude envelope")
      return envelopes
    }
    try collector.checkKeys(
      signals, known: ["continuous"], unknownRule: .hapticUnknownKey, misspelledRule: .hapticMisspelledKey,
      duplicateRule: .hapticUnknownKey)
    guard let continuous = try signals.member("continuous"),
      let envelopesMember = try continuous.member("envelopes")
    else {
      collector.add(.hapticTooFewPoints, at: signals.path, "no continuous amplitude envelope")
      return envelopes
    }
    try collector.checkKeys(
      continuous, known: ["envelopes"], unknownRule: .hapticUnknownKey, misspelledRule: .hapticMisspelledKey,
      duplicateRule: .hapticUnknownKey)
    try collector.checkKeys(
      envelopesMember, known: ["amplitude", "frequency"], unknownRule: .hapticUnknownKey,
      misspelledRule: .hapticMisspelledKey,
      duplicateRule: .hapticUnknownKey)
    if let amplitude = try envelopesMember.member("amplitude") {
      envelopes.amplitude = try decodeAmplitude(amplitude)
    }
    if envelopes.amplitude.count < 2 {
      collector.add(
        .hapticTooFewPoints, at: envelopesMember.path + ".amplitude",
        "\(envelopes.amplitude.count) amplitude point(s); at least 2 are needed")
    }
    if envelopes.amplitude.count >= 2, let first = envelopes.amplitude.first, let last = envelopes.amplitude.last,
      last.time_s == first.time_s
    {
      collector.add(
        .hapticZeroDuration, at: envelopesMember.path + ".amplitude",
        "all \(envelopes.amplitude.count) amplitude points are at \(JSONWriter.number(first.time_s)) s: the envelope lasts 0 s, so only emphasis (if any) is felt"
      )
    }
    if let frequency = try envelopesMember.member("frequency") {
      envelopes.frequency = try decodeFrequency(frequency)
    }
    return envelopes
  }

  mutating func decodeMetadata(_ cursor: JSONCursor) throws -> PatternMetadata {
    var metadata = PatternMetadata()
    var otherIndex: [String: Int] = [:]
    for (key, child) in try cursor.members() {
      switch key {
      case "project": metadata.project = try child.string()
      case "description": metadata.description = try child.string()
      default:
        metadata.setOther(key, child.value, indexByKey: &otherIndex)
      }
    }
    return metadata
  }

  mutating func unit(_ cursor: JSONCursor, key: String, required: Bool = true) throws -> Double? {
    guard let member = try cursor.member(key) else {
      if required { collector.add(.hapticMissingKey, at: cursor.place, "no \"\(key)\"; the point is skipped") }
      return nil
    }
    let value = try member.number()
    guard (0...1).contains(value) else {
      let clamped = Swift.min(Swift.max(value, 0), 1)
      collector.add(
        .hapticOutOfRange, at: member.path,
        "\(key) \(JSONWriter.number(value)) outside 0...1; \(JSONWriter.number(clamped)) is used")
      return clamped
    }
    return value
  }

  mutating func time(_ cursor: JSONCursor, previous: Double?) throws -> Double? {
    guard let member = try cursor.member("time") else {
      collector.add(.hapticMissingKey, at: cursor.place, "no \"time\"; the point is skipped")
      return nil
    }
    var value = try member.time(limit: limits.maxTime_s)
    if value < 0 {
      collector.add(.negativeTime, at: member.path, "negative time \(JSONWriter.number(value)); 0 is used")
      value = 0
    }
    if let previous, value < previous {
      collector.add(
        .hapticDecreasingTime, at: member.path,
        "time \(JSONWriter.number(value)) s is before the previous point's \(JSONWriter.number(previous)) s; the point is skipped"
      )
      return nil
    }
    return value
  }

  mutating func count(_ points: [JSONCursor], at cursor: JSONCursor) throws {
    pointCount &+= points.count
    guard pointCount <= limits.maxControlPoints else {
      var failure = cursor.error("over \(limits.maxControlPoints) breakpoints in the file")
      failure.limit = .controlPoints(limits.maxControlPoints)
      throw failure
    }
  }

  mutating func decodeAmplitude(_ cursor: JSONCursor) throws -> [LofeltEnvelopes.AmplitudePoint] {
    let points = try cursor.elements()
    try count(points, at: cursor)
    var result: [LofeltEnvelopes.AmplitudePoint] = []
    var emphasisCount = 0
    for point in points {
      guard case .object = point.value else { throw point.typeError(expected: "an object") }
      try collector.checkKeys(
        point, known: ["time", "amplitude", "emphasis"], unknownRule: .hapticUnknownKey,
        misspelledRule: .hapticMisspelledKey,
        duplicateRule: .hapticUnknownKey)
      guard let t = try time(point, previous: result.last?.time_s), let amplitude = try unit(point, key: "amplitude")
      else { continue }
      var entry = LofeltEnvelopes.AmplitudePoint(time_s: t, amplitude: amplitude)
      if let emphasis = try point.member("emphasis") {
        try collector.checkKeys(
          emphasis, known: ["amplitude", "frequency"], unknownRule: .hapticUnknownKey,
          misspelledRule: .hapticMisspelledKey, duplicateRule: .hapticUnknownKey)
        if let ea = try unit(emphasis, key: "amplitude"), let ef = try unit(emphasis, key: "frequency") {
          if ea < amplitude {
            collector.add(
              .hapticEmphasisBelowEnvelope, at: emphasis.path + ".amplitude",
              "emphasis amplitude \(JSONWriter.number(ea)) is below the envelope's \(JSONWriter.number(amplitude))")
          }
          emphasisCount += 1
          guard emphasisCount <= limits.maxEvents else {
            var failure = emphasis.error("more than \(limits.maxEvents) emphasis points")
            failure.limit = .events(limits.maxEvents)
            throw failure
          }
          entry.emphasis = (ea, ef)
        }
      }
      result.append(entry)
    }
    return result
  }

  mutating func decodeFrequency(_ cursor: JSONCursor) throws -> [(time_s: Double, frequency: Double)] {
    let points = try cursor.elements()
    try count(points, at: cursor)
    var result: [(time_s: Double, frequency: Double)] = []
    for point in points {
      guard case .object = point.value else { throw point.typeError(expected: "an object") }
      try collector.checkKeys(
        point, known: ["time", "frequency"], unknownRule: .hapticUnknownKey, misspelledRule: .hapticMisspelledKey,
        duplicateRule: .hapticUnknownKey)
      guard let t = try time(point, previous: result.last?.time_s), let frequency = try unit(point, key: "frequency")
      else { continue }
      result.append((t, frequency))
    }
    return result
  }
}
