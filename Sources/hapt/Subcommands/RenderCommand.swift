import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptBaselines
import HaptAndroid
import HaptFormats
import HaptReports

/// `hapt render`: one pattern through one device to .wav, .flac or .csv, with a summary.
struct RenderCommand: HaptCommand {
  static let help = CommandHelp(
    name: "render",
    summary: "Render a pattern through a simulated device to WAV, FLAC or CSV.",
    discussion: """
      Renders the body acceleration (g) of PATTERN (.ahap or .haptic) on a device profile
      (Docs/Model.md §2-§4; profiles: 'hapt devices'). The output format follows --out's
      extension: .wav (32-bit float acceleration in g), .flac (24-bit, full scale recorded
      in its metadata) or .csv (columns time_s,drive_V,accel_g, one row per sample, full
      double precision). A summary goes to stdout: peak g, RMS g, energy g^2 s, dominant
      frequency (peak of the Hann spectrum), onset latency (trigger to the first sample
      with |a| >= 10 % of the peak).
      """)

  var patterns: [String] = []
  var out: String?
  var force = false
  var device = DeviceProfile.defaultName
  var options = RenderOptions()
  var format = OutputFormat.text
  var limits = PatternLimitOptions()

  var patternPath: String { patterns[0] }

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.patterns, PositionalSpec(minimum: 1, maximum: 1, missing: "PATTERN")),
      .option("out", "FILE", help: "Output file: .wav, .flac or .csv (required).", \.out, .string),
      .flag("force", help: "Replace an existing FILE that hapt did not write.", \.force),
      .option(
        "device", "NAME|PATH", help: "Device profile (default: \(DeviceProfile.defaultName)).", \.device, .string),
      .option(
        "state", "prepared|cold", help: "Engine state at the trigger (default: prepared).", \.options.state, .choice),
      .prepareLead(
        \.options.prepareLead_s,
        help: "prepare() this long before the trigger (e.g. 50ms); sets the latency (Docs/Model.md §4)."),
      .option(
        "rate", "R", help: "Playback rate 0.5 to 2 (default: 1).", \.options.playbackRate,
        .number(in: HapticPattern.playbackRateRange)),
      .option(
        "loop", "N", help: "Play the pattern N times (default: 1).", \.options.loopCount,
        .integer(in: 1...HapticPattern.maxLoopCount)),
      .option(
        "condition", "normal|haptics-off|low-power", help: "Device condition (default: normal).",
        \.options.condition, .choice),
      .option(
        "tail", OptionSpec.durationValueName, help: "Silence rendered after the pattern (default: 0.1s).",
        \.options.tail_s, ValueParser.duration.refusing(unless: { $0 <= 60 }, expected: "at most 60s")),
      .option(
        "max-duration", OptionSpec.durationValueName, help: "Refuse renders longer than this (default: 600s).",
        \.options.maxDuration_s, ValueParser.duration.refusing(unless: { $0 > 0 }, expected: "a positive duration")),
      .format(\.format, [.text, .json]),
      .group(\.limits),
    ]
  }

  static var exclusions: [Exclusion] { [Exclusion("state", "prepare-lead")] }

  /// The output file's extension: wav, flac or csv.
  var outputExtension: String { URL(fileURLWithPath: out ?? "").pathExtension.lowercased() }

  func validate() throws {
    guard let out else { throw UsageError.missingArgument("--out FILE") }
    guard ["wav", "flac", "csv"].contains(outputExtension) else {
      throw UsageError.invalidValue(option: "--out", value: out, expected: "a file ending in .wav, .flac or .csv")
    }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let out = out ?? ""
    try CommandSupport.checkOutputs(
      [out], inputs: [patternPath] + (DeviceProfile.isPath(device) ? [device] : []), force: force, forceable: true,
      knownStarts: [Rendering.csvHeader])
    let device = try DeviceProfile.load(nameOrPath: device, in: environment)
    let loaded = try PatternFile.load(path: patternPath, limits: limits.limits)
    let rendering: Rendering
    do {
      rendering = try Renderer(device: device).renderChecked(loaded.pattern, options: options)
    } catch let error as InputError {
      throw error.inFile(patternPath)
    }
    switch outputExtension {
    case "csv":
      try AtomicFile.write(rendering.csvText(), to: out)
    default:
      var metadata = [
        "device": device.name, "quantity": "body acceleration", "unit": "g",
        "pattern": loaded.name, "latency_s": "\(rendering.latency_s)",
        "condition": options.condition.rawValue,
      ]
      if let reason = rendering.silenceReason { metadata["silenceReason"] = reason.description }
      try AudioFile.write(rendering.acceleration_g, to: out, metadata: metadata)
    }
    for note in rendering.notes { console.note("\(patternPath): \(note)") }
    let playback = DevicePlayback.evaluate(loaded.pattern, name: loaded.name, on: device, options: options)
    if playback.isWorthNoting, playback.silenceReason != .noActuator {
      console.note("\(patternPath) on \(device.name): \(playback.sentence) (Docs/Devices.md, \"Fallback rules\")")
    }
    let summary = RenderSummary(rendering)
    switch format {
    case .json: console.out(JSONWriter.string(Self.json(summary, device: device, pattern: loaded, out: out)))
    default: console.out(Self.text(summary, device: device, pattern: loaded, out: out))
    }
    return .success
  }

  static func text(_ s: RenderSummary, device: DeviceProfile, pattern: LoadedPattern, out: String) -> String {
    func ms(_ x: Double?) -> String { x.map { DecimalText.fixed($0, decimals: 3) + " ms" } ?? "none" }
    var lines = [
      "pattern: \(pattern.path)",
      "device: \(device.name) (\(device.actuator.typeName))",
      String(
        format: "samples: %d at %.0f Hz (%.4f s)", Int((s.duration_s * device.sampleRate_Hz).rounded()),
        device.sampleRate_Hz, s.duration_s),
      "latency: \(ms(s.latency_ms))",
      "drive end: \(ms(s.driveEnd_ms))",
      String(format: "peak: %.6g g", s.peak_g),
      String(format: "rms: %.6g g", s.rms_g),
      String(format: "energy: %.6g g^2 s", s.energy_g2s),
      "dominant frequency: " + (s.dominantFrequency_Hz.map { DecimalText.fixed($0, decimals: 2) + " Hz" } ?? "none"),
      "onset latency: \(ms(s.onsetLatency_ms)) (first |a| >= 10 % of peak)",
    ]
    if let reason = s.silenceReason { lines.append("silent: \(reason)") }
    lines.append("wrote: \(out)")
    // One line each: a path, device name or reason cannot break a line (OneLine).
    return lines.map(OneLine.escaped).joined(separator: "\n") + "\n"
  }

  static func json(
    _ s: RenderSummary, device: DeviceProfile, pattern: LoadedPattern, out: String
  )
    -> JSONValue
  {
    func optional(_ x: Double?) -> JSONValue { x.map(JSONValue.number) ?? .null }
    return .orderedObject([
      ("pattern", .string(pattern.path)),
      ("device", .string(device.name)),
      ("duration_s", .number(s.duration_s)),
      ("latency_ms", .number(s.latency_ms)),
      ("driveEnd_ms", .number(s.driveEnd_ms)),
      ("peak_g", ReportJSON.measured(s.peak_g)),
      ("rms_g", ReportJSON.measured(s.rms_g)),
      ("energy_g2s", ReportJSON.measured(s.energy_g2s)),
      ("dominantFrequency_Hz", ReportJSON.measured(s.dominantFrequency_Hz)),
      ("onsetLatency_ms", optional(s.onsetLatency_ms)),
      ("silenceReason", s.silenceReason.map { .string($0.description) } ?? .null),
      ("out", .string(out)),
    ])
  }
}
