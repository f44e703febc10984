import HaptCommandLine
import HaptPatterns
import HaptFormats

/// `--max-file-bytes`, `--max-events`, `--max-control-points`, `--max-pattern-time`: how
/// large a pattern hapt reads.
struct PatternLimitOptions: ParsableArguments, Equatable {
  var limits = PatternLimits()

  static var arguments: [Argument<Self>] {
    [
      .option(
        "max-file-bytes", "BYTES", help: "Largest pattern file read (default 67108864, 64 MiB).", \.limits.maxBytes,
        .integer(in: 1...(1 << 40))),
      .option(
        "max-events", "N", help: "Most events (and entries) in one pattern (default 100000).", \.limits.maxEvents,
        .integer(in: 1...100_000_000)),
      .option(
        "max-control-points", "N", help: "Most curve control points in one pattern (default 1000000).",
        \.limits.maxControlPoints, .integer(in: 1...1_000_000_000)),
      .option(
        "max-pattern-time", OptionSpec.durationValueName,
        help: "Latest time or longest duration in a pattern (default 3600s).", \.limits.maxTime_s,
        ValueParser.duration.refusing(
          unless: { (0.001...1e7).contains($0) }, expected: "a duration from 1ms to 10000000s")),
    ]
  }
}
