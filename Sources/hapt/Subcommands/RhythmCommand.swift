import Foundation
import HaptCore
import HaptPatterns

/// `hapt rhythm --taps ...`: turns tapped timestamps into an AHAP pattern.
enum RhythmCommand {
  /// Most taps accepted on one command line.
  static let maxTaps = 10_000

  static let spec = Subcommand(
    name: "rhythm",
    summary: "Turn tap timestamps into a pattern of transients.",
    usage: ["rhythm --taps SECONDS,SECONDS,... [--out FILE.ahap]"],
    discussion: """
      The taps are sorted and shifted so the first is at 0; taps more than 4 s after the
      first are dropped (a note on stderr says how many); each becomes a transient at
      intensity 0.9, sharpness 0.5. The AHAP goes to FILE, or to stdout without --out.
      """,
    options: [
      OptionSpec.value(
        "taps", "TIMES,...", help: "Tap times (210ms, 0.21s, or seconds without a unit), comma-separated (repeatable).",
        repeatable: true),
      OptionSpec.value("out", "FILE", help: "Write the AHAP here (atomically) instead of stdout."),
    ],
    run: { arguments, console in
      guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0]) }
      let texts = arguments.list("taps")
      guard !texts.isEmpty else { throw UsageError.missingArgument("--taps SECONDS,...") }
      guard texts.count <= maxTaps else {
        throw UsageError.invalidValue(
          option: "--taps", value: "\(texts.count) taps", expected: "at most \(maxTaps) taps")
      }
      // Each tap a duration like every other (210ms, 0.21s), or a bare number of seconds.
      let taps = try texts.map { try ParsedArguments.duration($0, option: "--taps", bareUnit: 1) }
      let (pattern, dropped) = Rhythm.pattern(taps_s: taps)
      if dropped > 0 {
        console.note("\(dropped) tap(s) more than 4 s after the first were dropped")
      }
      let text = AHAP.encode(pattern)
      if let out = arguments.value("out") {
        try AtomicFile.write(text, to: out)
      } else {
        console.out(text)
      }
      return .success
    })
}
