import Foundation
import HaptCore
import HaptPatterns

/// Immersion `.ivs` files (TouchSense / Haptic Studio XML), mapped onto a ``HertzPattern``.
///
/// The format as the MPEG haptics reference software's IVS encoder reads it
/// (MPEGGroup/HapticReferenceSoftware, `IvsEncoder`): `<ivs-file><effects>` holds
/// `<basis-effect>`s and `<timeline-effect>`s. A basis effect has a `name`, a `type`
/// (`periodic` or `magsweep`), a `duration` (ms), a `magnitude` (0...10000), for periodic
/// effects a `period` (ms; a negative value carries microseconds with the sign bit set) and
/// a `waveform` (sine, square, triangle, sawtooth-up, sawtooth-down), and an optional
/// envelope: `attack-time` (ms) from `attack-level` (0...10000) and `fade-time` (ms) to
/// `fade-level`. A timeline holds `<launch-event effect time>` (ms; with optional
/// `duration-override`, `magnitude-override`, `period-override`) and `<repeat-event time
/// count duration>`: the span from `time` for `duration` ms plays `count` more times, and
/// what follows it is delayed by those repeats; repeat spans nest.
///
/// Rendered (Docs/Formats.md): every timeline of the file plays together (as the
/// reference encoder puts each timeline on a channel of one perception); without a
/// timeline the first basis effect plays alone. A periodic effect vibrates at 1000/period
/// Hz, a magnitude sweep at sharpness 0.5 (no frequency of its own); amplitude is
/// magnitude / 10000, shaped linearly by attack and fade.
package enum ImmersionIVS {
  /// Decodes an `.ivs` file leniently.
  /// - Throws: ``InputError`` naming `file` and the line for XML that is not well formed,
  ///   a root other than `<ivs-file>`, or numbers that are not numbers.
  package static func decode(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (pattern: HertzPattern, findings: [LintFinding]) {
    do {
      let root = try XMLReader.parse(bytes, maxElements: limits.maxEvents)
      var decoder = IVSDecoder(file: file, limits: limits)
      let pattern = try decoder.decodeRoot(root)
      return (pattern, decoder.collector.findings)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// Decodes IVS text (tests).
  package static func decode(_ text: String, file: String) throws -> (pattern: HertzPattern, findings: [LintFinding]) {
    try decode(Array(text.utf8), file: file)
  }

  /// Full-scale magnitude.
  package static let maxMagnitude = 10_000.0
}

/// One basis effect after reading its attributes.
struct IVSBasisEffect {
  enum Kind { case periodic, magsweep }
  var name: String
  var kind: Kind
  var duration_ms: Double
  var magnitude: Double
  var period_ms: Double?
  var attack: (time_ms: Double, level: Double)?
  var fade: (time_ms: Double, level: Double)?
  var line: Int
}

/// The state of one `.ivs` decode.
struct IVSDecoder {
  var collector: FindingCollector
  let limits: PatternLimits
  var launched = 0

  init(file: String, limits: PatternLimits) {
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  func fail(_ line: Int, _ message: String) -> InputError { InputError(place: "line \(line)", message) }

  mutating func checkAttributes(_ element: XMLElement, _ known: Set<String>) {
    for attribute in element.attributes where !known.contains(attribute.name) {
      collector.add(
        .ivsUnknownElement, at: "line \(attribute.line)", "attribute \(attribute.name) on <\(element.name)> ignored")
    }
  }

  /// A number attribute, or nil when absent.
  func number(_ element: XMLElement, _ name: String) throws -> Double? {
    guard let attribute = element.attribute(name) else { return nil }
    guard let value = Double(attribute.value.trimmingCharacters(in: .whitespaces)), value.isFinite else {
      throw fail(attribute.line, "\(name) \(AndroidXML.shown(attribute.value)) on <\(element.name)> is not a number")
    }
    guard abs(value) <= limits.maxTime_s * 1000 * 1000 else {
      throw fail(
        attribute.line, "\(name) \(AndroidXML.shown(attribute.value)) on <\(element.name)> is beyond the limits")
    }
    return value
  }

  /// A time attribute in ms, >= 0 and within the time limit.
  mutating func milliseconds(_ element: XMLElement, _ name: String) throws -> Double? {
    guard let value = try number(element, name) else { return nil }
    if value < 0 {
      collector.add(
        .negativeTime, at: "line \(element.line)", "negative \(name) \(JSONWriter.number(value)) ms; 0 is used")
      return 0
    }
    guard value <= limits.maxTime_s * 1000 else {
      var failure = fail(
        element.line, "\(name) \(JSONWriter.number(value)) ms is beyond the limit of \(Int(limits.maxTime_s)) s")
      failure.limit = .patternTime_s(limits.maxTime_s)
      throw failure
    }
    return value
  }

  mutating func magnitude(_ value: Double, line: Int, what: String) -> Double {
    guard (0...ImmersionIVS.maxMagnitude).contains(value) else {
      let clamped = Swift.min(Swift.max(value, 0), ImmersionIVS.maxMagnitude)
      collector.add(
        .ivsOutOfRange, at: "line \(line)",
        "\(what) \(JSONWriter.number(value)) outside 0...10000; \(JSONWriter.number(clamped)) is used")
      return clamped
    }
    return value
  }

  /// A period in ms; a negative value carries microseconds with the sign bit set (the
  /// reference encoder's reading).
  static func period_ms(_ raw: Double) -> Double {
    raw < 0 ? (raw + 2_147_483_648) / 1000 : raw
  }

  mutating func decodeRoot(_ root: XMLElement) throws -> HertzPattern {
    guard root.name == "ivs-file" else {
      throw fail(root.line, "unknown root element <\(root.name)> (expected <ivs-file>)")
    }
    var pattern = HertzPattern()
    pattern.metadata.createdFor = "Immersion IVS"
    var basis: [String: IVSBasisEffect] = [:]
    var basisOrder: [IVSBasisEffect] = []
    var timelines: [XMLElement] = []
    for child in root.children {
      guard child.name == "effects" else {
        collector.add(.ivsUnknownElement, at: "line \(child.line)", "element <\(child.name)> in <ivs-file> ignored")
        continue
      }
      for effect in child.children {
        switch effect.name {
        case "basis-effect":
          if let decoded = try decodeBasis(effect) {
            if basis[decoded.name] == nil {
              basis[decoded.name] = decoded
            }
            basisOrder.append(decoded)
          }
        case "timeline-effect": timelines.append(effect)
        default:
          collector.add(.ivsUnknownElement, at: "line \(effect.line)", "element <\(effect.name)> in <effects> ignored")
        }
      }
    }
    if timelines.isEmpty {
      guard let first = basisOrder.first else {
        collector.add(.ivsNoTimeline, at: "line \(root.line)", "no timeline and no basis effect: nothing plays")
        return pattern
      }
      collector.add(
        .ivsNoTimeline, at: "line \(root.line)",
        "no <timeline-effect>: the first basis effect, \"\(first.name)\", plays alone")
      add(first, at: 0, overrides: IVSOverrides(), to: &pattern)
      return pattern
    }
    for timeline in timelines {
      try decodeTimeline(timeline, basis: basis, into: &pattern)
    }
    return pattern
  }

  mutating func decodeBasis(_ element: XMLElement) throws -> IVSBasisEffect? {
    checkAttributes(
      element,
      [
        "name", "type", "duration", "magnitude", "period", "waveform", "attack-time", "attack-level", "fade-time",
        "fade-level", "style", "id",
      ])
    guard let name = element.attribute("name")?.value else {
      collector.add(.ivsMissingAttribute, at: "line \(element.line)", "<basis-effect> without a name is skipped")
      return nil
    }
    let kind: IVSBasisEffect.Kind
    switch element.attribute("type")?.value ?? "" {
    case "periodic": kind = .periodic
    case "magsweep": kind = .magsweep
    case let other:
      collector.add(
        .ivsUnknownEffect, at: "line \(element.line)",
        "basis effect \"\(name)\" has type \(AndroidXML.shown(other)) (expected periodic or magsweep); it does not play"
      )
      return nil
    }
    guard let duration = try milliseconds(element, "duration") else {
      collector.add(
        .ivsMissingAttribute, at: "line \(element.line)", "basis effect \"\(name)\" has no duration; it does not play")
      return nil
    }
    var magnitude = ImmersionIVS.maxMagnitude
    if let value = try number(element, "magnitude") {
      magnitude = self.magnitude(value, line: element.line, what: "magnitude")
    } else {
      collector.add(
        .ivsMissingAttribute, at: "line \(element.line)", "basis effect \"\(name)\" has no magnitude; 10000 is used")
    }
    var effect = IVSBasisEffect(
      name: name, kind: kind, duration_ms: duration, magnitude: magnitude, period_ms: nil, line: element.line)
    if kind == .periodic {
      if let raw = try number(element, "period") {
        effect.period_ms = Self.period_ms(raw)
        if Self.period_ms(raw) <= 0 {
          collector.add(
            .ivsOutOfRange, at: "line \(element.line)",
            "period \(JSONWriter.number(raw)) of \"\(name)\" is not above 0 ms; it plays at sharpness 0.5")
        }
      } else {
        collector.add(
          .ivsMissingAttribute, at: "line \(element.line)",
          "periodic effect \"\(name)\" has no period; it plays at sharpness 0.5")
      }
      let waveform = element.attribute("waveform")?.value ?? "sine"
      switch waveform {
      case "sine": break
      case "square", "triangle", "sawtooth-up", "sawtooth-down":
        collector.add(
          .ivsWaveformNotKept, at: "line \(element.line)", "\(waveform) waveform of \"\(name)\" is played as a sine")
      default:
        collector.add(
          .ivsUnknownEffect, at: "line \(element.line)",
          "waveform \(AndroidXML.shown(waveform)) of \"\(name)\" is not sine, square, triangle, sawtooth-up or sawtooth-down; played as a sine"
        )
      }
    }
    if let time = try milliseconds(element, "attack-time") {
      let level =
        try number(element, "attack-level").map { self.magnitude($0, line: element.line, what: "attack-level") } ?? 0
      effect.attack = (time, level)
    }
    if let time = try milliseconds(element, "fade-time") {
      let level =
        try number(element, "fade-level").map { self.magnitude($0, line: element.line, what: "fade-level") } ?? 0
      effect.fade = (time, level)
    }
    return effect
  }

  mutating func decodeTimeline(
    _ timeline: XMLElement, basis: [String: IVSBasisEffect], into pattern: inout HertzPattern
  )
    throws
  {
    checkAttributes(timeline, ["name", "id"])
    var launches: [IVSLaunch] = []
    var repeats: [IVSRepeat] = []
    for child in timeline.children {
      switch child.name {
      case "launch-event":
        checkAttributes(child, ["effect", "time", "duration-override", "magnitude-override", "period-override"])
        guard let name = child.attribute("effect")?.value else {
          collector.add(.ivsMissingAttribute, at: "line \(child.line)", "<launch-event> without an effect is skipped")
          continue
        }
        guard let effect = basis[name] else {
          collector.add(
            .ivsUnknownEffect, at: "line \(child.line)",
            "launch event names \(AndroidXML.shown(name)), no basis effect of the file")
          continue
        }
        var overrides = IVSOverrides()
        overrides.duration_ms = try milliseconds(child, "duration-override")
        overrides.magnitude = try number(child, "magnitude-override").map {
          magnitude($0, line: child.line, what: "magnitude-override")
        }
        overrides.period_ms = try number(child, "period-override").map(Self.period_ms)
        launches.append(IVSLaunch(time_ms: try milliseconds(child, "time") ?? 0, effect: effect, overrides: overrides))
      case "repeat-event":
        checkAttributes(child, ["time", "count", "duration"])
        guard let time = try milliseconds(child, "time"), let duration = try milliseconds(child, "duration"),
          duration > 0
        else {
          collector.add(
            .ivsMissingAttribute, at: "line \(child.line)",
            "<repeat-event> needs a time and a positive duration; skipped")
          continue
        }
        let count = Int(Swift.min(Swift.max(try number(child, "count") ?? 0, 0), Double(limits.maxEvents)))
        repeats.append(IVSRepeat(time_ms: time, duration_ms: duration, count: count))
      default:
        collector.add(
          .ivsUnknownElement, at: "line \(child.line)", "element <\(child.name)> in <timeline-effect> ignored")
      }
    }
    let played = try IVSTimeline(repeats: repeats, limit: limits.maxEvents).schedule(launches)
    for (time_ms, launch) in played {
      launched += 1
      guard launched <= limits.maxEvents else {
        var failure = fail(timeline.line, "the timeline launches more than \(limits.maxEvents) effects")
        failure.limit = .events(limits.maxEvents)
        throw failure
      }
      guard time_ms <= limits.maxTime_s * 1000 else {
        var failure = fail(timeline.line, "the timeline plays beyond the limit of \(Int(limits.maxTime_s)) s")
        failure.limit = .patternTime_s(limits.maxTime_s)
        throw failure
      }
      add(launch.effect, at: time_ms, overrides: launch.overrides, to: &pattern)
    }
  }

  /// Adds one launched basis effect as a vibration.
  func add(_ effect: IVSBasisEffect, at time_ms: Double, overrides: IVSOverrides, to pattern: inout HertzPattern) {
    let duration = overrides.duration_ms ?? effect.duration_ms
    guard duration > 0 else { return }
    let level = (overrides.magnitude ?? effect.magnitude) / ImmersionIVS.maxMagnitude
    let start = time_ms / 1000
    let envelope = IVSEnvelope(
      duration_ms: duration, level: level,
      attack: effect.attack.map { ($0.time_ms, $0.level / ImmersionIVS.maxMagnitude) },
      fade: effect.fade.map { ($0.time_ms, $0.level / ImmersionIVS.maxMagnitude) })
    var frequency: [HertzPattern.Point] = []
    if effect.kind == .periodic, let period = overrides.period_ms ?? effect.period_ms, period > 0 {
      frequency = [.init(time_s: start, value: 1000 / period)]
    }
    pattern.vibrations.append(
      .init(
        start_s: start, duration_s: duration / 1000,
        amplitude: envelope.points.map { .init(time_s: start + $0.time_ms / 1000, value: $0.level) },
        frequency_Hz: frequency))
  }
}

/// Per-launch overrides of a basis effect's attributes.
struct IVSOverrides {
  var duration_ms: Double?
  var magnitude: Double?
  var period_ms: Double?
}

struct IVSLaunch {
  var time_ms: Double
  var effect: IVSBasisEffect
  var overrides: IVSOverrides
}

struct IVSRepeat {
  var time_ms: Double
  var duration_ms: Double
  var count: Int
  var end_ms: Double { time_ms + duration_ms }
}
