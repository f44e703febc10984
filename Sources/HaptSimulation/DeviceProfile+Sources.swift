import Foundation
import HaptCore
import HaptPatterns

extension DeviceProfile {
  /// Every number of the profile (sources excluded) with its dotted path, in schema order:
  /// the numbers a provenance has to cover.
  package var numberFields: [(field: String, value: Double)] {
    var out: [(String, Double)] = []
    func walk(_ value: JSONValue, _ path: String) {
      switch value {
      case .number(let x): out.append((path, x))
      case .object(let members):
        for m in members { walk(m.value.value, path.isEmpty ? m.key : path + "." + m.key) }
      default: break
      }
    }
    walk(jsonValue, "")
    return out
  }

  /// Every number with the entry of ``sources`` that covers it (the one naming the longest
  /// path; of equally long ones the last).
  package var sourcedNumbers: [SourcedNumber] {
    numberFields.map { number in
      var best: ProfileSource?
      var bestLength = -1
      for entry in sources {
        if let hit = entry.covers(number.field), hit.count >= bestLength {
          best = entry
          bestLength = hit.count
        }
      }
      return SourcedNumber(field: number.field, value: number.value, source: best)
    }
  }

  /// The numbers no source covers (empty for every shipped profile; a test checks it).
  package var unsourcedFields: [String] {
    sourcedNumbers.filter { $0.source == nil }.map(\.field)
  }

  /// The share of the profile's numbers that are guesses, 0...1 (0 without numbers).
  package var guessShare: Double {
    let numbers = sourcedNumbers
    guard !numbers.isEmpty else { return 0 }
    return Double(numbers.filter(\.isGuess).count) / Double(numbers.count)
  }

  /// The profile with the number at `field` set to `value`, validated by the schema's own
  /// decoder; nil if the changed profile is not valid (the value breaks a constraint).
  package func replacing(_ field: String, with value: Double) -> DeviceProfile? {
    func replace(_ node: JSONValue, _ keys: ArraySlice<String>) -> JSONValue? {
      guard let key = keys.first else { return node.isNumber ? .number(value) : nil }
      guard case .object(var members) = node, let i = members.lastIndex(where: { $0.key == key }),
        let changed = replace(members[i].value.value, keys.dropFirst())
      else { return nil }
      members[i].value = JSONNode(changed)
      return .object(members)
    }
    guard let changed = replace(jsonValueWithSources, ArraySlice(field.split(separator: ".").map(String.init)))
    else { return nil }
    return try? DeviceProfile(jsonBytes: Array(JSONWriter.string(changed).utf8), file: name)
  }

  /// The `sources` list as JSON, in the profile's order.
  package var sourcesJSON: JSONValue {
    .list(sources.map(Self.json))
  }

