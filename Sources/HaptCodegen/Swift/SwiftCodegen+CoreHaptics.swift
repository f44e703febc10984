import HaptCore
import HaptPatterns
import Foundation
import HaptFormats

extension SwiftCodegen {
  /// Swift that builds `pattern` as a Core Haptics `CHHapticPattern` and plays it.
  ///
  /// The output declares `make<Name>Pattern()` (with an `engine` argument when the pattern
  /// has `AudioCustom` events, whose files must be registered with the engine), a
  /// `<Name>Haptic` class that starts the engine and makes the player ahead of the first
  /// play, and `play<Name>(on:)` for an engine the app has already started (none of it
  /// starts the engine just before playing: the cold start hapt's latency check fails). Every event becomes a `CHHapticEvent` with its type, time,
  /// duration and every event parameter; `Parameter` entries become
  /// `CHHapticDynamicParameter`s and `ParameterCurve`s `CHHapticParameterCurve`s. Core
  /// Haptics builds a pattern from events and either dynamic parameters or curves, not
  /// both: a pattern with both writes each dynamic parameter as a one-point curve, which
  /// holds the same value from the same time (a curve holds its last value).
  ///
  /// - Parameters:
  ///   - pattern: the pattern.
  ///   - name: the pattern's name; the Swift names are made from it.
  ///   - source: where the pattern came from, for the header comment.
  package static func coreHaptics(_ pattern: HapticPattern, name: String, source: String) -> String {
    let typeName = SwiftSource.typeName(name)
    let waveforms = waveformFiles(pattern)
    var lines = header(source: source, name: name)
    lines += ["import CoreHaptics", "import Foundation", ""]
    lines += describe(pattern, name: name)
    lines.append(coreHapticsAvailability)
    let engineArgument = waveforms.isEmpty ? "" : "engine: CHHapticEngine"
    lines.append("func make\(typeName)Pattern(\(engineArgument)) throws -> CHHapticPattern {")
    for (index, path) in waveforms.enumerated() {
      lines += registration(path, index: index)
    }
    lines.append("  let events: [CHHapticEvent] = [")
    for event in pattern.events {
      lines += eventLines(event, waveformIndex: event.waveformPath.flatMap { waveforms.firstIndex(of: $0) })
    }
    lines.append("  ]")
    let steps = pattern.parameterSteps
    let curves = pattern.parameterCurves
    if !curves.isEmpty {
      let all = steps.isEmpty ? curves : mergedAsCurves(steps: steps, curves: curves)
      if !steps.isEmpty {
        lines.append("  // Core Haptics takes dynamic parameters or curves, not both: each dynamic")
        lines.append("  // parameter of the file is the one-point curve below at its time.")
      }
      lines.append("  let parameterCurves: [CHHapticParameterCurve] = [")
      for curve in all { lines += curveLines(curve) }
      lines.append("  ]")
      lines.append("  return try CHHapticPattern(events: events, parameterCurves: parameterCurves)")
    } else {
      lines.append("  let parameters: [CHHapticDynamicParameter] = [" + (steps.isEmpty ? "]" : ""))
      for step in steps {
        lines.append(
          "    CHHapticDynamicParameter(parameterID: \(dynamicID(step.parameterID)), "
            + "value: \(SwiftSource.number(step.value)), relativeTime: \(SwiftSource.number(step.time_s))),")
      }
      if !steps.isEmpty { lines.append("  ]") }
      lines.append("  return try CHHapticPattern(events: events, parameters: parameters)")
    }
    lines += ["}", ""]
    let make = "make\(typeName)Pattern(\(waveforms.isEmpty ? "" : "engine: engine"))"
    lines += [
      "/// \(SwiftSource.commentText(name)), ready to play: the engine started and the player made",
      "/// ahead of the first play. Create it ahead of the moment the haptic must be felt (when its",
      "/// screen appears) and keep it: an engine started just before playing delays the first play",
      "/// by the engine's start (tens of milliseconds), which hapt's latency check fails (`hapt",
      "/// latency --state cold`).",
      coreHapticsAvailability,
      "final class \(typeName)Haptic {",
      "  private let player: any CHHapticPatternPlayer",
      "",
      "  /// Starts `engine` and makes the player, ahead of the first play.",
      "  init(engine: CHHapticEngine) throws {",
      "    try engine.start()",
      "    player = try engine.makePlayer(with: \(make))",
      "  }",
      "",
      "  /// Plays the pattern now.",
      "  func play() throws {",
      "    try player.start(atTime: CHHapticTimeImmediate)",
      "  }",
      "}",
      "",
      "/// Plays \(SwiftSource.commentText(name)) once on `engine`, which the app has started ahead",
      "/// (`try engine.start()` when the screen appears, not here: see `\(typeName)Haptic`).",
      coreHapticsAvailability,
      "func play\(typeName)(on engine: CHHapticEngine) throws {",
      "  let player = try engine.makePlayer(with: \(make))",
      "  try player.start(atTime: CHHapticTimeImmediate)",
      "}",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Core Haptics' availability (Apple's CHHapticEngine documentation).
  static let coreHapticsAvailability = "@available(iOS 13.0, macOS 10.15, tvOS 14.0, visionOS 1.0, *)"

  /// The doc comment above `make...Pattern`: name, description, what it holds.
  static func describe(_ pattern: HapticPattern, name: String) -> [String] {
    var lines = ["/// The haptic pattern \(SwiftSource.commentText(name)) as a `CHHapticPattern`."]
    if let description = pattern.metadata.description, !description.isEmpty {
      lines += ["///", "/// \(SwiftSource.commentText(description))"]
    }
    let counts = [
      (pattern.events.count, "event"), (pattern.parameterSteps.count, "dynamic parameter"),
      (pattern.parameterCurves.count, "parameter curve"),
    ].map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    lines += [
      "///", "/// \(counts.joined(separator: ", ")); \(DecimalText.fixed(pattern.duration_s, decimals: 3)) s.",
    ]
    return lines
  }

  /// The distinct `AudioCustom` waveform paths, in first-use order.
  static func waveformFiles(_ pattern: HapticPattern) -> [String] {
    var seen: [String] = []
    for event in pattern.events where event.type == .audioCustom {
      if let path = event.waveformPath, !seen.contains(path) { seen.append(path) }
    }
    return seen
  }

  /// Registers waveform `index` (found in the app bundle) with the engine.
  ///
  /// A path inside the pattern's folder is looked up in the same sub-folder of the bundle;
  /// a path that leaves it (which hapt never follows) by its file name alone.
  static func registration(_ path: String, index: Int) -> [String] {
    let contained = WaveformPath.isContained(path)
    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: "/"))
    let file = url.deletingPathExtension().lastPathComponent
    let folder = contained ? String(url.deletingLastPathComponent().path.dropFirst()) : ""
    let subdirectory = folder.isEmpty ? "nil" : SwiftSource.string(folder)
    var lines: [String] = []
    if !contained {
      lines.append(
        "  // The AHAP's path \(SwiftSource.commentText(path)) leaves its folder: looked up by file name.")
    }
    return lines + [
      "  guard",
      "    let waveform\(index)URL = Bundle.main.url(",
      "      forResource: \(SwiftSource.string(file)), withExtension: \(SwiftSource.string(url.pathExtension)),",
      "      subdirectory: \(subdirectory))",
      "  else { throw CocoaError(.fileNoSuchFile) }",
      "  let waveform\(index) = try engine.registerAudioResource(waveform\(index)URL, options: [:])",
    ]
  }

  /// One `CHHapticEvent(...)` element of the events array.
  static func eventLines(_ event: HapticEvent, waveformIndex: Int?) -> [String] {
    let parameters = eventParameters(event).map {
      "        CHHapticEventParameter(parameterID: \($0.id), value: \(SwiftSource.number($0.value))),"
    }
    let start =
      waveformIndex.map { "    CHHapticEvent(audioResourceID: waveform\($0)," } ?? "    CHHapticEvent("
    var lines = [start]
    if waveformIndex == nil { lines.append("      eventType: \(eventType(event.type)),") }
    lines.append(parameters.isEmpty ? "      parameters: []," : "      parameters: [")
    if !parameters.isEmpty { lines += parameters + ["      ],"] }
    let time = "      relativeTime: \(SwiftSource.number(event.time_s))"
    // An AudioCustom event without a duration plays its whole file: the initializer
    // without `duration`.
    let hasDuration = event.type.hasDuration && !(event.type == .audioCustom && event.duration_s == 0)
    lines.append(hasDuration ? time + ", duration: \(SwiftSource.number(event.duration_s)))," : time + "),")
    return lines
  }

  /// The event parameters written for an event: intensity and sharpness of haptic
  /// events and the volume of audio events always, every other parameter its type has
  /// when it differs from the Core Haptics default.
  static func eventParameters(_ event: HapticEvent) -> [(id: String, value: Double)] {
    typealias D = HapticEvent.Defaults
    var out: [(String, Double)] = []
    func add(_ id: String, _ value: Double, default defaultValue: Double?) {
      if defaultValue == nil || value != defaultValue { out.append((id, value)) }
    }
    let envelope: Bool
    switch event.type {
    case .hapticTransient:
      add(".hapticIntensity", event.intensity, default: nil)
      add(".hapticSharpness", event.sharpness, default: nil)
      envelope = false
    case .hapticContinuous:
      add(".hapticIntensity", event.intensity, default: nil)
      add(".hapticSharpness", event.sharpness, default: nil)
      envelope = true
    case .audioContinuous, .audioCustom:
      add(".audioVolume", event.audioVolume, default: nil)
      add(".audioPan", event.audioPan, default: D.audioPan)
      add(".audioPitch", event.audioPitch, default: D.audioPitch)
      add(".audioBrightness", event.audioBrightness, default: D.audioBrightness)
      envelope = true
    }
    if envelope {
      add(".attackTime", event.attackTime, default: D.attackTime)
      add(".decayTime", event.decayTime, default: D.decayTime)
      add(".releaseTime", event.releaseTime, default: D.releaseTime)
      add(".sustained", event.isSustained ? 1 : 0, default: D.isSustained ? 1 : 0)
    }
    return out
  }

  static func eventType(_ type: HapticEventType) -> String {
    switch type {
    case .hapticTransient: ".hapticTransient"
    case .hapticContinuous: ".hapticContinuous"
    case .audioContinuous: ".audioContinuous"
    case .audioCustom: ".audioCustom"
    }
  }

  /// `.hapticIntensityControl` for an identifier Core Haptics defines, else
  /// `CHHapticDynamicParameter.ID(rawValue: "...")` (kept as the file wrote it).
  static func dynamicID(_ id: DynamicParameterID) -> String {
    guard id.isKnown else {
      return "CHHapticDynamicParameter.ID(rawValue: \(SwiftSource.string(id.rawValue)))"
    }
    return "." + id.rawValue.prefix(1).lowercased() + id.rawValue.dropFirst()
  }

  /// One `CHHapticParameterCurve(...)` element.
  static func curveLines(_ curve: ParameterCurve) -> [String] {
    var lines = ["    CHHapticParameterCurve(", "      parameterID: \(dynamicID(curve.parameterID)),"]
    lines.append(curve.controlPoints.isEmpty ? "      controlPoints: []," : "      controlPoints: [")
    for point in curve.controlPoints {
      lines.append(
        "        CHHapticParameterCurve.ControlPoint(relativeTime: \(SwiftSource.number(point.time_s)), "
          + "value: \(SwiftSource.number(point.value))),")
    }
    if !curve.controlPoints.isEmpty { lines.append("      ],") }
    lines.append("      relativeTime: \(SwiftSource.number(curve.time_s))),")
    return lines
  }

  /// The curves and the steps (as one-point curves), in time order (stable: curves
  /// first at equal times, then file order).
  static func mergedAsCurves(steps: [ParameterStep], curves: [ParameterCurve]) -> [ParameterCurve] {
    let asCurves = steps.map {
      ParameterCurve(
        parameterID: $0.parameterID, time_s: $0.time_s, controlPoints: [.init(time_s: 0, value: $0.value)])
    }
    return (curves + asCurves).enumerated()
      .sorted {
        ($0.element.start_s ?? $0.element.time_s, $0.offset) < (
          $1.element.start_s ?? $1.element.time_s, $1.offset
        )
      }
      .map(\.element)
  }
}
