import HaptCommandLine
import HaptCore

/// `hapt baseline record|check`: regression testing of a library against a baseline.
struct BaselineCommand: HaptCommandGroup {
  static let help = CommandHelp(
    name: "baseline",
    summary: "Record a corpus as a baseline, or check it against a baseline or a git revision.",
    forms: ["baseline record|check ... --shard I/N --out PART   (then: hapt merge PART... [--out DIR])"],
    discussion: """
      record renders every pattern on every device and state and stores what a person would
      feel in DIR; check renders again and says, per pattern, device and state, whether that
      changed (exit status 1 on any change past tolerance); check --against REV compares
      with CORPUS as it was at a git revision instead of a recorded baseline. Both shard with --shard I/N;
      `hapt merge` joins the parts into what one unsharded run gives.
      """)

  static var subcommands: [any HaptCommand.Type] { [BaselineRecordCommand.self, BaselineCheckCommand.self] }

  /// A render progress callback on a terminal, nil otherwise.
  static func progress(_ console: Console) -> (@Sendable (Int, Int) -> Void)? {
    guard console.isErrorTerminal else { return nil }
    let meter = ProgressMeter(console: console)
    return { done, total in meter.update("rendering", done: done, total: total) }
  }
}
