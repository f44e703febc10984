import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptCalibration
import HaptFormats

/// `hapt fit RECORDING --pattern PATTERN --out PROFILE.json`: a device profile fitted to
/// a recording of a pattern played on a real device.
struct FitCommand: HaptCommand {
  static let help = CommandHelp(
    name: "fit",
    summary: "Fit a device profile's resonance, Q, gain and latency to a recording of a pattern.",
    discussion: """
      RECORDING (.wav or .flac, mono, any sample rate, in g, starting at the trigger) is an
      accelerometer trace of PATTERN (.ahap or .haptic) played on a real device. Starting from
      START, the fit adjusts the LRA's resonance and mechanical Q, the overall gain (applied
      as the effective body mass) and the engine latency of --state, and keeps every other
      number (the drive among them). Without --device it starts from each shipped profile with
      an actuator (\(DeviceProfile.defaultName) first) and continues from the one whose driver explains
      the recording best. It prints each value with one standard deviation, the residual (d'
      and similarity between the recording and the fitted profile's render) and a warning for
      what the pattern cannot identify (a pattern without a steady sweep through the resonance
      band, such as a single tap, keeps resonance and Q). The profile written to --out is
      complete and accepted by every --device option; its description says what was fitted
      from what. Use Corpora/calibration/calibration.ahap; the guide is Docs/Calibration.md. A
      fit that fails (residual over 1 JND, a value outside its physical range, or an
      uncertainty larger than the value) exits 1, says what to try and writes no profile
      unless --force. A stereo, silent, clipped recording, or one shorter than the pattern's
      first event, is refused (exit 65).
      """)

  var recordings: [String] = []
  var pattern: String?
  var out: String?
  /// nil: the default starts (every shipped profile with an actuator).
  var device: String?
  var state = EngineState.prepared
  var scale = 1.0
  var force = false
  var format = OutputFormat.text

