import HaptCommandLine
import HaptCore

/// `hapt baseline record|check`: regression testing of a library against a baseline.
struct BaselineCommand: HaptCommandGroup {
  static let help = CommandHelp(
    name: "baseline",
    summary: "Record a corpus's rendered signals, or check the corpus against a recorded baseline.",
    usage: [
      "baseline record CORPUS... --out DIR [--device NAME...] [--state prepared|cold|both] [--force]",
      "baseline check CORPUS... --baseline DIR [--device NAME...] [--state prepared|cold|both] [--max-dprime 1.0] [--max-latency-shift 5ms] [--junit FILE] [--format text|csv|json]",
      "baseline record|check ... --shard I/N --out PART   (then: hapt merge PART... [--out DIR])",
    ],
    discussion: """
      record renders every pattern on every device and state and stores the signals (FLAC),
      their markers and levels, the device profiles and the tool and model versions in DIR
      (never overwriting an existing DIR without --force).
      check renders again and classifies each pattern, device and state as unchanged,
      changed, added, removed, or incomparable (device profile edited or another model
      version). A pattern has changed when its d' against the baseline signal reaches
      --max-dprime JND, when its detect time moves by more than --max-latency-shift, or
      when it turns from felt to silent or back (Docs/Perception.md); a changed row says
      what a person would feel, event by event ("event 2: 6.0 dB weaker (2.6 JND)").
      --device and --state select which of the baseline's devices and states are checked
      (default: all it recorded). Patterns are identified by their path relative to the
      corpus folder, extension included. Exit status 1 on any change past tolerance.
      --junit writes JUnit XML (one test case per pattern and device).
      --shard I/N does the I-th of N equal shares of the patterns and writes a PART folder:
      `hapt merge` on all N record parts writes the baseline one unsharded record would
      (byte for byte); on all N check parts it prints, writes and exits as the unsharded
      check would (exit 1 when any shard found a change).
      """)

  static var subcommands: [any HaptCommand.Type] { [BaselineRecordCommand.self, BaselineCheckCommand.self] }

  /// A render progress callback on a terminal, nil otherwise.
  static func progress(_ console: Console) -> (@Sendable (Int, Int) -> Void)? {
    guard console.isErrorTerminal else { return nil }
    let meter = ProgressMeter(console: console)
    return { done, total in meter.update("rendering", done: done, total: total) }
  }
}
