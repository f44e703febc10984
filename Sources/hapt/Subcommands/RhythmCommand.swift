import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptFormats

/// `hapt rhythm --taps ...`: turns tapped timestamps into an AHAP pattern.
struct RhythmCommand: HaptCommand {
  /// Most taps accepted on one command line.
  static let maxTaps = 10_000

  static let help = CommandHelp(
    name: "rhythm",
    summary: "Turn tap timestamps into a pattern of transients.",
    discussion: """
      The taps are sorted and shifted so the first is at 0; taps more than 4 s after the
      first are dropped (a note on stderr says how many); each becomes a transient at
      intensity 0.9, sharpness 0.5. The AHAP goes to FILE, or to stdout without --out.
      """)

  var tapTexts: [String] = []
  var out: String?
  var force = false

  static var arguments: [Argument<Self>] {
    [
      .list(
        "taps", "TIMES,...", help: "Tap times (210ms, 0.21s, or seconds without a unit), comma-separated (repeatable).",
        \.tapTexts),
      .option("out", "FILE", help: "Write the AHAP here (atomically) instead of stdout.", \.out, .string),
      .flag("force", help: "Replace an existing FILE that hapt did not write.", \.force),
    ]
  }

  /// The tap times in seconds, as given.
  var taps_s: [Double] = []

  mutating func validate() throws {
    let texts = tapTexts
    guard !texts.isEmpty else { throw UsageError.missingArgument("--taps SECONDS,...") }
    guard texts.count <= Self.maxTaps else {
      throw UsageError.invalidValue(
        option: "--taps", value: "\(texts.count) taps", expected: "at most \(Self.maxTaps) taps")
    }
    // Each tap a duration like every other (210ms, 0.21s), or a bare number of seconds.
    taps_s = try texts.map { try ValueParser<Double>.durationOrSeconds.convert($0, "--taps") }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    try CommandSupport.checkOutputs([out], inputs: [], force: force, forceable: true)
    let (pattern, dropped) = Rhythm.pattern(taps_s: taps_s)
    if dropped > 0 {
      console.note("\(dropped) tap(s) more than 4 s after the first were dropped")
    }
    let text = AHAP.encode(pattern)
    if let out {
      try AtomicFile.write(text, to: out)
    } else {
      console.out(text)
    }
    return .success
  }
}
