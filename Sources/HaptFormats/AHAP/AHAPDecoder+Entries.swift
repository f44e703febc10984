import HaptCore
import HaptPatterns
extension AHAPDecoder {
  mutating func decodeEvent(_ cursor: JSONCursor) throws -> HapticEvent? {
    guard case .object = cursor.value else { throw cursor.typeError(expected: "an object") }
    try collector.checkKeys(cursor, known: AHAP.Keys.event)
    guard let typeMember = try cursor.member("EventType") else {
      collector.add(.missingKey, at: cursor.place, "no \"EventType\"; the event is skipped")
      return nil
    }
    let typeName = try typeMember.string()
    guard let type = HapticEventType(rawValue: typeName) else {
      collector.add(.unknownIdentifier, at: typeMember.path, "unknown event type \"\(typeName)\"; the event is skipped")
      return nil
    }
    var event = HapticEvent(type: type, time_s: try time(in: cursor))
    if let duration = try optionalMember(cursor, "EventDuration") {
      var value = try duration.time(limit: limits.maxTime_s)
      if value < 0 {
        collector.add(.negativeTime, at: duration.path, "negative EventDuration \(JSONWriter.number(value)); 0 is used")
        value = 0
      }
      if type == .hapticTransient {
        collector.add(.ignoredValue, at: duration.path, "a transient's EventDuration is ignored")
      } else {
        event.duration_s = value
      }
      if type == .hapticContinuous, value > AHAP.maxContinuousDuration_s {
        collector.add(
          .longContinuousEvent, at: duration.path,
          "continuous event lasts \(JSONWriter.number(value)) s, over Core Haptics' 30 s limit")
      }
    } else if type == .hapticContinuous || type == .audioContinuous {
      collector.add(.missingKey, at: cursor.place, "no \"EventDuration\"; 0 is used (the event is silent)")
    }
    if let parameters = try optionalMember(cursor, "EventParameters") {
      for parameter in try parameters.elements() {
        try decodeEventParameter(parameter, into: &event)
      }
    } else if type.isHaptic {
      collector.add(.missingKey, at: cursor.place, "no \"EventParameters\"; defaults are used")
    }
    if let path = try optionalMember(cursor, "EventWaveformPath") {
      let text = try path.string()
      event.waveformPath = text
      if type != .audioCustom {
        collector.add(.ignoredValue, at: path.path, "EventWaveformPath is only used by AudioCustom events")
      }
      if !WaveformPath.isContained(text) {
        collector.add(.unsafeWaveformPath, at: path.path, "waveform path \"\(text)\" leaves the pattern's folder")
      }
    } else if type == .audioCustom {
      collector.add(.missingKey, at: cursor.place, "AudioCustom event without \"EventWaveformPath\"")
    }
    if let loop = try optionalMember(cursor, "EventWaveformLoopEnabled") { event.waveformLoopEnabled = try flag(loop) }
    if let envelope = try optionalMember(cursor, "EventWaveformUseVolumeEnvelope") {
      event.waveformUseVolumeEnvelope = try flag(envelope)
    }
    return event
  }

  /// A boolean key; 0/1 numbers are accepted as Core Haptics' property lists do.
  /// The member `key` of an event, or nil when it is absent or `null`. Some editors write
  /// `"EventWaveformPath": null` for "none": it is read as absent, with a finding.
  mutating func optionalMember(_ cursor: JSONCursor, _ key: String) throws -> JSONCursor? {
    guard let member = try cursor.member(key) else { return nil }
    guard case .null = member.value else { return member }
    collector.add(.missingKey, at: member.path, "\(key) is null; read as absent")
    return nil
  }

  func flag(_ cursor: JSONCursor) throws -> Bool {
    if case .number(let number) = cursor.value, number == 0 || number == 1 { return number == 1 }
    return try cursor.bool()
  }

