import Foundation
import HaptCore
import HaptPatterns

/// `hapt convert IN --out OUT`: reads a pattern (.ahap or .haptic) and writes strict AHAP.
enum ConvertCommand {
  static let spec = Subcommand(
    name: "convert",
    summary: "Convert a pattern (.ahap or .haptic) to strict, canonical AHAP.",
    usage: ["convert IN --out OUT.ahap"],
    discussion: """
      The input format is chosen by extension: .ahap (read leniently) or .haptic (Lofelt /
      Meta Haptics Studio v1, mapped as Docs/Patterns.md describes). The output is strict
      JSON with a stable key order that Core Haptics loads; it is written atomically.
      Rule breaks found while reading are counted on stderr (see 'hapt lint IN').
      """,
    options: [OptionSpec.value("out", "FILE", help: "The AHAP file to write (must end in .ahap).")],
    run: { arguments, console in
      guard let input = arguments.positionals.first else { throw UsageError.missingArgument("IN (a .ahap or .haptic file)") }
      guard arguments.positionals.count == 1 else { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
      guard let output = arguments.value("out") else { throw UsageError.missingArgument("--out FILE") }
      guard URL(fileURLWithPath: output).pathExtension.lowercased() == "ahap" else {
        throw UsageError.invalidValue(option: "--out", value: output, expected: "a path ending in .ahap")
      }
      let loaded = try PatternFile.load(path: input)
      try AtomicFile.write(AHAP.encode(loaded.pattern), to: output)
      let errors = loaded.findings.filter { $0.severity == .error }.count
      if !loaded.findings.isEmpty {
        console.note(
          "\(input): \(loaded.findings.count) finding(s) while reading (\(errors) error(s)); run 'hapt lint \(input)'")
      }
      return .success
    })
}