  var recordingPath: String { recordings[0] }

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.recordings, PositionalSpec(minimum: 1, maximum: 1, missing: "RECORDING")),
      .option("pattern", "PATTERN", help: "The pattern played in the recording (required).", \.pattern, .string),
      .option("out", "PROFILE.json", help: "Where to write the fitted profile (required).", \.out, .string),
      .option(
        "device", "START", help: "Profile to start from, name or path (default: the best of the shipped profiles).",
        \.device, .string),
      .option(
        "state", "prepared|cold",
        help: "Engine state the recording was made in; its latency is fitted (default: prepared).", \.state, .choice),
      .option(
        "scale", "G_PER_UNIT", help: "g per unit of the recording's samples (default: 1, samples in g).", \.scale,
        .number(in: 1e-12...1e12)),
      .flag(
        "force",
        help: "Write the profile even when the fit failed (the exit status is still 1), and replace an existing "
          + "file hapt did not write.", \.force),
      .format(\.format, [.text, .json], help: "Summary format (default: text)."),
    ]
  }

  func validate() throws {
    guard pattern != nil else { throw UsageError.missingArgument("--pattern PATTERN") }
    guard let out else { throw UsageError.missingArgument("--out PROFILE.json") }
    guard URL(fileURLWithPath: out).pathExtension.lowercased() == "json" else {
      throw UsageError.invalidValue(option: "--out", value: out, expected: "a file ending in .json")
    }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let patternPath = pattern ?? ""
    let out = out ?? ""
    try CommandSupport.checkOutputs(
      [out], inputs: [recordingPath, patternPath] + (device.map { DeviceProfile.isPath($0) ? [$0] : [] } ?? []),
      force: force, forceable: true)
    let starts =
      try device.map { [try DeviceProfile.load(nameOrPath: $0, in: environment)] } ?? DeviceFit.defaultStarts()
    let start = starts[0]
    let pattern = try PatternFile.load(path: patternPath).pattern
    let raw = try AudioFile.read(path: recordingPath).signal
    let firstEvent = pattern.hapticEvents.map(\.time_s).min() ?? 0
    let recording = try FitRecording(
      raw, path: recordingPath, scale: scale, firstEvent_s: start.latency.latency_s(state: state) + firstEvent,
      band_Hz: start.drive.fmin_Hz...start.drive.fmax_Hz, sampleRate_Hz: start.sampleRate_Hz)
    let name = URL(fileURLWithPath: out).deletingPathExtension().lastPathComponent
    let fit: DeviceFit
    do {
      fit = try DeviceFit.fit(
        recording, pattern: pattern, patternPath: patternPath, starts: starts, state: state, name: name)
    } catch let error as InputError {
      throw error.inFile(recordingPath)
    }
    let write = fit.succeeded || force
    if write {
      guard let profile = fit.profile else {
        throw InputError(
          file: recordingPath, "the fitted gain cannot be expressed as a body mass: there is no profile to write")
      }
      try AtomicFile.write(profile.jsonText() + "\n", to: out)
    }
    for warning in fit.warnings { console.warning(warning) }
    switch format {
    case .json: console.out(JSONWriter.string(Self.json(fit, out: out, wrote: write)) + "\n")
    default: console.out(Self.text(fit, out: out, wrote: write))
    }
    guard fit.succeeded else {
      let problems = fit.problems.map(\.description).joined(separator: "; ")
      console.error(
        "\(recordingPath): the fit failed: \(problems). Try: \(DeviceFit.advice) (--device START, --scale G_PER_UNIT). "
          + (write ? "Wrote \(out) anyway (--force)." : "No profile written (--force writes it anyway).")
      )
      return .checkFailed
    }
    return .success
  }

  static func text(_ fit: DeviceFit, out: String, wrote: Bool) -> String {
    var table = TextTable(["value", "start", "fitted", "uncertainty"])
    for v in fit.values {
      let isLatency = v.key == "engineLatency_s"
      let shown = isLatency ? "engineLatency_ms" : v.key
      func f(_ x: Double) -> String { isLatency ? Format.fixed(x * 1000, 3) : Format.fixed(x, v.key == "gain" ? 4 : 3) }
      let u = v.uncertainty.map { "+-" + String(format: "%.2g", isLatency ? $0 * 1000 : $0) } ?? "kept (not identified)"
      table.append([shown, f(v.start), f(v.value), u])
    }
    let start =
      fit.startsTried.count > 1
      ? "start: \(fit.start.name) (best of \(fit.startsTried.joined(separator: ", ")))" : "start: \(fit.start.name)"
    return [
      start,
      table.text,
      "residual: d' \(Format.fixed(fit.dPrime_JND, 3)) JND, similarity \(Format.fixed(fit.similarity, 4)), relative RMS \(Format.fixed(fit.relativeResidual, 4))",
      "fit: "
        + (fit.succeeded
          ? "succeeded" : "failed (\(fit.problems.count) problem\(fit.problems.count == 1 ? "" : "s"))"),
      wrote ? "wrote: \(out)" : "not written: \(out)",
    ].joined(separator: "\n") + "\n"
  }

  static func json(_ fit: DeviceFit, out: String, wrote: Bool) -> JSONValue {
    .orderedObject([
      ("start", .string(fit.start.name)),
      ("startsTried", .list(fit.startsTried.map(JSONValue.string))),
      ("succeeded", .bool(fit.succeeded)),
      ("problems", .list(fit.problems.map { .string($0.description) })),
      (
        "values",
        .list(
          fit.values.map { v in
            .orderedObject([
              ("key", .string(v.key)), ("start", .number(v.start)), ("value", .number(v.value)),
              ("uncertainty", v.uncertainty.map(JSONValue.number) ?? .null), ("isFitted", .bool(v.isFitted)),
            ])
          })
      ),
      ("dPrime_JND", .number(fit.dPrime_JND)),
      ("similarity", .number(fit.similarity)),
      ("relativeResidual", .number(fit.relativeResidual)),
      ("warnings", .list(fit.warnings.map(JSONValue.string))),
      ("out", .string(out)),
      ("wrote", .bool(wrote)),
    ])
  }
}