  static func json(_ entry: ProfileSource) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("fields", .list(entry.fields.map { .string($0) })), ("kind", .string(entry.kind.rawValue)),
      ("source", .string(entry.source)),
    ]
    if let r = entry.range { members.append(("range", .list([.number(r.lowerBound), .number(r.upperBound)]))) }
    if let f = entry.rangeFactor { members.append(("rangeFactor", .number(f))) }
    return .orderedObject(members)
  }

  /// Decodes the optional `sources` list and checks it against the decoded profile: every
  /// field it names exists, a range holds its number, only a guess states one.
  static func decodeSources(_ cursor: JSONCursor, profile: DeviceProfile) throws -> [ProfileSource] {
    let numbers = Dictionary(profile.numberFields.map { ($0.field, $0.value) }, uniquingKeysWith: { a, _ in a })
    let paths = Set(numbers.keys).union(profile.groupPaths).union(schemaPaths)
    return try cursor.elements().map { element in
      let r = try ProfileReader(element, allowed: ["fields", "kind", "source", "range", "rangeFactor"])
      let fieldsCursor = try element.required("fields")
      let fields = try fieldsCursor.elements().map { try $0.string() }
      guard !fields.isEmpty else { throw fieldsCursor.error("must name at least one field") }
      for (i, field) in fields.enumerated() where !paths.contains(field) {
        throw try fieldsCursor.elements()[i].error(
          "no field \"\(field)\" in this profile (a dotted path such as actuator.movingMass_kg, or a group such as latency)"
        )
      }
      let kindCursor = try element.required("kind")
      let kindName = try kindCursor.string()
      guard let kind = ProfileSource.Kind(rawValue: kindName) else {
        throw kindCursor.error(
          "unknown kind \"\(kindName)\" (expected one of: \(ProfileSource.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      let source = try r.string("source")
      var range: ClosedRange<Double>?
      if let rangeCursor = try element.member("range") {
        let bounds = try rangeCursor.elements().map { try $0.number() }
        guard kind == .guess else { throw rangeCursor.error("only a guess states a plausible range") }
        guard fields.count == 1, let value = numbers[fields[0]] else {
          throw rangeCursor.error("a range belongs to one number; for a group give rangeFactor")
        }
        guard bounds.count == 2, bounds[0] <= value, value <= bounds[1] else {
          throw rangeCursor.error(
            "must be [low, high] around the value \(JSONWriter.number(value)), got \(bounds.map(JSONWriter.number))")
        }
        range = bounds[0]...bounds[1]
      }
      var factor: Double?
      if try element.member("rangeFactor") != nil {
        guard kind == .guess else { throw try r.error(at: "rangeFactor", "only a guess states a plausible range") }
        factor = try r.number("rangeFactor", 1...1000, strictlyAboveLower: true)
      }
      return ProfileSource(fields: fields, kind: kind, source: source, range: range, rangeFactor: factor)
    }
  }

  /// Every path the schema knows, present in a profile or not: a source may name a field
  /// an edited copy no longer has (`drive.equalization` removed), but not a misspelt one.
  static let schemaPaths: Set<String> = {
    var paths: [String] = [
      "name", "description", "sampleRate_Hz", "bodyMass_kg", "actuator", "actuator.type", "drive", "latency",
      "android",
    ]
    paths += [
      "movingMass_kg", "stiffness_N_per_m", "damping_Ns_per_m", "forceFactor_N_per_A", "resistance_ohm",
      "inductance_H", "rotorInertia_kg_m2", "torqueConstant_N_m_per_A", "backEMFConstant_V_s_per_rad",
      "viscousFriction_N_m_s_per_rad", "eccentricMass_kg", "eccentricRadius_m",
    ].map { "actuator." + $0 }
    paths += [
      "fmin_Hz", "fmax_Hz", "ratedVoltage_V", "maxVoltage_V", "gamma", "transientCycles", "overdriveVoltage_V",
      "brakeCycles", "lowPowerIntensityScale", "equalization", "equalization.type",
      "equalization.referenceFrequency_Hz", "equalization.transients",
    ].map { "drive." + $0 }
    paths += ["prepared_s", "cold_s", "prepareLead_s", "prepareTimeout_s"].map { "latency." + $0 }
    paths += [
      "supportedEffects", "supportedPrimitives", "hasAmplitudeControl", "supportsEnvelopeEffects",
      "minEnvelopeControlPointDuration_ms", "maxEnvelopeControlPointDuration_ms", "maxEnvelopeControlPoints",
      "primitiveDurations_ms",
    ].map { "android." + $0 }
    paths += AndroidPrimitiveName.allCases.map { "android.primitiveDurations_ms." + $0.rawValue }
    return Set(paths)
  }()

  /// The paths of the profile's objects and of its non-number members (groups a source
  /// may name: `actuator`, `android.supportedPrimitives`).
  var groupPaths: Set<String> {
    var out = Set<String>()
    func walk(_ value: JSONValue, _ path: String) {
      if !path.isEmpty { out.insert(path) }
      if case .object(let members) = value {
        for m in members { walk(m.value.value, path.isEmpty ? m.key : path + "." + m.key) }
      }
    }
    walk(jsonValue, "")
    return out
  }
}

extension JSONValue {
  fileprivate var isNumber: Bool {
    if case .number = self { return true }
    return false
  }
}