  mutating func decodeEventParameter(_ cursor: JSONCursor, into event: inout HapticEvent) throws {
    guard case .object = cursor.value else { throw cursor.typeError(expected: "an object") }
    try collector.checkKeys(cursor, known: AHAP.Keys.eventParameter)
    guard let idMember = try cursor.member("ParameterID") else {
      collector.add(.missingKey, at: cursor.place, "no \"ParameterID\"; the parameter is skipped")
      return
    }
    let name = try idMember.string()
    guard let id = AHAP.EventParameterID(rawValue: name) else {
      collector.add(.unknownIdentifier, at: idMember.path, "unknown event parameter \"\(name)\" has no effect")
      return
    }
    guard let valueMember = try cursor.member("ParameterValue") else {
      collector.add(.missingKey, at: cursor.place, "no \"ParameterValue\"; the default is used")
      return
    }
    var value = try valueMember.number()
    if id.isHaptic != event.type.isHaptic {
      collector.add(.ignoredValue, at: idMember.path, "\(name) has no effect on a \(event.type.rawValue) event")
    }
    if id == .sustained {
      if value != 0 && value != 1 {
        collector.add(
          .outOfRange, at: valueMember.path,
          "Sustained \(JSONWriter.number(value)) is not 0 or 1; taken as \(value != 0 ? 1 : 0)")
      }
      event.isSustained = value != 0
      return
    }
    value = clamped(value, to: id.range, at: valueMember.path, what: name)
    switch id {
    case .hapticIntensity: event.intensity = value
    case .hapticSharpness: event.sharpness = value
    case .attackTime: event.attackTime = value
    case .decayTime: event.decayTime = value
    case .releaseTime: event.releaseTime = value
    case .sustained: break
    case .audioVolume: event.audioVolume = value
    case .audioPan: event.audioPan = value
    case .audioPitch: event.audioPitch = value
    case .audioBrightness: event.audioBrightness = value
    }
  }

  mutating func decodeStep(_ cursor: JSONCursor) throws -> ParameterStep? {
    guard case .object = cursor.value else { throw cursor.typeError(expected: "an object") }
    try collector.checkKeys(cursor, known: AHAP.Keys.parameter)
    guard let id = try dynamicID(in: cursor) else { return nil }
    let time_s = try time(in: cursor)
    guard let valueMember = try cursor.member("ParameterValue") else {
      collector.add(
        .missingKey, at: cursor.place,
        "no \"ParameterValue\"; the default \(JSONWriter.number(id.defaultValue)) is used")
      return ParameterStep(parameterID: id, time_s: time_s, value: id.defaultValue)
    }
    var value = try valueMember.number()
    if id.isKnown { value = clamped(value, to: id.range, at: valueMember.path, what: id.rawValue) }
    return ParameterStep(parameterID: id, time_s: time_s, value: value)
  }

  mutating func decodeCurve(_ cursor: JSONCursor) throws -> ParameterCurve? {
    guard case .object = cursor.value else { throw cursor.typeError(expected: "an object") }
    try collector.checkKeys(cursor, known: AHAP.Keys.curve)
    guard let id = try dynamicID(in: cursor) else { return nil }
    var curve = ParameterCurve(parameterID: id, time_s: try time(in: cursor), controlPoints: [])
    guard let pointsMember = try cursor.member("ParameterCurveControlPoints") else {
      collector.add(.missingKey, at: cursor.place, "no \"ParameterCurveControlPoints\"; the curve has no effect")
      return curve
    }
    let points = try pointsMember.elements()
    controlPointCount &+= points.count
    guard controlPointCount <= limits.maxControlPoints else {
      var failure = pointsMember.error("over \(limits.maxControlPoints) control points in the pattern")
      failure.limit = .controlPoints(limits.maxControlPoints)
      throw failure
    }
    curve.controlPoints.reserveCapacity(points.count)
    var sorted = true
    for point in points {
      guard case .object = point.value else { throw point.typeError(expected: "an object") }
      try collector.checkKeys(point, known: AHAP.Keys.controlPoint)
      let t = try time(in: point)
      var value: Double
      if let valueMember = try point.member("ParameterValue") {
        value = try valueMember.number()
        if id.isKnown { value = clamped(value, to: id.range, at: valueMember.path, what: id.rawValue) }
      } else {
        collector.add(
          .missingKey, at: point.place,
          "no \"ParameterValue\"; the default \(JSONWriter.number(id.defaultValue)) is used")
        value = id.defaultValue
      }
      if let last = curve.controlPoints.last, t < last.time_s { sorted = false }
      curve.controlPoints.append(ParameterCurve.ControlPoint(time_s: t, value: value))
    }
    if points.isEmpty {
      collector.add(.emptyCurve, at: pointsMember.path, "curve has no control points")
    }
    if !sorted {
      collector.add(.unsortedCurve, at: pointsMember.path, "control points are not in time order")
    }
    if points.count > AHAP.maxCurveControlPoints {
      collector.add(
        .tooManyControlPoints, at: pointsMember.path,
        "\(points.count) control points, over Core Haptics' 16 per curve")
    }
    return curve
  }
}
