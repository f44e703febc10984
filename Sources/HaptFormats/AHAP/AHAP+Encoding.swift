import HaptCore
import HaptPatterns
extension AHAP {
  /// The pattern as strict AHAP JSON that Core Haptics loads.
  ///
  /// Stable order: `Version`, `Metadata` (Project, Created, Description, CreatedFor, then
  /// other keys in their order), `Pattern`. Pattern entries are the events, steps and
  /// curves merged by start time (ties: events, then steps, then curves), each kind in
  /// its own order. Event keys: `Time`, `EventType`, `EventDuration` (events that have
  /// one), `EventParameters`, then the waveform keys. Haptic events always carry
  /// `HapticIntensity` and `HapticSharpness`, audio events `AudioVolume`; any other
  /// parameter is written when it differs from its default. Numbers are written in their
  /// shortest round-trip form, so `decode(encode(p)) == p`.
  /// - Complexity: O(size of the pattern).
  package static func encode(_ pattern: HapticPattern) -> String {
    JSONWriter.string(encodedValue(pattern))
  }

  /// The pattern as a JSON value (for embedding in other documents).
  package static func encodedValue(_ pattern: HapticPattern) -> JSONValue {
    var root: [(String, JSONValue)] = []
    if let version = pattern.version { root.append(("Version", .number(version))) }
    if !pattern.metadata.isEmpty { root.append(("Metadata", encode(pattern.metadata))) }
    root.append(("Pattern", .list(entries(pattern))))
    return .orderedObject(root)
  }

  static func encode(_ metadata: PatternMetadata) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let project = metadata.project { pairs.append(("Project", .string(project))) }
    if let created = metadata.created { pairs.append(("Created", .string(created))) }
    if let description = metadata.description { pairs.append(("Description", .string(description))) }
    if let createdFor = metadata.createdFor { pairs.append(("CreatedFor", .string(createdFor))) }
    var members = pairs.map { JSONMember(key: $0.0, value: JSONNode($0.1)) }
    members += metadata.other
    return .object(members)
  }

  static func entries(_ pattern: HapticPattern) -> [JSONValue] {
    var result: [JSONValue] = []
    result.reserveCapacity(pattern.events.count + pattern.parameterSteps.count + pattern.parameterCurves.count)
    var e = 0
    var s = 0
    var c = 0
    let events = pattern.events
    let steps = pattern.parameterSteps
    let curves = pattern.parameterCurves
    while e < events.count || s < steps.count || c < curves.count {
      let te = e < events.count ? events[e].time_s : .infinity
      let ts = s < steps.count ? steps[s].time_s : .infinity
      let tc = c < curves.count ? curves[c].time_s : .infinity
      if e < events.count && te <= ts && te <= tc {
        result.append(.orderedObject([("Event", encode(events[e]))]))
        e += 1
      } else if s < steps.count && ts <= tc {
        result.append(.orderedObject([("Parameter", encode(steps[s]))]))
        s += 1
      } else if c < curves.count {
        result.append(.orderedObject([("ParameterCurve", encode(curves[c]))]))
        c += 1
      } else {
        // Only non-comparable (NaN) times remain: write them in kind order.
        if e < events.count {
          result.append(.orderedObject([("Event", encode(events[e]))]))
          e += 1
        } else if s < steps.count {
          result.append(.orderedObject([("Parameter", encode(steps[s]))]))
          s += 1
        }
      }
    }
    return result
  }

  static func encode(_ event: HapticEvent) -> JSONValue {
    typealias Defaults = HapticEvent.Defaults
    var pairs: [(String, JSONValue)] = [
      ("Time", .number(event.time_s)), ("EventType", .string(event.type.rawValue)),
    ]
    if event.type.hasDuration { pairs.append(("EventDuration", .number(event.duration_s))) }
    var parameters: [(EventParameterID, Double)] = []
    func add(_ id: EventParameterID, _ value: Double, _ defaultValue: Double, always: Bool = false) {
      if always || value != defaultValue { parameters.append((id, value)) }
    }
    let haptic = event.type.isHaptic
    add(.hapticIntensity, event.intensity, Defaults.intensity, always: haptic)
    add(.hapticSharpness, event.sharpness, Defaults.sharpness, always: haptic)
    add(.attackTime, event.attackTime, Defaults.attackTime)
    add(.decayTime, event.decayTime, Defaults.decayTime)
    add(.releaseTime, event.releaseTime, Defaults.releaseTime)
    if event.isSustained != Defaults.isSustained { parameters.append((.sustained, event.isSustained ? 1 : 0)) }
    add(.audioVolume, event.audioVolume, Defaults.audioVolume, always: !haptic)
    add(.audioPan, event.audioPan, Defaults.audioPan)
    add(.audioPitch, event.audioPitch, Defaults.audioPitch)
    add(.audioBrightness, event.audioBrightness, Defaults.audioBrightness)
    pairs.append(
      (
        "EventParameters",
        .list(
          parameters.map {
            .orderedObject([("ParameterID", .string($0.0.rawValue)), ("ParameterValue", .number($0.1))])
          })
      ))
    if let path = event.waveformPath { pairs.append(("EventWaveformPath", .string(path))) }
    if let loop = event.waveformLoopEnabled { pairs.append(("EventWaveformLoopEnabled", .bool(loop))) }
    if let envelope = event.waveformUseVolumeEnvelope {
      pairs.append(("EventWaveformUseVolumeEnvelope", .bool(envelope)))
    }
    return .orderedObject(pairs)
  }

  static func encode(_ step: ParameterStep) -> JSONValue {
    .orderedObject([
      ("ParameterID", .string(step.parameterID.rawValue)), ("Time", .number(step.time_s)),
      ("ParameterValue", .number(step.value)),
    ])
  }

  static func encode(_ curve: ParameterCurve) -> JSONValue {
    .orderedObject([
      ("ParameterID", .string(curve.parameterID.rawValue)), ("Time", .number(curve.time_s)),
      (
        "ParameterCurveControlPoints",
        .list(
          curve.controlPoints.map {
            .orderedObject([("Time", .number($0.time_s)), ("ParameterValue", .number($0.value))])
          })
      ),
    ])
  }
}
