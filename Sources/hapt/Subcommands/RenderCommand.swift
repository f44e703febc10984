import Foundation
import HaptCore
import HaptPatterns
import HaptSignals
import HaptSimulation

/// `hapt render`: one pattern through one device to .wav, .flac or .csv, with a summary.
enum RenderCommand {
  static let spec = Subcommand(
    name: "render",
    summary: "Render a pattern through a simulated device to WAV, FLAC or CSV.",
    usage: [
      "render PATTERN --out FILE [--device NAME|PATH] [--state prepared|cold] [--prepare-lead DURATION] [--rate R] [--loop N] [--condition C]"
    ],
    discussion: """
      Renders the body acceleration (g) of PATTERN (.ahap or .haptic) on a device profile
      (Docs/Model.md §2-§4; profiles: 'hapt devices'). The output format follows --out's
      extension: .wav (32-bit float acceleration in g), .flac (24-bit, full scale recorded
      in its metadata) or .csv (columns time_s,drive_V,accel_g, one row per sample, full
      double precision). A summary goes to stdout: peak g, RMS g, energy g^2 s, dominant
      frequency (peak of the Hann spectrum), onset latency (trigger to the first sample
      with |a| >= 10 % of the peak).
      """,
    options: [
      .value("out", "FILE", help: "Output file: .wav, .flac or .csv (required)."),
      .value("device", "NAME|PATH", help: "Device profile (default: \(DeviceProfile.defaultName))."),
      .value("state", "prepared|cold", help: "Engine state at the trigger (default: prepared)."),
      .duration(
        "prepare-lead",
        help: "prepare() this long before the trigger (e.g. 50ms); sets the latency (Docs/Model.md §4)."),
      .value("rate", "R", help: "Playback rate 0.5 to 2 (default: 1)."),
      .value("loop", "N", help: "Play the pattern N times (default: 1)."),
      .value("condition", "normal|haptics-off|low-power", help: "Device condition (default: normal)."),
      .duration("tail", help: "Silence rendered after the pattern (default: 0.1s)."),
      .duration("max-duration", help: "Refuse renders longer than this (default: 600s)."),
      OutputFormat.option([.text, .json]),
      CommonOptions.maxFileBytes, CommonOptions.maxEvents, CommonOptions.maxControlPoints,
      CommonOptions.maxPatternTime,
    ],
    run: { arguments, console in
      guard let patternPath = arguments.positionals.first else { throw UsageError.missingArgument("PATTERN") }
      guard arguments.positionals.count == 1 else {
        throw UsageError.unexpectedArgument(arguments.positionals[1])
      }
      guard let out = arguments.value("out") else { throw UsageError.missingArgument("--out FILE") }
      let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
      guard ["wav", "flac", "csv"].contains(ext) else {
        throw UsageError.invalidValue(
          option: "--out", value: out, expected: "a file ending in .wav, .flac or .csv")
      }
      if arguments.value("state") != nil, arguments.value("prepare-lead") != nil {
        throw UsageError.conflict("give either --state or --prepare-lead, not both")
      }
      let format = try arguments.format()
      var options = RenderOptions()
      options.state = try arguments.choice("state", default: EngineState.prepared)
      if arguments.value("prepare-lead") != nil {
        options.prepareLead_s = try arguments.seconds("prepare-lead", default: 0)
      }
      options.playbackRate = try arguments.number("rate", default: 1, in: HapticPattern.playbackRateRange)
      options.loopCount = try arguments.integer("loop", default: 1, in: 1...HapticPattern.maxLoopCount)
      options.condition = try arguments.choice("condition", default: RenderCondition.normal)
      options.tail_s = try arguments.seconds("tail", default: 0.1)
      guard options.tail_s <= 60 else {
        throw UsageError.invalidValue(
          option: "--tail", value: arguments.value("tail") ?? "", expected: "at most 60s")
      }
      options.maxDuration_s = try arguments.seconds(
        "max-duration", default: RenderOptions.defaultMaxDuration_s)
      guard options.maxDuration_s > 0 else {
        throw UsageError.invalidValue(
          option: "--max-duration", value: arguments.value("max-duration") ?? "",
          expected: "a positive duration")
      }

      let device = try DeviceProfile.load(nameOrPath: arguments.value("device") ?? DeviceProfile.defaultName)
      let loaded = try PatternFile.load(path: patternPath, limits: try CommonOptions.limits(arguments))
      let rendering: Rendering
      do {
        rendering = try Renderer(device: device).renderChecked(loaded.pattern, options: options)
      } catch let error as InputError {
        throw error.inFile(patternPath)
      }
      switch ext {
      case "csv":
        try AtomicFile.write(rendering.csvText(), to: out)
      default:
        var metadata = [
          "device": device.name, "quantity": "body acceleration", "unit": "g",
          "pattern": loaded.name, "latency_s": "\(rendering.latency_s)",
          "condition": options.condition.rawValue,
        ]
        if let reason = rendering.silenceReason { metadata["silenceReason"] = reason }
        try AudioFile.write(rendering.acceleration_g, to: out, metadata: metadata)
      }
      for note in rendering.notes { console.note("\(patternPath): \(note)") }
      let summary = RenderSummary(rendering)
      switch format {
      case .json: console.out(JSONWriter.string(json(summary, device: device, pattern: loaded, out: out)))
      default: console.out(text(summary, device: device, pattern: loaded, out: out))
      }
      return .success
    })

  static func text(_ s: RenderSummary, device: DeviceProfile, pattern: LoadedPattern, out: String) -> String {
    func ms(_ x: Double?) -> String { x.map { String(format: "%.3f ms", $0) } ?? "none" }
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
      "dominant frequency: " + (s.dominantFrequency_Hz.map { String(format: "%.2f Hz", $0) } ?? "none"),
      "onset latency: \(ms(s.onsetLatency_ms)) (first |a| >= 10 % of peak)",
    ]
    if let reason = s.silenceReason { lines.append("silent: \(reason)") }
    lines.append("wrote: \(out)")
    return lines.joined(separator: "\n") + "\n"
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
      ("peak_g", .number(s.peak_g)),
      ("rms_g", .number(s.rms_g)),
      ("energy_g2s", .number(s.energy_g2s)),
      ("dominantFrequency_Hz", optional(s.dominantFrequency_Hz)),
      ("onsetLatency_ms", optional(s.onsetLatency_ms)),
      ("silenceReason", s.silenceReason.map(JSONValue.string) ?? .null),
      ("out", .string(out)),
    ])
  }
}
