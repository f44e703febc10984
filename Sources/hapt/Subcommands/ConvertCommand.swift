import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns

/// `hapt convert IN --out OUT`: reads a pattern (.ahap, .haptic or Android .xml) and writes
/// strict AHAP, Android vibration XML or a Kotlin snippet (ConvertCommand+Android.swift).
struct ConvertCommand: HaptCommand {
  static let help = CommandHelp(
    name: "convert",
    summary: "Convert a pattern to strict AHAP, Android vibration XML or a Kotlin VibrationEffect.",
    usage: ["convert IN --out OUT.ahap", "convert IN --out OUT.xml", "convert IN --format kotlin [--out OUT.kt]"],
    discussion: """
      The input format is chosen by extension: .ahap (read leniently) or .haptic (Lofelt /
      Meta Haptics Studio v1, mapped as Docs/Patterns.md describes). The output is strict
      JSON with a stable key order that Core Haptics loads; it is written atomically.
      Rule breaks found while reading are counted on stderr (see 'hapt lint IN').

      An --out ending in .xml writes Android vibration XML (<vibration-effect>, or a
      <vibration-select> of click primitives with a waveform fallback for a pattern of
      transients); --format kotlin writes a Kotlin function building the same
      VibrationEffect (to --out, or to stdout without it). What the port drops (sharpness,
      audio) is noted on stderr; Docs/Android.md describes the mapping. An .xml input is
      read as Android vibration XML.
      """)

  var inputs: [String] = []
  var out: String?
  var format: ConvertTarget.Format?
  /// What to write, from --format and --out (set by ``validate()``).
  var target = ConvertTarget(format: .ahap, output: nil)

  var input: String { inputs[0] }

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.inputs, PositionalSpec(minimum: 1, maximum: 1, missing: "IN (a .ahap or .haptic file)")),
      .option(
        "out", "FILE", help: "The file to write: .ahap (AHAP), .xml (Android vibration XML) or .kt (Kotlin).", \.out,
        .string),
      .option(
        "format", "ahap|xml|kotlin", help: "Output format (default: from --out's extension).", \.format,
        ValueParser { text, option in
          guard let format = ConvertTarget.Format(rawValue: text) else {
            throw UsageError.invalidValue(option: option, value: text, expected: "ahap, xml or kotlin")
          }
          return format
        }),
    ]
  }

  mutating func validate() throws {
    target = try ConvertTarget(format: format, out: out)
  }

  func run(_ console: Console) throws -> ExitStatus {
    guard let output = target.output ?? (target.format == .kotlin ? "" : nil) else {
      throw UsageError.missingArgument("--out FILE")
    }
    let loaded = try PatternFile.load(path: input)
    switch target.format {
    case .ahap: try AtomicFile.write(AHAP.encode(loaded.pattern), to: output)
    case .xml, .kotlin: try ConvertTarget.writeAndroid(loaded, format: target.format, to: output, console: console)
    }
    let errors = loaded.findings.filter { $0.severity == .error }.count
    if !loaded.findings.isEmpty {
      console.note(
        "\(input): \(loaded.findings.count) finding(s) while reading (\(errors) error(s)); run 'hapt lint \(input)'")
    }
    return .success
  }
}
