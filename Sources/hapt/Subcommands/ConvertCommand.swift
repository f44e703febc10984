import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptSimulation
import HaptAndroid
import HaptFormats

/// `hapt convert IN --out OUT`: reads a pattern (.ahap, .haptic or Android .xml) and writes
/// strict AHAP, Android vibration XML or a Kotlin snippet (ConvertCommand+Android.swift).
struct ConvertCommand: HaptCommand {
  static let help = CommandHelp(
    name: "convert",
    summary: "Convert a pattern to strict AHAP, Android vibration XML, a Kotlin VibrationEffect or MPEG-I Haptics.",
    forms: [
      "convert IN --out OUT.ahap [--force]",
      "convert IN --out OUT.xml",
      "convert IN --format kotlin [--out OUT.kt]",
      "convert IN --out OUT.hjif",
    ],
    discussion: """
      The input format is chosen by extension: .ahap (read leniently) or .haptic (Lofelt /
      Meta Haptics Studio v1, mapped as Docs/Patterns.md describes). The output is strict
      JSON with a stable key order that Core Haptics loads; it is written atomically.
      Rule breaks found while reading are counted on stderr (see 'hapt lint IN').

      An --out ending in .xml writes Android vibration XML: a <vibration-select> of
      alternatives from richest to plainest (envelope effect, click primitives, amplitude
      waveform, on/off timings), each tuned by d' on a device profile of its class and
      kept only where it beats the plainer ones there (one <vibration-effect> when a
      single alternative is left); --format kotlin writes a Kotlin function making the
      same choice with the capability checks (to --out, or to stdout without it). Each
      alternative's d' and what the port drops (sharpness, audio) are noted on stderr;
      Docs/Android.md describes the mapping. An .xml input is read as Android vibration
      XML.

      An --out ending in .hjif writes MPEG-I Haptics interchange JSON (Docs/Formats-MPEG.md);
      a .hjif input is read as MPEG-I Haptics. Converting to .hjif, or from another format
      to AHAP, notes on stderr what the conversion lost and the d' between the original and
      the converted pattern on the default device.
      """)

  var inputs: [String] = []
  var out: String?
  var force = false
  var format: ConvertTarget.Format?
  /// What to write, from --format and --out (set by ``validate()``).
  var target = ConvertTarget(format: .ahap, output: nil)

  var input: String { inputs[0] }

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.inputs, PositionalSpec(minimum: 1, maximum: 1, missing: "IN (a pattern file)")),
      .option(
        "out", "FILE",
        help: "The file to write: .ahap (AHAP), .xml (Android vibration XML), .kt (Kotlin) or .hjif (MPEG-I Haptics).",
        \.out, .string),
      .flag("force", help: "Replace an existing FILE that hapt did not write.", \.force),
      .option(
        "format", "ahap|xml|kotlin|hjif", help: "Output format (default: from --out's extension).", \.format,
        ValueParser { text, option in
          guard let format = ConvertTarget.Format(rawValue: text) else {
            throw UsageError.invalidValue(option: option, value: text, expected: "ahap, xml, kotlin or hjif")
          }
          return format
        }),
    ]
  }

  mutating func validate() throws {
    target = try ConvertTarget(format: format, out: out)
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    guard let output = target.output ?? (target.format == .kotlin ? "" : nil) else {
      throw UsageError.missingArgument("--out FILE")
    }
    try CommandSupport.checkOutputs([output.isEmpty ? nil : output], inputs: inputs, force: force, forceable: true)
    let loaded = try PatternFile.load(path: input)
    switch target.format {
    case .ahap:
      let text = AHAP.encode(loaded.pattern)
      try AtomicFile.write(text, to: output)
      for note in AHAPConversionLosses.notes(for: loaded) { console.note("\(input): \(note)") }
      if loaded.format != .ahap, let converted = try? AHAP.decode(text, file: output).pattern {
        let losses = loaded.pattern.mpeg.map(ConversionDistance.patternLosses) ?? []
        try Self.noteDistance(loaded, converted: converted, losses: losses, console: console)
      }
    case .hjif:
      let mpeg = MPEGHaptics(pattern: loaded.pattern)
      try AtomicFile.write(mpeg.jsonText(), to: output)
      try Self.noteDistance(
        loaded, converted: mpeg.pattern(), losses: ConversionDistance.mpegLosses(loaded.pattern), console: console)
    case .xml, .kotlin: try ConvertTarget.writeAndroid(loaded, format: target.format, to: output, console: console)
    }
    let errors = loaded.findings.filter { $0.severity == .error }.count
    if !loaded.findings.isEmpty {
      console.note(
        "\(input): \(loaded.findings.count) finding(s) while reading (\(errors) error(s)); run 'hapt lint \(input)'")
    }
    return .success
  }

  /// Notes on stderr how far the converted pattern feels from the original on the
  /// default device, and what the conversion lost.
  static func noteDistance(_ loaded: LoadedPattern, converted: HapticPattern, losses: [String], console: Console) throws
  {
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let distance = ConversionDistance.measure(
      original: loaded.pattern, converted: converted, losses: losses, on: device)
    console.note("\(loaded.path): \(distance.summary)")
  }
}
